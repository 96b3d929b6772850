package dev.twinstack.bench.measure;

import java.util.Map;

import dev.twinstack.monitoring.MetricsSummary;
import dev.twinstack.monitoring.SeriesSummary;

/**
 * The processes during one cell, sampled once a second: the app's Micrometer meters
 * (through its Actuator), the RSS and CPU of the app, the mocks and the load generator
 * (OSHI), and the whole machine's CPU. The full series is the cell's {@code metrics.csv}.
 *
 * @param samples readings taken
 * @param peakHeapUsedMb highest heap in use (MB = 2^20 bytes)
 * @param meanHeapUsedMb mean heap in use (MB)
 * @param peakLiveThreads highest number of live threads
 * @param meanLiveThreads mean number of live threads
 * @param failedReadings readings that failed (app too busy to answer within 1 s) and were
 * skipped
 * @param series peak, mean and last value of every column of {@code metrics.csv}, e.g.
 * {@code app_heap_used_mb}, {@code app_threads_live}, {@code app_rss_mb},
 * {@code mocks_cpu}, {@code loadgen_cpu} (see the README for every column)
 */
public record ServerStats(int samples, double peakHeapUsedMb, double meanHeapUsedMb, double peakLiveThreads,
		double meanLiveThreads, int failedReadings, Map<String, SeriesSummary> series) {

	private static final double MB = 1024 * 1024;

	/**
	 * Creates the figures without series summaries.
	 * @param samples readings taken
	 * @param peakHeapUsedMb highest heap in use (MB)
	 * @param meanHeapUsedMb mean heap in use (MB)
	 * @param peakLiveThreads highest number of live threads
	 * @param meanLiveThreads mean number of live threads
	 * @param failedReadings readings that failed
	 */
	public ServerStats(int samples, double peakHeapUsedMb, double meanHeapUsedMb, double peakLiveThreads,
			double meanLiveThreads, int failedReadings) {
		this(samples, peakHeapUsedMb, meanHeapUsedMb, peakLiveThreads, meanLiveThreads, failedReadings, Map.of());
	}

	/**
	 * Converts the monitoring summary.
	 * @param summary the sampler's summary
	 * @param failedReadings the sampler's failed readings
	 * @return the figures
	 */
	public static ServerStats from(MetricsSummary summary, int failedReadings) {
		return new ServerStats(summary.samples(), summary.peakHeapUsedBytes() / MB, summary.meanHeapUsedBytes() / MB,
				summary.peakLiveThreads(), summary.meanLiveThreads(), failedReadings);
	}

	/**
	 * Reads the figures from the summaries of a cell's series.
	 * @param series the summaries by column
	 * @param failedReadings the sampler's failed readings
	 * @return the figures
	 */
	public static ServerStats from(Map<String, SeriesSummary> series, int failedReadings) {
		SeriesSummary heap = series.getOrDefault("app_heap_used_mb", new SeriesSummary(0, null, null, null));
		SeriesSummary threads = series.getOrDefault("app_threads_live", new SeriesSummary(0, null, null, null));
		return new ServerStats(heap.samples(), orNaN(heap.peak()), orNaN(heap.mean()), orNaN(threads.peak()),
				orNaN(threads.mean()), failedReadings, series);
	}

	/**
	 * Returns the summary of one column.
	 * @param column e.g. {@code app_rss_mb}
	 * @return its summary, all {@code null} when the column was not sampled
	 */
	public SeriesSummary summary(String column) {
		return this.series.getOrDefault(column, new SeriesSummary(0, null, null, null));
	}

	private static double orNaN(Double value) {
		return (value != null) ? value : Double.NaN;
	}

}
