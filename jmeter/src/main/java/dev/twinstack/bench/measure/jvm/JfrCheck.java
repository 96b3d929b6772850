package dev.twinstack.bench.measure.jvm;

import dev.twinstack.bench.measure.ServerStats;
import dev.twinstack.monitoring.JfrWindow;

/**
 * The cross-check of one cell's Micrometer figures against the app's JFR recording over
 * the same time window.
 * <p>
 * Threads: Micrometer's {@code jvm.threads.live} and JFR's
 * {@code jdk.JavaThreadStatistics.activeCount} count the same threads, both once a
 * second; their peaks agree when they differ by at most 3 threads or 10 %.
 * <p>
 * Heap: JFR's {@code jdk.GCHeapSummary} is written at every collection, so its "before
 * GC" peak is the top of the heap's saw-tooth, and its "after GC" low is the bottom,
 * while Micrometer reads {@code jvm.memory.used} at arbitrary points once a second. They
 * agree when Micrometer's peak lies between the lowest after-GC heap and 115 % of the
 * before-GC peak (JFR cannot say anything without a collection in the window; the bench
 * runs a full GC at the end of every cell, after the load, so there is always one).
 *
 * @param file the recording, relative to the output folder
 * @param jfr what the recording holds about the cell's window, {@code null} when the
 * recording could not be read
 * @param micrometerPeakHeapMb Micrometer's peak heap used in the cell (MB)
 * @param micrometerPeakThreads Micrometer's peak live threads in the cell
 * @param threadsAgree whether the thread peaks agree, {@code null} when a source has no
 * figure
 * @param heapAgrees whether the heap figures agree, {@code null} when a source has no
 * figure (no collection in the window)
 * @param note why a check could not be made, or {@code null}
 */
public record JfrCheck(String file, JfrWindow jfr, Double micrometerPeakHeapMb, Double micrometerPeakThreads,
		Boolean threadsAgree, Boolean heapAgrees, String note) {

	/** Largest difference between the thread peaks that still agrees (threads). */
	static final double THREADS_ABSOLUTE_TOLERANCE = 3;

	/** Largest relative difference between the thread peaks that still agrees. */
	static final double THREADS_RELATIVE_TOLERANCE = 0.10;

	/** How far Micrometer's heap peak may exceed JFR's before-GC peak (share). */
	static final double HEAP_ABOVE_PEAK_TOLERANCE = 0.15;

	/**
	 * Compares the two sources.
	 * @param file the recording, relative to the output folder
	 * @param jfr the recording's figures for the cell's window
	 * @param server the cell's Micrometer figures
	 * @return the check
	 */
	public static JfrCheck of(String file, JfrWindow jfr, ServerStats server) {
		Double heap = finite(server.peakHeapUsedMb());
		Double threads = finite(server.peakLiveThreads());
		Boolean threadsAgree = null;
		if (threads != null && jfr.peakActiveThreads() != null) {
			double difference = Math.abs(threads - jfr.peakActiveThreads());
			threadsAgree = difference <= Math.max(THREADS_ABSOLUTE_TOLERANCE,
					THREADS_RELATIVE_TOLERANCE * jfr.peakActiveThreads());
		}
		Boolean heapAgrees = null;
		String note = null;
		if (jfr.gcCount() == 0) {
			note = "no garbage collection during the cell: JFR has no heap figure";
		}
		else if (heap != null) {
			double floor = (jfr.lowestHeapAfterGcMb() != null) ? jfr.lowestHeapAfterGcMb() : 0;
			heapAgrees = heap >= floor && heap <= jfr.peakHeapUsedMb() * (1 + HEAP_ABOVE_PEAK_TOLERANCE);
		}
		return new JfrCheck(file, jfr, heap, threads, threadsAgree, heapAgrees, note);
	}

	/**
	 * A cell whose recording could not be read.
	 * @param file the recording, relative to the output folder
	 * @param reason why
	 * @return the check, without figures
	 */
	public static JfrCheck unavailable(String file, String reason) {
		return new JfrCheck(file, null, null, null, null, null, reason);
	}

	private static Double finite(double value) {
		return Double.isFinite(value) ? value : null;
	}

}
