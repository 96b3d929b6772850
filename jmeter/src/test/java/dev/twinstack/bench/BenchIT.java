package dev.twinstack.bench;

import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Runs the bench ({@code smoke} in a plain {@code ./mvnw verify}, {@code standard} with
 * {@code -Pbench}) against the real jars, then checks the results make sense.
 */
class BenchIT {

	@Test
	void benchProducesASaneReport() {
		BenchSettings settings;
		BenchResults results;
		try {
			settings = BenchSettings.fromSystemProperties();
			results = BenchRunner.run(settings);
		}
		catch (BenchConfigException ex) {
			fail(ex.getMessage());
			return;
		}
		Path report = settings.outputDir().resolve("report.md");
		Path json = settings.outputDir().resolve("results.json");
		assertThat(report).isRegularFile();
		assertThat(json).isRegularFile();
		JsonNode parsed = ResultsJson.read(json);
		assertThat(parsed.at("/cells").size()).isEqualTo(settings.cellCount());
		assertThat(parsed.at("/settings/profile").asText()).isEqualTo(settings.profile());

		assertThat(results.cells()).hasSize(settings.cellCount());
		assertThat(results.cells()).extracting((cell) -> cell.cell().stack()).containsAll(settings.stacks());
		for (CellResult cell : results.cells()) {
			String id = cell.cell().id();
			assertThat(cell.load().requests()).as("%s requests", id).isPositive();
			if (cell.cell().concurrency() <= 10) {
				assertThat(cell.load().errors()).as("%s errors at concurrency %d", id, cell.cell().concurrency())
					.isZero();
			}
			// stored > acknowledged (requests the client abandoned in flight) is allowed
			// and shown in the report
			assertThat(cell.storage().acknowledgedNotStored()).as("%s: answered 201 but not stored", id).isZero();
			assertThat(cell.server().samples()).as("%s metrics samples", id).isPositive();
			assertThat(settings.outputDir().resolve(cell.jtl())).as("%s JTL", id).isRegularFile();
			assertThat(settings.outputDir().resolve(cell.dashboard()).resolve("index.html")).as("%s dashboard", id)
				.isRegularFile();
		}
		String markdown = readString(report);
		settings.stacks().forEach((stack) -> assertThat(markdown).contains(stack.title()));
		assertThat(markdown).contains("| Requests per second |", "| Little's-law ceiling |");
		assertThat(ProcessRegistry.running()).as("processes left running").isEmpty();
	}

	private static String readString(Path file) {
		try {
			return Files.readString(file);
		}
		catch (java.io.IOException ex) {
			throw new java.io.UncheckedIOException(ex);
		}
	}

}
