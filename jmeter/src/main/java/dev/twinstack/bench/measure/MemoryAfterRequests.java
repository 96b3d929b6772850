package dev.twinstack.bench.measure;

import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;

/**
 * The classic side-by-side figures: how long a stack takes to complete N requests from 10
 * concurrent clients (closed model, like {@code ab -n N -c 10}), and its heap and RSS
 * right after — measured per stack (once, or as often as the profile asks: the
 * {@code seeds} profile takes five readings, as seed 000 did), after its warm-up and
 * before its cells.
 *
 * @param stack the stack
 * @param workload what the requests did (composite with a fanout, or e.g. cpu-light)
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
public record MemoryAfterRequests(Stack stack, Workload workload, int requests, int concurrency, long errors,
		double seconds, double throughput, Double heapUsedMb, Double liveThreads, Double rssMb, Double heapAfterGcMb,
		Double rssAfterGcMb) {
}
