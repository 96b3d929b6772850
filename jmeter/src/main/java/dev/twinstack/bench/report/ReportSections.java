package dev.twinstack.bench.report;

import static dev.twinstack.bench.report.ReportWriter.fmt;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.twinstack.bench.load.WarmUp;
import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.measure.MemoryAfterRequests;
import dev.twinstack.bench.results.BenchResults;

/**
 * The parts of report.md about monitoring: the charts, the memory after N requests, the
 * JFR cross-check, the apps' settings and the per-cell files.
 */
final class ReportSections {

	private ReportSections() {
	}

	/**
	 * Appends the throughput and latency charts of each fanout.
	 * @param md the report
	 * @param results the results
	 * @param charts the ids of the charts drawn
	 */
	static void summaryCharts(StringBuilder md, BenchResults results, Set<String> charts) {
		if (charts.isEmpty()) {
			return;
		}
		md.append("## Throughput and latency vs concurrency\n\n");
		for (AppCpus placement : ChartData.placements(results)) {
			for (Fanout fanout : results.settings().fanouts()) {
				String where = fanout.id() + " fanout" + ChartData.placementLabel(placement);
				image(md, charts, ChartData.throughputId(fanout, placement), "Throughput vs concurrency, " + where
						+ " (dotted: the lowest ceiling; dashed: the queueing model's prediction)");
				image(md, charts, ChartData.latencyId(fanout, placement),
						"Latency p50 and p99 vs concurrency, " + where);
				md.append("\n\n");
			}
		}
	}

	/**
	 * Appends the time charts of one scenario: heap and RSS, live threads, CPU.
	 * @param md the report
	 * @param charts the ids of the charts drawn
	 * @param fanout the fanout
	 * @param concurrency the concurrency
	 * @param placement the app's cores
	 */
	static void scenarioCharts(StringBuilder md, Set<String> charts, Fanout fanout, int concurrency,
			AppCpus placement) {
		List<String> ids = ChartData.timeIds(fanout, concurrency, Heap.DEFAULT, placement);
		if (ids.stream().noneMatch(charts::contains)) {
			return;
		}
		timeCharts(md, charts, ids, "Heap used (solid) and RSS (dashed) over the cell");
	}

	/**
	 * Appends the time charts of the closed composite cells on a limited heap
	 * ({@code -Xmx}, as in the 128 MB and 64 MB runs of the seed experiments); their
	 * tables are in the scenario matrix.
	 * @param md the report
	 * @param results the results
	 * @param charts the ids of the charts drawn
	 */
	static void limitedHeapCharts(StringBuilder md, BenchResults results, Set<String> charts) {
		StringBuilder section = new StringBuilder();
		for (Heap heap : results.settings().heaps()) {
			if (heap.isDefault()) {
				continue;
			}
			for (AppCpus placement : ChartData.placements(results)) {
				for (Fanout fanout : results.settings().fanouts()) {
					for (int concurrency : results.settings().concurrency()) {
						List<String> ids = ChartData.timeIds(fanout, concurrency, heap, placement);
						if (ids.stream().anyMatch(charts::contains)) {
							section.append("### ")
								.append(fanout.id())
								.append(" fanout, concurrency ")
								.append(concurrency)
								.append(", -Xmx")
								.append(heap.id())
								.append(ChartData.placementLabel(placement))
								.append("\n\n");
							timeCharts(section, charts, ids,
									"Heap used (solid), RSS (dashed) and the heap's max (dotted) over the cell");
						}
					}
				}
			}
		}
		if (!section.isEmpty()) {
			md.append("## Limited heaps over time\n\n")
				.append("Composite cells on a limited heap: heap used against the `-Xmx` limit (the JVM's max heap), the threads the ")
				.append("stack holds, and the CPU, in the median trial. An app that ran out of memory stops its ")
				.append("lines where it died; its cause is in the scenario matrix.\n\n")
				.append(section);
		}
	}

	private static void timeCharts(StringBuilder md, Set<String> charts, List<String> ids, String memory) {
		image(md, charts, ids.get(0), memory);
		image(md, charts, ids.get(1), "Live threads over the cell");
		image(md, charts, ids.get(2), "CPU over the cell: app (solid), mocks (dashed), JMeter (dotted)");
		md.append("\n\n");
	}

	private static void image(StringBuilder md, Set<String> charts, String id, String alt) {
		if (charts.contains(id)) {
			md.append("![").append(alt).append("](charts/").append(id).append(".png)\n");
		}
	}

