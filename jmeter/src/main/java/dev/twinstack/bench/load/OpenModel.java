package dev.twinstack.bench.load;

import java.util.List;

import dev.twinstack.bench.settings.BenchSettings;

/**
 * Sizing and checking the open model (constant arrival rate).
 */
public final class OpenModel {

	/**
	 * Threads beyond Little's law: with L = rate × latency requests in flight at the
	 * expected latency, the thread group may use 1.5 × L + 20 threads before the rate
	 * starts to slip.
	 */
	static final double HEADROOM = 1.5;

	static final int SPARE_THREADS = 20;

	/** Below this share of the requested rate, the report says the rate was not kept. */
	public static final double ACHIEVED_SHARE = 0.95;

	private OpenModel() {
	}

	/**
	 * Returns the most threads JMeter may use to keep a rate: Little's law (rate ×
	 * expected latency) with headroom, at most {@link BenchSettings#MAX_CONCURRENCY}.
	 * @param rate the arrival rate (req/s)
	 * @param expectedLatencyMs the latency expected at that rate, e.g. the ideal latency
	 * (ms)
	 * @return the thread count
	 */
	public static int maxThreads(int rate, double expectedLatencyMs) {
		double inFlight = rate * Math.max(expectedLatencyMs, 1) / 1000;
		return (int) Math.min(BenchSettings.MAX_CONCURRENCY, Math.ceil(inFlight * HEADROOM) + SPARE_THREADS);
	}

	/**
	 * Returns the threads the open model starts with: Little's law at the expected
	 * latency, the threads {@link #maxThreads} sized before its headroom. JMeter's
	 * feedback function ({@code __tstFeedback}) otherwise starts from 1 thread and about
	 * doubles them each second, too slowly to reach the rate in a short trial
	 * (docs/design.md, "The open model's start").
	 * @param maxThreads the thread cap from {@link #maxThreads}
	 * @return the initial thread count, at least 1
	 */
	static int initialThreads(int maxThreads) {
		return Math.max(1, Math.min(maxThreads, (int) Math.ceil((maxThreads - SPARE_THREADS) / HEADROOM)));
	}

	/**
	 * Returns the rate the open model's ramp starts from: one ramp step, {@code rate /
	 * rampUp}, at least 1 req/s, as the exported plans' ramp does; the whole rate without
	 * a ramp-up.
	 * @param rate the target rate (req/s)
	 * @param rampUp the ramp-up
	 * @return the first rate (req/s)
	 */
	static double rampStart(double rate, java.time.Duration rampUp) {
		double seconds = rampUp.toMillis() / 1000.0;
		return Math.max(1, (seconds >= 1) ? rate / seconds : rate);
	}

	/**
	 * Returns the arrival rate a run achieved: the median of the requests started in each
	 * whole second of the hold, the ramp-up's second left out. Arrivals, not completions:
	 * a stack that queues requests still received them at the rate, and its queueing
	 * shows in the latency; completions per second would also count the drain after the
	 * schedule. The median, not the mean: JMeter's own start can hold back the first
	 * seconds of a hold, which is the load generator's, not the stack's; a stack that
	 * cannot keep up lowers most seconds, and so the median (docs/design.md, "The open
	 * model's start").
	 * @param startsPerSecond requests started in each whole second from the first start
	 * (from {@link JtlAnalysis#startsPerSecond})
	 * @param rampUpSeconds ramp-up (s)
	 * @return req/s, or {@code null} when no whole second of the hold was recorded
	 */
	public static Double arrivalRate(List<Integer> startsPerSecond, double rampUpSeconds) {
		int skip = (int) Math.ceil(rampUpSeconds);
		if (startsPerSecond.size() <= skip) {
			return null;
		}
		return ThroughputStats.of(startsPerSecond.subList(skip, startsPerSecond.size())).p50();
	}

	/**
	 * Tells whether a run kept its requested rate.
	 * @param rate the requested rate (req/s)
	 * @param arrivalRate the achieved arrival rate from {@link #arrivalRate} (req/s), or
	 * {@code null}
	 * @return {@code true} when the arrival rate reached 95 % of the requested one
	 */
	public static boolean rateKept(int rate, Double arrivalRate) {
		return arrivalRate != null && arrivalRate >= ACHIEVED_SHARE * rate;
	}

}
