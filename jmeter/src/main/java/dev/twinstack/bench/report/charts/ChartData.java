package dev.twinstack.bench.report.charts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import dev.twinstack.bench.load.ErrorsPerSecond;
import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.Spread;
import dev.twinstack.bench.report.queueing.StackRanking;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.settings.BenchProfile;
import dev.twinstack.monitoring.TimeSeries;
import dev.twinstack.monitoring.TimeSeriesCsv;

/**
 * Builds the report's charts from the results and the cells' {@code metrics.csv} files:
 * per fanout, throughput and latency (p50, p99) versus concurrency, or, when the run
 * measured one concurrency level, throughput and p99 as a bar per stack; per (heap,
 * fanout, concurrency) with a closed composite cell, heap and RSS, live threads and CPU
 * over the cell's time, and, when a cell failed, its errors per second by kind. The app's
 * placement is part of each cell: every placement that ran ({@code bench.appCpus}, e.g.
 * the standard profile's app alone on 1 core) gets its own charts, whose ids end like its
 * cells' ids ({@code -cpu1}; nothing for {@code all}). The count model's composite cells
 * (the {@code seeds} profile) get time charts too, in that profile, with {@code -n} after
 * the concurrency.
 */
public final class ChartData {

	private static final List<String> PALETTE = List.of("#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b");

	private static final String CEILING_COLOR = "#d62728";

	private static final List<String> DASHES = List.of("solid", "dash", "dot");

	private ChartData() {
	}

	/**
	 * Returns the id of the throughput chart of a fanout and placement.
	 * @param fanout the fanout
	 * @param placement the app's cores
	 * @return e.g. {@code throughput-sequential-cpu1}
	 */
	public static String throughputId(Fanout fanout, AppCpus placement) {
		return "throughput-" + fanout.id() + placement.suffix();
	}

	/**
	 * Returns the id of the latency chart of a fanout and placement.
	 * @param fanout the fanout
	 * @param placement the app's cores
	 * @return e.g. {@code latency-sequential-cpu1}
	 */
	public static String latencyId(Fanout fanout, AppCpus placement) {
		return "latency-" + fanout.id() + placement.suffix();
	}

	/**
	 * Returns the ids of the time charts of a scenario on a heap and placement.
	 * @param fanout the fanout
	 * @param concurrency the concurrency
	 * @param heap the app's heap
	 * @param placement the app's cores
	 * @return e.g. {@code [memory-sequential-c400-cpu1, threads-sequential-c400-cpu1,
	 * cpu-sequential-c400-cpu1]}
	 */
	public static List<String> timeIds(Fanout fanout, int concurrency, Heap heap, AppCpus placement) {
		return timeIds(fanout, concurrency, heap, placement, LoadModel.CLOSED);
	}

	/**
	 * Returns the ids of the time charts of a scenario on a heap under a load model, the
	 * app sharing every core.
	 * @param fanout the fanout
	 * @param concurrency the concurrency
	 * @param heap the app's heap
	 * @param load {@code closed}, or {@code count} (a fixed number of requests)
	 * @return as {@link #timeIds(Fanout, int, Heap, AppCpus)}, with {@code -n} after the
	 * concurrency for the count model, e.g. {@code memory-parallel-c20-n-h64m}
	 */
	public static List<String> timeIds(Fanout fanout, int concurrency, Heap heap, LoadModel load) {
		return timeIds(fanout, concurrency, heap, AppCpus.ALL, load);
	}

	/**
	 * Returns the ids of the time charts of a scenario on a heap and placement under a
	 * load model.
	 * @param fanout the fanout
	 * @param concurrency the concurrency
	 * @param heap the app's heap
	 * @param placement the app's cores
	 * @param load {@code closed}, or {@code count} (a fixed number of requests)
	 * @return e.g. {@code [memory-parallel-c20-n-h64m-cpu1, …]}
	 */
	public static List<String> timeIds(Fanout fanout, int concurrency, Heap heap, AppCpus placement, LoadModel load) {
		String scenario = fanout.id() + "-c" + concurrency + ((load == LoadModel.COUNT) ? "-n" : "")
				+ (heap.isDefault() ? "" : "-h" + heap.id()) + placement.suffix();
		return List.of("memory-" + scenario, "threads-" + scenario, "cpu-" + scenario);
	}

