package dev.twinstack.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.monitoring.TimeSeries;
import dev.twinstack.monitoring.TimeSeriesCsv;

/**
 * Builds the report's charts from the results and the cells' {@code metrics.csv} files:
 * per fanout, throughput and latency (p50, p99) versus concurrency; per (heap, fanout,
 * concurrency) with a closed composite cell, heap and RSS, live threads and CPU over the
 * cell's time. The app's placement is part of each cell: every placement that ran
 * ({@code bench.appCpus}, e.g. the standard profile's app alone on 1 core) gets its own
 * charts, whose ids end like its cells' ids ({@code -cpu1}; nothing for {@code all}). The
 * count model's composite cells (the {@code seeds} profile) get time charts too, in that
 * profile, with {@code -n} after the concurrency.
 */
final class ChartData {

	private static final List<String> PALETTE = List.of("#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b");

	private ChartData() {
	}

	/**
	 * Returns the id of the throughput chart of a fanout.
	 * @param fanout the fanout
	 * @return e.g. {@code throughput-sequential}
	 */
	static String throughputId(Fanout fanout) {
		return throughputId(fanout, AppCpus.ALL);
	}

	/**
	 * Returns the id of the throughput chart of a fanout and placement.
	 * @param fanout the fanout
	 * @param placement the app's cores
	 * @return e.g. {@code throughput-sequential-cpu1}
	 */
	static String throughputId(Fanout fanout, AppCpus placement) {
		return "throughput-" + fanout.id() + suffix(placement);
	}

	/**
	 * Returns the id of the latency chart of a fanout.
	 * @param fanout the fanout
	 * @return e.g. {@code latency-sequential}
	 */
	static String latencyId(Fanout fanout) {
		return latencyId(fanout, AppCpus.ALL);
	}

	/**
	 * Returns the id of the latency chart of a fanout and placement.
	 * @param fanout the fanout
	 * @param placement the app's cores
	 * @return e.g. {@code latency-sequential-cpu1}
	 */
	static String latencyId(Fanout fanout, AppCpus placement) {
		return "latency-" + fanout.id() + suffix(placement);
	}

	/**
	 * Returns the ids of the time charts of a scenario: memory, threads, CPU.
	 * @param fanout the fanout
	 * @param concurrency the concurrency
	 * @return e.g.
	 * {@code [memory-sequential-c10, threads-sequential-c10, cpu-sequential-c10]}
	 */
	static List<String> timeIds(Fanout fanout, int concurrency) {
		return timeIds(fanout, concurrency, Heap.DEFAULT);
	}