	/**
	 * Appends the memory after N requests, one column per stack; a stack measured several
	 * times shows the mean of its readings with their range.
	 * @param md the report
	 * @param results the results
	 */
	static void memory(StringBuilder md, BenchResults results) {
		if (results.memory().isEmpty()) {
			return;
		}
		MemoryAfterRequests first = results.memory().get(0);
		Map<Stack, List<MemoryAfterRequests>> byStack = new LinkedHashMap<>();
		results.memory().forEach((m) -> byStack.computeIfAbsent(m.stack(), (stack) -> new ArrayList<>()).add(m));
		int readings = byStack.values().stream().mapToInt(List::size).max().orElse(1);
		md.append("## Memory after ")
			.append(first.requests())
			.append(" requests\n\n")
			.append((readings > 1) ? "Measured " + readings + " times back to back per app (the mean of the readings, "
					+ "their range in brackets)" : "Measured once per app")
			.append(", right after its warm-up and before its cells: a full GC (`jcmd <pid> GC.run`) and the heap, ")
			.append("so that every reading starts from the same clean heap (as each of seed 000's executions started ")
			.append("a fresh process); ")
			.append(first.requests())
			.append(" requests (")
			.append((first.workload().fanout() != null) ? first.workload().fanout().id() + " fanout"
					: first.workload().id())
			.append(") from ")
			.append(first.concurrency())
			.append(" JMeter threads sending back to back (closed model, like `ab -n ")
			.append(first.requests())
			.append(" -c ")
			.append(first.concurrency())
			.append("`, all threads started at once), then the heap (Micrometer) and RSS (OSHI); then a full GC ")
			.append("and both again: what the app keeps. *Heap added* is the heap after the requests minus the heap ")
			.append("before them: their allocation when no GC ran in between (*GCs during the requests* 0).\n\n")
			.append("| Measure |");
		byStack.keySet().forEach((stack) -> md.append(' ').append(stack.title()).append(" |"));
		md.append("\n|---|");
		byStack.keySet().forEach((stack) -> md.append("---:|"));
		md.append('\n');
		md.append("| Time to complete |");
		byStack.values().forEach((list) -> {
			java.util.DoubleSummaryStatistics seconds = list.stream()
				.mapToDouble(MemoryAfterRequests::seconds)
				.summaryStatistics();
			double throughput = list.stream().mapToDouble(MemoryAfterRequests::throughput).average().orElse(0);
			long errors = list.stream().mapToLong(MemoryAfterRequests::errors).sum();
			md.append(' ')
				.append(fmt("%.2f s", seconds.getAverage()))
				.append((list.size() > 1) ? fmt(" (%.2f–%.2f s)", seconds.getMin(), seconds.getMax()) : "")
				.append(fmt(" (%.1f req/s, %d errors)", throughput, errors))
				.append(" |");
		});
		md.append('\n');
		row(md, byStack, "Heap used before (after a full GC)", MemoryAfterRequests::heapBeforeMb, "%.1f MB");
		row(md, byStack, "Heap used after", MemoryAfterRequests::heapUsedMb, "%.1f MB");
		row(md, byStack, "Heap added by the requests", MemoryAfterRequests::heapAddedMb, "%.1f MB");
		row(md, byStack, "GCs during the requests",
				(m) -> (m.collectionsDuring() != null) ? m.collectionsDuring().doubleValue() : null, "%.0f");
		row(md, byStack, "RSS after", MemoryAfterRequests::rssMb, "%.1f MB");
		row(md, byStack, "Live threads after", MemoryAfterRequests::liveThreads, "%.0f");
		row(md, byStack, "Heap used after a full GC", MemoryAfterRequests::heapAfterGcMb, "%.1f MB");
		row(md, byStack, "RSS after a full GC", MemoryAfterRequests::rssAfterGcMb, "%.1f MB");
		md.append('\n');
	}

	private static void row(StringBuilder md, Map<Stack, List<MemoryAfterRequests>> byStack, String label,
			java.util.function.Function<MemoryAfterRequests, Double> value, String format) {
		md.append("| ").append(label).append(" |");
		byStack.values().forEach((readings) -> {
			double[] values = readings.stream()
				.map(value)
				.filter(java.util.Objects::nonNull)
				.mapToDouble(Double::doubleValue)
				.toArray();
			String cell;
			if (values.length == 0) {
				cell = "n/a";
			}
			else if (readings.size() == 1) {
				cell = fmt(format, values[0]);
			}
			else {
				java.util.DoubleSummaryStatistics stats = java.util.Arrays.stream(values).summaryStatistics();
				cell = fmt(format, stats.getAverage()) + " (" + fmt(format, stats.getMin()) + "–"
						+ fmt(format, stats.getMax()) + ")";
			}
			md.append(' ').append(cell).append(" |");
		});
		md.append('\n');
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
								+ WarmUp.ROUND_SECONDS + " s within "
								+ String.format(java.util.Locale.ROOT, "%.0f", WarmUp.TOLERANCE_PERCENT) + " %)",
						app.warmUp()
							.stream()
							.map((w) -> w.workload() + " c=" + w.concurrency() + ": " + w.describe())
							.collect(java.util.stream.Collectors.joining("; "))));
			}
		}
	}

}
