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