	/**
	 * Returns the ids of the time charts of a scenario on a heap: memory, threads, CPU.
	 * @param fanout the fanout
	 * @param concurrency the concurrency
	 * @param heap the app's heap
	 * @return e.g. {@code [memory-sequential-c1000-h64m, threads-sequential-c1000-h64m,
	 * cpu-sequential-c1000-h64m]}; without the heap suffix for the default heap
	 */
	static List<String> timeIds(Fanout fanout, int concurrency, Heap heap) {
		return timeIds(fanout, concurrency, heap, AppCpus.ALL);
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
	static List<String> timeIds(Fanout fanout, int concurrency, Heap heap, AppCpus placement) {
		return timeIds(fanout, concurrency, heap, placement, LoadModel.CLOSED);
	}

	/**
	 * Returns the ids of the time charts of a scenario on a heap under a load model, the
	 * app sharing every core.
	 * @param fanout the fanout
	 * @param concurrency the concurrency
	 * @param heap the app's heap
	 * @param load {@code closed}, or {@code count} (a fixed number of requests)
	 * @return as {@link #timeIds(Fanout, int, Heap)}, with {@code -n} after the
	 * concurrency for the count model, e.g. {@code memory-parallel-c20-n-h64m}
	 */
	static List<String> timeIds(Fanout fanout, int concurrency, Heap heap, LoadModel load) {
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
	static List<String> timeIds(Fanout fanout, int concurrency, Heap heap, AppCpus placement, LoadModel load) {
		String scenario = fanout.id() + "-c" + concurrency + ((load == LoadModel.COUNT) ? "-n" : "")
				+ (heap.isDefault() ? "" : "-h" + heap.id()) + suffix(placement);
		return List.of("memory-" + scenario, "threads-" + scenario, "cpu-" + scenario);
	}

	/**
	 * Returns the placements of the app that ran, in axis order.
	 * @param results the results
	 * @return e.g. {@code [1]} in the standard profile on 2 cores; {@code [all]} when no
	 * cell ran
	 */
	static List<AppCpus> placements(BenchResults results) {
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
	static String placementLabel(AppCpus placement) {
		return placement.isAll() ? ""
				: ", app alone on " + placement.cores() + ((placement.cores() == 1) ? " core" : " cores");
	}

	private static String suffix(AppCpus placement) {
		return placement.isAll() ? "" : "-cpu" + placement.id();
	}

	/**
	 * Builds every chart.
	 * @param results the results
	 * @param outputDir the folder holding the cells' CSV files
	 * @return the charts, in report order
	 */
	static List<ChartSpec> build(BenchResults results, Path outputDir) {
		return build(results, outputDir, RunModel.NONE);
	}

	/**
	 * Builds every chart, the model's prediction dashed beside the measured throughput.
	 * @param results the results
	 * @param outputDir the folder holding the cells' CSV files
	 * @param model the run's model
	 * @return the charts, in report order
	 */
	static List<ChartSpec> build(BenchResults results, Path outputDir, RunModel model) {
		List<ChartSpec> charts = new ArrayList<>();
		List<AppCpus> placements = placements(results);
		for (AppCpus placement : placements) {
			for (Fanout fanout : results.settings().fanouts()) {
				charts.add(vsConcurrency(results, fanout, placement, model));
				charts.add(latency(results, fanout, placement));
			}
		}
		// the count model's composite cells are charted for the seeds section, which
		// shows them (seed 001's JVM monitor)
		List<LoadModel> loads = SeedsReport.PROFILE.equals(results.settings().profile())
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
		for (Stack stack : stacks) {
			CellResult cell = find(results, stack, fanout, concurrency, heap, placement, load);
			if (cell == null || cell.metricsCsv() == null) {
				continue;
			}
			TimeSeries series = read(outputDir.resolve(cell.metricsCsv()));
			String color = color(stacks, stack);
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
		return List.of(
				new ChartSpec(ids.get(0), "Heap used and RSS, " + scenario, "seconds into the cell", "MB", null,
						memory),
				new ChartSpec(ids.get(1), "Live threads, " + scenario, "seconds into the cell", "threads", null,
						threads),
				new ChartSpec(ids.get(2), "CPU, " + scenario, "seconds into the cell",
						"% of the machine (" + results.environment().cores() + " cores)", null, cpu));
	}

	private static ChartSpec vsConcurrency(BenchResults results, Fanout fanout, AppCpus placement, RunModel model) {
		List<ChartSpec.Series> lines = new ArrayList<>();
		List<Stack> stacks = results.settings().stacks();
		for (Stack stack : stacks) {
			lines.add(category(results, stack, fanout, placement, stack.id(), color(stacks, stack), "solid",
					(cell) -> cell.load().throughput()));
			lines.add(category(results, stack, fanout, placement, stack.id() + " ceiling", color(stacks, stack), "dot",
					(cell) -> cell.ceiling().ceiling()));
			if (!model.checks().isEmpty()) {
				lines.add(category(results, stack, fanout, placement, stack.id() + " model", color(stacks, stack),
						"dash",
						(cell) -> model.check(cell.cell()).map((check) -> check.predictedThroughput()).orElse(null)));
			}
		}
		return new ChartSpec(throughputId(fanout, placement),
				"Throughput vs concurrency, " + fanout.id() + " fanout" + placementLabel(placement),
				"concurrency (JMeter threads)", "requests per second", categories(results, fanout, placement), lines);
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
	static CellResult find(BenchResults results, Stack stack, Fanout fanout, int concurrency, Heap heap,
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
	static CellResult find(BenchResults results, Stack stack, Fanout fanout, int concurrency, Heap heap,
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
