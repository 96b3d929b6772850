package dev.twinstack.bench.run;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.FakeJdks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When a workload's rehearsal opens with an unmeasured wrk run.
 */
class WrkCrossCheckTests {

	@TempDir
	Path dir;

	private final Cell closed = Cell.closed(Stack.WEBFLUX, Workload.COMPOSITE_SEQUENTIAL, 400, Heap.DEFAULT);

	@Test
	void wrkBeforeASecondTrialIsWarmedUpFor() {
		BenchSettings threeTrials = FakeJdks.settings(Map.of("bench.trials", "3"), this.dir);
		assertThat(WrkCrossCheck.precedesATrial(threeTrials, List.of(this.closed), Workload.COMPOSITE_SEQUENTIAL))
			.isTrue();
		// another workload's cells in the same JVM do not count
		assertThat(WrkCrossCheck.precedesATrial(threeTrials, List.of(this.closed), Workload.COMPOSITE_PARALLEL))
			.isFalse();
	}

	@Test
	void aSingleTrialsWrkRunComesAfterEverythingMeasured() {
		BenchSettings oneTrial = FakeJdks.settings(Map.of("bench.trials", "1"), this.dir);
		assertThat(WrkCrossCheck.precedesATrial(oneTrial, List.of(this.closed), Workload.COMPOSITE_SEQUENTIAL))
			.isFalse();
		// unless a second cell of the workload follows it in the same JVM
		Cell c100 = Cell.closed(Stack.WEBFLUX, Workload.COMPOSITE_SEQUENTIAL, 100, Heap.DEFAULT);
		assertThat(WrkCrossCheck.precedesATrial(oneTrial, List.of(c100, this.closed), Workload.COMPOSITE_SEQUENTIAL))
			.isTrue();
	}

	@Test
	void withoutTheCrossCheckNoWrkRuns() {
		BenchSettings none = FakeJdks.settings(Map.of("bench.trials", "3", "bench.crosscheck", "none"), this.dir);
		assertThat(WrkCrossCheck.precedesATrial(none, List.of(this.closed), Workload.COMPOSITE_SEQUENTIAL)).isFalse();
	}

}
