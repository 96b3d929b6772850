package dev.twinstack.bench;

import dev.twinstack.monitoring.MetricsSummary;

/**
 * The app's JVM during one cell, sampled once a second from its Actuator metrics.
 *
 * @param samples readings taken
 * @param peakHeapUsedMb highest heap in use (MB = 2^20 bytes)
 * @param meanHeapUsedMb mean heap in use (MB)
 * @param peakLiveThreads highest number of live threads
 * @param meanLiveThreads mean number of live threads
 * @param failedReadings readings that failed (app too busy to answer within 1 s) and were
 * skipped
 */
public record ServerStats(int samples, double peakHeapUsedMb, double meanHeapUsedMb, double peakLiveThreads,
		double meanLiveThreads, int failedReadings) {

	private static final double MB = 1024 * 1024;

	/**
	 * Converts the monitoring summary.
	 * @param summary the sampler's summary
	 * @param failedReadings the sampler's failed readings
	 * @return the figures
	 */
	static ServerStats from(MetricsSummary summary, int failedReadings) {
		return new ServerStats(summary.samples(), summary.peakHeapUsedBytes() / MB, summary.meanHeapUsedBytes() / MB,
				summary.peakLiveThreads(), summary.meanLiveThreads(), failedReadings);
	}

}
