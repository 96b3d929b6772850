package dev.twinstack.bench.measure.jvm;

import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;

/**
 * The classic side-by-side figures: how long a stack takes to complete N requests from 10
 * concurrent clients (closed model, like {@code ab -n N -c 10}), and its heap and RSS
 * right after — measured per stack (once, or as often as the profile asks: the
 * {@code seeds} profile takes five readings, as seed 000 did), after its warm-up and
 * before its cells.
 * <p>
 * Every reading starts from a full GC ({@code jcmd <pid> GC.run}), so the readings are
 * comparable: seed 000's "memory usage after handling 500 requests" was the heap in use
 * of a small server (8 to 17 MB: a heap figure, no JVM's resident set is that small) read
 * after the requests of a unit test, each of its five executions a fresh process, so each
 * started from the same empty heap. Without the GC the first reading here came after the
 * warm-up's garbage, twice the others or more (docs/design.md, "Measuring the apps").
 * Discarding the first reading instead would leave four; a GC before each keeps all five
 * alike.
 *
 * @param stack the stack
 * @param workload what the requests did (composite with a fanout, or e.g. cpu-light)
 * @param requests requests completed
 * @param concurrency concurrent clients
 * @param errors requests that failed
 * @param seconds from the first request's start to the last one's end (s)
 * @param throughput requests / seconds (req/s)
 * @param heapUsedMb heap in use right after the last request (Micrometer
 * {@code jvm.memory.used{area=heap}}, MB = 2^20 bytes): what the app kept before the
 * requests plus what they allocated and no collection has freed yet
 * @param liveThreads live threads right after the last request
 * @param rssMb the app's resident set size right after the last request (MB)
 * @param heapAfterGcMb heap in use after a full collection ({@code jcmd GC.run}): what
 * the app really keeps (MB), {@code null} without {@code jcmd}
 * @param rssAfterGcMb resident set size after that collection (MB), {@code null} without
 * {@code jcmd}
 * @param heapBeforeMb heap in use after the full collection that precedes the requests
 * (MB), {@code null} without {@code jcmd} (then the reading does not start from a clean
 * heap) or when it could not be read
 * @param collectionsDuring garbage collections (Micrometer {@code jvm.gc.pause} count)
 * between the reading before the requests and the one after them; above 0, part of what
 * the requests allocated was freed before {@code heapUsedMb} was read. {@code null} when
 * either count could not be read
 */
public record MemoryAfterRequests(Stack stack, Workload workload, int requests, int concurrency, long errors,
		double seconds, double throughput, Double heapUsedMb, Double liveThreads, Double rssMb, Double heapAfterGcMb,
		Double rssAfterGcMb, Double heapBeforeMb, Long collectionsDuring) {

	/**
	 * Returns what the requests added to the heap: the heap in use after them minus the
	 * heap in use after the full GC before them (their allocation, when no collection ran
	 * in between: {@link #collectionsDuring()} 0).
	 * @return MB, {@code null} when either reading is missing
	 */
	public Double heapAddedMb() {
		return (this.heapUsedMb != null && this.heapBeforeMb != null) ? this.heapUsedMb - this.heapBeforeMb : null;
	}

}
