package dev.twinstack.bench.report.charts;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.measure.storage.Storage;
import dev.twinstack.bench.report.ReportSections;
import dev.twinstack.bench.report.ReportWriter;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.ResultsFile;
import dev.twinstack.bench.results.ResultsFixture;
import dev.twinstack.bench.settings.BenchSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

/**
 * Builds the report's charts from the results fixture.
 */
class ChartDataTests {

	private static final Path RUN = Path.of("src/test/resources/dev/twinstack/bench/report/run");

	@Test
	void drawsOnlyTheConcurrenciesWhereAClosedCompositeCellRan(@TempDir Path out) throws IOException {
		// as in the full profile: concurrency 10 comes from another block (here: no cell
		// at
		// all), so composite sequential has no cell there
		BenchResults fixture = ResultsFixture.results();
		assertThat(fixture.settings().concurrency()).containsExactly(10, 400);
		List<CellResult> at400 = fixture.cells().stream().filter((cell) -> cell.cell().concurrency() == 400).toList();
		BenchResults results = new BenchResults(fixture.settings(), fixture.environment(), fixture.processes(),
				fixture.startedAt(), fixture.finishedAt(), fixture.wallSeconds(), at400, fixture.apps(),
				fixture.memory(), fixture.jdk(), fixture.skipped(), fixture.matrix(), at400, fixture.faults(),
				fixture.databaseOutages(), true, null);
		ResultsFixture.writeCsvs(results, out);

		List<ChartSpec> charts = ChartData.build(results, out);

		assertThat(charts).extracting(ChartSpec::id)
			.containsExactly("throughput-sequential", "latency-sequential", "memory-sequential-c400",
					"threads-sequential-c400", "cpu-sequential-c400");
		assertThat(charts).allSatisfy((chart) -> assertThat(chart.hasData()).as(chart.id()).isTrue());
		// one level: a bar per stack, not a curve
		assertThat(charts.get(0).bars()).isTrue();
		assertThat(charts.get(0).categories()).containsExactly("mvc", "webflux");
		assertThat(charts.get(0).series()).allSatisfy((line) -> assertThat(line.y()).hasSize(2));
	}

	@Test
	void drawsTheCellsOfALimitedHeapWithTheHeapsMaxInASectionOfTheirOwn(@TempDir Path out) throws IOException {
		BenchSettings settings = BenchSettings
			.from(Map.of("bench.profile", "standard", "bench.stacks", "mvc,webflux", "bench.scenarios", "composite",
					"bench.fanouts", "sequential", "bench.concurrency", "400", "bench.heaps", "default,64m"));
		Heap limited = Heap.parse("64m");
		List<CellResult> cells = List.of(
				ResultsFixture.cell(Stack.MVC, 400, 18_000, 0, 600, new Storage(18_000, 18_000)),
				ResultsFixture.cell(Stack.MVC, 400, 9_000, 0, 300, new Storage(9_000, 9_000), limited),
				ResultsFixture.cell(Stack.WEBFLUX, 400, 12_000, 0, 400, new Storage(12_000, 12_000), limited));
		BenchResults fixture = ResultsFixture.results();
		BenchResults results = new BenchResults(BenchResults.Settings.of(settings), fixture.environment(),
				fixture.processes(), fixture.startedAt(), fixture.finishedAt(), fixture.wallSeconds(), cells,
				fixture.apps(), fixture.memory(), fixture.jdk(), fixture.skipped(), List.of(), cells, List.of(),
				List.of(), true, null);
		ResultsFixture.writeCsvs(results, out);

		List<ChartSpec> charts = ChartData.build(results, out);

		assertThat(charts).extracting(ChartSpec::id)
			.containsExactly("throughput-sequential", "latency-sequential", "memory-sequential-c400",
					"threads-sequential-c400", "cpu-sequential-c400", "memory-sequential-c400-h64m",
					"threads-sequential-c400-h64m", "cpu-sequential-c400-h64m");
		// the default heap's charts show only the default heap's cell
		assertThat(charts.get(2).series()).extracting(ChartSpec.Series::name)
			.containsExactly("mvc heap used", "mvc RSS");
		assertThat(charts.get(5).title()).isEqualTo("Heap used and RSS, sequential fanout, concurrency 400, -Xmx64m");
		assertThat(charts.get(5).series()).extracting(ChartSpec.Series::name)
			.containsExactly("mvc heap used", "mvc RSS", "mvc heap max", "webflux heap used", "webflux RSS",
					"webflux heap max");
		String report = ReportWriter.render(results, Set.copyOf(charts.stream().map(ChartSpec::id).toList()));
		assertThat(report).contains("## Limited heaps over time", "### sequential fanout, concurrency 400, -Xmx64m",
				"(charts/memory-sequential-c400-h64m.png)", "(charts/threads-sequential-c400-h64m.png)");
		assertThat(report.indexOf("## Limited heaps over time"))
			.isGreaterThan(report.indexOf("(charts/memory-sequential-c400.png)"));
	}

