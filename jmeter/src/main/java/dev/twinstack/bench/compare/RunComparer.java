package dev.twinstack.bench.compare;

import java.nio.file.Path;
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
public final class RunComparer {

	private RunComparer() {
	}

	/**
	 * Compares two run folders and writes the comparison ({@link CompareReport}): the
	 * compare command's work.
	 * @param baseline the folder of the run compared against, holding results.json
	 * @param candidate the folder of the run compared
	 * @param output where to write report.md, index.html and compare.json; {@code null}
	 * for {@code target/compare/<baseline>-vs-<candidate>}
	 * @param confidence the intervals' confidence, 0.5 to 0.999
	 * @return the summary to print: the cells matched, one line per figure (indented),
	 * the warnings and the files written
	 * @throws CompareException when an input is wrong or a file cannot be written
	 */
	public static List<String> compareFolders(Path baseline, Path candidate, Path output, double confidence) {
		if (!(confidence >= 0.5 && confidence <= 0.999)) {
			throw new CompareException("--confidence must be between 0.5 and 0.999, got " + confidence);
		}
		RunRecord base = RunReader.read("baseline", baseline);
		RunRecord cand = RunReader.read("candidate", candidate);
		Path folder = (output != null) ? output : Path.of("target", "compare", base.name() + "-vs-" + cand.name());
		RunComparison comparison = compare(base, cand, confidence);
		CompareReport.write(comparison, folder);
		List<String> lines = new ArrayList<>();
		lines.add(cand.name() + " compared with " + base.name() + ": " + comparison.cells().size()
				+ " cells in both runs, " + comparison.onlyInBaseline().size() + " only in the baseline, "
				+ comparison.onlyInCandidate().size() + " only in the candidate");
		ReportView.of(comparison).summary().forEach((line) -> lines.add("  " + line));
		comparison.warnings().forEach((warning) -> lines.add("warning: " + warning));
		lines.add("wrote " + folder.resolve("report.md") + ", index.html, compare.json");
		return List.copyOf(lines);
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
