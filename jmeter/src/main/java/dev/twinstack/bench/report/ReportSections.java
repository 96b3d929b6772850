package dev.twinstack.bench.report;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

import dev.twinstack.bench.load.warmup.WarmUp;
import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.measure.jvm.MemoryAfterRequests;
import dev.twinstack.bench.report.charts.ChartData;
import dev.twinstack.bench.results.BenchResults;

/**
 * The parts of report.md about monitoring: the charts, the memory after N requests, the
 * JFR cross-check, the apps' settings and the per-cell files.
 */
public final class ReportSections {

	private ReportSections() {
	}

	/**
	 * Renders the throughput and latency charts of each fanout
	 * ({@code charts.md.mustache}): a bar per stack when the run measured one concurrency
	 * level, curves against the concurrency when it measured several.
	 * @param results the results
	 * @param charts the ids of the charts drawn
	 * @return Markdown, empty when no chart was drawn
	 */
	public static String summaryCharts(BenchResults results, Set<String> charts) {
		if (charts.isEmpty()) {
			return "";
		}
		List<ChartGroup> groups = new ArrayList<>();
		boolean sweep = false;
		for (AppCpus placement : ChartData.placements(results)) {
			for (Fanout fanout : results.settings().fanouts()) {
				List<Integer> levels = ChartData.levels(results, fanout, placement);
				sweep |= levels.size() > 1;
				String where = fanout.id() + " fanout" + ChartData.placementLabel(placement);
				List<Image> images = new ArrayList<>();
				if (levels.size() == 1) {
					String at = fanout.id() + " fanout, concurrency " + levels.get(0)
							+ ChartData.placementLabel(placement);
					images.add(new Image(ChartData.throughputId(fanout, placement), "Throughput per stack, " + at
							+ " (bars: successful requests per second, the median of the trials; ticks: the trials' min and "
							+ "max; diamond: the lowest ceiling)"));
					images.add(new Image(ChartData.latencyId(fanout, placement),
							"Latency p99 per stack, " + at + " (bars: the median; ticks: the trials' min and max)"));
				}
				else {
					images.add(new Image(ChartData.throughputId(fanout, placement),
							"Throughput vs concurrency, " + where + " (dotted: the lowest ceiling)"));
					images.add(new Image(ChartData.latencyId(fanout, placement),
							"Latency p50 and p99 vs concurrency, " + where));
				}
				groups
					.add(new ChartGroup(null, images.stream().filter((image) -> charts.contains(image.id())).toList()));
			}
		}
		String title = sweep ? "Throughput and latency vs concurrency" : "Throughput and p99 per stack";
		return MarkdownMustacheFactory.render("charts.md.mustache", Map.of("title", title, "groups", groups));
	}

	/**
	 * Renders the time charts of one scenario ({@code images.md.mustache}): heap and RSS,
	 * live threads, CPU.
	 * @param charts the ids of the charts drawn
	 * @param fanout the fanout
	 * @param concurrency the concurrency
	 * @param placement the app's cores
	 * @return Markdown, empty when none of them was drawn
	 */
	static String scenarioCharts(Set<String> charts, Fanout fanout, int concurrency, AppCpus placement) {
		List<String> ids = ChartData.timeIds(fanout, concurrency, Heap.DEFAULT, placement);
		if (ids.stream().noneMatch(charts::contains)) {
			return "";
		}
		return MarkdownMustacheFactory.render("images.md.mustache",
				new ChartGroup(null, timeCharts(charts, ids, "Heap used (solid) and RSS (dashed) over the cell")));
	}

