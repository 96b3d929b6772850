package dev.twinstack.monitoring;

/**
 * What a JFR recording holds about one time window of a JVM. A figure is {@code null}
 * when the window holds no event of its kind.
 *
 * @param gcCount garbage collections that started in the window (one
 * {@code jdk.GCHeapSummary} "Before GC" event each)
 * @param peakHeapUsedMb the highest {@code jdk.GCHeapSummary.heapUsed}: the heap in use
 * just before a collection, i.e. the top of the saw-tooth (MB = 2^20 bytes)
 * @param lowestHeapAfterGcMb the lowest heap in use just after a collection in the window
 * (MB): what survived
 * @param threadSamples {@code jdk.JavaThreadStatistics} events in the window (one a
 * second with the {@code profile} settings)
 * @param peakActiveThreads the highest {@code jdk.JavaThreadStatistics.activeCount}: live
 * threads, daemon or not
 * @param peakThreadsSinceStart the highest {@code jdk.JavaThreadStatistics.peakCount}:
 * the JVM's peak thread count since it started
 * @param meanJvmCpu the mean of {@code jdk.CPULoad} jvmUser + jvmSystem: the JVM's share
 * of the whole machine (0–1)
 * @param meanMachineCpu the mean of {@code jdk.CPULoad.machineTotal} (0–1)
 */
public record JfrWindow(int gcCount, Double peakHeapUsedMb, Double lowestHeapAfterGcMb, int threadSamples,
		Double peakActiveThreads, Double peakThreadsSinceStart, Double meanJvmCpu, Double meanMachineCpu) {

}
