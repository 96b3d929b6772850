package dev.twinstack.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;

import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.ResultsFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Renders every report file from the fixed results fixture.
 */
class ReportFilesTests {

	private static final List<String> CHARTS = List.of("throughput-sequential", "latency-sequential",
			"memory-sequential-c10", "threads-sequential-c10", "cpu-sequential-c10", "memory-sequential-c400",
			"threads-sequential-c400", "cpu-sequential-c400");

	@Test
	void writesEveryChartAsPngAndAsALiveChart(@TempDir Path out) throws IOException {
		BenchResults results = ResultsFixture.results();
		ResultsFixture.writeCsvs(results, out);
		Path report = ReportFiles.write(results, out);

		try (Stream<Path> pngs = Files.list(out.resolve("charts"))) {
			assertThat(pngs.map((file) -> file.getFileName().toString()))
				.containsExactlyInAnyOrderElementsOf(CHARTS.stream().map((id) -> id + ".png").toList());
		}
		for (String id : CHARTS) {
			Path png = out.resolve("charts").resolve(id + ".png");
			assertThat(Files.size(png)).as(id).isGreaterThan(10_000);
			assertThat(Files.readAllBytes(png)).startsWith(0x89, 'P', 'N', 'G');
		}
		String markdown = Files.readString(report);
		String html = Files.readString(out.resolve("index.html"));
		for (String id : CHARTS) {
			assertThat(markdown).contains("](charts/" + id + ".png)");
			assertThat(html).contains("data-chart=\"" + id + "\"").contains("\"" + id + "\":{\"id\":\"" + id + "\"");
		}
		assertThat(html)
			.contains("<script src=\"assets/chart.umd.js\"></script>", "<table>", "<td align=\"right\">18,000</td>")
			.doesNotContain("{{", "<img", "http://", "https://");
		assertThat(out.resolve("assets/chart.umd.js")).isNotEmptyFile();
		assertThat(Files.readString(out.resolve("assets/chart.umd.js"))).contains("Chart.js v4");
		assertThat(out.resolve("assets/report-charts.js")).isNotEmptyFile();
		assertThat(out.resolve("assets/chart.js-LICENSE.md")).isNotEmptyFile();
		assertThat(out.resolve("results.json")).isNotEmptyFile();
		for (String file : List.of("results.json", "report.md", "index.html")) {
			assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(out.resolve(file)))).as(file)
				.isEqualTo("rw-r--r--");
		}
	}

	@Test
	void leavesOutChartsWithoutData(@TempDir Path out) throws IOException {
		BenchResults results = ResultsFixture.results();
		ReportFiles.write(results, out);
		try (Stream<Path> pngs = Files.list(out.resolve("charts"))) {
			assertThat(pngs.map((file) -> file.getFileName().toString()))
				.containsExactlyInAnyOrder("throughput-sequential.png", "latency-sequential.png");
		}
		assertThat(Files.readString(out.resolve("report.md"))).doesNotContain("charts/memory-");
	}

}
