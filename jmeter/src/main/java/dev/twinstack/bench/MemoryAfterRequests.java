package dev.twinstack.bench;

/**
 * The classic side-by-side figures: how long a stack takes to complete N requests from 10
 * concurrent clients (closed model, like {@code ab -n N -c 10}), and its heap and RSS
 * right after — measured once per stack, after its warm-up and before its cells.
 *
 * @param stack the stack
 * @param fanout the fanout of the requests
 * @param requests requests completed
 * @param concurrency concurrent clients
 * @param errors requests that failed
 * @param seconds from the first request's start to the last one's end (s)
 * @param throughput requests / seconds (req/s)
 * @param heapUsedMb heap in use right after the last request (Micrometer
 * {@code jvm.memory.used{area=heap}}, MB = 2^20 bytes): live data plus garbage not yet
 * collected
 * @param liveThreads live threads right after the last request
 * @param rssMb the app's resident set size right after the last request (MB)
 * @param heapAfterGcMb heap in use after a full collection ({@code jcmd GC.run}): what
 * the app really keeps (MB), {@code null} without {@code jcmd}
 * @param rssAfterGcMb resident set size after that collection (MB), {@code null} without
 * {@code jcmd}
 */
public record MemoryAfterRequests(Stack stack, Fanout fanout, int requests, int concurrency, long errors,
		double seconds, double throughput, Double heapUsedMb, Double liveThreads, Double rssMb, Double heapAfterGcMb,
		Double rssAfterGcMb) {

	/** Default N ({@code bench.memoryRequests}), as the seeds' "after 500 requests". */
	public static final int DEFAULT_REQUESTS = 500;

	/** Default N of the {@code smoke} profile. */
	public static final int SMOKE_REQUESTS = 200;

	/** Concurrent clients. */
	public static final int CONCURRENCY = 10;

	private static final int MAX_REQUESTS = 100_000;

	/**
	 * Parses {@code bench.memoryRequests}.
	 * @param value the property's value, {@code null} for the default
	 * @param smoke whether the profile is {@code smoke}
	 * @return N, 0 to skip the measurement
	 * @throws BenchConfigException when the value is not 0 or a multiple of
	 * {@value #CONCURRENCY} up to 100000
	 */
	static int requests(String value, boolean smoke) {
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
