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
 * @param compilations {@code jdk.Compilation} events overlapping the window: JIT
 * compilations at least as long as the recording's threshold
 * ({@value #PROFILE_COMPILATION_THRESHOLD_MS} ms with the {@code profile} settings the
 * bench starts the apps with; shorter ones are not recorded); {@code null} when not read
 * (a result written before these were)
 * @param compilationMs the summed duration of those compilations inside the window (ms;
 * each clipped to it; several compiler threads can exceed the window's length): a lower
 * bound of the JIT's work, {@code null} when not read
 * @param deoptimizations {@code jdk.Deoptimization} events in the window: compiled code
 * thrown away because an assumption it was compiled under no longer held (an uncommon
 * trap: a branch or type never seen before), after which the method runs interpreted
 * until compiled again; {@code null} when not read
 */
public record JfrWindow(int gcCount, Double peakHeapUsedMb, Double lowestHeapAfterGcMb, int threadSamples,
		Double peakActiveThreads, Double peakThreadsSinceStart, Double meanJvmCpu, Double meanMachineCpu,
		Integer compilations, Double compilationMs, Integer deoptimizations) {

	/**
	 * The shortest compilation the JDK's {@code profile} settings record
	 * ({@code jdk.Compilation}'s threshold in {@code lib/jfr/profile.jfc}, JDK 17 to 25),
	 * in ms.
	 */
	public static final int PROFILE_COMPILATION_THRESHOLD_MS = 100;

	/**
	 * A window's figures without the JIT's events (a recording read before they were).
	 * @param gcCount garbage collections that started in the window
	 * @param peakHeapUsedMb the highest heap in use before a collection (MB)
	 * @param lowestHeapAfterGcMb the lowest heap in use after a collection (MB)
	 * @param threadSamples thread statistics events in the window
	 * @param peakActiveThreads the highest live thread count
	 * @param peakThreadsSinceStart the JVM's peak thread count since it started
	 * @param meanJvmCpu the JVM's mean share of the machine's CPU (0–1)
	 * @param meanMachineCpu the machine's mean CPU use (0–1)
	 */
	public JfrWindow(int gcCount, Double peakHeapUsedMb, Double lowestHeapAfterGcMb, int threadSamples,
			Double peakActiveThreads, Double peakThreadsSinceStart, Double meanJvmCpu, Double meanMachineCpu) {
		this(gcCount, peakHeapUsedMb, lowestHeapAfterGcMb, threadSamples, peakActiveThreads, peakThreadsSinceStart,
				meanJvmCpu, meanMachineCpu, null, null, null);
	}

}
