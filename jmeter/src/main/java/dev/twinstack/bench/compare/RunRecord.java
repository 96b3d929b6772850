package dev.twinstack.bench.compare;

import java.util.List;
import java.util.Map;

/**
 * What the comparison needs of one run's results.json.
 *
 * @param name the run folder's name
 * @param folder the run folder, as given
 * @param complete whether the bench finished every cell
 * @param incompleteReason why not, or {@code null}
 * @param startedAt when the bench started (ISO-8601), or {@code null}
 * @param commit the commit the run was built from, or {@code null} when results.json does
 * not record it
 * @param settings {@code settings}, each value as text (arrays joined with commas)
 * @param environment {@code environment} (machine and load generator), as text, without
 * the figures measured afresh by every run (loopback round trips)
 * @param jdk {@code jdk}: the JDK the apps ran on, as text
 * @param cells the matrix cells in results.json's order
 */
record RunRecord(String name, String folder, boolean complete, String incompleteReason, String startedAt, String commit,
		Map<String, String> settings, Map<String, String> environment, Map<String, String> jdk,
		List<CellRecord> cells) {

	/**
	 * The JDK in one phrase.
	 * @return e.g. {@code 25.0.3 (Eclipse Adoptium)}
	 */
	String jdkLabel() {
		return this.jdk.getOrDefault("version", "?") + " (" + this.jdk.getOrDefault("vendor", "?") + ")";
	}

	/**
	 * One cell's trials and validity.
	 *
	 * @param key the cell's identity
	 * @param trials per metric, the per-trial values in trial order (a trial without the
	 * figure is left out)
	 * @param validity {@code valid}, {@code CPU-limited} or {@code invalid: <reasons>}
	 */
	record CellRecord(CellKey key, Map<Metric, double[]> trials, String validity) {

	}

}
