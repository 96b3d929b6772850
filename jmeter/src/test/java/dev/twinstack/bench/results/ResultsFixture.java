package dev.twinstack.bench.results;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

import dev.twinstack.bench.analysis.Ceiling;
import dev.twinstack.bench.load.LatencyStats;
import dev.twinstack.bench.load.LoadStats;
import dev.twinstack.bench.load.ThroughputStats;
import dev.twinstack.bench.load.warmup.WarmUp;
import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.AppHealth;
import dev.twinstack.bench.measure.CpuShares;
import dev.twinstack.bench.measure.GcCost;
import dev.twinstack.bench.measure.jvm.GcLog;
import dev.twinstack.bench.measure.jvm.JfrCheck;
import dev.twinstack.bench.measure.jvm.MemoryAfterRequests;
import dev.twinstack.bench.measure.PoolWaits;
import dev.twinstack.bench.measure.ServerStats;
import dev.twinstack.bench.measure.storage.Storage;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.monitoring.JfrWindow;
import dev.twinstack.monitoring.SeriesSummary;
import dev.twinstack.monitoring.TimeSeries;
import dev.twinstack.monitoring.TimeSeriesCsv;

/**
 * A fixed, plausible set of results: standard profile, sequential fanout, concurrency 10
 * and 400, both stacks; with {@link #writeCsvs(Path)} the cells' metrics.csv files.
 */
public final class ResultsFixture {

	static final Instant START = Instant.parse("2026-11-21T13:00:00Z");

	static final List<String> COLUMNS = List.of("app_heap_used_mb", "app_heap_committed_mb", "app_heap_max_mb",
			"app_threads_live", "app_threads_peak", "app_threads_daemon", "app_gc_pauses", "app_gc_pause_ms",
			"app_cpu_micrometer", "app_requests", "app_rss_mb", "app_cpu", "mocks_rss_mb", "mocks_cpu",
			"loadgen_rss_mb", "loadgen_cpu", "machine_cpu");

	private ResultsFixture() {
	}

	public static BenchResults results() {
		return results(Map.of());
	}

	/**
	 * The fixed results, with more {@code bench.*} properties in their settings.
	 * @param more e.g. {@code bench.project}
	 * @return the results
	 */
	public static BenchResults results(Map<String, String> more) {
		return results(more, AppCpus.ALL);
	}

	/**
	 * The fixed results with the app pinned, as in the standard profile (cell ids end in
	 * {@code -cpu1} for one core).
	 * @param placement the app's cores
	 * @return the results
	 */
	public static BenchResults pinned(AppCpus placement) {
		return results(Map.of(), placement);
	}