	@Test
	void drawsTheChartsAndTablesOfCellsPinnedToACpu(@TempDir Path out) throws IOException {
		// the standard profile: every app alone on 1 of 2 cores, cell ids ending in -cpu1
		BenchResults results = ResultsFixture.pinned(new AppCpus(1));
		assertThat(results.cells()).extracting((cell) -> cell.cell().id())
			.contains("mvc-composite-sequential-c400-cpu1", "webflux-composite-sequential-c400-cpu1");
		ResultsFixture.writeCsvs(results, out);

		List<ChartSpec> charts = ChartData.build(results, out);

		assertThat(charts).extracting(ChartSpec::id)
			.containsExactly("throughput-sequential-cpu1", "latency-sequential-cpu1", "memory-sequential-c10-cpu1",
					"threads-sequential-c10-cpu1", "cpu-sequential-c10-cpu1", "memory-sequential-c400-cpu1",
					"threads-sequential-c400-cpu1", "cpu-sequential-c400-cpu1");
		assertThat(charts).allSatisfy((chart) -> assertThat(chart.hasData()).as(chart.id()).isTrue());
		assertThat(charts.get(0).title())
			.isEqualTo("Throughput vs concurrency, sequential fanout, app alone on 1 core");
		assertThat(charts.get(0).categories()).containsExactly("10", "400");
		assertThat(charts.get(0).series().get(0).name()).isEqualTo("mvc");
		assertThat(charts.get(0).series().get(0).y()).containsExactly(33.0, 600.0);
		assertThat(charts.get(5).series()).extracting(ChartSpec.Series::name)
			.containsExactly("mvc heap used", "mvc RSS", "webflux heap used", "webflux RSS");
		String report = ReportWriter.render(results, Set.copyOf(charts.stream().map(ChartSpec::id).toList()));
		assertThat(report).contains("## sequential fanout, concurrency 400, app alone on 1 core",
				"(charts/throughput-sequential-cpu1.png)", "(charts/memory-sequential-c400-cpu1.png)",
				"(charts/cpu-sequential-c10-cpu1.png)");
	}

	@Test
	void drawsEachPlacementOfARunThatMeasuredSeveral(@TempDir Path out) throws IOException {
		BenchResults pinned = ResultsFixture.pinned(new AppCpus(1));
		BenchResults shared = ResultsFixture.results();
		List<CellResult> cells = new java.util.ArrayList<>(shared.cells());
		cells.addAll(pinned.cells());
		BenchResults results = new BenchResults(shared.settings(), shared.environment(), shared.processes(),
				shared.startedAt(), shared.finishedAt(), shared.wallSeconds(), cells, shared.apps(), shared.memory(),
				shared.jdk(), shared.skipped(), List.of(), cells, List.of(), List.of(), true, null);
		ResultsFixture.writeCsvs(results, out);

		List<String> ids = ChartData.build(results, out).stream().map(ChartSpec::id).toList();

		assertThat(ids).startsWith("throughput-sequential-cpu1", "latency-sequential-cpu1", "throughput-sequential",
				"latency-sequential");
		assertThat(ids).contains("cpu-sequential-c400-cpu1", "cpu-sequential-c400").hasSize(16);
	}

