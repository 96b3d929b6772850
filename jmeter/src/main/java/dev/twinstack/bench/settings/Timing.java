package dev.twinstack.bench.settings;

import java.time.Duration;

import dev.twinstack.bench.matrix.Workload;

/**
 * How long and how often the bench loads each cell.
 *
 * @param duration hold time per trial (whole seconds), after a 1 s ramp-up
 * @param warmup the most load per app start before measuring, at the highest concurrency,
 * in rounds until each workload's throughput is steady
 * ({@link dev.twinstack.bench.load.warmup.WarmUp}; whole seconds, 0 = none)
 * @param baseline load at concurrency 1 per workload after the warm-up (base latency)
 * @param trials measured repetitions of every cell
 * @param requests requests per cell of the {@code count} model
 * @param memoryRequests N of the memory after N requests
 * ({@link dev.twinstack.bench.measure.MemoryAfterRequests}), 0 = none
 * @param memoryRepeats how many times that measurement runs per stack, back to back
 * @param memoryWorkload its workload, {@code null} for composite with the matrix's first
 * fanout
 * @param jvmPerWorkload whether each workload gets its own app JVM
 * ({@code bench.fork=workload}) rather than one per stack, heap and app CPUs serving its
 * workloads in turn ({@code app})
 */
public record Timing(Duration duration, Duration warmup, Duration baseline, int trials, int requests,
		int memoryRequests, int memoryRepeats, Workload memoryWorkload, boolean jvmPerWorkload) {

}
