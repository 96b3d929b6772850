package dev.twinstack.bench.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.math3.stat.descriptive.rank.Median;

import dev.twinstack.bench.compare.RunComparison.Cell;
import dev.twinstack.bench.compare.RunComparison.Figure;
import dev.twinstack.bench.compare.RunComparison.Run;
import dev.twinstack.bench.compare.RunRecord.CellRecord;

/**
 * Compares two runs: matches their cells by identity, estimates every figure's ratio
 * ({@link RatioEstimate}) and collects the warnings ({@link RunDifferences}).
 */
final class RunComparer {

	private RunComparer() {
	}

	/**
	 * Compares the candidate with the baseline.
	 * @param baseline the run compared against
	 * @param candidate the run compared
	 * @param confidence the intervals' confidence, above 0.5 and below 1
	 * @return the comparison
	 */
	static RunComparison compare(RunRecord baseline, RunRecord candidate, double confidence) {
		Map<CellKey, CellRecord> candidateCells = new LinkedHashMap<>();
		candidate.cells().forEach((cell) -> candidateCells.put(cell.key(), cell));
		List<Cell> cells = new ArrayList<>();
		List<String> onlyInBaseline = new ArrayList<>();
		for (CellRecord cell : baseline.cells()) {
			CellRecord other = candidateCells.remove(cell.key());
			if (other == null) {
				onlyInBaseline.add(cell.key().label());
			}
			else {
				cells.add(cell(cell, other, confidence));
			}
		}
		List<String> onlyInCandidate = candidateCells.keySet().stream().map(CellKey::label).toList();
		List<String> warnings = new ArrayList<>(RunDifferences.of(baseline, candidate));
		if (cells.isEmpty()) {
			warnings.add("no cell is in both runs: nothing to compare (see the cells present in only one run)");
		}
		return new RunComparison(run(baseline), run(candidate), confidence, warnings, cells, onlyInBaseline,
				onlyInCandidate);
	}

	private static Cell cell(CellRecord baseline, CellRecord candidate, double confidence) {
		List<Figure> figures = new ArrayList<>();
		for (Metric metric : Metric.values()) {
			double[] b = baseline.trials().get(metric);
			double[] c = candidate.trials().get(metric);
			RatioEstimate estimate = RatioEstimate.of(b, c, confidence);
			Verdict verdict = estimate.verdict(metric);
			figures.add(new Figure(metric, metric.unit(), median(b), median(c), estimate, verdict,
					metric.describe(verdict)));
		}
		return new Cell(baseline.key(), baseline.key().label(), baseline.validity(), candidate.validity(), figures);
	}

	private static Double median(double[] values) {
		return (values.length == 0) ? null : new Median().evaluate(values);
	}

	private static Run run(RunRecord run) {
		Map<String, String> env = run.environment();
		String machine = env.getOrDefault("cores", "?") + " cores, " + env.getOrDefault("totalMemoryMb", "?") + " MB, "
				+ env.getOrDefault("os", "?") + (env.containsKey("cpuModel") ? ", " + env.get("cpuModel") : "");
		return new Run(run.name(), run.folder(), run.settings().get("profile"), run.startedAt(), run.jdkLabel(),
				machine, run.commit());
	}

}