	/**
	 * Returns the id of the errors chart of a scenario on a heap and placement under a
	 * load model, drawn only when a cell failed.
	 * @param fanout the fanout
	 * @param concurrency the concurrency
	 * @param heap the app's heap
	 * @param placement the app's cores
	 * @param load {@code closed}, or {@code count}
	 * @return e.g. {@code errors-sequential-c400-cpu1}
	 */
	public static String errorsId(Fanout fanout, int concurrency, Heap heap, AppCpus placement, LoadModel load) {
		return timeIds(fanout, concurrency, heap, placement, load).get(0).replaceFirst("^memory-", "errors-");
	}

	/**
	 * Returns the placements of the app that ran, in axis order.
	 * @param results the results
	 * @return e.g. {@code [1]} in the standard profile on 2 cores; {@code [all]} when no
	 * cell ran
	 */
	public static List<AppCpus> placements(BenchResults results) {
		List<AppCpus> placements = results.cells()
			.stream()
			.map((cell) -> cell.cell().appCpus())
			.distinct()
			.sorted(AppCpus.AXIS_ORDER)
			.toList();
		return placements.isEmpty() ? List.of(AppCpus.ALL) : placements;
	}

	/**
	 * Returns a placement in words, for titles and headings.
	 * @param placement the app's cores
	 * @return e.g. {@code , app alone on 1 core}; empty for {@code all}
	 */
	public static String placementLabel(AppCpus placement) {
		return placement.isAll() ? "" : ", app alone on " + AppCpus.coresInWords(placement.cores());
	}

	/**
	 * Builds every chart. With one concurrency level the first two are a bar per stack
	 * ({@link #perStack(BenchResults, Fanout, AppCpus, int)}); with several, curves
	 * against the concurrency.
	 * @param results the results
	 * @param outputDir the folder holding the cells' CSV files
	 * @return the charts, in report order
	 */
	public static List<ChartSpec> build(BenchResults results, Path outputDir) {
		List<ChartSpec> charts = new ArrayList<>();
		List<AppCpus> placements = placements(results);
		for (AppCpus placement : placements) {
			for (Fanout fanout : results.settings().fanouts()) {
				List<Integer> levels = concurrencies(results, fanout, placement);
				if (levels.size() == 1) {
					charts.addAll(perStack(results, fanout, placement, levels.get(0)));
				}
				else {
					charts.add(vsConcurrency(results, fanout, placement));
					charts.add(latency(results, fanout, placement));
				}
			}
		}
		// the count model's composite cells are charted for the seeds section, which
		// shows them (seed 001's JVM monitor)
		List<LoadModel> loads = BenchProfile.SEEDS.id().equals(results.settings().profile())
				? List.of(LoadModel.CLOSED, LoadModel.COUNT) : List.of(LoadModel.CLOSED);
		for (LoadModel load : loads) {
			for (Heap heap : results.settings().heaps()) {
				for (AppCpus placement : placements) {
					for (Fanout fanout : results.settings().fanouts()) {
						for (int concurrency : concurrencies(results, fanout, heap, placement, load)) {
							charts.addAll(timeCharts(results, outputDir, fanout, concurrency, heap, placement, load));
						}
					}
				}
			}
		}
		return charts;
	}

