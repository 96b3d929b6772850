package dev.twinstack.bench.load;

import java.util.List;

import org.HdrHistogram.Histogram;

/**
 * Requests completed in each whole second of a cell (by the samples' end times, from the
 * first sample's start; the last, partial second is left out) and their distribution, as
 * {@code autocannon} prints its "Req/Sec" row.
 *
 * @param seconds whole seconds counted
 * @param p1 1st percentile of the per-second counts (req/s)
 * @param p2_5 2.5th percentile (req/s)
 * @param p50 median (req/s)
 * @param p97_5 97.5th percentile (req/s)
 * @param mean mean (req/s)
 * @param stdDev standard deviation (req/s)
 * @param min lowest second (req/s)
 * @param max highest second (req/s)
 * @param perSecond the count of each second, in order (the first second includes the
 * ramp-up)
 */
public record ThroughputStats(int seconds, double p1, double p2_5, double p50, double p97_5, double mean, double stdDev,
		double min, double max, List<Integer> perSecond) {

	/** No whole second: every figure 0. */
	public static final ThroughputStats NONE = new ThroughputStats(0, 0, 0, 0, 0, 0, 0, 0, 0, List.of());

	/**
	 * Computes the distribution of per-second counts.
	 * @param perSecond requests completed in each whole second
	 * @return the figures ({@link #NONE} without any second)
	 */
	public static ThroughputStats of(List<Integer> perSecond) {
		if (perSecond.isEmpty()) {
			return NONE;
		}
		Histogram histogram = new Histogram(3);
		perSecond.forEach(histogram::recordValue);
		return new ThroughputStats(perSecond.size(), histogram.getValueAtPercentile(1),
				histogram.getValueAtPercentile(2.5), histogram.getValueAtPercentile(50),
				histogram.getValueAtPercentile(97.5), histogram.getMean(), histogram.getStdDeviation(),
				histogram.getMinValue(), histogram.getMaxValue(), List.copyOf(perSecond));
	}

}
