package dev.twinstack.bench.run;

import java.util.Map;

import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.settings.BenchSettings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One flame graph per stack and fanout, of its busiest closed composite cell on the
 * default heap.
 */
class FlameGraphsTests {

	@Test
	void choosesPerStackAndFanoutTheHighestConcurrencyCompositeCellOnTheDefaultHeap() {
		BenchSettings full = BenchSettings.from(Map.of("bench.profile", "full", "bench.stacks", "mvc,webflux"));

		assertThat(FlameGraphs.chosen(full.cells())).extracting(Cell::id)
			.containsExactlyInAnyOrder("mvc-composite-sequential-c1000", "webflux-composite-sequential-c1000",
					"mvc-composite-parallel-c1000", "webflux-composite-parallel-c1000");
	}

	@Test
	void choosesThePinnedCellsOfTheStandardProfile() {
		BenchSettings standard = BenchSettings.from(Map.of("bench.profile", "standard", "bench.stacks", "mvc,webflux",
				"bench.appCpus", "1", "bench.fanouts", "sequential,parallel"));

		assertThat(FlameGraphs.chosen(standard.cells())).extracting(Cell::id)
			.containsExactlyInAnyOrder("mvc-composite-sequential-c400-cpu1", "webflux-composite-sequential-c400-cpu1",
					"mvc-composite-parallel-c400-cpu1", "webflux-composite-parallel-c400-cpu1");
	}

	@Test
	void choosesNothingWithoutAClosedCompositeCell() {
		BenchSettings cpuLight = BenchSettings
			.from(Map.of("bench.profile", "standard", "bench.scenarios", "cpu-light"));

		assertThat(FlameGraphs.chosen(cpuLight.cells())).isEmpty();
	}

}
