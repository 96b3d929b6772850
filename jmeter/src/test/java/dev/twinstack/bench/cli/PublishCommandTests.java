package dev.twinstack.bench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import dev.twinstack.bench.report.ReportFiles;
import dev.twinstack.bench.results.ResultsFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Publishes the checked-in run (the report test fixture, its report rendered first) into
 * a throw-away repository: its report under docs/results/latest/, its verdict between the
 * README's markers, nothing else touched.
 */
class PublishCommandTests {

	private static final String README = """
			# twinstack

			The first paragraph.

			<!-- latest-result:begin -->
			an older result
			<!-- latest-result:end -->

			## Quick start
			""";

	@TempDir
	Path temp;

	private Path run;

	private Path repo;

	private final CommandRun publish = new CommandRun(PublishCommand::new);

	@BeforeEach
	void renderTheRunAndMakeARepository() throws IOException {
		this.run = copy(RenderCommandTests.RUN, this.temp.resolve("bench"));
		ReportFiles.render(ResultsFile.read(this.run), this.run, this.run);
		// what a run's folder also holds, none of which is published
		write(this.run.resolve("runs/mvc-composite-sequential-c400-cpu1/trial-2/samples.jtl"), "timeStamp,elapsed\n");
		write(this.run.resolve("runs/mvc-composite-sequential-c400-cpu1/trial-2/dashboard/index.html"), "<html>");
		write(this.run.resolve("jfr/mvc-cpu1.jfr"), "FLR");
		write(this.run.resolve("logs/mvc-app.log"), "started\n");
		this.repo = this.temp.resolve("repo");
		write(this.repo.resolve("README.md"), README);
	}

	@Test
	void putsTheRankingChartMachineAndCommitBetweenTheMarkersAndTheReportUnderDocs() throws IOException {
		int code = this.publish.run(this.run.toString(), "--repo", this.repo.toString());

		assertThat(this.publish.err()).isEmpty();
		assertThat(code).isZero();
		Path latest = this.repo.resolve("docs/results/latest");
		assertThat(this.publish.out()).startsWith("wrote " + latest + "/ (");
		String readme = Files.readString(this.repo.resolve("README.md"));
		assertThat(readme).startsWith("# twinstack\n\nThe first paragraph.\n\n<!-- latest-result:begin -->\n")
			.endsWith("<!-- latest-result:end -->\n\n## Quick start\n")
			.doesNotContain("an older result")
			.contains("**Latest result** (2026-11-24 12:47 UTC, profile `standard`, 3 trial(s) per cell)")
			.contains("*composite-sequential, c=400, default heap, app on 1 core*\n\n"
					+ "1. **webflux**: 882 req/s (trials 720–883), the best\n"
					+ "2. **mvc**: 533 req/s (trials 531–547), 0.60× the best: 40 % below webflux\n")
			.contains("![Throughput and p99 per stack, composite-sequential, c=400, default heap, app on 1 core]"
					+ "(docs/results/latest/summary.png)")
			.contains("Machine: 2 cores, CPU model not recorded, 24,105 MB, Linux 6.18.44-fc-v669 (amd64); apps on "
					+ "JDK 25.0.3 (Eclipse Adoptium), JMeter on Java 17.0.15 (Debian). Commit `28e392af7876`.")
			.contains("[docs/results/latest/index.html](docs/results/latest/index.html)");
		assertThat(files(latest))
			.contains("index.html", "report.md", "results.json", "summary.png", "assets/chart.umd.js",
					"assets/report-charts.js", "charts/throughput-sequential-cpu1.png",
					"charts/latency-sequential-cpu1.png")
			.allSatisfy((file) -> assertThat(file).doesNotEndWith(".jtl")
				.doesNotEndWith(".jfr")
				.doesNotEndWith(".log")
				.doesNotStartWith("runs/")
				.doesNotStartWith("logs/"));
		assertThat(Files.readString(latest.resolve("index.html")))
			.isEqualTo(Files.readString(this.run.resolve("index.html")));
		assertThat(size(latest)).isLessThan(5L * 1024 * 1024);
		// nothing left beside the folder
		assertThat(files(this.repo.resolve("docs/results")))
			.allSatisfy((file) -> assertThat(file).startsWith("latest/"));
	}

