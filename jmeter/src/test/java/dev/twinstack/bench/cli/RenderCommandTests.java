package dev.twinstack.bench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import dev.twinstack.bench.report.ResultsJson;
import dev.twinstack.bench.results.ResultsFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report rendered again from a checked-in run folder: the standard run of 2026-11-24
 * trimmed to mvc and webflux at composite-sequential, c = 400, the app on one core (its
 * results.json and the median trials' metrics.csv files). After an intended change of the
 * report or of results.json's shape, regenerate the expected files with
 * {@code -Dreport.updateExpected=true} (see {@link #UPDATE}).
 */
class RenderCommandTests {

	static final Path FIXTURES = Path.of("src/test/resources/dev/twinstack/bench/report");

	static final Path RUN = FIXTURES.resolve("run");

	static final Path EXPECTED = FIXTURES.resolve("expected-report.md");

	/** The command that regenerates the expected files, for the failure messages. */
	static final String UPDATE = "./mvnw -q -pl jmeter -am test -Dtest=RenderCommandTests "
			+ "-Dsurefire.failIfNoSpecifiedTests=false -Dreport.updateExpected=true";

	private static final List<String> CHARTS = List.of("throughput-sequential-cpu1", "latency-sequential-cpu1",
			"memory-sequential-c400-cpu1", "threads-sequential-c400-cpu1", "cpu-sequential-c400-cpu1");

	@TempDir
	Path out;

	private final CommandRun render = new CommandRun(RenderCommand::new);

	private int run(String... args) {
		return this.render.run(args);
	}

	@Test
	void rendersTheRunFolderAsTheExpectedReport() throws IOException {
		int code = run(RUN.toString(), "--out", this.out.toString());
		assertThat(this.render.err()).isEmpty();
		assertThat(code).isZero();
		assertThat(this.render.out()).startsWith("wrote " + this.out.resolve("report.md"));
		String report = Files.readString(this.out.resolve("report.md"));
		if (Boolean.getBoolean("report.updateExpected")) {
			Files.writeString(EXPECTED, report, StandardCharsets.UTF_8);
		}
		assertThat(report)
			.as("report.md rendered from %s differs from %s; if the change is intended, regenerate it: %s", RUN,
					EXPECTED, UPDATE)
			.isEqualTo(Files.readString(EXPECTED));
		try (Stream<Path> pngs = Files.list(this.out.resolve("charts"))) {
			assertThat(pngs.map((file) -> file.getFileName().toString()))
				.containsExactlyInAnyOrderElementsOf(CHARTS.stream().map((id) -> id + ".png").toList());
		}
		String html = Files.readString(this.out.resolve("index.html"));
		assertThat(html).contains("data-chart=\"memory-sequential-c400-cpu1\"").doesNotContain("{{");
		// the first screen is the answer: the ranking, then a bar per stack (one level);
		// the settings come after the results
		assertThat(html.indexOf("<h2>Verdict</h2>")).isPositive()
			.isLessThan(html.indexOf("<h2>Throughput and p99 per stack</h2>"));
		assertThat(html.indexOf("<h2>Throughput and p99 per stack</h2>"))
			.isLessThan(html.indexOf("<h2>sequential fanout, concurrency 400, app alone on 1 core</h2>"));
		assertThat(html.indexOf("<h2>Settings</h2>"))
			.isGreaterThan(html.indexOf("<h2>sequential fanout, concurrency 400, app alone on 1 core</h2>"));
		assertThat(html).contains("<td>webflux</td>").contains("\"kind\":\"bar\"");
		assertThat(this.out.resolve("assets/chart.umd.js")).isNotEmptyFile();
		// results.json is only read
		assertThat(this.out.resolve(ResultsFile.NAME)).doesNotExist();
	}

	@Test
	void theRunFolderIsWhatTheBenchWritesFromItsRecords() throws IOException {
		Path file = RUN.resolve(ResultsFile.NAME);
		String written = ResultsJson.toJson(ResultsFile.read(RUN)) + "\n";
		if (Boolean.getBoolean("report.updateExpected")) {
			Files.writeString(file, written, StandardCharsets.UTF_8);
		}
		// Jackson writes a path as a URI, which ends in / where the path is a folder on
		// this machine: the JDK's home is one here, maybe not elsewhere. Compared as
		// text: the properties' order is fixed (ResultsJson.StableOrder)
		assertThat(withoutTrailingSlashOfTheJdkHome(written))
			.as("%s read and written again differs: a figure is lost in reading, the records changed or the "
					+ "properties' order is not fixed; if the change is intended, regenerate it: %s", file, UPDATE)
			.isEqualTo(withoutTrailingSlashOfTheJdkHome(Files.readString(file)));
	}

	@Test
	void aMissingTimeSeriesIsAWarningAndItsChartsLackTheStacksPoints() throws IOException {
		Path copy = copy(RUN, this.out.resolve("run"));
		String csv = "runs/webflux-composite-sequential-c400-cpu1/trial-2/metrics.csv";
		Files.delete(copy.resolve(csv));
		assertThat(run(copy.toString())).isZero();
		assertThat(this.render.err()).isEqualTo("render: warning: 1 time series missing from " + copy
				+ ", their charts are drawn without them: " + csv + System.lineSeparator());
		// the chart keeps the stack's line, without a point
		assertThat(Files.readString(copy.resolve("index.html")))
			.contains("{\"name\":\"webflux heap used\",\"color\":\"#2ca02c\",\"dash\":\"solid\",\"x\":[],\"y\":[]}")
			.containsPattern("\\{\"name\":\"mvc heap used\",[^}]*\"x\":\\[0\\.0,");
	}

	@Test
	void aMissingFolderIsOneLineNamingIt() {
		int code = run("no-such-run", "--out", this.out.toString());
		assertThat(code).isEqualTo(1);
		assertThat(this.render.err()).isEqualTo("render: run folder not found: no-such-run" + System.lineSeparator());
		assertThat(this.out).isEmptyDirectory();
	}

	@Test
	void aMissingArgumentIsAUsageError() {
		assertThat(run()).isEqualTo(2);
		assertThat(this.render.err()).contains("Missing required parameter: '<run-folder>'").contains("Usage: render");
	}

	@Test
	void helpIsTheStandardOptionEveryCommandShares() {
		assertThat(run("--help")).isZero();
		assertThat(this.render.out()).startsWith("Usage: render [-hV] [-o=<folder>] <run-folder>")
			.contains("-h, --help", "-V, --version");
	}

	private static String withoutTrailingSlashOfTheJdkHome(String json) {
		return json.replaceFirst("(\"home\" : \"file:[^\"]*?)/?\"", "$1\"");
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
