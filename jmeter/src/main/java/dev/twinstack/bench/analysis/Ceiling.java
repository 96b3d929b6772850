package dev.twinstack.bench.analysis;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

import dev.twinstack.bench.matrix.Cell;

/**
 * The Little's-law ceiling of one cell: with N requests in flight and each taking at
 * least the ideal latency W, no server can answer more than N / W requests per second.
 * Computed for I/O-bound workloads with a known latency. Next to it the CPU ceiling of
 * the utilization law (U = X·D, so X ≤ cores / D): no placement of the processes can
 * serve more requests per second than the cores they run on divided by the CPU each
 * request costs them ({@link CpuCeiling}); it applies to every workload. Fields are
 * {@code null} where a ceiling is unknown.
 *
 * @param downstreamMs the downstream wait of one request: the sum of the downstream
 * latencies (sequential) or the largest (parallel) (ms)
 * @param baseLatencyMs the app's own time per request, measured at concurrency 1: median
 * latency there minus the downstream wait (ms), {@code null} when not measured
 * @param idealLatencyMs the least a request can take: downstream wait + base latency (ms)
 * @param concurrencyCeiling requests in flight / ideal latency: what the client's
 * concurrency allows (req/s)
 * @param threadCap worker threads that each hold one request for its whole duration
 * (Tomcat's {@code server.tomcat.threads.max}), {@code null} without such a cap
 * @param threadCeiling thread cap / ideal latency: what the worker threads allow (req/s),
 * {@code null} without a cap
 * @param cpuCeiling the CPU ceiling (req/s), {@code null} without a CPU reading
 * @param ceiling the lowest of the ceilings and, in the open model, the requested rate
 * (req/s)
 * @param boundBy what sets the ceiling: {@code concurrency}, {@code threads}, {@code cpu}
 * or {@code rate}
 * @param efficiency measured throughput of successful requests / ceiling (1 = at the
 * ceiling)
 */
public record Ceiling(Double downstreamMs, Double baseLatencyMs, Double idealLatencyMs, Double concurrencyCeiling,
		Integer threadCap, Double threadCeiling, Double cpuCeiling, Double ceiling, String boundBy, Double efficiency) {

	private static final Ceiling UNKNOWN = new Ceiling(null, null, null, null, null, null, null, null, null, null);

	/**
	 * Computes the ceiling of a composite cell from the downstream latency alone (no base
	 * latency).
	 * @param cell the cell (fanout and concurrency)
	 * @param fixedLatency the fixed latency of each downstream call, empty when random
	 * @param threadCap the app's worker thread cap, empty without one
	 * @param throughput the measured throughput (req/s)
	 * @return the ceiling, all {@code null} without a fixed, positive latency
	 */
	public static Ceiling of(Cell cell, Optional<Duration> fixedLatency, OptionalInt threadCap, double throughput) {
		if (fixedLatency.isEmpty() || fixedLatency.get().isZero()) {
			return UNKNOWN;
		}
		double downstreamMs = cell.workload().downstreamMs(fixedLatency.get().toNanos() / 1e6, 0);
		return of(downstreamMs, null, cell.concurrency(), 0, threadCap, throughput);
	}

	/**
	 * Computes the ceiling of a cell.
	 * @param downstreamMs the downstream wait of one request (ms); 0 or less means the
	 * workload is not I/O-bound and has no ceiling
	 * @param baseLatencyMs the app's own time per request at concurrency 1 (ms),
	 * {@code null} when not measured
	 * @param inFlight the most requests in flight: the concurrency, or the open model's
	 * thread limit
	 * @param rate the open model's requested rate (req/s), 0 for the closed models
	 * @param threadCap the app's worker thread cap, empty without one
	 * @param throughput the measured throughput (req/s)
	 * @return the ceiling
	 */
	public static Ceiling of(double downstreamMs, Double baseLatencyMs, int inFlight, int rate, OptionalInt threadCap,
			double throughput) {
		return of(downstreamMs, baseLatencyMs, inFlight, rate, threadCap, null, throughput);
	}

	/**
	 * Computes the ceiling of a cell, the CPU ceiling included.
	 * @param downstreamMs the downstream wait of one request (ms); 0 or less means the
	 * workload is not I/O-bound and has no Little's-law ceiling
	 * @param baseLatencyMs the app's own time per request at concurrency 1 (ms),
	 * {@code null} when not measured
	 * @param inFlight the most requests in flight: the concurrency, or the open model's
	 * thread limit
	 * @param rate the open model's requested rate (req/s), 0 for the closed models
	 * @param threadCap the app's worker thread cap, empty without one
	 * @param cpuCeiling the CPU ceiling (req/s), {@code null} when unknown
	 * @param throughput the measured throughput (req/s)
	 * @return the ceiling
	 */
	public static Ceiling of(double downstreamMs, Double baseLatencyMs, int inFlight, int rate, OptionalInt threadCap,
			Double cpuCeiling, double throughput) {
		if (downstreamMs <= 0 || inFlight <= 0) {
			if (cpuCeiling == null || cpuCeiling <= 0) {
				return UNKNOWN;
			}
			double ceiling = (rate > 0) ? Math.min(rate, cpuCeiling) : cpuCeiling;
			return new Ceiling(null, null, null, null, null, null, cpuCeiling, ceiling,
					(rate > 0 && rate < cpuCeiling) ? "rate" : "cpu", throughput / ceiling);
		}
		double idealMs = downstreamMs + ((baseLatencyMs != null) ? Math.max(0, baseLatencyMs) : 0);
		double concurrencyCeiling = inFlight * 1000 / idealMs;
		Double threadCeiling = threadCap.isPresent() ? threadCap.getAsInt() * 1000 / idealMs : null;
		double ceiling = concurrencyCeiling;
		String boundBy = "concurrency";
		if (threadCeiling != null && threadCeiling < ceiling) {
			ceiling = threadCeiling;
			boundBy = "threads";
		}
		if (cpuCeiling != null && cpuCeiling > 0 && cpuCeiling < ceiling) {
			ceiling = cpuCeiling;
			boundBy = "cpu";
		}
		if (rate > 0 && rate < ceiling) {
			ceiling = rate;
			boundBy = "rate";
		}
		return new Ceiling(downstreamMs, baseLatencyMs, idealMs, concurrencyCeiling,
				threadCap.isPresent() ? threadCap.getAsInt() : null, threadCeiling, cpuCeiling, ceiling, boundBy,
				throughput / ceiling);
	}

}