	@Test
	void publishingAgainReplacesTheFolderAndTheBlock() throws IOException {
		assertThat(this.publish.run(this.run.toString(), "--repo", this.repo.toString())).isZero();
		write(this.repo.resolve("docs/results/latest/stale.html"), "from an older run");
		String once = Files.readString(this.repo.resolve("README.md"));

		assertThat(this.publish.run(this.run.toString(), "--repo", this.repo.toString())).isZero();

		assertThat(this.repo.resolve("docs/results/latest/stale.html")).doesNotExist();
		assertThat(Files.readString(this.repo.resolve("README.md"))).isEqualTo(once);
	}

	@Test
	void aReadmeWithoutBothMarkersIsOneLineAndNothingIsWritten() throws IOException {
		String withoutEnd = README.replace("<!-- latest-result:end -->\n", "");
		write(this.repo.resolve("README.md"), withoutEnd);

		assertThat(this.publish.run(this.run.toString(), "--repo", this.repo.toString())).isEqualTo(1);

		assertThat(this.publish.err()).isEqualTo("publish: " + this.repo.resolve("README.md")
				+ " needs one line <!-- latest-result:begin --> and, after it, one line <!-- latest-result:end -->: "
				+ "the latest result goes between them; found 1 and 0" + System.lineSeparator());
		assertThat(Files.readString(this.repo.resolve("README.md"))).isEqualTo(withoutEnd);
		assertThat(this.repo.resolve("docs")).doesNotExist();
	}

	@Test
	void anUnfinishedRunIsRefused() throws IOException {
		Path results = this.run.resolve(ResultsFile.NAME);
		String json = Files.readString(results);
		assertThat(json).contains("\"complete\" : true,");
		write(results,
				json.replace("\"complete\" : true,", "\"complete\" : false,")
					.replace("\"incompleteReason\" : null",
							"\"incompleteReason\" : \"interrupted by SIGINT after 1 of 2 cells\""));

		assertThat(this.publish.run(this.run.toString(), "--repo", this.repo.toString())).isEqualTo(1);

		assertThat(this.publish.err()).isEqualTo("publish: the run in " + this.run
				+ " is not finished (interrupted by SIGINT after 1 of 2 cells): publish a run that ran every cell"
				+ System.lineSeparator());
		assertThat(Files.readString(this.repo.resolve("README.md"))).isEqualTo(README);
		assertThat(this.repo.resolve("docs")).doesNotExist();
	}

	@Test
	void aFolderWithoutItsReportOrResultsIsRefused() throws IOException {
		Files.delete(this.run.resolve("index.html"));
		assertThat(this.publish.run(this.run.toString(), "--repo", this.repo.toString())).isEqualTo(1);
		assertThat(this.publish.err()).isEqualTo("publish: no index.html in " + this.run
				+ ": render the run's report first (exec:exec@render), then publish" + System.lineSeparator());

		assertThat(this.publish.run(this.temp.resolve("nothing").toString(), "--repo", this.repo.toString()))
			.isEqualTo(1);
		assertThat(this.publish.err())
			.isEqualTo("publish: run folder not found: " + this.temp.resolve("nothing") + System.lineSeparator());
		assertThat(Files.readString(this.repo.resolve("README.md"))).isEqualTo(README);
		assertThat(this.repo.resolve("docs")).doesNotExist();
	}

	private static List<String> files(Path folder) throws IOException {
		try (Stream<Path> files = Files.walk(folder)) {
			return files.filter(Files::isRegularFile).map((file) -> folder.relativize(file).toString()).toList();
		}
	}

	private static long size(Path folder) throws IOException {
		try (Stream<Path> files = Files.walk(folder)) {
			long bytes = 0;
			for (Path file : files.filter(Files::isRegularFile).toList()) {
				bytes += Files.size(file);
			}
			return bytes;
		}
	}

	private static void write(Path file, String text) throws IOException {
		Files.createDirectories(file.getParent());
		Files.writeString(file, text, StandardCharsets.UTF_8);
	}

	private static Path copy(Path from, Path to) throws IOException {
		try (Stream<Path> files = Files.walk(from)) {
			for (Path file : files.toList()) {
				Path target = to.resolve(from.relativize(file).toString());
				if (Files.isDirectory(file)) {
					Files.createDirectories(target);
				}
				else {
					Files.copy(file, target);
				}
			}
		}
		return to;
	}

}
