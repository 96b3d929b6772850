package dev.twinstack.bench.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.ResultsFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Loads index.html rendered from the fixed results fixture in headless Chromium: every
 * chart drawn by Chart.js, no console error, offline.
 */
class HtmlReportIT {

	private static final Path OUT = Path.of("target", "report-fixture");

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
	void showsTheTablesWithoutConsoleErrors() {
		assertThat((Long) browser.script("return document.querySelectorAll('table').length")).isGreaterThanOrEqualTo(4);
		assertThat((String) browser.script("return document.title")).startsWith("twinstack bench");
		assertThat(browser.consoleErrors()).isEmpty();
	}

}
