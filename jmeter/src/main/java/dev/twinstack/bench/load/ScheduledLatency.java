package dev.twinstack.bench.load;

import org.HdrHistogram.Histogram;

/**
 * The open model's latency counted from each request's intended send time
 * ({@link ArrivalTimer}'s {@code scheduledMs}): what a user arriving on schedule waited,
 * the wait for a free load-generator thread included (no coordinated omission). Beside
 * it, {@link JtlAnalysis#latency()} keeps the service time, from the actual send.
 *
 * @param intended {@code timeStamp + elapsed - scheduledMs} of every sample with a
 * schedule (ms)
 * @param scheduled samples with a schedule: the arrivals sent
 * @param late samples sent more than {@value #LATE_MS} ms after their schedule: the load
 * generator's share of the latency
 * @param latenessP99Ms the 99th percentile of {@code timeStamp - scheduledMs} over all
 * scheduled samples (ms; 0 when early or on time)
 */
public record ScheduledLatency(LatencyStats intended, long scheduled, long late, double latenessP99Ms) {

	/**
	 * A send later than this after its schedule is late (ms): JMeter sleeps in whole ms,
	 * and a busy machine wakes a thread a few ms late.
	 */
	public static final long LATE_MS = 10;

	/**
	 * Reads the figures off the histograms.
	 * @param intended latency from the intended send time (ms)
	 * @param lateness how late each sample was sent (ms, 0 when on time)
	 * @param late samples sent more than {@value #LATE_MS} ms late
	 * @return the figures
	 */
	static ScheduledLatency of(Histogram intended, Histogram lateness, long late) {
		return new ScheduledLatency(LatencyStats.of(intended), intended.getTotalCount(), late,
				(lateness.getTotalCount() > 0) ? lateness.getValueAtPercentile(99) : 0);
	}

	/**
	 * Returns the share of the samples sent late.
	 * @return 0–1, 0 without samples
	 */
	public double lateShare() {
		return (this.scheduled > 0) ? (double) this.late / this.scheduled : 0;
	}

}
