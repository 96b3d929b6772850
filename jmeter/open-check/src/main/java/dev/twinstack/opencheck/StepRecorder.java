package dev.twinstack.opencheck;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * One step's counts and latencies, shared by its users. A user's latency runs from its
 * start, the moment Gatling's injector started it on schedule, to the end of its request,
 * OK or not (connection errors and timeouts included), as the bench counts every sample:
 * Gatling starts users at their arrival times without waiting for a free thread, so it is
 * the latency from the intended send time. Users started in the step's first
 * {@code skipSeconds} (from its first user) are counted as skipped only.
 */
final class StepRecorder {

	/** The longest latency recorded exactly; longer ones count as this (µs): an hour. */
	private static final long MAX_TRACKED_MICROS = TimeUnit.HOURS.toMicros(1);

	private final OpenCheckParameters.Step step;

	private final long skipNanos;

	/** The step's first user's start ({@link System#nanoTime()}), 0 before. */
	private final AtomicLong firstStart = new AtomicLong();

	private final LongAdder skipped = new LongAdder();

	private final LongAdder sent = new LongAdder();

	private final LongAdder ok = new LongAdder();

	private final LongAdder ko = new LongAdder();

	private final Histogram latencies = new ConcurrentHistogram(MAX_TRACKED_MICROS, 3);

	/**
	 * Creates the recorder of one step.
	 * @param step the step
	 * @param skipSeconds its first seconds not measured (s)
	 */
	StepRecorder(OpenCheckParameters.Step step, int skipSeconds) {
		this.step = step;
		this.skipNanos = TimeUnit.SECONDS.toNanos(skipSeconds);
	}

	/**
	 * Notes a user's start.
	 * @param startNanos its start ({@link System#nanoTime()})
	 * @return whether it is measured (not in the skipped seconds)
	 */
	boolean started(long startNanos) {
		this.firstStart.compareAndSet(0, startNanos);
		boolean measured = startNanos - this.firstStart.get() >= this.skipNanos;
		(measured ? this.sent : this.skipped).increment();
		return measured;
	}

	/**
	 * Records a measured user's request once it ended.
	 * @param startNanos the user's start ({@link System#nanoTime()})
	 * @param endNanos the request's end
	 * @param succeeded whether it was OK (the expected status)
	 */
	void ended(long startNanos, long endNanos, boolean succeeded) {
		(succeeded ? this.ok : this.ko).increment();
		long micros = TimeUnit.NANOSECONDS.toMicros(endNanos - startNanos);
		this.latencies.recordValue(Math.min(Math.max(0, micros), MAX_TRACKED_MICROS));
	}

	/**
	 * Returns the step's figures, as {@code latency.json} holds them.
	 * @return rate (req/s), seconds, skipSeconds, skipped, sent, ok, ko, p50Ms, p99Ms,
	 * maxMs (0 without a request)
	 */
	Map<String, Object> figures() {
		Map<String, Object> figures = new LinkedHashMap<>();
		figures.put("rate", this.step.rate());
		figures.put("seconds", this.step.seconds());
		figures.put("skipSeconds", TimeUnit.NANOSECONDS.toSeconds(this.skipNanos));
		figures.put("skipped", this.skipped.sum());
		figures.put("sent", this.sent.sum());
		figures.put("ok", this.ok.sum());
		figures.put("ko", this.ko.sum());
		boolean any = this.latencies.getTotalCount() > 0;
		figures.put("p50Ms", any ? this.latencies.getValueAtPercentile(50) / 1000.0 : 0);
		figures.put("p99Ms", any ? this.latencies.getValueAtPercentile(99) / 1000.0 : 0);
		figures.put("maxMs", any ? this.latencies.getMaxValue() / 1000.0 : 0);
		return figures;
	}

}
