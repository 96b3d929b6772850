package dev.twinstack.bench.compare;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.twinstack.bench.compare.RunComparison.Cell;
import dev.twinstack.bench.compare.RunComparison.Figure;
import dev.twinstack.bench.compare.RunComparison.Run;

/**
 * What the templates (report.md, index.html) show of a comparison: every figure already
 * formatted, so the templates only place text.
 *
 * @param baseline the run compared against
 * @param candidate the run compared
 * @param confidence the intervals' confidence, in % (e.g. {@code 95})
 * @param alpha the two-sided significance level (e.g. {@code 0.05})
 * @param warnings the comparison's warnings
 * @param summary one line per figure: how many cells came out better, worse, the same
 * @param comparisons figures compared in all (cells × figures)
 * @param expectedByChance how many of them would come out significant by chance alone if
 * nothing changed (comparisons × alpha)
 * @param metrics the figures' names, for the overview's header
 * @param overview one row per cell in both runs: each figure's ratio and verdict
 * @param cells the cells in detail
 * @param onlyInBaseline cells only the baseline measured
 * @param onlyInCandidate cells only the candidate measured
 * @param anyCells whether a cell is in both runs
 */
record ReportView(Run baseline, Run candidate, String confidence, String alpha, List<String> warnings,
		List<String> summary, int comparisons, String expectedByChance, List<String> metrics,
		List<OverviewRow> overview, List<CellView> cells, List<String> onlyInBaseline, List<String> onlyInCandidate,
		boolean anyCells) {

	static ReportView of(RunComparison comparison) {
		List<OverviewRow> overview = new ArrayList<>();
		List<CellView> cells = new ArrayList<>();
		Map<Metric, Map<Verdict, Integer>> counts = new EnumMap<>(Metric.class);
		for (Cell cell : comparison.cells()) {
			List<FigureView> figures = cell.figures().stream().map(ReportView::figure).toList();
			overview.add(new OverviewRow(cell.label(), figures));
			cells.add(new CellView(cell.label(), validity(cell), figures));
			cell.figures()
				.forEach((figure) -> counts.computeIfAbsent(figure.metric(), (metric) -> new EnumMap<>(Verdict.class))
					.merge(figure.verdict(), 1, Integer::sum));
		}
		List<String> summary = new ArrayList<>();
		counts.forEach((metric,
				verdicts) -> summary.add(metric.label() + ": "
						+ String.join(", ",
								verdicts.entrySet()
									.stream()
									.map((entry) -> entry.getValue() + " " + metric.describe(entry.getKey()))
									.toList())));
		double alpha = 1 - comparison.confidence();
		int comparisons = comparison.cells().size() * Metric.values().length;
		return new ReportView(comparison.baseline(), comparison.candidate(),
				format("%.4g", comparison.confidence() * 100).replaceAll("\\.?0+$", ""),
				format("%.4g", alpha).replaceAll("\\.?0+$", ""), comparison.warnings(), summary, comparisons,
				format("%.1f", comparisons * alpha), List.of(Metric.values()).stream().map(ReportView::header).toList(),
				overview, cells, comparison.onlyInBaseline(), comparison.onlyInCandidate(), !cells.isEmpty());
	}

	private static String validity(Cell cell) {
		return cell.baselineValidity().equals(cell.candidateValidity()) ? "both runs " + cell.baselineValidity()
				: "baseline " + cell.baselineValidity() + "; candidate " + cell.candidateValidity();
	}

	private static String header(Metric metric) {
		return metric.unit().isEmpty() ? metric.label() : metric.label() + " (" + metric.unit() + ")";
	}

	private static FigureView figure(Figure figure) {
		RatioEstimate estimate = figure.estimate();
		boolean significant = figure.verdict() == Verdict.BETTER || figure.verdict() == Verdict.WORSE;
		String interval = (estimate.low() == null) ? "–"
				: format("%.3f", estimate.low()) + " – " + format("%.3f", estimate.high());
		String p = (estimate.pValue() == null) ? "–"
				: (estimate.pValue() < 0.001) ? "< 0.001" : format("%.3f", estimate.pValue());
		return new FigureView(figure.metric().label(), header(figure.metric()), number(figure.baselineMedian()),
				number(figure.candidateMedian()), estimate.baselineTrials() + " / " + estimate.candidateTrials(),
				(estimate.ratio() == null) ? "–" : format("%.3f", estimate.ratio()), interval, p, figure.reads(),
				significant, figure.verdict().name().toLowerCase(Locale.ROOT).replace('_', '-'));
	}

	private static String number(Double value) {
		if (value == null) {
			return "–";
		}
		double size = Math.abs(value);
		boolean whole = value == Math.rint(value);
		return format((whole || size >= 100) ? "%.0f" : (size >= 10) ? "%.1f" : (size >= 1) ? "%.2f" : "%.3f", value);
	}

	private static String format(String pattern, double value) {
		return fmt(pattern, value);
	}

	/**
	 * A cell's line of the overview.
	 *
	 * @param label the cell
	 * @param figures its figures, in {@link Metric} order
	 */
	record OverviewRow(String label, List<FigureView> figures) {

	}

	/**
	 * A cell's detail table.
	 *
	 * @param label the cell
	 * @param validity each run's judgement of the cell (valid, CPU-limited, invalid)
	 * @param figures its figures
	 */
	record CellView(String label, String validity, List<FigureView> figures) {

	}

	/**
	 * A figure, formatted.
	 *
	 * @param metric its name
	 * @param header its name with its unit
	 * @param baseline the baseline's median
	 * @param candidate the candidate's median
	 * @param trials trials compared, baseline / candidate
	 * @param ratio candidate ÷ baseline (geometric means)
	 * @param interval the ratio's interval, low – high
	 * @param p Welch's two-sided p-value
	 * @param reads the verdict in words
	 * @param significant whether the interval excludes 1
	 * @param verdict the verdict as a CSS class: better, worse,
	 * no-significant-difference, not-tested
	 */
	record FigureView(String metric, String header, String baseline, String candidate, String trials, String ratio,
			String interval, String p, String reads, boolean significant, String verdict) {

	}

}