	private static List<ChartSpec> timeCharts(BenchResults results, Path outputDir, Fanout fanout, int concurrency,
			Heap heap, AppCpus placement, LoadModel load) {
		List<Stack> stacks = results.settings().stacks();
		List<String> ids = timeIds(fanout, concurrency, heap, placement, load);
		String scenario = fanout.id() + " fanout, concurrency " + concurrency
				+ ((load == LoadModel.COUNT) ? ", fixed count" : "") + (heap.isDefault() ? "" : ", -Xmx" + heap.id())
				+ placementLabel(placement);
		List<ChartSpec.Series> memory = new ArrayList<>();
		List<ChartSpec.Series> threads = new ArrayList<>();
		List<ChartSpec.Series> cpu = new ArrayList<>();
		List<ChartSpec.Series> errors = new ArrayList<>();
		List<String> kinds = new ArrayList<>();
		for (Stack stack : stacks) {
			CellResult cell = find(results, stack, fanout, concurrency, heap, placement, load);
			if (cell == null || cell.metricsCsv() == null) {
				continue;
			}
			TimeSeries series = read(outputDir.resolve(cell.metricsCsv()));
			String color = color(stacks, stack);
			errors.addAll(errors(stack, color, cell.errorsPerSecond(), series, kinds));
			memory.add(line(stack.id() + " heap used", color, "solid", series, "app_heap_used_mb", 1));
			memory.add(line(stack.id() + " RSS", color, "dash", series, "app_rss_mb", 1));
			if (!heap.isDefault()) {
				memory.add(line(stack.id() + " heap max", color, "dot", series, "app_heap_max_mb", 1));
			}
			threads.add(line(stack.id() + " live threads", color, "solid", series, "app_threads_live", 1));
			cpu.add(line(stack.id() + " app", color, "solid", series, "app_cpu", 100));
			cpu.add(line(stack.id() + " mocks", color, "dash", series, "mocks_cpu", 100));
			cpu.add(line(stack.id() + " JMeter", color, "dot", series, "loadgen_cpu", 100));
		}
		List<ChartSpec> charts = new ArrayList<>(List.of(
				new ChartSpec(ids.get(0), "Heap used and RSS, " + scenario, "seconds into the cell", "MB", null,
						memory),
				new ChartSpec(ids.get(1), "Live threads, " + scenario, "seconds into the cell", "threads", null,
						threads),
				new ChartSpec(ids.get(2), "CPU, " + scenario, "seconds into the cell",
						"% of the machine (" + results.environment().cores() + " cores)", null, cpu)));
		if (!errors.isEmpty()) {
			charts.add(new ChartSpec(errorsId(fanout, concurrency, heap, placement, load),
					"Errors per second by kind, " + scenario, "seconds into the cell", "failed requests per second",
					null, errors));
		}
		return charts;
	}

	/**
	 * Draws a cell's failed requests per second, one line per kind, on the time axis of
	 * its readings: each second's count at the second's end.
	 * @param stack the cell's stack
	 * @param color the stack's colour
	 * @param perSecond the cell's failed requests per kind and second, {@code null} when
	 * not counted
	 * @param series the cell's readings, whose first one is the axis' origin
	 * @param kinds the kinds drawn so far in the chart, each kind keeping its dash
	 * @return one line per kind that failed
	 */
	private static List<ChartSpec.Series> errors(Stack stack, String color, ErrorsPerSecond perSecond,
			TimeSeries series, List<String> kinds) {
		if (perSecond == null || perSecond.byKind().isEmpty()) {
			return List.of();
		}
		long origin = series.rows().isEmpty() ? perSecond.fromMs() : series.rows().get(0).time().toEpochMilli();
		List<ChartSpec.Series> lines = new ArrayList<>();
		perSecond.byKind().forEach((kind, counts) -> {
			if (!kinds.contains(kind)) {
				kinds.add(kind);
			}
			List<Double> x = new ArrayList<>();
			List<Double> y = new ArrayList<>();
			for (int i = 0; i < counts.size(); i++) {
				x.add((perSecond.fromMs() - origin) / 1000.0 + i + 1);
				y.add((double) counts.get(i));
			}
			lines.add(new ChartSpec.Series(stack.id() + " " + kind, color, DASHES.get(kinds.indexOf(kind) % 3), x, y));
		});
		return lines;
	}