	private static BenchResults results(Map<String, String> more, AppCpus placement) {
		Map<String, String> properties = new LinkedHashMap<>(Map.of("bench.profile", "standard", "bench.stacks",
				"mvc,webflux", "bench.scenarios", "composite", "bench.fanouts", "sequential", "bench.concurrency",
				"10,400", "bench.duration", "30s", "bench.warmup", "20s"));
		properties.putAll(more);
		BenchSettings settings = BenchSettings.from(properties);
		List<CellResult> cells = List.of(
				cell(Stack.MVC, 10, 990, 0, 33, new Storage(990, 990), Heap.DEFAULT, placement),
				cell(Stack.MVC, 400, 18_000, 0, 600, new Storage(18_000, 18_010), Heap.DEFAULT, placement),
				cell(Stack.WEBFLUX, 10, 995, 0, 33.2, new Storage(995, 995), Heap.DEFAULT, placement),
				cell(Stack.WEBFLUX, 400, 30_000, 12, 1000, new Storage(29_988, 29_988), Heap.DEFAULT, placement));
		BenchResults.Environment environment = new BenchResults.Environment("17.0.15", "Debian", 2, 24_105, "Linux",
				"jmeter-java-dsl (Apache JMeter 5.6.3, embedded)", List.of("-Xmx1g"), 25.0, 31.0,
				"0123456789abcdef0123456789abcdef01234567");
		List<BenchResults.ProcessInfo> processes = List.of(new BenchResults.ProcessInfo("mvc-app",
				"java -jar mvc-app.jar --server.port=1234", "logs/mvc-app.log"));
		Map<String, String> mvcSettings = new LinkedHashMap<>();
		mvcSettings.put("server.tomcat.threads.max", "200");
		mvcSettings.put("app.downstream.max-connections", "1000");
		List<BenchResults.AppInfo> apps = List.of(
				new BenchResults.AppInfo(Stack.MVC, "twinstack-app-mvc-512m-b1", "jfr/mvc.jfr", mvcSettings,
						List.of(new WarmUp("composite-sequential", 400, List.of(480.0, 620.0, 630.0, 628.0),
								List.of(900.0, 120.0, 40.0, 20.0), 24.5, true, false)),
						"no pinning: app, JMeter, mock-services and MongoDB share CPUs 0-1", Heap.DEFAULT, AppCpus.ALL),
				new BenchResults.AppInfo(Stack.WEBFLUX, "twinstack-app-webflux-512m-b1", "jfr/webflux.jfr",
						Map.of("app.downstream.max-connections", "1000"),
						List.of(new WarmUp("composite-sequential", 400, List.of(523.0, 900.0, 1100.0), List.of(), 19.0,
								false, false)),
						"no pinning: app, JMeter, mock-services and MongoDB share CPUs 0-1", Heap.DEFAULT,
						AppCpus.ALL));
		List<MemoryAfterRequests> memory = List.of(
				new MemoryAfterRequests(Stack.MVC, Workload.COMPOSITE_SEQUENTIAL, 500, 10, 0, 15.6, 32.1, 120.5, 45.0,
						310.2, 38.4, 305.0, 37.5, 0L),
				new MemoryAfterRequests(Stack.WEBFLUX, Workload.COMPOSITE_SEQUENTIAL, 500, 10, 0, 15.4, 32.5, 95.0,
						30.0, 280.7, 30.1, 276.0, 29.0, 1L));
		AppHealth ok = AppHealth.assess(true, null, "", new GcLog.Summary(0, 0, 0, 0));
		List<CellSummary> matrix = cells.stream()
			.map((cell) -> CellSummary.of(cell.cell(),
					List.of(TrialFigures.of(cell, cell.steadyThroughput(), null, ok)), settings, 2.0,
					(cell.cell().stack() == Stack.MVC) ? OptionalInt.of(200) : OptionalInt.empty(),
					cell.cell().concurrency(), 2))
			.toList();
		return new BenchResults(BenchResults.Settings.of(settings), environment, processes, "2026-11-21T13:00:00Z",
				"2026-11-21T13:10:00Z", 600, cells, apps, memory, settings.jdk(), settings.skipped(), matrix, cells,
				List.of(), List.of(), true, null);
	}

	public static CellResult cell(Stack stack, int concurrency, long requests, long errors, double throughput,
			Storage storage) {
		return cell(stack, concurrency, requests, errors, throughput, storage, Heap.DEFAULT);
	}

	public static CellResult cell(Stack stack, int concurrency, long requests, long errors, double throughput,
			Storage storage, Heap heap) {
		return cell(stack, concurrency, requests, errors, throughput, storage, heap, AppCpus.ALL);
	}

