package dev.twinstack.bench.load.warmup;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.twinstack.bench.load.warmup.WarmUpPlan.Planned;
import dev.twinstack.bench.load.warmup.WarmUpPlan.Purpose;
import dev.twinstack.bench.matrix.Workload;

import static org.assertj.core.api.Assertions.assertThat;

/** The warm-up's runs and their share of the bound. */
class WarmUpPlanTests {

	private static final List<Workload> COMPOSITE = List.of(Workload.COMPOSITE_SEQUENTIAL, Workload.COMPOSITE_PARALLEL);

	@Test
	void fullWarmUpRunsEachWorkloadGentlyThenCalibratesThenAtTheCellsConcurrency() {
		assertThat(WarmUpPlan.runs(COMPOSITE, 400, false, true)).containsExactly(
				planned(Workload.COMPOSITE_SEQUENTIAL, 50, Purpose.JIT),
				planned(Workload.COMPOSITE_SEQUENTIAL, 50, Purpose.CALIBRATION),
				planned(Workload.COMPOSITE_SEQUENTIAL, 400, Purpose.CELLS),
				planned(Workload.COMPOSITE_PARALLEL, 50, Purpose.JIT),
				planned(Workload.COMPOSITE_PARALLEL, 50, Purpose.CALIBRATION),
				planned(Workload.COMPOSITE_PARALLEL, 400, Purpose.CELLS));
	}

	@Test
	void gentleWarmUpLeavesTheCellsConcurrencyToTheRehearsalBeforeEachCell() {
		assertThat(WarmUpPlan.runs(COMPOSITE, 400, true, true)).containsExactly(
				planned(Workload.COMPOSITE_SEQUENTIAL, 50, Purpose.JIT),
				planned(Workload.COMPOSITE_SEQUENTIAL, 50, Purpose.CALIBRATION),
				planned(Workload.COMPOSITE_PARALLEL, 50, Purpose.JIT),
				planned(Workload.COMPOSITE_PARALLEL, 50, Purpose.CALIBRATION));
		// no gentler concurrency than the cells': nothing before the rehearsal, and the
		// lowest cell calibrates
		assertThat(WarmUpPlan.runs(List.of(Workload.COMPOSITE_SEQUENTIAL), 10, true, true)).isEmpty();
		assertThat(WarmUpPlan.runs(List.of(Workload.CPU_LIGHT), 400, true, true)).containsExactly(
				planned(Workload.CPU_LIGHT, 4, Purpose.JIT), planned(Workload.CPU_LIGHT, 4, Purpose.CALIBRATION));
	}

	@Test
	void aRemoteAppWhoseCpuCannotBeReadIsNotCalibrated() {
		assertThat(WarmUpPlan.runs(List.of(Workload.COMPOSITE_SEQUENTIAL), 400, true, false))
			.containsExactly(planned(Workload.COMPOSITE_SEQUENTIAL, 50, Purpose.JIT));
	}

	@Test
	void aCalibrationRunTakesItsThreeRoundsOfTheBound() {
		assertThat(WarmUpPlan.calibrationSeconds()).isEqualTo(2 + WarmUp.RAMP_UP_SECONDS + 3 * WarmUp.ROUND_SECONDS + 1)
			.isEqualTo(19);
	}

	private static Planned planned(Workload workload, int concurrency, Purpose purpose) {
		return new Planned(workload, concurrency, purpose);
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
