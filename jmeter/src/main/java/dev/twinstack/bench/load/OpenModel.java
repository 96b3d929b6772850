package dev.twinstack.bench.load;

import java.time.Duration;
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

	/**
	 * How long the open model's threads may keep sending arrivals after the schedule's
	 * end: a pool that fell behind sends its backlog late until then, the arrivals still
	 * unsent are not sent.
	 */
	public static final Duration DRAIN = Duration.ofSeconds(5);

	/**
	 * Time the open model's thread group allows JMeter to reach its schedule's start (the
	 * first arrival's claim) beyond the schedule and its drain; the group's end is only a
	 * backstop, the timer ends the threads.
	 */
	public static final Duration START_ALLOWANCE = Duration.ofSeconds(30);

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
	 * Returns how long the open model's thread group may run: the schedule, its
	 * {@link #DRAIN} and the {@link #START_ALLOWANCE}.
	 * @param rampUp the schedule's ramp-up
	 * @param hold the schedule's hold
	 * @return the group's duration
	 */
	static Duration groupDuration(Duration rampUp, Duration hold) {
		return rampUp.plus(hold).plus(DRAIN).plus(START_ALLOWANCE);
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