	private static ChartSpec vsConcurrency(BenchResults results, Fanout fanout, AppCpus placement) {
		List<ChartSpec.Series> lines = new ArrayList<>();
		List<Stack> stacks = results.settings().stacks();
		for (Stack stack : stacks) {
			lines.add(category(results, stack, fanout, placement, stack.id(), color(stacks, stack), "solid",
					(cell) -> cell.load().throughput()));
			lines.add(category(results, stack, fanout, placement, stack.id() + " ceiling", color(stacks, stack), "dot",
					(cell) -> cell.ceiling().ceiling()));
		}
		return new ChartSpec(throughputId(fanout, placement),
				"Throughput vs concurrency, " + fanout.id() + " fanout" + placementLabel(placement),
				"concurrency (JMeter threads)", "requests per second", categories(results, fanout, placement), lines);
	}

	/**
	 * Builds the charts of one concurrency level: a bar per stack for the median steady
	 * throughput of successful requests over the trials, with the trials' min and max and
	 * the cell's lowest ceiling marked, and a bar per stack for the median p99 with the
	 * trials' min and max. The figures are the scenario matrix's (the verdict's); a run
	 * without a matrix shows its quoted trials.
	 * @param results the results
	 * @param fanout the fanout
	 * @param placement the app's cores
	 * @param concurrency the level
	 * @return the throughput chart and the p99 chart, with the ids of the curves
	 * ({@link #throughputId}, {@link #latencyId})
	 */
	public static List<ChartSpec> perStack(BenchResults results, Fanout fanout, AppCpus placement, int concurrency) {
		List<Stack> stacks = results.settings().stacks();
		List<Spread> served = new ArrayList<>();
		List<Spread> latencies = new ArrayList<>();
		List<Double> ceilings = new ArrayList<>();
		for (Stack stack : stacks) {
			Cell cell = new Cell(stack, Workload.composite(fanout), LoadModel.CLOSED, concurrency, 0, Heap.DEFAULT,
					placement);
			CellSummary summary = results.matrix()
				.stream()
				.filter((s) -> s.cell().equals(cell))
				.findFirst()
				.orElse(null);
			CellResult trial = find(results, stack, fanout, concurrency, Heap.DEFAULT, placement);
			if (summary != null) {
				served.add(StackRanking.contender(summary).throughput());
				latencies.add(summary.p99Ms());
				ceilings.add(finite(summary.ceiling().ceiling()));
			}
			else if (trial != null) {
				double ok = (trial.load().requests() > 0) ? 1 - (double) trial.load().errors() / trial.load().requests()
						: 1;
				served.add(new Spread(trial.load().throughput() * ok, trial.load().throughput() * ok,
						trial.load().throughput() * ok, 1));
				latencies.add(new Spread(trial.latency().p99Ms(), trial.latency().p99Ms(), trial.latency().p99Ms(), 1));
				ceilings.add(finite(trial.ceiling().ceiling()));
			}
			else {
				served.add(null);
				latencies.add(null);
				ceilings.add(null);
			}
		}
		return perStack(stacks, served, latencies, ceilings, throughputId(fanout, placement),
				latencyId(fanout, placement),
				fanout.id() + " fanout, concurrency " + concurrency + placementLabel(placement));
	}

	/**
	 * Builds the charts of one ranking of the verdict, as
	 * {@link #perStack(BenchResults, Fanout, AppCpus, int)}: every stack measured in the
	 * comparison, the figures the ranking takes.
	 * @param ranking the ranking
	 * @return the throughput chart and the p99 chart
	 */
	public static List<ChartSpec> perStack(StackRanking ranking) {
		List<Stack> stacks = ranking.comparison().cells().stream().map((s) -> s.cell().stack()).toList();
		List<Spread> served = ranking.comparison()
			.cells()
			.stream()
			.map((s) -> StackRanking.contender(s).throughput())
			.toList();
		List<Spread> latencies = ranking.comparison().cells().stream().map(CellSummary::p99Ms).toList();
		List<Double> ceilings = ranking.comparison()
			.cells()
			.stream()
			.map((s) -> finite(s.ceiling().ceiling()))
			.toList();
		return perStack(stacks, served, latencies, ceilings, "throughput-summary", "latency-summary", ranking.title());
	}

