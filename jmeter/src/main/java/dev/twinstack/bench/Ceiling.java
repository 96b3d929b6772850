package dev.twinstack.bench;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The Little's-law ceiling of one cell: with N requests in flight and each taking at
 * least the ideal latency W, no server can answer more than N / W requests per second.
 * Computed only for a fixed downstream latency; all fields are {@code null} otherwise.
 *
 * @param idealLatencyMs the least a request can take: 3 × downstream latency (sequential)
 * or 1 × (parallel), ignoring CPU and network time (ms)
 * @param concurrencyCeiling concurrency / ideal latency: what the client's concurrency
 * allows (req/s)
 * @param threadCap worker threads that each hold one request for its whole duration
 * (Tomcat's {@code server.tomcat.threads.max}), {@code null} for WebFlux
 * @param threadCeiling thread cap / ideal latency: what the worker threads allow (req/s),
 * {@code null} for WebFlux
 * @param ceiling the lower of the two ceilings (req/s)
 * @param efficiency measured throughput / ceiling (1 = at the ceiling)
 */
public record Ceiling(Double idealLatencyMs, Double concurrencyCeiling, Integer threadCap, Double threadCeiling,
		Double ceiling, Double efficiency) {

	private static final Ceiling UNKNOWN = new Ceiling(null, null, null, null, null, null);

	/**
	 * Computes the ceiling of a cell.
	 * @param cell the cell (fanout and concurrency)
	 * @param fixedLatency the fixed latency of each downstream call, empty when random
	 * @param threadCap the app's worker thread cap, empty for WebFlux
	 * @param throughput the measured throughput (req/s)
	 * @return the ceiling, all {@code null} without a fixed, positive latency
	 */
	public static Ceiling of(Cell cell, Optional<Duration> fixedLatency, OptionalInt threadCap, double throughput) {
		if (fixedLatency.isEmpty() || fixedLatency.get().isZero()) {
			return UNKNOWN;
		}
		double idealMs = cell.fanout().latenciesPerRequest() * fixedLatency.get().toNanos() / 1_000_000.0;
		double concurrencyCeiling = cell.concurrency() * 1000 / idealMs;
		Double threadCeiling = threadCap.isPresent() ? threadCap.getAsInt() * 1000 / idealMs : null;
		double ceiling = (threadCeiling != null) ? Math.min(concurrencyCeiling, threadCeiling) : concurrencyCeiling;
		return new Ceiling(idealMs, concurrencyCeiling, threadCap.isPresent() ? threadCap.getAsInt() : null,
				threadCeiling, ceiling, throughput / ceiling);
	}

}
