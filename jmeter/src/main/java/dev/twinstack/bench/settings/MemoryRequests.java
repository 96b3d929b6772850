package dev.twinstack.bench.settings;

/**
 * N of the memory after N requests ({@code bench.memoryRequests}): how many requests,
 * from how many concurrent clients, the bench sends each stack before it reads the heap
 * and RSS.
 */
public final class MemoryRequests {

	/** Default N ({@code bench.memoryRequests}), as the seeds' "after 500 requests". */
	static final int DEFAULT_REQUESTS = 500;

	/** Default N of the {@code smoke} profile. */
	static final int SMOKE_REQUESTS = 200;

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
	 * @param smoke whether the profile is {@code smoke}
	 * @return {@value #SMOKE_REQUESTS} for smoke, else {@value #DEFAULT_REQUESTS}
	 */
	static int defaultFor(boolean smoke) {
		return smoke ? SMOKE_REQUESTS : DEFAULT_REQUESTS;
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