	/**
	 * Renders the time charts of the closed composite cells on a limited heap
	 * ({@code -Xmx}, as in the 128 MB and 64 MB runs of the seed experiments;
	 * {@code limited-heaps.md.mustache}); their tables are in the scenario matrix.
	 * @param results the results
	 * @param charts the ids of the charts drawn
	 * @return Markdown, empty when no such chart was drawn
	 */
	static String limitedHeapCharts(BenchResults results, Set<String> charts) {
		List<ChartGroup> groups = new ArrayList<>();
		for (Heap heap : results.settings().heaps()) {
			if (heap.isDefault()) {
				continue;
			}
			for (AppCpus placement : ChartData.placements(results)) {
				for (Fanout fanout : results.settings().fanouts()) {
					for (int concurrency : results.settings().concurrency()) {
						List<String> ids = ChartData.timeIds(fanout, concurrency, heap, placement);
						if (ids.stream().anyMatch(charts::contains)) {
							groups.add(new ChartGroup(
									fanout.id() + " fanout, concurrency " + concurrency + ", -Xmx" + heap.id()
											+ ChartData.placementLabel(placement),
									timeCharts(charts, ids,
											"Heap used (solid), RSS (dashed) and the heap's max (dotted) over the cell")));
						}
					}
				}
			}
		}
		return groups.isEmpty() ? ""
				: MarkdownMustacheFactory.render("limited-heaps.md.mustache", Map.of("groups", groups));
	}

	private static List<Image> timeCharts(Set<String> charts, List<String> ids, String memory) {
		return List
			.of(new Image(ids.get(0), memory), new Image(ids.get(1), "Live threads over the cell"),
					new Image(ids.get(2), "CPU over the cell: app (solid), mocks (dashed), JMeter (dotted)"),
					new Image(ids.get(0).replaceFirst("^memory-", "errors-"),
							"Errors per second by kind over the cell: a line per stack and kind"))
			.stream()
			.filter((image) -> charts.contains(image.id()))
			.toList();
	}

	/**
	 * Renders the memory after N requests ({@code memory.md.mustache}), one column per
	 * stack; a stack measured several times shows the mean of its readings with their
	 * range.
	 * @param results the results
	 * @return Markdown, empty when the memory was not measured
	 */
	static String memory(BenchResults results) {
		if (results.memory().isEmpty()) {
			return "";
		}
		MemoryAfterRequests first = results.memory().get(0);
		Map<Stack, List<MemoryAfterRequests>> byStack = new LinkedHashMap<>();
		results.memory().forEach((m) -> byStack.computeIfAbsent(m.stack(), (stack) -> new ArrayList<>()).add(m));
		int readings = byStack.values().stream().mapToInt(List::size).max().orElse(1);
		List<Row> rows = new ArrayList<>();
		rows.add(new Row("Time to complete", byStack.values().stream().map((list) -> {
			DoubleSummaryStatistics seconds = list.stream()
				.mapToDouble(MemoryAfterRequests::seconds)
				.summaryStatistics();
			double throughput = list.stream().mapToDouble(MemoryAfterRequests::throughput).average().orElse(0);
			long errors = list.stream().mapToLong(MemoryAfterRequests::errors).sum();
			return fmt("%.2f s", seconds.getAverage())
					+ ((list.size() > 1) ? fmt(" (%.2f–%.2f s)", seconds.getMin(), seconds.getMax()) : "")
					+ fmt(" (%.1f req/s, %d errors)", throughput, errors);
		}).toList()));
		rows.add(row(byStack, "Heap used before (after a full GC)", MemoryAfterRequests::heapBeforeMb, "%.1f MB"));
		rows.add(row(byStack, "Heap used after", MemoryAfterRequests::heapUsedMb, "%.1f MB"));
		rows.add(row(byStack, "Heap added by the requests", MemoryAfterRequests::heapAddedMb, "%.1f MB"));
		rows.add(row(byStack, "GCs during the requests",
				(m) -> (m.collectionsDuring() != null) ? m.collectionsDuring().doubleValue() : null, "%.0f"));
		rows.add(row(byStack, "RSS after", MemoryAfterRequests::rssMb, "%.1f MB"));
		rows.add(row(byStack, "Live threads after", MemoryAfterRequests::liveThreads, "%.0f"));
		rows.add(row(byStack, "Heap used after a full GC", MemoryAfterRequests::heapAfterGcMb, "%.1f MB"));
		rows.add(row(byStack, "RSS after a full GC", MemoryAfterRequests::rssAfterGcMb, "%.1f MB"));
		String workload = (first.workload().fanout() != null) ? first.workload().fanout().id() + " fanout"
				: first.workload().id();
		return MarkdownMustacheFactory.render("memory.md.mustache", new MemoryView(first.requests(),
				first.concurrency(), workload, readings, byStack.keySet().stream().map(Stack::title).toList(), rows));
	}

