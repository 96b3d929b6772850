package dev.twinstack.bench.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.ResultsFile;
import dev.twinstack.bench.results.ResultsFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Loads index.html rendered from the fixed results fixture in headless Chromium: every
 * chart drawn by Chart.js, no console error, offline.
 */
class HtmlReportIT {

	private static final Path OUT = Path.of("target", "report-fixture");

	private static final Path ONE_LEVEL = Path.of("target", "report-one-level");

	private static Browser browser;

	@BeforeAll
	static void renderAndOpen() throws Exception {
		BenchResults results = ResultsFixture.results();
		ResultsFixture.writeCsvs(results, OUT);
		ReportFiles.write(results, OUT);
		browser = Browser.start();
		browser.open(OUT.resolve("index.html"));
	}

	@AfterAll
	static void closeBrowser() {
		if (browser != null) {
			browser.close();
		}
	}

	@Test
	void drawsEveryChart() {
		List<Map<String, Object>> charts = browser.chartStates();
		assertThat(charts).extracting((chart) -> chart.get("id"))
			.containsExactly("throughput-sequential", "latency-sequential", "memory-sequential-c10",
					"threads-sequential-c10", "cpu-sequential-c10", "memory-sequential-c400", "threads-sequential-c400",
					"cpu-sequential-c400");
		assertThat(charts).allSatisfy((chart) -> {
			assertThat(chart.get("drawn")).as("%s drawn", chart.get("id")).isEqualTo(true);
			assertThat((Long) chart.get("points")).as("%s points", chart.get("id")).isPositive();
			assertThat((Long) chart.get("pixels")).as("%s painted pixels", chart.get("id")).isGreaterThan(2000);
		});
		assertThat(browser.script("return document.documentElement.dataset.chartsDrawn")).isEqualTo("8");
		browser.screenshot(OUT.resolve("screenshot.png"));
	}

	@Test
	void drawsABarPerStackForARunOfOneLevel() {
		// the checked-in run: c = 400 only
		Path run = Path.of("src/test/resources/dev/twinstack/bench/report/run");
		ReportFiles.render(ResultsFile.read(run), run, ONE_LEVEL);
		try {
			browser.open(ONE_LEVEL.resolve("index.html"));
			List<Map<String, Object>> charts = browser.chartStates();
			assertThat(charts).extracting((chart) -> chart.get("id"), (chart) -> chart.get("datasets"))
				.startsWith(tuple("throughput-sequential-cpu1", 5L), tuple("latency-sequential-cpu1", 4L));
			assertThat(charts.subList(0, 2)).allSatisfy((chart) -> {
				assertThat(chart.get("drawn")).as("%s drawn", chart.get("id")).isEqualTo(true);
				// two bars, the trials' min and max of each, and on throughput two
				// ceilings
				assertThat((Long) chart.get("points")).as("%s points", chart.get("id")).isGreaterThanOrEqualTo(6);
				assertThat((Long) chart.get("pixels")).as("%s painted pixels", chart.get("id")).isGreaterThan(2000);
			});
			assertThat(browser.script("return Chart.getChart(document.getElementById("
					+ "'chart-throughput-sequential-cpu1')).config.type"))
				.isEqualTo("bar");
			// the ranking and the bars come before the settings
			assertThat((Boolean) browser.script("var h = Array.from(document.querySelectorAll('h2'))"
					+ ".map(function (e) { return e.textContent; }); return h.indexOf('Verdict') == 0 "
					+ "&& h.indexOf('Throughput and p99 per stack') == 1 && h.indexOf('Settings') > 2"))
				.isTrue();
			assertThat(browser.consoleErrors()).isEmpty();
			browser.screenshot(ONE_LEVEL.resolve("screenshot.png"));
		}
		finally {
			browser.open(OUT.resolve("index.html"));
		}
	}

	@Test
	void showsTheTablesWithoutConsoleErrors() {
		assertThat((Long) browser.script("return document.querySelectorAll('table').length")).isGreaterThanOrEqualTo(4);
		assertThat((String) browser.script("return document.title")).startsWith("twinstack bench");
		assertThat(browser.consoleErrors()).isEmpty();
	}

}
