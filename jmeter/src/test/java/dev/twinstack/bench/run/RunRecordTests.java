package dev.twinstack.bench.run;

import java.time.Instant;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.twinstack.bench.process.BenchShutdown;
import dev.twinstack.bench.report.ResultsJson;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.ResultsFixture;
import dev.twinstack.bench.settings.BenchSettings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run stopped by an interrupt or a failure reports the cells finished before, marked
 * incomplete, and nothing after; a finishing run is complete.
 */
class RunRecordTests {

	private static final BenchResults FIXTURE = ResultsFixture.results();

	/** The fixture's four cells: mvc and webflux at concurrency 10 and 400. */
	private static RunRecord record() {
		BenchSettings settings = BenchSettings.from(Map.of("bench.profile", "standard", "bench.stacks", "mvc,webflux",
				"bench.scenarios", "composite", "bench.fanouts", "sequential", "bench.concurrency", "10,400"));
		RunRecord record = new RunRecord(settings, Instant.parse("2026-11-21T13:00:00Z"), java.util.List.of());
		record
			.trials(() -> FIXTURE.trials().stream().collect(Collectors.toMap(CellResult::runId, Function.identity())));
		return record;
	}

	@Test
	void aStoppedRunKeepsTheCellsFinishedBeforeAndRecordsNoMore() {
		RunRecord record = record();
		record.cell(FIXTURE.matrix().get(0));
		BenchResults partial = record.stop(BenchShutdown.INTERRUPTED, null);
		record.cell(FIXTURE.matrix().get(1));

		assertThat(partial.complete()).isFalse();
		assertThat(partial.incompleteReason()).isEqualTo("interrupted by SIGINT/SIGTERM after 1 of 4 cells");
		assertThat(partial.matrix()).containsExactly(FIXTURE.matrix().get(0));
		assertThat(partial.cells()).extracting(CellResult::cell).containsExactly(FIXTURE.matrix().get(0).cell());
		assertThat(partial.trials()).extracting(CellResult::cell).containsExactly(FIXTURE.matrix().get(0).cell());
		assertThat(ResultsJson.toJson(partial)).startsWith("{\n  \"complete\" : false,\n"
				+ "  \"incompleteReason\" : \"interrupted by SIGINT/SIGTERM after 1 of 4 cells\",");
		assertThat(record.stop("failed", "again")).as("stopped once").isNull();
		assertThat(record.finish()).as("a stopped run cannot finish").isFalse();
	}

	@Test
	void aCellRecordedAgainReplacesItsSummaryInPlace() {
		// a capacity rung's confirmation: its cell again, now over two trials
		RunRecord record = record();
		record.cell(FIXTURE.matrix().get(0));
		record.cell(FIXTURE.matrix().get(1));
		record.cell(FIXTURE.matrix().get(0));
		assertThat(record.stop("failed", null).matrix()).containsExactly(FIXTURE.matrix().get(0),
				FIXTURE.matrix().get(1));
	}

	@Test
	void aFailureSaysWhatFailed() {
		RunRecord record = record();
		assertThat(record.stop("failed", "mock-services exited with code 1").incompleteReason())
			.isEqualTo("failed after 0 of 4 cells: mock-services exited with code 1");
	}

	@Test
	void aFinishingRunIsCompleteAndCannotBeStopped() {
		RunRecord record = record();
		FIXTURE.matrix().forEach(record::cell);
		assertThat(record.finish()).isTrue();
		assertThat(record.stop(BenchShutdown.INTERRUPTED, null)).isNull();
		BenchResults complete = record
			.complete(FIXTURE.trials().stream().collect(Collectors.toMap(CellResult::runId, Function.identity())));
		assertThat(complete.complete()).isTrue();
		assertThat(complete.incompleteReason()).isNull();
		assertThat(complete.cells()).hasSize(4);
	}

}
