package dev.twinstack.bench.cli;

import static dev.twinstack.bench.text.Text.fmt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

import dev.twinstack.bench.results.AtomicFiles;
import dev.twinstack.bench.report.ReportFiles;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.ResultsFile;

/**
 * Puts a finished run's answer on the repository's front page: copies the run's report
 * into {@code docs/results/latest/} ({@code index.html} with {@code assets/},
 * {@code report.md}, {@code charts/}, {@code results.json} and a chart of throughput and
 * p99 per stack, {@value #CHART}; no JTL, recording, log or JMeter dashboard), then
 * rewrites the block of {@code README.md} between {@value #BEGIN} and {@value #END} with
 * the verdict, that chart, the run's date, machine and commit, and a link to the report.
 * Everything is checked before anything is written; the folder is swapped in whole and
 * the README written atomically.
 */
final class LatestResult {

	/** The line that opens the README's block. */
	static final String BEGIN = "<!-- latest-result:begin -->";

	/** The line that closes it. */
	static final String END = "<!-- latest-result:end -->";

	/** The published report's folder, relative to the repository. */
	static final String FOLDER = "docs/results/latest";

	/** The README's chart, in {@link #FOLDER}. */
	static final String CHART = "summary.png";

	/** The report files copied, relative to the run folder; each must exist. */
	private static final List<String> REPORT = List.of("index.html", "report.md", ResultsFile.NAME,
			"assets/chart.umd.js", "assets/report-charts.js");

	private LatestResult() {
	}

	/**
	 * A run or a README that cannot be published; the message names the problem.
	 */
	static final class NotPublishable extends RuntimeException {

		NotPublishable(String message) {
			super(message);
		}

	}

	/**
	 * Publishes a run.
	 * @param runFolder the run's folder (the bench's {@code target/bench}), holding its
	 * report
	 * @param repository the repository's root, holding {@code README.md}
	 * @return what was written, one line each
	 * @throws NotPublishable when the run is not a finished run with its report, or the
	 * README lacks the markers; nothing is written then
	 * @throws ResultsFile.UnreadableResultsException when the run's results.json cannot
	 * be read
	 */
	static List<String> publish(Path runFolder, Path repository) {
		BenchResults results = ResultsFile.read(runFolder);
		if (!results.complete()) {
			throw new NotPublishable("the run in " + runFolder + " is not finished (" + results.incompleteReason()
					+ "): publish a run that ran every cell");
		}
		for (String file : REPORT) {
			if (!Files.isRegularFile(runFolder.resolve(file))) {
				throw new NotPublishable("no " + file + " in " + runFolder + ": render the run's report first "
						+ "(exec:exec@render), then publish");
			}
		}
		Path readme = repository.resolve("README.md");
		String text = readme(readme);
		String cpuModel = ResultsFile.tree(runFolder).path("environment").path("cpuModel").asText(null);
		Path target = repository.resolve(FOLDER);
		String[] block = new String[1];
		long bytes = copyReport(runFolder, target, (chart) -> block[0] = summary(results, cpuModel, chart));
		AtomicFiles.write(readme, text.substring(0, text.indexOf(BEGIN) + BEGIN.length()) + "\n" + block[0]
				+ text.substring(text.indexOf(END)));
		return List.of(
				"wrote " + target + "/ (" + fmt("%,d", bytes / 1024) + " KB: index.html, "
						+ "report.md, results.json, charts/, assets/, " + CHART + ") from " + runFolder,
				"rewrote the latest result in " + readme);
	}

	private static String readme(Path readme) {
		if (!Files.isRegularFile(readme)) {
			throw new NotPublishable("no README.md in " + readme.getParent() + " (expected the repository's root)");
		}
		String text;
		try {
			text = Files.readString(readme, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new NotPublishable("cannot read " + readme + ": " + ex.getMessage());
		}
		int begin = text.indexOf(BEGIN);
		int end = text.indexOf(END);
		if (begin < 0 || end < 0 || end < begin || text.indexOf(BEGIN, begin + 1) >= 0
				|| text.indexOf(END, end + 1) >= 0) {
			throw new NotPublishable(readme + " needs one line " + BEGIN + " and, after it, one line " + END
					+ ": the latest result goes between them; found " + count(text, BEGIN) + " and "
					+ count(text, END));
		}
		return text;
	}

	private static int count(String text, String marker) {
		int found = 0;
		for (int at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + 1)) {
			found++;
		}
		return found;
	}

	private static String summary(BenchResults results, String cpuModel, Path chart) {
		try {
			return ReportFiles.latestResult(results, cpuModel, FOLDER, chart);
		}
		catch (IllegalArgumentException ex) {
			throw new NotPublishable(ex.getMessage());
		}
	}

	/**
	 * Copies the report into a new folder next to the target, adds the README's chart,
	 * then swaps it for the target; on a failure the target is left as it was.
	 * @return the bytes copied
	 */
	private static long copyReport(Path runFolder, Path target, Consumer<Path> chart) {
		Path parent = target.toAbsolutePath().getParent();
		try {
			Files.createDirectories(parent);
			Path staging = Files.createTempDirectory(parent, ".latest-");
			Path old = parent.resolve(".latest-old-" + staging.getFileName().toString().substring(8));
			try {
				List<Path> files = new ArrayList<>();
				REPORT.forEach((file) -> files.add(Path.of(file)));
				files.addAll(list(runFolder, "assets"));
				files.addAll(list(runFolder, "charts"));
				long bytes = 0;
				for (Path file : files.stream().distinct().toList()) {
					Path to = staging.resolve(file.toString());
					Files.createDirectories(to.getParent());
					Files.copy(runFolder.resolve(file.toString()), to, StandardCopyOption.REPLACE_EXISTING);
					bytes += Files.size(to);
				}
				chart.accept(staging.resolve(CHART));
				bytes += Files.size(staging.resolve(CHART));
				boolean replacing = Files.exists(target);
				if (replacing) {
					Files.move(target, old);
				}
				try {
					Files.move(staging, target);
				}
				catch (IOException ex) {
					if (replacing) {
						Files.move(old, target);
					}
					throw ex;
				}
				return bytes;
			}
			finally {
				delete(staging);
				delete(old);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not write " + target, ex);
		}
	}

	/** The PNG and other files of a report's subfolder, relative to the run folder. */
	private static List<Path> list(Path runFolder, String folder) throws IOException {
		Path dir = runFolder.resolve(folder);
		if (!Files.isDirectory(dir)) {
			return List.of();
		}
		try (Stream<Path> files = Files.list(dir)) {
			return files.filter(Files::isRegularFile)
				.map((file) -> Path.of(folder, file.getFileName().toString()))
				.sorted()
				.toList();
		}
	}

	private static void delete(Path folder) throws IOException {
		if (!Files.exists(folder)) {
			return;
		}
		try (Stream<Path> files = Files.walk(folder)) {
			for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(file);
			}
		}
	}

}
