package dev.twinstack.bench.compare;

import java.util.List;

/**
 * Two runs compared: what compare.json holds and the reports show.
 *
 * @param baseline the run compared against
 * @param candidate the run compared
 * @param confidence the intervals' confidence, e.g. 0.95
 * @param warnings where the runs' settings, JDK, machine or commit differ, and other
 * reasons to distrust the comparison
 * @param cells the cells present in both runs, in the baseline's order
 * @param onlyInBaseline labels of the cells only the baseline measured
 * @param onlyInCandidate labels of the cells only the candidate measured
 */
record RunComparison(Run baseline, Run candidate, double confidence, List<String> warnings, List<Cell> cells,
		List<String> onlyInBaseline, List<String> onlyInCandidate) {

	/**
	 * A run as the comparison names it.
	 *
	 * @param name the folder's name
	 * @param folder the folder, as given
	 * @param profile the bench profile
	 * @param startedAt when it started
	 * @param jdk the apps' JDK
	 * @param machine cores, memory and OS
	 * @param commit the commit, or {@code null} when not recorded
	 */
	record Run(String name, String folder, String profile, String startedAt, String jdk, String machine,
			String commit) {

	}

	/**
	 * A cell present in both runs.
	 *
	 * @param key its identity
	 * @param label its name, as the reports show it
	 * @param baselineValidity the baseline's judgement of the cell
	 * @param candidateValidity the candidate's
	 * @param figures one comparison per {@link Metric}, in its order
	 */
	record Cell(CellKey key, String label, String baselineValidity, String candidateValidity, List<Figure> figures) {

	}

	/**
	 * One figure of a cell compared.
	 *
	 * @param metric the figure
	 * @param unit its unit
	 * @param baselineMedian the median of the baseline's trials, or {@code null}
	 * @param candidateMedian the median of the candidate's trials, or {@code null}
	 * @param estimate the ratio with its interval
	 * @param verdict better, worse, no significant difference, not tested
	 * @param reads the verdict in words for this figure (e.g. {@code faster})
	 */
	record Figure(Metric metric, String unit, Double baselineMedian, Double candidateMedian, RatioEstimate estimate,
			Verdict verdict, String reads) {

	}

}
