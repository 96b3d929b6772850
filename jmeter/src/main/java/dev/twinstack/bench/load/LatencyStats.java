package dev.twinstack.bench.load;

import org.HdrHistogram.Histogram;

/**
 * Response times of every sample of a cell, from an HdrHistogram of the JTL's
 * {@code elapsed} values (ms, exact up to 2 s, within 0.1 % above): the percentages
 * {@code ab} prints (50 … 100 %) plus p99.9. Percentiles are monotonic, unlike JMeter's
 * own estimates (kept in {@link LoadStats} for cross-checking).
 *
 * @param samples samples recorded (successes and errors)
 * @param minMs fastest (ms)
 * @param meanMs mean (ms)
 * @param stdDevMs standard deviation (ms)
 * @param p50Ms median (ms)
 * @param p66Ms 66th percentile (ms)
 * @param p75Ms 75th percentile (ms)
 * @param p80Ms 80th percentile (ms)
 * @param p90Ms 90th percentile (ms)
 * @param p95Ms 95th percentile (ms)
 * @param p98Ms 98th percentile (ms)
 * @param p99Ms 99th percentile (ms)
 * @param p999Ms 99.9th percentile (ms)
 * @param maxMs slowest: {@code ab}'s "100 % (longest request)" (ms)
 */
public record LatencyStats(long samples, double minMs, double meanMs, double stdDevMs, double p50Ms, double p66Ms,
		double p75Ms, double p80Ms, double p90Ms, double p95Ms, double p98Ms, double p99Ms, double p999Ms,
		double maxMs) {

	/** No samples: every figure 0. */
	public static final LatencyStats NONE = new LatencyStats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

	/**
	 * Reads the figures off a histogram of response times in milliseconds.
	 * @param histogram the histogram
	 * @return the figures ({@link #NONE} when it is empty)
	 */
	public static LatencyStats of(Histogram histogram) {
		if (histogram.getTotalCount() == 0) {
			return NONE;
		}
		return new LatencyStats(histogram.getTotalCount(), histogram.getMinValue(), histogram.getMean(),
				histogram.getStdDeviation(), at(histogram, 50), at(histogram, 66), at(histogram, 75), at(histogram, 80),
				at(histogram, 90), at(histogram, 95), at(histogram, 98), at(histogram, 99), at(histogram, 99.9),
				histogram.getMaxValue());
	}

	private static double at(Histogram histogram, double percentile) {
		return histogram.getValueAtPercentile(percentile);
	}

}
