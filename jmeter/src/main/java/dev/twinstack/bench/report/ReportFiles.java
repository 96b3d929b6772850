package dev.twinstack.bench.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.ResultsFile;

/**
 * Writes every report file of a run into the output folder: {@code results.json},
 * {@code charts/*.png}, {@code report.md} (embedding the PNGs) and {@code index.html}
 * (the same report with live charts, plus {@code assets/}). The what-if projection of
 * {@code bench.project}, when the results' settings carry one, is rendered too. The
 * report is a function of the run's folder: {@link #render(BenchResults, Path, Path)}
 * writes it again from {@code results.json} and the cells' {@code metrics.csv} files.
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
		ResultsJson.write(results, model, outputDir.resolve(ResultsFile.NAME));
		return render(results, model, outputDir, outputDir);
	}

	/**
	 * Renders the report of a run again from its folder: from the results read from its
	 * {@code results.json} ({@link ResultsFile#read}) and the cells' {@code metrics.csv}
	 * files, writes {@code charts/*.png}, {@code report.md} and {@code index.html} (with
	 * {@code assets/}) as the bench wrote them; {@code results.json} is left as it is.
	 * The report's links to the runs' files (JTLs, logs, recordings) are relative to the
	 * run folder.
	 * @param results the run's results
	 * @param runFolder the run's folder (the bench's {@code target/bench})
	 * @param outputDir where the report goes: the run folder, or another folder
	 * @return report.md
	 */
	public static Path render(BenchResults results, Path runFolder, Path outputDir) {
		return render(results, RunModel.of(results), runFolder, outputDir);
	}

	/**
	 * Lists the time series the report's charts read that the run folder lacks: the
	 * {@code metrics.csv} of each cell's median trial.
	 * @param results the results
	 * @param runFolder the run's folder
	 * @return the missing files, relative to the run folder, in run order
	 */
	public static List<String> missingSeries(BenchResults results, Path runFolder) {
		return results.cells()
			.stream()
			.map(CellResult::metricsCsv)
			.filter((csv) -> csv != null && !Files.isRegularFile(runFolder.resolve(csv)))
			.toList();
	}

	private static Path render(BenchResults results, RunModel model, Path runFolder, Path outputDir) {
		List<ChartSpec> charts = ChartData.build(results, runFolder);
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