	private static List<ChartSpec> perStack(List<Stack> stacks, List<Spread> served, List<Spread> latencies,
			List<Double> ceilings, String throughputId, String latencyId, String where) {
		List<String> categories = stacks.stream().map(Stack::id).toList();
		List<ChartSpec.Series> throughput = new ArrayList<>();
		List<ChartSpec.Series> p99 = new ArrayList<>();
		for (int i = 0; i < stacks.size(); i++) {
			throughput.add(bar(stacks, i, served.get(i)));
			p99.add(bar(stacks, i, latencies.get(i)));
		}
		throughput.add(marks("trials' min", "#4a5568", ChartSpec.Series.TICK, served, Spread::min));
		throughput.add(marks("trials' max", "#1a202c", ChartSpec.Series.TICK, served, Spread::max));
		throughput.add(new ChartSpec.Series("lowest ceiling", CEILING_COLOR, "solid", List.of(), ceilings,
				ChartSpec.Series.MARK));
		p99.add(marks("trials' min", "#4a5568", ChartSpec.Series.TICK, latencies, Spread::min));
		p99.add(marks("trials' max", "#1a202c", ChartSpec.Series.TICK, latencies, Spread::max));
		return List.of(
				new ChartSpec(throughputId, "Throughput per stack, " + where, "stack", "successful requests per second",
						categories, throughput),
				new ChartSpec(latencyId, "Latency p99 per stack, " + where, "stack", "ms", categories, p99));
	}

	private static ChartSpec.Series bar(List<Stack> stacks, int index, Spread value) {
		List<Double> y = new ArrayList<>();
		for (int i = 0; i < stacks.size(); i++) {
			y.add((i == index && value != null) ? finite(value.median()) : null);
		}
		Stack stack = stacks.get(index);
		return new ChartSpec.Series(stack.id(), color(stacks, stack), "solid", List.of(), y, ChartSpec.Series.BAR);
	}

	private static ChartSpec.Series marks(String name, String color, String kind, List<Spread> values,
			Function<Spread, Double> value) {
		List<Double> y = values.stream()
			.map((spread) -> (spread != null && spread.trials() > 1) ? finite(value.apply(spread)) : null)
			.toList();
		return new ChartSpec.Series(name, color, "solid", List.of(), y, kind);
	}

	private static ChartSpec latency(BenchResults results, Fanout fanout, AppCpus placement) {
		List<ChartSpec.Series> lines = new ArrayList<>();
		List<Stack> stacks = results.settings().stacks();
		for (Stack stack : stacks) {
			lines.add(category(results, stack, fanout, placement, stack.id() + " p50", color(stacks, stack), "solid",
					(cell) -> cell.latency().p50Ms()));
			lines.add(category(results, stack, fanout, placement, stack.id() + " p99", color(stacks, stack), "dash",
					(cell) -> cell.latency().p99Ms()));
		}
		return new ChartSpec(latencyId(fanout, placement),
				"Latency p50 and p99 vs concurrency, " + fanout.id() + " fanout" + placementLabel(placement),
				"concurrency (JMeter threads)", "ms", categories(results, fanout, placement), lines);
	}

	/**
	 * Returns the concurrency levels at which some stack ran the closed composite cell of
	 * a fanout and placement on the default heap.
	 * @param results the results
	 * @param fanout the fanout
	 * @param placement the app's cores
	 * @return e.g. {@code [400]}: one level, drawn as a bar per stack
	 */
	public static List<Integer> levels(BenchResults results, Fanout fanout, AppCpus placement) {
		return concurrencies(results, fanout, placement);
	}

	private static List<String> categories(BenchResults results, Fanout fanout, AppCpus placement) {
		return concurrencies(results, fanout, Heap.DEFAULT, placement).stream().map(String::valueOf).toList();
	}

	/**
	 * The concurrencies at which some stack ran the closed composite cell of this fanout
	 * on the default heap: a profile's other blocks (heap limits, the open model, other
	 * workloads) add concurrencies that have no such cell, and would draw empty charts.
	 */
	private static List<Integer> concurrencies(BenchResults results, Fanout fanout, AppCpus placement) {
		return concurrencies(results, fanout, Heap.DEFAULT, placement);
	}

