package dev.twinstack.monitoring;

import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Peaks and means of a series of {@link MetricsSample}s. With no samples every figure is
 * {@code NaN}.
 *
 * @param samples number of samples summarized
 * @param peakHeapUsedBytes highest heap used, in bytes
 * @param meanHeapUsedBytes mean heap used, in bytes
 * @param peakLiveThreads highest live thread count
 * @param meanLiveThreads mean live thread count
 */
public record MetricsSummary(int samples, double peakHeapUsedBytes, double meanHeapUsedBytes, double peakLiveThreads,
		double meanLiveThreads) {

	/**
	 * Summarizes samples.
	 * @param samples the samples, in any order
	 * @return their peaks and means
	 */
	public static MetricsSummary of(List<MetricsSample> samples) {
		DoubleSummaryStatistics heap = statistics(samples, MetricsSample::heapUsedBytes);
		DoubleSummaryStatistics threads = statistics(samples, MetricsSample::liveThreads);
		return new MetricsSummary(samples.size(), max(heap), mean(heap), max(threads), mean(threads));
	}

	private static DoubleSummaryStatistics statistics(List<MetricsSample> samples,
			ToDoubleFunction<MetricsSample> field) {
		return samples.stream().mapToDouble(field).summaryStatistics();
	}

	private static double max(DoubleSummaryStatistics statistics) {
		return (statistics.getCount() > 0) ? statistics.getMax() : Double.NaN;
	}

	private static double mean(DoubleSummaryStatistics statistics) {
		return (statistics.getCount() > 0) ? statistics.getAverage() : Double.NaN;
	}

}
