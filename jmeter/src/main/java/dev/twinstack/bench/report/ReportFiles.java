package dev.twinstack.bench.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import dev.twinstack.bench.results.BenchResults;

/**
 * Writes every report file of a run into the output folder: {@code results.json},
 * {@code charts/*.png}, {@code report.md} (embedding the PNGs) and {@code index.html}
 * (the same report with live charts, plus {@code assets/}). The what-if projection of
 * {@code bench.project}, when the results' settings carry one, is rendered too.
 */
public final class ReportFiles {

	private ReportFiles() {
	}

	/**
	 * Writes the files. The cells' {@code metrics.csv} files must be in the output
	 * folder.
	 * @param results the results
	 * @param outputDir the output folder
	 * @return report.md
	 */
	public static Path write(BenchResults results, Path outputDir) {
		RunModel model = RunModel.of(results);
		ResultsJson.write(results, model, outputDir.resolve("results.json"));
		List<ChartSpec> charts = ChartData.build(results, outputDir, model);
		Set<String> drawn = PngCharts.write(charts, outputDir.resolve("charts"))
			.stream()
			.map((file) -> file.getFileName().toString().replaceAll("\\.png$", ""))
			.collect(Collectors.toSet());
		String markdown = ReportWriter.render(results, drawn, model);
		Path report = outputDir.resolve("report.md");
		AtomicFiles.write(report, markdown);
		HtmlReport.write(markdown, charts, outputDir);
		return report;
	}

}
