package dev.twinstack.bench.analysis;

/**
 * The CPU ceiling of a cell, from the utilization law: a station of m processors busy D
 * ms per request serves at most m × 1000 / D requests per second (U = X·D ≤ m). Source:
 * Lazowska, Zahorjan, Graham and Sevcik, <i>Quantitative System Performance</i> (1984),
 * ch. 3 (the utilization law) and ch. 5 (asymptotic bounds, X ≤ 1 / D<sub>max</sub>).
 * <ul>
 * <li>No pinning: the app, JMeter and mock-services share every core, so the machine is
 * one station: X ≤ cores × 1000 / (the machine's CPU ms per request).</li>
 * <li>The app pinned to its own cores: two stations, the app's cores and the harness's,
 * each bounding the throughput: X ≤ min(app cores × 1000 / app ms, harness cores × 1000 /
 * (machine ms − app ms)).</li>
 * </ul>
 * The demands are measured in the cell itself, over the same steady window as the
 * throughput: the ceiling says how far the cell was from what its CPU allowed, and the
 * efficiency against it is the busy share of the limiting station.
 */
public final class CpuCeiling {

	private CpuCeiling() {
	}

	/**
	 * Computes the ceiling.
	 * @param cost the CPU per request of the cell (median over its trials)
	 * @param cores the machine's logical processors
	 * @param appCores the cores the app was pinned to, {@code cores} (or more) without
	 * pinning
	 * @return req/s, {@code null} when a needed demand was not measured or is not
	 * positive
	 */
	public static Double of(CpuCost cost, int cores, int appCores) {
		if (cost == null || cost.machineMs() == null || cost.machineMs() <= 0 || cores <= 0) {
			return null;
		}
		if (appCores >= cores) {
			return cores * 1000 / cost.machineMs();
		}
		if (cost.appMs() == null || cost.appMs() <= 0) {
			return null;
		}
		double app = appCores * 1000 / cost.appMs();
		double harnessMs = cost.machineMs() - cost.appMs();
		return (harnessMs > 0) ? Math.min(app, (cores - appCores) * 1000 / harnessMs) : app;
	}

}
