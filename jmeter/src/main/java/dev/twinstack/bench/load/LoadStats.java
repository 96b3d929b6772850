package dev.twinstack.bench.load;

import java.time.Duration;

import us.abstracta.jmeter.javadsl.core.stats.StatsSummary;

/**
 * What JMeter measured in one cell (its own statistics over all samples).
 *
 * @param requests samples taken
 * @param errors samples that failed (not 201, timeout, connection error)
 * @param elapsedSeconds from the first sample's start to the last sample's end (s)
 * @param throughput requests per second over the elapsed time (req/s)
 * @param meanMs mean response time (ms)
 * @param minMs fastest response (ms)
 * @param p50Ms median response time (ms)
 * @param p90Ms 90th percentile (ms)
 * @param p95Ms 95th percentile (ms)
 * @param p99Ms 99th percentile (ms)
 * @param maxMs slowest response (ms)
 * @param timePerRequestAcrossMs time per request across all concurrent requests, as
 * {@code ab} prints it: 1000 / throughput (ms)
 * @param receivedBytes bytes JMeter received (headers and bodies)
 */
public record LoadStats(long requests, long errors, double elapsedSeconds, double throughput, double meanMs,
		double minMs, double p50Ms, double p90Ms, double p95Ms, double p99Ms, double maxMs,
		double timePerRequestAcrossMs, long receivedBytes) {

	/**
	 * Creates the figures from counts and times, deriving {@code timePerRequestAcrossMs}.
	 * @param requests samples taken
	 * @param errors failed samples
	 * @param elapsedSeconds measured window (s)
	 * @param meanMs mean (ms)
	 * @param minMs min (ms)
	 * @param p50Ms median (ms)
	 * @param p90Ms 90th percentile (ms)
	 * @param p95Ms 95th percentile (ms)
	 * @param p99Ms 99th percentile (ms)
	 * @param maxMs max (ms)
	 * @return the figures
	 */
	public static LoadStats of(long requests, long errors, double elapsedSeconds, double meanMs, double minMs,
			double p50Ms, double p90Ms, double p95Ms, double p99Ms, double maxMs) {
		double throughput = (elapsedSeconds > 0) ? requests / elapsedSeconds : 0;
		double across = (throughput > 0) ? 1000 / throughput : 0;
		return new LoadStats(requests, errors, elapsedSeconds, throughput, meanMs, minMs, p50Ms, p90Ms, p95Ms, p99Ms,
				maxMs, across, 0);
	}

	/**
	 * Returns a copy with the received bytes.
	 * @param bytes bytes received
	 * @return the new figures
	 */
	LoadStats withReceivedBytes(long bytes) {
		return new LoadStats(this.requests, this.errors, this.elapsedSeconds, this.throughput, this.meanMs, this.minMs,
				this.p50Ms, this.p90Ms, this.p95Ms, this.p99Ms, this.maxMs, this.timePerRequestAcrossMs, bytes);
	}

	/**
	 * Returns the transfer rate: received bytes per second of the elapsed time.
	 * @return KB (1024 bytes) per second
	 */
	public double receivedKBps() {
		return (this.elapsedSeconds > 0) ? this.receivedBytes / 1024.0 / this.elapsedSeconds : 0;
	}

	/**
	 * Reads JMeter's overall statistics.
	 * @param overall {@code TestPlanStats.overall()}
	 * @return the figures
	 */
	public static LoadStats from(StatsSummary overall) {
		long requests = overall.samplesCount();
		if (requests == 0) {
			// a load stopped before its first request ended (the app died as it began):
			// JMeter's empty time statistics hold no usable value
			return of(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
		}
		double elapsed = Duration.between(overall.firstTime(), overall.endTime()).toMillis() / 1000.0;
		var time = overall.sampleTime();
		return of(requests, overall.errorsCount(), elapsed, millis(time.mean()), millis(time.min()),
				millis(time.median()), millis(time.perc90()), millis(time.perc95()), millis(time.perc99()),
				millis(time.max()))
			.withReceivedBytes(overall.receivedBytes().total());
	}

	private static double millis(Duration duration) {
		return (duration != null) ? duration.toNanos() / 1_000_000.0 : 0;
	}

}
