package dev.twinstack.bench.report.seeds;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import dev.twinstack.bench.load.LatencyStats;
import dev.twinstack.bench.load.LoadStats;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.MemoryAfterRequests;
import dev.twinstack.bench.report.seeds.SeedsReport.AbTest;
import dev.twinstack.bench.report.seeds.SeedsReport.Row;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;

/**
 * Seed 000's tables in its own form, from a run of the {@code seeds} profile: one
 * side-by-side {@code ab} table per test (coroutines as its asynchronous server, mvc as
 * its synchronous one), their average beside the write-up's, and the five readings of the
 * time and memory of 500 requests beside its own.
 */
final class Seed000Tables {

	private static final List<Stack> STACKS = List.of(Stack.COROUTINES, Stack.MVC);

	private static final String MISSING = SeedsReport.MISSING;

	private Seed000Tables() {
	}

	static List<CellResult> abTrials(BenchResults results, Stack stack) {
		return results.trials()
			.stream()
			.filter((t) -> t.cell().stack() == stack && t.cell().workload() == Workload.CPU_LIGHT
					&& t.cell().load() == LoadModel.COUNT && t.cell().heap().isDefault())
			.toList();
	}

	static List<AbTest> abTests(BenchResults results) {
		List<List<CellResult>> byStack = STACKS.stream().map((stack) -> abTrials(results, stack)).toList();
		int tests = byStack.stream().mapToInt(List::size).max().orElse(0);
		List<AbTest> ab = new ArrayList<>();
		for (int i = 0; i < tests; i++) {
			int index = i;
			List<CellResult> trial = byStack.stream().map((t) -> (index < t.size()) ? t.get(index) : null).toList();
			List<Row> rows = new ArrayList<>();
			rows.add(abRow("Concurrency Level", trial, (t) -> String.valueOf(t.cell().concurrency())));
			rows.add(abRow("Complete requests", trial, (t) -> String.valueOf(t.load().requests())));
			rows.add(abRow("Failed requests", trial, (t) -> String.valueOf(t.load().errors())));
			rows.add(abRow("Requests per second", trial, (t) -> fmt("%.2f [#/sec] (mean)", t.load().throughput())));
			rows.add(abRow("Time per request", trial,
					(t) -> fmt("%.3f [ms] (mean)", timePerRequestMs(t.load(), t.cell().concurrency()))));
			rows.add(abRow("Time per request", trial,
					(t) -> fmt("%.3f [ms] (mean, across all concurrent requests)", timePerRequestMs(t.load(), 1))));
			rows.add(abRow("Transfer rate", trial, (t) -> fmt("%.2f [Kbytes/sec] received", t.load().receivedKBps())));
			rows.add(abRow("Total (ms): min mean[+/-sd] median max", trial, (t) -> {
				LatencyStats l = t.latency();
				return fmt("%.0f %.0f %.1f %.0f %.0f", l.minMs(), l.meanMs(), l.stdDevMs(), l.p50Ms(), l.maxMs());
			}));
			List<String> labels = List.of("50%", "66%", "75%", "80%", "90%", "95%", "98%", "99%");
			List<Function<LatencyStats, Double>> percentiles = List.of(LatencyStats::p50Ms, LatencyStats::p66Ms,
					LatencyStats::p75Ms, LatencyStats::p80Ms, LatencyStats::p90Ms, LatencyStats::p95Ms,
					LatencyStats::p98Ms, LatencyStats::p99Ms);
			for (int p = 0; p < labels.size(); p++) {
				Function<LatencyStats, Double> percentile = percentiles.get(p);
				rows.add(abRow(labels.get(p), trial, (t) -> fmt("%.0f", percentile.apply(t.latency()))));
			}
			rows.add(abRow("100%", trial, (t) -> fmt("%.0f (longest request)", t.latency().maxMs())));
			ab.add(new AbTest(i + 1, rows));
		}
		return ab;
	}

	/** ab's "Time per request": concurrency × elapsed / requests (ms). */
	private static double timePerRequestMs(LoadStats load, int concurrency) {
		return (load.requests() > 0) ? concurrency * load.elapsedSeconds() * 1000 / load.requests() : 0;
	}

	private static Row abRow(String label, List<CellResult> trial, Function<CellResult, String> value) {
		return new Row(label, trial.stream().map((t) -> (t != null) ? value.apply(t) : MISSING).toList());
	}

	static List<Row> average(BenchResults results) {
		List<String> rps = new ArrayList<>();
		List<String> tpr = new ArrayList<>();
		for (Stack stack : STACKS) {
			List<CellResult> trials = abTrials(results, stack);
			rps.add(trials.isEmpty() ? MISSING
					: fmt("%.2f", SeedFindings.mean(trials.stream().map((t) -> t.load().throughput()).toList())));
			tpr.add(trials.isEmpty() ? MISSING : fmt("%.3f", SeedFindings
				.mean(trials.stream().map((t) -> timePerRequestMs(t.load(), t.cell().concurrency())).toList())));
		}
		rps.add(fmt("%.2f", SeedFigures.AB_AVERAGE_RPS_ASYNC));
		rps.add(fmt("%.2f", SeedFigures.AB_AVERAGE_RPS_SYNC));
		tpr.add(asWritten(SeedFigures.AB_AVERAGE_TPR_ASYNC, SeedFigures.AB_TPR_ASYNC));
		tpr.add(asWritten(SeedFigures.AB_AVERAGE_TPR_SYNC, SeedFigures.AB_TPR_SYNC));
		return List.of(new Row("Requests per second", rps), new Row("Time per request [ms] (mean)", tpr));
	}

	/**
	 * Quotes a written average, with the mean of its tests when the two differ.
	 */
	private static String asWritten(double written, List<Double> tests) {
		double mean = SeedFindings.mean(tests);
		return (Math.abs(mean - written) < 0.01) ? fmt("%.3f", written)
				: fmt("%.3f (as written; the mean of its three tests is %.3f)", written, mean);
	}

	static List<Double> memoryValues(List<MemoryAfterRequests> memory, Stack stack,
			Function<MemoryAfterRequests, Double> value) {
		return memory.stream().filter((m) -> m.stack() == stack).map(value).filter(java.util.Objects::nonNull).toList();
	}

	static List<Row> memoryRows(List<MemoryAfterRequests> memory, Function<MemoryAfterRequests, Double> value,
			String format, List<Double> writtenAsync, List<Double> writtenSync) {
		List<List<Double>> columns = new ArrayList<>();
		STACKS.forEach((stack) -> columns.add(memoryValues(memory, stack, value)));
		columns.add(writtenAsync);
		columns.add(writtenSync);
		int readings = columns.stream().mapToInt(List::size).max().orElse(0);
		List<Row> rows = new ArrayList<>();
		for (int i = 0; i < readings; i++) {
			int index = i;
			rows.add(new Row(String.valueOf(i + 1),
					columns.stream().map((c) -> (index < c.size()) ? fmt(format, c.get(index)) : MISSING).toList()));
		}
		rows.add(new Row("Average",
				columns.stream()
					.map((c) -> c.isEmpty() ? MISSING : fmt(format.replace("%.0f", "%.1f"), SeedFindings.mean(c)))
					.toList()));
		return rows;
	}

}