	public static CellResult cell(Stack stack, int concurrency, long requests, long errors, double throughput,
			Storage storage, Heap heap, AppCpus placement) {
		Cell cell = new Cell(stack, Workload.composite(Fanout.SEQUENTIAL), LoadModel.CLOSED, concurrency, 0, heap,
				placement);
		boolean mvc = stack == Stack.MVC;
		LoadStats load = LoadStats.of(requests, errors, requests / throughput,
				(concurrency == 10) ? 302.5 : mvc ? 662.5 : 361.0, mvc ? 301 : 300, 330, 500, 700, mvc ? 905 : 702,
				mvc ? 1210 : 1503);
		LatencyStats latency = new LatencyStats(requests, mvc ? 301 : 300,
				(concurrency == 10) ? 302.5 : mvc ? 662.5 : 361.0, 40, 330, 350, 380, 400, 500, 700, 800,
				mvc ? 905 : 702, mvc ? 1100 : 1400, mvc ? 1210 : 1503);
		ThroughputStats perSecond = ThroughputStats
			.of(List.of((int) throughput - 5, (int) throughput, (int) throughput + 5));
		Map<String, SeriesSummary> series = new LinkedHashMap<>();
		series.put("app_heap_used_mb",
				mvc ? new SeriesSummary(30, 310.0, 250.0, 280.0) : new SeriesSummary(30, 180.0, 120.0, 150.0));
		series.put("app_threads_live",
				mvc ? new SeriesSummary(30, 231.0, 228.0, 230.0) : new SeriesSummary(30, 40.0, 39.0, 40.0));
		series.put("app_rss_mb", new SeriesSummary(30, mvc ? 420.0 : 380.0, 400.0, 410.0));
		series.put("app_cpu", new SeriesSummary(30, 0.5, 0.4, 0.3));
		series.put("mocks_cpu", new SeriesSummary(30, 0.35, 0.3, 0.2));
		series.put("loadgen_cpu", new SeriesSummary(30, 0.15, 0.12, 0.1));
		series.put("machine_cpu", new SeriesSummary(30, 0.95, 0.85, 0.5));
		ServerStats server = ServerStats.from(series, 0);
		Ceiling ceiling = Ceiling.of(cell, Optional.of(Duration.ofMillis(100)),
				mvc ? OptionalInt.of(200) : OptionalInt.empty(), load.throughput());
		String run = "runs/" + cell.id();
		JfrCheck jfr = JfrCheck.of("jfr/" + stack.id() + ".jfr", new JfrWindow(12, mvc ? 322.0 : 190.0,
				mvc ? 60.0 : 40.0, 30, mvc ? 231.0 : 41.0, mvc ? 233.0 : 45.0, 0.4, 0.85), server);
		return new CellResult(cell, "b1-" + cell.id(), START.toString(), START.plusSeconds(31).toString(), 30, load,
				latency, perSecond, null, server, CpuShares.of(2, series), gc(mvc), pools(mvc), storage, ceiling, jfr,
				run + "/samples.jtl", run + "/dashboard", run + "/metrics.csv", "logs/" + stack.module() + ".log",
				(concurrency == 400) ? run + "/flame.html" : null, null, null, null);
	}

	private static GcCost gc(boolean mvc) {
		return mvc ? new GcCost(28, 17_400, 12, 85.0, 1_700) : new GcCost(28, 29_000, 9, 40.0, 1_450);
	}

	private static PoolWaits pools(boolean mvc) {
		return mvc ? new PoolWaits(0.0, 0.0, 12.0, 3.0, 0.5, 200.0) : new PoolWaits(0.0, 0.0, 20.0, 0.0, 0.0, null);
	}

	/**
	 * Writes a 31-row metrics.csv for every cell.
	 * @param outputDir the output folder
	 * @throws IOException when writing fails
	 */
	public static void writeCsvs(BenchResults results, Path outputDir) throws IOException {
		for (CellResult cell : results.cells()) {
			boolean mvc = cell.cell().stack() == Stack.MVC;
			List<TimeSeries.Row> rows = new ArrayList<>();
			for (int second = 0; second <= 30; second++) {
				double[] values = new double[COLUMNS.size()];
				values[0] = (mvc ? 100 : 60) + (second * 13 % 200);
				values[1] = 512;
				values[2] = 512;
				values[3] = (mvc ? Math.min(231, 20 + second * 40) : 40);
				values[4] = values[3];
				values[5] = values[3] - 5;
				values[6] = second / 3;
				values[7] = second * 2;
				values[8] = 0.4;
				values[9] = second * 600;
				values[10] = (mvc ? 380 : 340) + second;
				values[11] = (second == 0) ? Double.NaN : 0.4 + (second % 5) / 50.0;
				values[12] = 900;
				values[13] = (second == 0) ? Double.NaN : 0.3;
				values[14] = 700;
				values[15] = (second == 0) ? Double.NaN : 0.12;
				values[16] = (second == 0) ? Double.NaN : 0.85;
				rows.add(new TimeSeries.Row(START.plusSeconds(second), values));
			}
			TimeSeriesCsv.write(new TimeSeries(COLUMNS, rows), START, outputDir.resolve(cell.metricsCsv()));
		}
	}

}
