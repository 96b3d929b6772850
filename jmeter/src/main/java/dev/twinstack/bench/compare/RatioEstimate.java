package dev.twinstack.bench.compare;

import java.util.Arrays;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * The ratio candidate ÷ baseline of one figure over two runs' trials, with its confidence
 * interval: Welch's two-sample t-test on the natural logarithms of the per-trial values
 * (B. L. Welch, "The generalization of Student's problem when several different
 * population variances are involved", Biometrika 34, 1947; degrees of freedom by the
 * Welch–Satterthwaite equation). The ratio is exp(d), d the difference of the mean logs
 * (the ratio of the geometric means); the interval is exp(d ± t·se) with t the quantile
 * of Student's t at those degrees of freedom. The t quantile and the p-value come from
 * Apache Commons Math 3 ({@link TDistribution}, {@link TTest#tTest(double[], double[])},
 * which is Welch's test).
 * <p>
 * Assumptions: the trials are independent, their logarithms roughly normal (noise that
 * scales with the figure), the two runs' spreads may differ. A trial is the unit: seconds
 * within a trial are neither independent nor alike (the ramp-up second), so they are not
 * resampled. With three trials a side the test has 2 to 4 degrees of freedom: only
 * differences clearly above the trial-to-trial spread are found. A rank test is no option
 * there: Mann–Whitney's smallest two-sided p with 3 against 3 is 0.1.
 * <p>
 * Edge cases: no spread on either side (identical trials, e.g. a fixed thread count)
 * makes a difference exact, the interval the ratio itself; fewer than two trials on a
 * side gives the ratio without interval; a value that is not positive gives neither.
 *
 * @param baselineTrials trials of the baseline with the figure
 * @param candidateTrials trials of the candidate with the figure
 * @param ratio candidate ÷ baseline geometric means, or {@code null} (no value, or not
 * positive)
 * @param low lower end of the interval, or {@code null} when not tested
 * @param high upper end of the interval, or {@code null} when not tested
 * @param pValue Welch's two-sided p-value, or {@code null} when not tested
 */
record RatioEstimate(int baselineTrials, int candidateTrials, Double ratio, Double low, Double high, Double pValue) {

	/**
	 * Estimates the ratio.
	 * @param baseline the baseline's per-trial values
	 * @param candidate the candidate's per-trial values
	 * @param confidence the interval's confidence, e.g. 0.95
	 * @return the estimate
	 */
	static RatioEstimate of(double[] baseline, double[] candidate, double confidence) {
		int nb = baseline.length;
		int nc = candidate.length;
		if (nb == 0 || nc == 0 || !positive(baseline) || !positive(candidate)) {
			return new RatioEstimate(nb, nc, null, null, null, null);
		}
		double[] logBaseline = Arrays.stream(baseline).map(Math::log).toArray();
		double[] logCandidate = Arrays.stream(candidate).map(Math::log).toArray();
		double difference = StatUtils.mean(logCandidate) - StatUtils.mean(logBaseline);
		double ratio = Math.exp(difference);
		if (nb < 2 || nc < 2) {
			return new RatioEstimate(nb, nc, ratio, null, null, null);
		}
		double vb = StatUtils.variance(logBaseline) / nb;
		double vc = StatUtils.variance(logCandidate) / nc;
		double se = Math.sqrt(vb + vc);
		if (se == 0) {
			return new RatioEstimate(nb, nc, ratio, ratio, ratio, (difference == 0) ? 1.0 : 0.0);
		}
		double df = (vb + vc) * (vb + vc) / (vb * vb / (nb - 1) + vc * vc / (nc - 1));
		double t = new TDistribution(df).inverseCumulativeProbability(0.5 + confidence / 2);
		double p = new TTest().tTest(logCandidate, logBaseline);
		return new RatioEstimate(nb, nc, ratio, Math.exp(difference - t * se), Math.exp(difference + t * se), p);
	}

	/**
	 * The verdict for a figure.
	 * @param metric the figure, for its better direction
	 * @return better or worse when the interval excludes 1, else no significant
	 * difference; not tested without an interval
	 */
	Verdict verdict(Metric metric) {
		if (this.low == null) {
			return Verdict.NOT_TESTED;
		}
		boolean higher = this.low > 1;
		boolean lower = this.high < 1;
		if (!higher && !lower) {
			return Verdict.NO_SIGNIFICANT_DIFFERENCE;
		}
		return (higher == metric.higherIsBetter()) ? Verdict.BETTER : Verdict.WORSE;
	}

	private static boolean positive(double[] values) {
		return Arrays.stream(values).allMatch((value) -> value > 0 && Double.isFinite(value));
	}

}
