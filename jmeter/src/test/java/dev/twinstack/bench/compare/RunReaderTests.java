package dev.twinstack.bench.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RunReaderTests {

	@TempDir
	Path dir;

	@Test
	void readsTheCellsTrialsAndSettingsIgnoringUnknownFields() {
		RunRecord run = RunReader.read("candidate", RunComparerTests.FIXTURES.resolve("candidate"));
		assertThat(run.name()).isEqualTo("candidate");
		assertThat(run.commit()).isEqualTo("599954e");
		assertThat(run.settings()).containsEntry("profile", "standard")
			.containsEntry("stacks", "mvc,mvc-vt,webflux")
			.containsEntry("durationSeconds", "10");
		assertThat(run.environment()).containsEntry("cores", "2").doesNotContainKey("loopbackRoundTripMicros");
		assertThat(run.jdkLabel()).isEqualTo("25.0.3 (Eclipse Adoptium)");
		assertThat(run.cells()).hasSize(3);
		assertThat(run.cells().get(0).trials().get(Metric.THROUGHPUT)).containsExactly(300, 310, 305);
		assertThat(run.cells().get(0).trials().get(Metric.CPU_PER_REQUEST)).containsExactly(3.0, 3.1, 3.05);
	}

	@Test
	void readsTheCommitTheBenchRecordsInItsEnvironment() throws IOException {
		Files.writeString(this.dir.resolve("results.json"),
				"{\"environment\": {\"cores\": 2, \"commit\": \"f3ab72d-dirty\"}, \"matrix\": []}");
		RunRecord run = RunReader.read("baseline", this.dir);
		assertThat(run.commit()).isEqualTo("f3ab72d-dirty");
		assertThat(run.environment()).containsEntry("cores", "2").doesNotContainKey("commit");
	}

	@Test
	void namesAMissingFolder() {
		assertThatThrownBy(() -> RunReader.read("baseline", this.dir.resolve("nope")))
			.isInstanceOf(CompareException.class)
			.hasMessage("baseline: run folder not found: " + this.dir.resolve("nope"));
	}

	@Test
	void namesAFolderWithoutResults() {
		assertThatThrownBy(() -> RunReader.read("candidate", this.dir)).isInstanceOf(CompareException.class)
			.hasMessage("candidate: no results.json in " + this.dir
					+ " (expected a bench run's output folder, e.g. target/bench)");
	}

	@Test
	void namesAFileGivenForAFolder() throws IOException {
		Path file = Files.writeString(this.dir.resolve("results.json"), "{}");
		assertThatThrownBy(() -> RunReader.read("baseline", file)).isInstanceOf(CompareException.class)
			.hasMessage("baseline: expected a bench run's output folder (e.g. target/bench), got the file " + file);
	}

	@Test
	void namesUnreadableJsonWithItsLine() throws IOException {
		Files.writeString(this.dir.resolve("results.json"), "{\n \"matrix\": [\n oops");
		assertThatThrownBy(() -> RunReader.read("baseline", this.dir)).isInstanceOf(CompareException.class)
			.hasMessageStartingWith("baseline: unreadable " + this.dir.resolve("results.json") + ": ")
			.hasMessageEndingWith("(line 3)")
			.hasMessageNotContaining("\n");
	}

	@Test
	void namesJsonThatIsNotABenchsResults() throws IOException {
		Files.writeString(this.dir.resolve("results.json"), "{\"cells\": []}");
		assertThatThrownBy(() -> RunReader.read("baseline", this.dir)).isInstanceOf(CompareException.class)
			.hasMessage(this.dir.resolve("results.json") + " has no 'matrix' array: not a bench's results.json");
	}

}
