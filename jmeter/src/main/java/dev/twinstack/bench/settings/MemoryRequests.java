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

	/**
	 * Parses {@code bench.memoryRequests}.
	 * @param value the property's value, {@code null} for the default
	 * @param smoke whether the profile is {@code smoke}
	 * @return N, 0 to skip the measurement
	 * @throws BenchConfigException when the value is not 0 or a multiple of
	 * {@value #CONCURRENCY} up to 100000
	 */
	static int parse(String value, boolean smoke) {
		if (value == null) {
			return smoke ? SMOKE_REQUESTS : DEFAULT_REQUESTS;
		}
		if (!value.matches("\\d{1,6}") || Integer.parseInt(value) > MAX_REQUESTS
				|| Integer.parseInt(value) % CONCURRENCY != 0) {
			throw new BenchConfigException("bench.memoryRequests must be 0 (skip) or a multiple of " + CONCURRENCY
					+ " from " + CONCURRENCY + " to " + MAX_REQUESTS + ", e.g. 500, got '" + value + "'");
		}
		return Integer.parseInt(value);
	}

}
