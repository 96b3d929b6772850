package dev.twinstack.bench.settings;

/**
 * N of the memory after N requests ({@code bench.memoryRequests}): how many requests,
 * from how many concurrent clients, the bench sends each stack before it reads the heap
 * and RSS.
 */
public final class MemoryRequests {

	/** Default N ({@code bench.memoryRequests}), as the seeds' "after 500 requests". */
	static final int DEFAULT_REQUESTS = 500;

	/**
	 * Default N of the {@code smoke} and {@code standard} profiles. Both read the memory
	 * of a warmed-up app, which has served thousands of requests already; 200 take 9 s
	 * less than 500 per app start at 10 clients on composite sequential (300 ms each),
	 * which {@code standard}'s 20 minutes need. {@code seeds} keeps the seeds' 500.
	 */
	static final int SHORT_REQUESTS = 200;

	/** Concurrent clients of the measurement. */
	public static final int CONCURRENCY = 10;

	private static final int MAX_REQUESTS = 100_000;

	private MemoryRequests() {
	}

	/** What {@code bench.memoryRequests} may be, read after "must be" in its error. */
	static final String ACCEPTED = "0 (skip) or a multiple of " + CONCURRENCY + " from " + CONCURRENCY + " to "
			+ MAX_REQUESTS + ", e.g. 500";

	/**
	 * Returns the default N.
	 * @param profile the profile
	 * @return {@value #SHORT_REQUESTS} for {@code smoke} and {@code standard}, else
	 * {@value #DEFAULT_REQUESTS}
	 */
	static int defaultFor(BenchProfile profile) {
		return (profile == BenchProfile.SMOKE || profile == BenchProfile.STANDARD) ? SHORT_REQUESTS : DEFAULT_REQUESTS;
	}

	/**
	 * Parses {@code bench.memoryRequests}.
	 * @param value the property's value
	 * @return N, 0 to skip the measurement; {@code null} when the value is not
	 * {@link #ACCEPTED}
	 */
	static Integer parse(String value) {
		if (!value.matches("\\d{1,6}") || Integer.parseInt(value) > MAX_REQUESTS
				|| Integer.parseInt(value) % CONCURRENCY != 0) {
			return null;
		}
		return Integer.parseInt(value);
	}

}
