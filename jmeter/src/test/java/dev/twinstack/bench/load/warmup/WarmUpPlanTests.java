package dev.twinstack.bench.load.warmup;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.twinstack.bench.matrix.Workload;

import static org.assertj.core.api.Assertions.assertThat;

/** The warm-up's runs and their share of the bound. */
class WarmUpPlanTests {

	private static final List<Workload> COMPOSITE = List.of(Workload.COMPOSITE_SEQUENTIAL, Workload.COMPOSITE_PARALLEL);

	@Test
	void fullWarmUpRunsEachWorkloadGentlyThenAtTheCellsConcurrency() {
		assertThat(WarmUpPlan.runs(COMPOSITE, 400, false)).containsExactly(Map.entry(Workload.COMPOSITE_SEQUENTIAL, 50),
				Map.entry(Workload.COMPOSITE_SEQUENTIAL, 400), Map.entry(Workload.COMPOSITE_PARALLEL, 50),
				Map.entry(Workload.COMPOSITE_PARALLEL, 400));
	}

	@Test
	void gentleWarmUpLeavesTheCellsConcurrencyToTheRehearsalBeforeEachCell() {
		assertThat(WarmUpPlan.runs(COMPOSITE, 400, true)).containsExactly(Map.entry(Workload.COMPOSITE_SEQUENTIAL, 50),
				Map.entry(Workload.COMPOSITE_PARALLEL, 50));
		// no gentler concurrency than the cells': nothing before the rehearsal
		assertThat(WarmUpPlan.runs(List.of(Workload.COMPOSITE_SEQUENTIAL), 10, true)).isEmpty();
		assertThat(WarmUpPlan.runs(List.of(Workload.CPU_LIGHT), 400, true))
			.containsExactly(Map.entry(Workload.CPU_LIGHT, 4));
	}

	@Test
	void eachRunKeepsFiveRoundsOfTheBoundForEveryRunAfterIt() {
		long rehearsal = WarmUpPlan.rehearsalSeconds();
		assertThat(rehearsal).isEqualTo(WarmUp.RAMP_UP_SECONDS + 5 * WarmUp.ROUND_SECONDS + 1);
		// the standard bound of 180 s: two JIT runs, then two rehearsals after the first
		assertThat(WarmUpPlan.allowance(180, 3)).isEqualTo(180 - 3 * rehearsal);
		assertThat(WarmUpPlan.allowance(40, 0)).isEqualTo(40);
		// never less than one round, even with the bound used up
		assertThat(WarmUpPlan.allowance(10, 2)).isEqualTo(WarmUp.RAMP_UP_SECONDS + WarmUp.ROUND_SECONDS);
	}

}
