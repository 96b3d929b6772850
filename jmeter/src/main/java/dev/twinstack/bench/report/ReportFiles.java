package dev.twinstack.bench.report;

import static dev.twinstack.bench.text.Text.count;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import dev.twinstack.bench.report.charts.ChartData;
import dev.twinstack.bench.report.charts.ChartSpec;
import dev.twinstack.bench.report.charts.PngCharts;
import dev.twinstack.bench.report.queueing.RunModel;
import dev.twinstack.bench.report.queueing.StackRanking;
import dev.twinstack.bench.results.AtomicFiles;
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

	private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
		.withZone(ZoneOffset.UTC);

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

	/**
	 * Renders the README's block of a run's latest result and writes its chart: the
	 * verdict's rankings (every stack with its ratio to the best), a chart of throughput
	 * and p99 per stack for the first of them, the run's date, machine and commit, and
	 * links to the published report.
	 * @param results the run
	 * @param cpuModel the machine's CPU model, {@code null} when the run did not record
	 * it
	 * @param folder where the report is published, relative to the README, e.g.
	 * {@code docs/results/latest}
	 * @param chart the PNG to write, in that folder
	 * @return Markdown, ending with a new line
	 * @throws IllegalArgumentException when the run has no valid closed cell on the
	 * default heap to rank
	 */
	public static String latestResult(BenchResults results, String cpuModel, String folder, Path chart) {
		List<StackRanking> rankings = StackRanking.headline(RunModel.of(results), results.settings().stacks());
		if (rankings.isEmpty() || rankings.get(0).places().isEmpty()) {
			throw new IllegalArgumentException(
					"the run has no valid closed cell on the default heap to rank: nothing to put on the README");
		}
		PngCharts.writeSideBySide(ChartData.perStack(rankings.get(0)), chart);
		return block(results, cpuModel, rankings, folder + "/" + chart.getFileName(), folder);
	}

	/**
	 * Renders the README's block.
	 * @param results the run
	 * @param cpuModel the machine's CPU model, {@code null} when the run did not record
	 * it
	 * @param rankings the verdict's rankings, the first charted
	 * @param image the chart, relative to the README
	 * @param folder the published report, relative to the README
	 * @return Markdown, ending with a new line
	 */
	private static String block(BenchResults results, String cpuModel, List<StackRanking> rankings, String image,
			String folder) {
		BenchResults.Environment env = results.environment();
		StringBuilder md = new StringBuilder();
		md.append("**Latest result** (")
			.append(day(results.startedAt()))
			.append(", profile `")
			.append(results.settings().profile())
			.append("`, ")
			.append(results.settings().trials())
			.append(" trial(s) per cell): successful requests per second, the median of the trials, and each stack's "
					+ "ratio to the best; a difference within the trials' spread is a tie.\n\n");
		for (StackRanking ranking : rankings) {
			md.append("*").append(ranking.title()).append("*\n\n");
			ranking.lines().forEach((line) -> md.append(line).append('\n'));
			md.append('\n');
		}
		md.append("![Throughput and p99 per stack, ")
			.append(rankings.get(0).title())
			.append("](")
			.append(image)
			.append(")\n\n");
		String jdk = (results.jdk() != null)
				? "apps on JDK " + results.jdk().version() + " (" + results.jdk().vendor() + "), " : "";
		md.append("Machine: ")
			.append(env.cores())
			.append(" cores, ")
			.append((cpuModel != null && !cpuModel.isBlank()) ? cpuModel : "CPU model not recorded")
			.append(", ")
			.append(count(env.totalMemoryMb()))
			.append(" MB, ")
			.append(env.os())
			.append("; ")
			.append(jdk)
			.append("JMeter on Java ")
			.append(env.javaVersion())
			.append(" (")
			.append(env.javaVendor())
			.append("). Commit ")
			.append(commit(env.commit()))
			.append(". The whole report: [")
			.append(folder)
			.append("/index.html](")
			.append(folder)
			.append("/index.html) (also as [report.md](")
			.append(folder)
			.append("/report.md), every figure in [results.json](")
			.append(folder)
			.append("/results.json)).\n");
		return md.toString();
	}

	private static String day(String instant) {
		try {
			return DAY.format(Instant.parse(instant));
		}
		catch (DateTimeParseException | NullPointerException ex) {
			return String.valueOf(instant);
		}
	}

	private static String commit(String commit) {
		if (commit == null) {
			return "not recorded";
		}
		boolean dirty = commit.endsWith("-dirty");
		String hash = commit.replaceFirst("-dirty$", "");
		return "`" + hash.substring(0, Math.min(12, hash.length())) + "`" + (dirty ? " with uncommitted changes" : "");
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
