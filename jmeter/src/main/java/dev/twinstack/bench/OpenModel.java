package dev.twinstack.bench;

/**
 * Sizing and checking the open model (constant arrival rate).
 */
final class OpenModel {

	/**
	 * Threads beyond Little's law: with L = rate × latency requests in flight at the
	 * expected latency, the thread group may use 1.5 × L + 20 threads before the rate
	 * starts to slip.
	 */
	static final double HEADROOM = 1.5;

	static final int SPARE_THREADS = 20;

	/** Below this share of the requested rate, the report says the rate was not kept. */
	static final double ACHIEVED_SHARE = 0.95;

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
	static int maxThreads(int rate, double expectedLatencyMs) {
		double inFlight = rate * Math.max(expectedLatencyMs, 1) / 1000;
		return (int) Math.min(BenchSettings.MAX_CONCURRENCY, Math.ceil(inFlight * HEADROOM) + SPARE_THREADS);
	}

	/**
	 * Returns the threads the open model starts with: Little's law at the expected
	 * latency, the threads {@link #maxThreads} sized before its headroom. JMeter's
	 * feedback function ({@code __tstFeedback}) otherwise starts from 1 thread and about
	 * doubles them each second: 1, 4, 8, 16, 30, 51 threads were seen in a 7 s trial at
	 * 300 req/s × 300 ms, which needs 90 in flight, so the rate was never reached.
	 * @param maxThreads the thread cap from {@link #maxThreads}
	 * @return the initial thread count, at least 1
	 */
	static int initialThreads(int maxThreads) {
		return Math.max(1, Math.min(maxThreads, (int) Math.ceil((maxThreads - SPARE_THREADS) / HEADROOM)));
	}

	/**
	 * Returns the throughput a run would measure if it kept the rate: the ramp-up from 0
	 * to the rate counts half.
	 * @param rate the requested rate (req/s)
	 * @param rampUpSeconds ramp-up (s)
	 * @param holdSeconds hold (s)
	 * @return the expected throughput over the whole run (req/s)
	 */
	static double expectedThroughput(int rate, double rampUpSeconds, double holdSeconds) {
		return rate * (holdSeconds + rampUpSeconds / 2) / (holdSeconds + rampUpSeconds);
	}

	/**
	 * Tells whether a run kept its requested rate.
	 * @param rate the requested rate (req/s)
	 * @param throughput the measured throughput (req/s)
	 * @param rampUpSeconds ramp-up (s)
	 * @param holdSeconds hold (s)
	 * @return {@code true} when the throughput reached 95 % of the expected one
	 */
	static boolean rateKept(int rate, double throughput, double rampUpSeconds, double holdSeconds) {
		return throughput >= ACHIEVED_SHARE * expectedThroughput(rate, rampUpSeconds, holdSeconds);
	}

}
