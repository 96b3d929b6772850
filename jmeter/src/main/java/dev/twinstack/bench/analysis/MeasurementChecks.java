package dev.twinstack.bench.analysis;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.ArrayList;
import java.util.List;

/**
 * The consistency checks of a cell's own readings: figures that must agree with each
 * other whatever the stack did. A miss says a reading is off (sampling skew, a probe that
 * failed), not that the stack is: it becomes a line on the cell
 * ({@link Validity#checks()}) and in the report, never a failed run. The test build's
 * smoke bench asserts that none misses.
 */
public final class MeasurementChecks {

	/**
	 * The least share of the app's and the harness's CPU per request the machine's may
	 * show: it holds every process, so it can only fall short by the skew of readings
	 * taken apart (the app's, the harness's and the machine's counters are read one after
	 * another).
	 */
	public static final double MACHINE_SHARE_FLOOR = 0.95;

	/** The fewest bytes one request can allocate: its JSON body alone is larger. */
	public static final double MIN_ALLOCATED_BYTES = 1e3;

	/** The most bytes one request can allocate before a reading is suspect (100 MB). */
	public static final double MAX_ALLOCATED_BYTES = 1e8;

	private MeasurementChecks() {
	}

	/**
	 * Checks one cell's figures, each a median over its trials.
	 * @param cost CPU per request of the app, load generator, mocks and machine (ms)
	 * @param callsDownstream whether the workload calls the mocks (their CPU must then
	 * show)
	 * @param percentilesMs p50, p99, p99.9 and max latency of each trial (ms), in that
	 * order
	 * @param allocatedBytesPerRequest the app's allocation per request over the steady
	 * window, {@code null} when not read
	 * @return what missed, in words; empty when every check held
	 */
	public static List<String> missed(CpuCost cost, boolean callsDownstream, List<double[]> percentilesMs,
			Double allocatedBytesPerRequest) {
		List<String> missed = new ArrayList<>();
		if (cost != null && cost.appMs() != null) {
			if (cost.loadGeneratorMs() == null || cost.machineMs() == null || cost.mocksMs() == null) {
				missed.add("CPU per request read for the app but not for every other process (load generator "
						+ cost.loadGeneratorMs() + ", mocks " + cost.mocksMs() + ", machine " + cost.machineMs()
						+ " ms)");
			}
			else {
				if (cost.appMs() <= 0 || cost.loadGeneratorMs() <= 0 || cost.machineMs() <= 0) {
					missed.add(fmt("CPU per request not positive: app %.3f, load generator %.3f, machine %.3f ms",
							cost.appMs(), cost.loadGeneratorMs(), cost.machineMs()));
				}
				if (callsDownstream && cost.mocksMs() <= 0) {
					missed.add(fmt("mocks' CPU per request %.3f ms with downstream calls", cost.mocksMs()));
				}
				double floor = MACHINE_SHARE_FLOOR * (cost.appMs() + cost.harnessMs());
				if (cost.machineMs() <= floor) {
					missed.add(fmt(
							"machine CPU per request %.3f ms below %.2f × (app %.3f + harness %.3f ms), %.1f %% under: "
									+ "readings taken apart skewed",
							cost.machineMs(), MACHINE_SHARE_FLOOR, cost.appMs(), cost.harnessMs(),
							(1 - cost.machineMs() / floor) * 100));
				}
			}
		}
		for (int i = 0; i < percentilesMs.size(); i++) {
			double[] p = percentilesMs.get(i);
			for (int j = 1; j < p.length; j++) {
				if (p[j] < p[j - 1]) {
					missed.add(fmt("trial %d's latency percentiles not ascending (p50, p99, p99.9, max: %s ms)", i + 1,
							java.util.Arrays.toString(p)));
					break;
				}
			}
		}
		if (allocatedBytesPerRequest != null
				&& (allocatedBytesPerRequest < MIN_ALLOCATED_BYTES || allocatedBytesPerRequest > MAX_ALLOCATED_BYTES)) {
			missed.add(fmt("allocation per request %.0f bytes outside %.0f–%.0f", allocatedBytesPerRequest,
					MIN_ALLOCATED_BYTES, MAX_ALLOCATED_BYTES));
		}
		return List.copyOf(missed);
	}

}