	@Test
	void drawsCurvesAgainstTheConcurrencyForASweepWithoutTheModel(@TempDir Path out) throws IOException {
		BenchResults results = ResultsFixture.results();
		ResultsFixture.writeCsvs(results, out);

		List<ChartSpec> charts = ChartData.build(results, out);

		ChartSpec throughput = charts.get(0);
		assertThat(throughput.id()).isEqualTo("throughput-sequential");
		assertThat(throughput.bars()).isFalse();
		assertThat(throughput.categories()).containsExactly("10", "400");
		// the model's prediction is not drawn: its own section shows it
		assertThat(throughput.series()).extracting(ChartSpec.Series::name)
			.containsExactly("mvc", "mvc ceiling", "webflux", "webflux ceiling");
		assertThat(charts.get(1).series()).extracting(ChartSpec.Series::name)
			.containsExactly("mvc p50", "mvc p99", "webflux p50", "webflux p99");
		assertThat(charts).allSatisfy((chart) -> assertThat(chart.bars()).as(chart.id()).isFalse());
		assertThat(ReportSections.summaryCharts(results, Set.of("throughput-sequential", "latency-sequential")))
			.startsWith("## Throughput and latency vs concurrency\n")
			.contains("![Throughput vs concurrency, sequential fanout (dotted: the lowest ceiling)]");
	}

	@Test
	void drawsABarPerStackForOneLevelWithTheTrialsRangeAndTheLowestCeiling() {
		// the checked-in run: c = 400 only, three trials per cell
		BenchResults results = ResultsFile.read(RUN);

		List<ChartSpec> charts = ChartData.build(results, RUN);

		ChartSpec throughput = charts.get(0);
		assertThat(throughput.id()).isEqualTo("throughput-sequential-cpu1");
		assertThat(throughput.title())
			.isEqualTo("Throughput per stack, sequential fanout, concurrency 400, app alone on 1 core");
		assertThat(throughput.categories()).containsExactly("mvc", "webflux");
		assertThat(throughput.series()).extracting(ChartSpec.Series::name, ChartSpec.Series::kind)
			.containsExactly(tuple("mvc", "bar"), tuple("webflux", "bar"), tuple("trials' min", "tick"),
					tuple("trials' max", "tick"), tuple("lowest ceiling", "mark"));
		// successful requests per second over the trials, as the verdict ranks them
		assertThat(throughput.series().get(0).y().get(0)).isCloseTo(533, within(0.5));
		assertThat(throughput.series().get(0).y().get(1)).isNull();
		assertThat(throughput.series().get(1).y().get(1)).isCloseTo(882, within(0.5));
		assertThat(throughput.series().get(2).y()).satisfiesExactly(
				(min) -> assertThat(min).isCloseTo(531, within(0.5)),
				(min) -> assertThat(min).isCloseTo(720, within(0.5)));
		assertThat(throughput.series().get(3).y()).satisfiesExactly(
				(max) -> assertThat(max).isCloseTo(547, within(0.5)),
				(max) -> assertThat(max).isCloseTo(883, within(0.5)));
		assertThat(throughput.series().get(4).y()).satisfiesExactly(
				(ceiling) -> assertThat(ceiling).isCloseTo(570.1, within(0.05)),
				(ceiling) -> assertThat(ceiling).isCloseTo(994.7, within(0.05)));
		ChartSpec p99 = charts.get(1);
		assertThat(p99.id()).isEqualTo("latency-sequential-cpu1");
		assertThat(p99.series()).extracting(ChartSpec.Series::name)
			.containsExactly("mvc", "webflux", "trials' min", "trials' max");
		assertThat(p99.series().get(0).y().get(0)).isCloseTo(894, within(0.5));
		assertThat(p99.series().get(1).y().get(1)).isCloseTo(657, within(0.5));
		assertThat(
				ReportSections.summaryCharts(results, Set.of("throughput-sequential-cpu1", "latency-sequential-cpu1")))
			.startsWith("## Throughput and p99 per stack\n")
			.contains("![Throughput per stack, sequential fanout, concurrency 400, app alone on 1 core (bars: ");
	}

}