	private static List<Integer> concurrencies(BenchResults results, Fanout fanout, Heap heap, AppCpus placement) {
		return concurrencies(results, fanout, heap, placement, LoadModel.CLOSED);
	}

	private static List<Integer> concurrencies(BenchResults results, Fanout fanout, Heap heap, AppCpus placement,
			LoadModel load) {
		return results.settings()
			.concurrency()
			.stream()
			.filter((concurrency) -> results.settings()
				.stacks()
				.stream()
				.anyMatch((stack) -> find(results, stack, fanout, concurrency, heap, placement, load) != null))
			.toList();
	}

	private static ChartSpec.Series category(BenchResults results, Stack stack, Fanout fanout, AppCpus placement,
			String name, String color, String dash, Function<CellResult, Double> value) {
		List<Double> y = new ArrayList<>();
		for (int concurrency : concurrencies(results, fanout, placement)) {
			CellResult cell = find(results, stack, fanout, concurrency, Heap.DEFAULT, placement);
			y.add((cell != null) ? finite(value.apply(cell)) : null);
		}
		return new ChartSpec.Series(name, color, dash, List.of(), y);
	}

	private static ChartSpec.Series line(String name, String color, String dash, TimeSeries series, String column,
			double scale) {
		List<Double> x = new ArrayList<>();
		List<Double> y = new ArrayList<>();
		if (series.columns().contains(column)) {
			int index = series.indexOf(column);
			java.time.Instant origin = series.rows().isEmpty() ? null : series.rows().get(0).time();
			for (TimeSeries.Row row : series.rows()) {
				x.add(java.time.Duration.between(origin, row.time()).toMillis() / 1000.0);
				y.add(finite(row.value(index) * scale));
			}
		}
		return new ChartSpec.Series(name, color, dash, x, y);
	}

	private static TimeSeries read(Path csv) {
		try {
			return Files.isRegularFile(csv) ? TimeSeriesCsv.read(csv) : new TimeSeries(List.of(), List.of());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read " + csv, ex);
		}
	}

	private static String color(List<Stack> stacks, Stack stack) {
		return PALETTE.get(stacks.indexOf(stack) % PALETTE.size());
	}

	private static Double finite(Double value) {
		return (value != null && Double.isFinite(value)) ? value : null;
	}

	/**
	 * Returns the closed composite cell of a stack, fanout, concurrency, heap and
	 * placement.
	 * @param results the results
	 * @param stack the stack
	 * @param fanout the fanout
	 * @param concurrency the concurrency
	 * @param heap the app's heap
	 * @param placement the app's cores
	 * @return the cell's quoted trial, {@code null} when it did not run
	 */
	public static CellResult find(BenchResults results, Stack stack, Fanout fanout, int concurrency, Heap heap,
			AppCpus placement) {
		return find(results, stack, fanout, concurrency, heap, placement, LoadModel.CLOSED);
	}

	/**
	 * Returns the composite cell of a stack, fanout, concurrency, heap, placement and
	 * load model (closed, or count whatever the count's size).
	 * @param results the results
	 * @param stack the stack
	 * @param fanout the fanout
	 * @param concurrency the concurrency
	 * @param heap the app's heap
	 * @param placement the app's cores
	 * @param load {@code closed} or {@code count}
	 * @return the cell's quoted trial, {@code null} when it did not run
	 */
	public static CellResult find(BenchResults results, Stack stack, Fanout fanout, int concurrency, Heap heap,
			AppCpus placement, LoadModel load) {
		Cell wanted = new Cell(stack, Workload.composite(fanout), load, concurrency, 0, heap, placement);
		return results.cells()
			.stream()
			.filter((cell) -> cell.cell().equals(wanted) || (load == LoadModel.COUNT && cell.cell()
				.equals(new Cell(stack, wanted.workload(), load, concurrency, 0, heap, placement,
						cell.cell().requests()))))
			.findFirst()
			.orElse(null);
	}

}
