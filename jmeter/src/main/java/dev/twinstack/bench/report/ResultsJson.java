package dev.twinstack.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.twinstack.bench.results.BenchResults;

/**
 * Writes and reads {@code results.json}.
 */
public final class ResultsJson {

	private static final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

	private ResultsJson() {
	}

	/**
	 * Renders the results as indented JSON.
	 * @param results the results
	 * @return the JSON text
	 */
	public static String toJson(BenchResults results) {
		try {
			return mapper.writeValueAsString(results);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("Results not serializable: " + ex.getMessage(), ex);
		}
	}

	/**
	 * Writes the results atomically.
	 * @param results the results
	 * @param file the target file
	 */
	static void write(BenchResults results, Path file) {
		AtomicFiles.write(file, toJson(results) + "\n");
	}

	/**
	 * Reads a results file as a JSON tree.
	 * @param file the file
	 * @return its root node
	 */
	public static JsonNode read(Path file) {
		try {
			return mapper.readTree(file.toFile());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read " + file, ex);
		}
	}

}
