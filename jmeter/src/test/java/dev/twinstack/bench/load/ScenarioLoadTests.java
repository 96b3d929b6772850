package dev.twinstack.bench.load;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.twinstack.bench.matrix.Workload;

import static org.assertj.core.api.Assertions.assertThat;

/** The warm-up's runs and their share of the bound. */
class ScenarioLoadTests {

	private static final List<Workload> COMPOSITE = List.of(Workload.COMPOSITE_SEQUENTIAL, Workload.COMPOSITE_PARALLEL);

	@Test
	void fullWarmUpRunsEachWorkloadGentlyThenAtTheCellsConcurrency() {
		assertThat(ScenarioLoad.runs(COMPOSITE, 400, false)).containsExactly(
				Map.entry(Workload.COMPOSITE_SEQUENTIAL, 50), Map.entry(Workload.COMPOSITE_SEQUENTIAL, 400),
				Map.entry(Workload.COMPOSITE_PARALLEL, 50), Map.entry(Workload.COMPOSITE_PARALLEL, 400));
	}

	@Test
	void gentleWarmUpLeavesTheCellsConcurrencyToTheRehearsalBeforeEachCell() {
		assertThat(ScenarioLoad.runs(COMPOSITE, 400, true))
			.containsExactly(Map.entry(Workload.COMPOSITE_SEQUENTIAL, 50), Map.entry(Workload.COMPOSITE_PARALLEL, 50));
		// no gentler concurrency than the cells': nothing before the rehearsal
		assertThat(ScenarioLoad.runs(List.of(Workload.COMPOSITE_SEQUENTIAL), 10, true)).isEmpty();
		assertThat(ScenarioLoad.runs(List.of(Workload.CPU_LIGHT), 400, true))
			.containsExactly(Map.entry(Workload.CPU_LIGHT, 4));
	}

	@Test
	void eachRunGetsAnEqualShareOfWhatIsLeft() {
		// the standard bound of 180 s: two JIT runs, then two rehearsals
		assertThat(ScenarioLoad.allowance(180, 3)).isEqualTo(45);
		// a JIT run that ended steady after 30 s leaves its unused share to the others
		assertThat(ScenarioLoad.allowance(150, 2)).isEqualTo(50);
		assertThat(ScenarioLoad.allowance(100, 1)).isEqualTo(50);
		// the last run gets all that is left; shares round up to the second
		assertThat(ScenarioLoad.allowance(40, 0)).isEqualTo(40);
		assertThat(ScenarioLoad.allowance(101, 1)).isEqualTo(51);
	}

	@Test
	void eachRunKeepsThreeRoundsOfTheBoundForEveryRunAfterIt() {
		long rehearsal = ScenarioLoad.rehearsalSeconds();
		assertThat(rehearsal).isEqualTo(WarmUp.RAMP_UP_SECONDS + 3 * WarmUp.ROUND_SECONDS + 1);
		// an equal share (15 s) would leave the three runs after it less than theirs
		assertThat(ScenarioLoad.allowance(60, 3)).isEqualTo(60 - 3 * rehearsal);
		// never less than one round, even with the bound used up
		assertThat(ScenarioLoad.allowance(10, 2)).isEqualTo(WarmUp.RAMP_UP_SECONDS + WarmUp.ROUND_SECONDS);
	}

}
