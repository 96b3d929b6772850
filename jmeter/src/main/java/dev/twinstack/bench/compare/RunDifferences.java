package dev.twinstack.bench.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The warnings of a comparison: where two runs differ in what shaped their figures
 * (settings, the apps' JDK, the machine, the commit) or in their completeness.
 */
final class RunDifferences {

	private static final int LONGEST_VALUE = 80;

	private RunDifferences() {
	}

	/**
	 * Lists the differences.
	 * @param baseline the run compared against
	 * @param candidate the run compared
	 * @return one warning per difference, baseline value → candidate value
	 */
	static List<String> of(RunRecord baseline, RunRecord candidate) {
		List<String> warnings = new ArrayList<>();
		for (RunRecord run : List.of(baseline, candidate)) {
			if (!run.complete()) {
				warnings.add(run.name() + " is incomplete: " + Objects.requireNonNullElse(run.incompleteReason(), "?"));
			}
		}
		if (!Objects.equals(baseline.jdk().get("version"), candidate.jdk().get("version"))
				|| !Objects.equals(baseline.jdk().get("vendor"), candidate.jdk().get("vendor"))) {
			warnings.add("JDK differs: " + baseline.jdkLabel() + " → " + candidate.jdkLabel());
		}
		differences("machine or load generator differs", baseline.environment(), candidate.environment(), warnings);
		differences("settings differ", baseline.settings(), candidate.settings(), warnings);
		if (baseline.commit() == null || candidate.commit() == null) {
			warnings.add("commit not recorded in results.json of " + ((baseline.commit() == null)
					? ((candidate.commit() == null) ? "either run" : baseline.name()) : candidate.name())
					+ ": check by hand that each run measured the code you meant");
		}
		else if (!baseline.commit().equals(candidate.commit())) {
			warnings.add("commit differs: " + baseline.commit() + " → " + candidate.commit());
		}
		return warnings;
	}

	private static void differences(String what, Map<String, String> baseline, Map<String, String> candidate,
			List<String> warnings) {
		TreeSet<String> keys = new TreeSet<>(baseline.keySet());
		keys.addAll(candidate.keySet());
		for (String key : keys) {
			String before = baseline.get(key);
			String after = candidate.get(key);
			if (!Objects.equals(before, after)) {
				warnings.add(what + ": " + key + " " + shorten(before) + " → " + shorten(after));
			}
		}
	}

	private static String shorten(String value) {
		if (value == null) {
			return "(none)";
		}
		return (value.length() > LONGEST_VALUE) ? value.substring(0, LONGEST_VALUE - 1) + "…" : value;
	}

}
