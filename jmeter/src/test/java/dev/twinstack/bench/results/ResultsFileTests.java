package dev.twinstack.bench.results;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * What reading a run folder says when it cannot: one message naming the problem.
 */
class ResultsFileTests {

	@TempDir
	Path folder;

	@Test
	void aMissingFolderIsNamed() {
		assertThatExceptionOfType(ResultsFile.UnreadableResultsException.class)
			.isThrownBy(() -> ResultsFile.read(this.folder.resolve("no-such-run")))
			.withMessage("run folder not found: " + this.folder.resolve("no-such-run"));
	}

	@Test
	void aFileIsNotARunFolder() throws Exception {
		Path file = Files.writeString(this.folder.resolve("results.json"), "{}");
		assertThatExceptionOfType(ResultsFile.UnreadableResultsException.class).isThrownBy(() -> ResultsFile.read(file))
			.withMessage("expected a bench run's output folder (e.g. target/bench), got the file " + file);
	}

	@Test
	void aFolderWithoutResultsSaysWhatItExpected() {
		assertThatExceptionOfType(ResultsFile.UnreadableResultsException.class)
			.isThrownBy(() -> ResultsFile.read(this.folder))
			.withMessage(
					"no results.json in " + this.folder + " (expected a bench run's output folder, e.g. target/bench)");
	}

	@Test
	void brokenJsonNamesItsLine() throws Exception {
		Files.writeString(this.folder.resolve("results.json"), "{\n  \"complete\" : true,\n  \"settings\" : {\n");
		assertThatExceptionOfType(ResultsFile.UnreadableResultsException.class)
			.isThrownBy(() -> ResultsFile.read(this.folder))
			.withMessageStartingWith("unreadable " + this.folder.resolve("results.json") + ": ")
			.withMessageContaining("(line 4)");
	}

	@Test
	void otherJsonIsNotABenchsResults() throws Exception {
		Files.writeString(this.folder.resolve("results.json"), "{ \"cells\" : [] }");
		assertThatExceptionOfType(ResultsFile.UnreadableResultsException.class)
			.isThrownBy(() -> ResultsFile.read(this.folder))
			.withMessage(this.folder.resolve("results.json")
					+ " holds no 'settings' and 'environment' objects: not a bench's results.json");
	}

	@Test
	void aValueOfTheWrongTypeNamesItsPlace() throws Exception {
		Files.writeString(this.folder.resolve("results.json"),
				"{ \"settings\" : { \"trials\" : \"three\" }, \"environment\" : {} }");
		assertThatExceptionOfType(ResultsFile.UnreadableResultsException.class)
			.isThrownBy(() -> ResultsFile.read(this.folder))
			.withMessageContaining("\"three\"")
			.withMessageContaining("(line 1)")
			.withMessageEndingWith("(line 1) at settings.trials");
	}

}
