package dev.twinstack.bench.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.measure.storage.Storage;

/**
 * Reads a run's {@code results.json} back into the records the bench wrote it from
 * ({@link BenchResults} and everything under it), so that the report can be rendered
 * again from the run's folder alone. The figures derived from the records when they were
 * written (the integrity totals, the matrix cells' CPU per request and {@code model}, the
 * {@code verdict}, the {@code projection}, {@code Storage.verified}, …) are skipped:
 * reading computes them again from the same records.
 */
public final class ResultsFile {

	/** The file's name in a run's folder. */
	public static final String NAME = "results.json";

	private static final ObjectMapper MAPPER = new ObjectMapper()
		.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.addMixIn(Heap.class, HeapFromId.class);

	private ResultsFile() {
	}

	/**
	 * Reads the results of a run folder.
	 * @param folder a bench run's output folder (e.g. {@code target/bench}), holding
	 * {@value #NAME}
	 * @return the results
	 * @throws UnreadableResultsException when the folder or its {@value #NAME} is
	 * missing, unreadable or not a bench's results; the message names the problem
	 */
	public static BenchResults read(Path folder) {
		JsonNode root = tree(folder);
		Path file = folder.resolve(NAME);
		if (!root.isObject() || !root.path("settings").isObject() || !root.path("environment").isObject()) {
			throw new UnreadableResultsException(
					file + " holds no 'settings' and 'environment' objects: not a bench's " + NAME);
		}
		try {
			// read from the file again, not from the tree, for the line of an error
			return MAPPER.readValue(file.toFile(), BenchResults.class);
		}
		catch (JsonProcessingException ex) {
			throw unreadable(file, ex);
		}
		catch (IOException ex) {
			throw new UnreadableResultsException("cannot read " + file + ": " + ex.getMessage());
		}
	}

	/**
	 * Reads the {@value #NAME} of a run folder as a JSON tree, for a reader that takes
	 * only some of it (e.g. {@code compare}, {@code project}); the folder checks and
	 * messages are {@link #read}'s.
	 * @param folder a bench run's output folder (e.g. {@code target/bench}), holding
	 * {@value #NAME}
	 * @return the file's root node, never {@code null}
	 * @throws UnreadableResultsException when the folder or its {@value #NAME} is missing
	 * or not JSON; the message names the problem
	 */
	public static JsonNode tree(Path folder) {
		if (!Files.isDirectory(folder)) {
			throw new UnreadableResultsException(Files.exists(folder)
					? "expected a bench run's output folder (e.g. target/bench), got the file " + folder
					: "run folder not found: " + folder);
		}
		Path file = folder.resolve(NAME);
		if (!Files.isRegularFile(file)) {
			throw new UnreadableResultsException(
					"no " + NAME + " in " + folder + " (expected a bench run's output folder, e.g. target/bench)");
		}
		try {
			JsonNode root = MAPPER.readTree(file.toFile());
			if (root == null) {
				throw new UnreadableResultsException(file + " is empty: not a bench's " + NAME);
			}
			return root;
		}
		catch (JsonProcessingException ex) {
			throw unreadable(file, ex);
		}
		catch (IOException ex) {
			throw new UnreadableResultsException("cannot read " + file + ": " + ex.getMessage());
		}
	}

	private static UnreadableResultsException unreadable(Path file, JsonProcessingException ex) {
		return new UnreadableResultsException("unreadable " + file + ": " + ex.getOriginalMessage()
				+ ((ex.getLocation() != null) ? " (line " + ex.getLocation().getLineNr() + ")" : "") + pathOf(ex));
	}

	/**
	 * Returns where in the file a mapping error is.
	 * @return e.g. {@code " at matrix[3].cell.heap"}, empty when not known
	 */
	private static String pathOf(JsonProcessingException ex) {
		if (!(ex instanceof JsonMappingException mapping) || mapping.getPath().isEmpty()) {
			return "";
		}
		StringBuilder path = new StringBuilder();
		for (JsonMappingException.Reference reference : mapping.getPath()) {
			if (reference.getFieldName() != null) {
				path.append((path.length() > 0) ? "." : "").append(reference.getFieldName());
			}
			else if (reference.getIndex() >= 0) {
				path.append('[').append(reference.getIndex()).append(']');
			}
		}
		return " at " + path;
	}

	/**
	 * A heap is written as its id ({@code "default"}, {@code "64m"}) and read back from
	 * it.
	 */
	abstract static class HeapFromId {

		@JsonCreator(mode = JsonCreator.Mode.DELEGATING)
		HeapFromId(String id) {
		}

	}

	/**
	 * A run folder whose results could not be read; the message names the problem.
	 */
	public static final class UnreadableResultsException extends RuntimeException {

		private static final long serialVersionUID = 1L;

		UnreadableResultsException(String message) {
			super(message);
		}

	}

}
