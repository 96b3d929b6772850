package dev.twinstack.bench.analysis;

import org.apache.commons.math3.analysis.UnivariateFunction;
import org.apache.commons.math3.analysis.integration.IterativeLegendreGaussIntegrator;
import org.apache.commons.math3.analysis.solvers.BrentSolver;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * The range (highest − lowest) of k independent draws from a standard normal
 * distribution: its mean (d₂ of statistical process control) and its quantiles, by
 * numerical integration of the range's distribution. Source: L. H. C. Tippett, "On the
 * extreme individuals and the range of samples taken from a normal population",
 * Biometrika 17 (1925); checked against the tables of d₂ in D. C. Montgomery,
 * <i>Introduction to Statistical Quality Control</i>, appendix VI (1.128, 1.693, 2.059
 * for k = 2, 3, 4), and of the range's upper 5 % points in E. S. Pearson and H. O.
 * Hartley, <i>Biometrika Tables for Statisticians</i>, vol. 1, table 22 (2.77, 3.31,
 * 3.63).
 */
public final class NormalRange {

	private static final NormalDistribution NORMAL = new NormalDistribution(0, 1);

	/** Integration bounds (standard deviations): the tails beyond add less than 1e-20. */
	private static final double BOUND = 10;

	private NormalRange() {
	}

	/**
	 * Returns the mean range of k draws: ∫ 1 − Φ(x)ᵏ − (1 − Φ(x))ᵏ dx.
	 * @param k the draws, at least 2
	 * @return the mean range, in standard deviations
	 * @throws IllegalArgumentException for k &lt; 2
	 */
	public static double mean(int k) {
		check(k);
		return integrate((x) -> {
			double below = NORMAL.cumulativeProbability(x);
			return 1 - Math.pow(below, k) - Math.pow(1 - below, k);
		});
	}

	/**
	 * Returns the probability that the range of k draws is at most w: k ∫ φ(x) (Φ(x + w)
	 * − Φ(x))ᵏ⁻¹ dx.
	 * @param k the draws, at least 2
	 * @param w the range, in standard deviations
	 * @return the probability, 0–1
	 * @throws IllegalArgumentException for k &lt; 2
	 */
	public static double cumulative(int k, double w) {
		check(k);
		return integrate((x) -> k * NORMAL.density(x)
				* Math.pow(NORMAL.cumulativeProbability(x + w) - NORMAL.cumulativeProbability(x), k - 1));
	}

	/**
	 * Returns the range that k draws stay within with probability p.
	 * @param k the draws, at least 2
	 * @param p the probability, strictly between 0 and 1
	 * @return the range, in standard deviations
	 * @throws IllegalArgumentException for k &lt; 2 or p outside (0, 1)
	 */
	public static double quantile(int k, double p) {
		check(k);
		if (!(p > 0 && p < 1)) {
			throw new IllegalArgumentException("p must lie strictly between 0 and 1, not " + p);
		}
		return new BrentSolver(1e-9).solve(200, (w) -> cumulative(k, w) - p, 0, 2 * BOUND);
	}

	private static double integrate(UnivariateFunction function) {
		return new IterativeLegendreGaussIntegrator(16, 1e-9, 1e-12).integrate(100_000, function, -BOUND, BOUND);
	}

	private static void check(int k) {
		if (k < 2) {
			throw new IllegalArgumentException("a range needs at least 2 draws, not " + k);
		}
	}

}
