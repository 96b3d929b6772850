package dev.twinstack.bench.report;

import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import dev.twinstack.bench.load.ErrorsPerSecond;
import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.measure.jvm.AppHealth;
import dev.twinstack.bench.measure.jvm.GcLog;
import dev.twinstack.bench.report.charts.ChartData;
import dev.twinstack.bench.report.charts.ChartSpec;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.results.ResultsFixture;
import dev.twinstack.bench.results.TrialFigures;
import dev.twinstack.bench.settings.BenchSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A cell's errors by kind in the report: its table names the two most frequent, its time
 * chart draws each kind's errors per second on the readings' time axis.
 */
class ErrorKindsReportTests {

	private static final Instant START = Instant.parse("2026-11-21T13:00:00Z");

	@Test
	void theCellTableNamesTheTwoMostFrequentKinds() {
		BenchResults fixture = ResultsFixture.results();
		CellResult webflux = failing(fixture);
		AppHealth ok = AppHealth.assess(true, null, "", new GcLog.Summary(0, 0, 0, 0));
		CellSummary summary = CellSummary.of(webflux.cell(),
				List.of(TrialFigures.of(webflux, webflux.steadyThroughput(), null, ok)),
				BenchSettings.from(Map.of("bench.profile", "standard")), 2.0, OptionalInt.empty(), 400, 2);
		assertThat(MatrixReport.errors(summary)).isEqualTo("0.04 % (8 reset, 3 http-503, 1 more (1 kind))");
		// results written before kinds were counted: the share alone
		CellSummary before = fixture.matrix().get(3);
		assertThat(before.errorsByKind()).isNull();
		assertThat(MatrixReport.errors(before)).isEqualTo("0.04 %");
		assertThat(MatrixReport.render(List.of(summary), List.of(Stack.WEBFLUX))).contains(
				"| Errors (the most frequent kinds, over the trials) | 0.04 % (8 reset, 3 http-503, 1 more (1 kind)) |");
	}

	@Test
	void theTimeChartDrawsEachKindsErrorsPerSecondOnTheReadingsAxis(@TempDir Path out) throws Exception {
		BenchResults fixture = ResultsFixture.results();
		List<CellResult> cells = fixture.cells()
			.stream()
			.map((cell) -> (cell.cell().stack() == Stack.WEBFLUX && cell.cell().concurrency() == 400) ? failing(fixture)
					: cell)
			.toList();
		BenchResults results = new BenchResults(fixture.settings(), fixture.environment(), fixture.processes(),
				fixture.startedAt(), fixture.finishedAt(), fixture.wallSeconds(), cells, fixture.apps(),
				fixture.memory(), fixture.jdk(), fixture.skipped(), fixture.matrix(), cells, List.of(), List.of(), true,
				null);
		ResultsFixture.writeCsvs(results, out);

		List<ChartSpec> charts = ChartData.build(results, out);

		String id = ChartData.errorsId(Fanout.SEQUENTIAL, 400, Heap.DEFAULT, AppCpus.ALL, LoadModel.CLOSED);
		assertThat(id).isEqualTo("errors-sequential-c400");
		ChartSpec errors = charts.stream().filter((chart) -> chart.id().equals(id)).findFirst().orElseThrow();
		assertThat(errors.series()).extracting(ChartSpec.Series::name)
			.containsExactly("webflux reset", "webflux http-503", "webflux timeout");
		ChartSpec.Series reset = errors.series().get(0);
		// the first sample started 2.5 s after the first reading: its first second ends
		// 3.5 s into the cell
		assertThat(reset.x()).containsExactly(3.5, 4.5, 5.5);
		assertThat(reset.y()).containsExactly(0.0, 5.0, 3.0);
		assertThat(errors.series()).extracting(ChartSpec.Series::dash).containsExactly("solid", "dash", "dot");
		// no cell at c = 10 failed: no errors chart there
		assertThat(charts).extracting(ChartSpec::id).doesNotContain("errors-sequential-c10");
		assertThat(ReportSections.scenarioCharts(charts.stream()
			.filter(ChartSpec::hasData)
			.map(ChartSpec::id)
			.collect(java.util.stream.Collectors.toSet()), Fanout.SEQUENTIAL, 400, AppCpus.ALL))
			.contains("charts/" + id + ".png");
	}

	/** The fixture's webflux cell at c = 400 with its 12 errors by kind. */
	private static CellResult failing(BenchResults fixture) {
		CellResult webflux = fixture.cells().get(3);
		assertThat(webflux.load().errors()).isEqualTo(12);
		Map<String, List<Integer>> perSecond = new LinkedHashMap<>();
		perSecond.put("reset", List.of(0, 5, 3));
		perSecond.put("http-503", List.of(3, 0, 0));
		perSecond.put("timeout", List.of(0, 0, 1));
		return webflux.withErrors(Map.of("reset", 8L, "http-503", 3L, "timeout", 1L),
				new ErrorsPerSecond(START.plusMillis(2500).toEpochMilli(), perSecond));
	}

}
