package dev.twinstack.bench.queueing;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.twinstack.bench.queueing.LoadDependentDemands.MeasuredLoad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class LoadDependentDemandsTests {

	/** webflux, composite sequential, as calibrated at c = 50 in the standard run. */
	private static final StackDemands AT_50 = new StackDemands("webflux", 1.93, 2.00, 3, 100, 6.07, 1, 1, 0);

	/** The same stack's CPU per request in its c = 400 cell. */
	private static final MeasuredLoad AT_400 = new MeasuredLoad(400, 1.01, 0.97);

	private static final LoadDependentDemands CURVE = new LoadDependentDemands(AT_50,
			List.of(AT_400, new MeasuredLoad(50, 1.93, 2.00)));

	@Test
	void oneLoadIsTheConstantDemandModel() {
		LoadDependentDemands constant = LoadDependentDemands.constant(AT_50, 50);
		int[] concurrencies = { 1, 10, 50, 200, 400, 2000 };
		List<Prediction> expected = AT_50.predict(concurrencies);
		List<Prediction> actual = constant.predict(concurrencies);
		assertThat(actual).isEqualTo(expected);
		assertThat(constant.source(400)).isEqualTo("c=50 (held beyond)");
	}

	@Test
	void atEachMeasuredLoadPredictsWhatThatLoadsDemandsPredict() {
		StackDemands at400 = new StackDemands("webflux", 1.01, 0.97, 3, 100, 6.07, 1, 1, 0);
		assertThat(CURVE.predict(50)).isEqualTo(AT_50.predict(50));
		assertThat(CURVE.predict(400)).isEqualTo(at400.predict(400));
		assertThat(CURVE.source(50)).isEqualTo("c=50");
		assertThat(CURVE.source(400)).isEqualTo("c=400");
	}

	/**
	 * A synthetic system whose throughput is known at both loads: one CPU and a delay of
	 * 100 ms. Alone (N = 1) a request takes D + 100 ms; at N = 2000, far beyond the knee
	 * N* = (D + Z) / D, the CPU is saturated and X = 1000 / D. With D = 2 ms measured
	 * alone and 1 ms at 2000 clients, the curve gives both measured throughputs.
	 */
	@Test
	void twoLoadsGiveTheMeasuredThroughputAtBothLoads() {
		StackDemands alone = new StackDemands("app", 2, 0, 1, 100, 0, 1, StackDemands.SHARED, 0);
		LoadDependentDemands curve = new LoadDependentDemands(alone,
				List.of(new MeasuredLoad(1, 2, 0), new MeasuredLoad(2000, 1, 0)));
		assertThat(curve.predict(1).get(0).throughput()).isCloseTo(1000 / 102.0, within(1e-9));
		assertThat(curve.predict(2000).get(0).throughput()).isCloseTo(1000, within(1e-6));
		// the constant model of either load misses the other
		assertThat(alone.predict(2000).get(0).throughput()).isCloseTo(500, within(1e-6));
	}

	@Test
	void interpolatesLogLinearlyBetweenLoadsAndHoldsOutside() {
		// c = 141 is the geometric mean of 50 and 400: the demand there is the geometric
		// mean
		double mid = Math.sqrt(50 * 400.0);
		StackDemands between = CURVE.at((int) Math.round(mid));
		double share = Math.log(Math.round(mid) / 50.0) / Math.log(8);
		assertThat(between.appCpuMs()).isCloseTo(1.93 * Math.pow(1.01 / 1.93, share), within(1e-12));
		assertThat(between.harnessCpuMs()).isCloseTo(2.00 * Math.pow(0.97 / 2.00, share), within(1e-12));
		assertThat(between.appCpuMs()).isCloseTo(Math.sqrt(1.93 * 1.01), within(0.01));
		assertThat(CURVE.source(141)).isEqualTo("c=50–400 interpolated");
		assertThat(CURVE.at(10).appCpuMs()).isEqualTo(1.93);
		assertThat(CURVE.at(2000).appCpuMs()).isEqualTo(1.01);
		assertThat(CURVE.source(10)).isEqualTo("c=50 (held below)");
		assertThat(CURVE.describe(2000)).isEqualTo("app 1.01 ms, harness 0.97 ms (c=400 (held beyond))");
		// everything but the CPU stays as in the base demands
		assertThat(between.otherDelayMs()).isEqualTo(6.07);
		assertThat(between.downstreamMs()).isEqualTo(300);
	}

	@Test
	void theCurveBetweenTheLoadsLiesBetweenTheirConstantModels() {
		StackDemands at400 = new StackDemands("webflux", 1.01, 0.97, 3, 100, 6.07, 1, 1, 0);
		double curve = CURVE.predict(200).get(0).throughput();
		assertThat(curve).isGreaterThan(AT_50.predict(200).get(0).throughput())
			.isLessThan(at400.predict(200).get(0).throughput());
	}

	@Test
	void aZeroDemandIsInterpolatedLinearlyInTheLogOfTheLoad() {
		LoadDependentDemands curve = new LoadDependentDemands(AT_50,
				List.of(new MeasuredLoad(10, 2, 0), new MeasuredLoad(1000, 1, 1)));
		assertThat(curve.at(100).harnessCpuMs()).isCloseTo(0.5, within(1e-12));
	}

	@Test
	void rejectsTwoLoadsAtOneConcurrency() {
		assertThatIllegalArgumentException().isThrownBy(
				() -> new LoadDependentDemands(AT_50, List.of(new MeasuredLoad(50, 1, 1), new MeasuredLoad(50, 2, 2))))
			.withMessage("stack webflux: two loads measured at c=50; expected one per concurrency");
		assertThatIllegalArgumentException().isThrownBy(() -> new MeasuredLoad(0, 1, 1))
			.withMessageContaining("expected c >= 1");
	}

	@Test
	void whatIfUsesTheDemandAtItsConcurrency() {
		WhatIf whatIf = new WhatIf(8, 50, 2000, true);
		StackDemands at400 = new StackDemands("webflux", 1.01, 0.97, 3, 100, 6.07, 1, 1, 0);
		assertThat(whatIf.predict(CURVE)).isEqualTo(whatIf.predict(at400));
		assertThat(new WhatIf(8, 50, 50, true).apply(CURVE)).isEqualTo(new WhatIf(8, 50, 50, true).apply(AT_50));
	}

}