	private static Row row(Map<Stack, List<MemoryAfterRequests>> byStack, String label,
			Function<MemoryAfterRequests, Double> value, String format) {
		return new Row(label, byStack.values().stream().map((readings) -> {
			double[] values = readings.stream()
				.map(value)
				.filter(Objects::nonNull)
				.mapToDouble(Double::doubleValue)
				.toArray();
			if (values.length == 0) {
				return "n/a";
			}
			if (readings.size() == 1) {
				return fmt(format, values[0]);
			}
			DoubleSummaryStatistics stats = Arrays.stream(values).summaryStatistics();
			return fmt(format, stats.getAverage()) + " (" + fmt(format, stats.getMin()) + "–"
					+ fmt(format, stats.getMax()) + ")";
		}).toList());
	}

	/**
	 * Appends how the figures were sampled and cross-checked.
	 * @param md the report
	 */
	static void monitoring(StringBuilder md) {
		md.append(MarkdownMustacheFactory.render("monitoring.md.mustache", Map.of()));
	}

	/**
	 * Adds the settings that cap each app, as it ran, to the settings table.
	 * @param rows the settings table's rows
	 * @param results the results
	 */
	static void appSettings(List<ReportWriter.SettingRow> rows, BenchResults results) {
		for (BenchResults.AppInfo app : results.apps()) {
			StringBuilder value = new StringBuilder();
			app.settings()
				.forEach((name, setting) -> value.append((value.length() > 0) ? "; " : "")
					.append('`')
					.append(name)
					.append("` ")
					.append(setting));
			rows.add(new ReportWriter.SettingRow(app.stack().title() + " settings", value.toString()));
		}
		for (BenchResults.AppInfo app : results.apps()) {
			rows.add(new ReportWriter.SettingRow(app.stack().title() + " JVM",
					(app.jfr() != null)
							? "VisualVM name `" + app.displayName() + "`, JFR [" + app.jfr() + "](" + app.jfr() + ")"
							: app.displayName() + ": no JFR recording, no VisualVM name (not started by the bench)"));
		}
		for (BenchResults.AppInfo app : results.apps()) {
			if (app.placement() != null) {
				rows.add(new ReportWriter.SettingRow(app.stack().title() + " CPUs", app.placement()));
			}
			if (app.warmUp() != null && !app.warmUp().isEmpty()) {
				rows.add(new ReportWriter.SettingRow(
						app.stack().title() + " warm-up (until steady: the last " + WarmUp.WINDOW + " rounds of "
								+ WarmUp.ROUND_SECONDS + " s within " + fmt("%.0f", WarmUp.TOLERANCE_PERCENT) + " %)",
						app.warmUp()
							.stream()
							.map((w) -> w.workload() + " c=" + w.concurrency() + ": " + w.describe())
							.collect(java.util.stream.Collectors.joining("; "))));
			}
		}
	}

	/**
	 * The view of {@code memory.md.mustache}.
	 *
	 * @param requests the requests per reading
	 * @param concurrency the JMeter threads sending them
	 * @param workload the workload, e.g. {@code sequential fanout}
	 * @param readings the most readings of one stack
	 * @param stacks the stacks' titles, in column order
	 * @param rows the measures
	 */
	record MemoryView(int requests, int concurrency, String workload, int readings, List<String> stacks,
			List<Row> rows) {

		boolean repeated() {
			return this.readings > 1;
		}

	}

	/**
	 * One measure, formatted per stack.
	 *
	 * @param label the measure
	 * @param cells one value per stack
	 */
	record Row(String label, List<String> cells) {
	}

	/**
	 * The charts of one fanout and placement, or of one cell over time.
	 *
	 * @param title the group's heading, {@code null} when it has none
	 * @param images the charts drawn
	 */
	record ChartGroup(String title, List<Image> images) {
	}

	/**
	 * One chart.
	 *
	 * @param id the chart's id: {@code charts/<id>.png}
	 * @param alt its description
	 */
	public record Image(String id, String alt) {
	}

}
