package dev.twinstack.bench.compare;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class RatioEstimateTests {

	@Test
	void matchesWelchsTestOnLogarithmsAsScipyComputesIt() {
		// scipy 1.17 stats.ttest_ind(log c, log b, equal_var=False) and its
		// confidence_interval(0.95)
		RatioEstimate estimate = RatioEstimate.of(new double[] { 200, 210, 205 }, new double[] { 300, 310, 305 }, 0.95);
		assertThat(estimate.ratio()).isCloseTo(1.487966700, within(1e-6));
		assertThat(estimate.low()).isCloseTo(1.415553308, within(1e-6));
		assertThat(estimate.high()).isCloseTo(1.564084439, within(1e-6));
		assertThat(estimate.pValue()).isCloseTo(5.669034e-05, within(1e-9));
	}

	@Test
	void intervalContainingOneIsNoSignificantDifference() {
		RatioEstimate estimate = RatioEstimate.of(new double[] { 300, 330, 315 }, new double[] { 310, 320, 325 }, 0.95);
		assertThat(estimate.low()).isCloseTo(0.915945671, within(1e-6));
		assertThat(estimate.high()).isCloseTo(1.116254292, within(1e-6));
		assertThat(estimate.pValue()).isCloseTo(0.743198957, within(1e-6));
		assertThat(estimate.verdict(Metric.THROUGHPUT)).isEqualTo(Verdict.NO_SIGNIFICANT_DIFFERENCE);
	}

	@Test
	void higherIsBetterForThroughputAndWorseForLatency() {
		RatioEstimate higher = RatioEstimate.of(new double[] { 200, 210, 205 }, new double[] { 300, 310, 305 }, 0.95);
		assertThat(higher.verdict(Metric.THROUGHPUT)).isEqualTo(Verdict.BETTER);
		assertThat(higher.verdict(Metric.P99)).isEqualTo(Verdict.WORSE);
		RatioEstimate lower = RatioEstimate.of(new double[] { 300, 310, 305 }, new double[] { 200, 210, 205 }, 0.95);
		assertThat(lower.verdict(Metric.THROUGHPUT)).isEqualTo(Verdict.WORSE);
		assertThat(lower.verdict(Metric.P50)).isEqualTo(Verdict.BETTER);
	}

	@Test
	void identicalRunsShowNoDifference() {
		double[] trials = { 214.2, 235.8, 251.0 };
		RatioEstimate estimate = RatioEstimate.of(trials, trials.clone(), 0.95);
		assertThat(estimate.ratio()).isEqualTo(1.0);
		assertThat(estimate.pValue()).isEqualTo(1.0);
		assertThat(estimate.verdict(Metric.THROUGHPUT)).isEqualTo(Verdict.NO_SIGNIFICANT_DIFFERENCE);
	}

	@Test
	void trialsWithoutSpreadMakeADifferenceExact() {
		RatioEstimate same = RatioEstimate.of(new double[] { 297, 297, 297 }, new double[] { 297, 297 }, 0.95);
		assertThat(same.verdict(Metric.PEAK_THREADS)).isEqualTo(Verdict.NO_SIGNIFICANT_DIFFERENCE);
		RatioEstimate more = RatioEstimate.of(new double[] { 297, 297, 297 }, new double[] { 310, 310, 310 }, 0.95);
		assertThat(more.low()).isEqualTo(more.high()).isCloseTo(310.0 / 297, within(1e-12));
		assertThat(more.verdict(Metric.PEAK_THREADS)).isEqualTo(Verdict.WORSE);
	}

	@Test
	void oneTrialOrANonPositiveValueIsNotTested() {
		RatioEstimate single = RatioEstimate.of(new double[] { 200 }, new double[] { 300, 310 }, 0.95);
		assertThat(single.ratio()).isNotNull();
		assertThat(single.verdict(Metric.THROUGHPUT)).isEqualTo(Verdict.NOT_TESTED);
		RatioEstimate zero = RatioEstimate.of(new double[] { 0, 10, 20 }, new double[] { 5, 6, 7 }, 0.95);
		assertThat(zero.ratio()).isNull();
		assertThat(zero.verdict(Metric.THROUGHPUT)).isEqualTo(Verdict.NOT_TESTED);
	}

	@Test
	void aWiderConfidenceWidensTheInterval() {
		double[] baseline = { 300, 330, 315 };
		double[] candidate = { 310, 320, 325 };
		RatioEstimate at95 = RatioEstimate.of(baseline, candidate, 0.95);
		RatioEstimate at99 = RatioEstimate.of(baseline, candidate, 0.99);
		assertThat(at99.low()).isLessThan(at95.low());
		assertThat(at99.high()).isGreaterThan(at95.high());
	}

}
