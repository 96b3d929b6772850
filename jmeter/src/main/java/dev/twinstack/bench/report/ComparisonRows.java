package dev.twinstack.bench.report;

import static dev.twinstack.bench.text.Text.count;
import static dev.twinstack.bench.text.Text.fmt;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import dev.twinstack.bench.analysis.Ceiling;
import dev.twinstack.bench.analysis.CpuCost;
import dev.twinstack.bench.load.ErrorKind;
import dev.twinstack.bench.load.ThroughputStats;
import dev.twinstack.bench.measure.CpuShares;
import dev.twinstack.bench.measure.jvm.JfrCheck;
import dev.twinstack.bench.measure.storage.Storage;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.monitoring.SeriesSummary;

/**
 * The rows of the report's side-by-side tables, in the spirit of {@code ab}'s output: one
 * row per measure, one column per stack.
 */
public final class ComparisonRows {

	/** A row: its label and how a cell's value is shown. */
	record Row(String label, Function<CellResult, String> value) {
	}

	static final List<Row> ROWS = List.of(new Row("Requests", (r) -> count(r.load().requests())),
			new Row("Errors", ComparisonRows::errors),
			new Row("Requests per second", (r) -> fmt("%.1f [#/sec] (mean)", r.load().throughput())),
			new Row("Requests per second, second by second", ComparisonRows::perSecond),
			new Row("Time per request", (r) -> fmt("%.1f [ms] (mean)", r.latency().meanMs())),
			new Row("Time per request (across all concurrent requests)",
					(r) -> fmt("%.3f [ms] (mean)", r.load().timePerRequestAcrossMs())),
			new Row("Min", (r) -> ms(r.latency().minMs())), new Row("50 %", (r) -> ms(r.latency().p50Ms())),
			new Row("66 %", (r) -> ms(r.latency().p66Ms())), new Row("75 %", (r) -> ms(r.latency().p75Ms())),
			new Row("80 %", (r) -> ms(r.latency().p80Ms())), new Row("90 %", (r) -> ms(r.latency().p90Ms())),
			new Row("95 %", (r) -> ms(r.latency().p95Ms())), new Row("98 %", (r) -> ms(r.latency().p98Ms())),
			new Row("99 %", (r) -> ms(r.latency().p99Ms())), new Row("99.9 %", (r) -> ms(r.latency().p999Ms())),
			new Row("100 % (longest request)", (r) -> ms(r.latency().maxMs())),
			new Row("JMeter's own p90 / p95 / p99 (estimates)",
					(r) -> fmt("%.0f / %.0f / %.0f ms", r.load().p90Ms(), r.load().p95Ms(), r.load().p99Ms())),
			new Row("Peak heap used (Micrometer)",
					(r) -> fmt("%.0f MB (mean %.0f MB)", r.server().peakHeapUsedMb(), r.server().meanHeapUsedMb())),
			new Row("Peak heap used (JFR, before GC)", ComparisonRows::jfrHeap),
			new Row("Peak live threads (Micrometer)",
					(r) -> fmt("%.0f (mean %.0f)", r.server().peakLiveThreads(), r.server().meanLiveThreads())),
			new Row("Peak live threads (JFR)", ComparisonRows::jfrThreads),
			new Row("RSS (peak, at end)", (r) -> summary(r.server().summary("app_rss_mb"), "MB")),
			new Row("CPU, mean % of the machine", ComparisonRows::cpu),
			new Row("GC pauses, steady window (Prometheus deltas)", (r) -> JvmCostText.gcPauses(r.gc())),
			new Row("Allocated per request, steady window", (r) -> JvmCostText.allocation(r.gc())),
			new Row("Pool waits, peak in the steady window", (r) -> JvmCostText.pools(r.pools())),
			new Row("JIT compilation over the trial (Micrometer)", (r) -> JvmCostText.jit(r.jit())),
			new Row("JIT in the trial (JFR)", (r) -> JvmCostText.jfrJit((r.jfr() != null) ? r.jfr().jfr() : null)),
			new Row("CPU flame graph (JFR, steady window)",
					(r) -> (r.flameGraph() != null) ? "[flame graph](" + r.flameGraph() + ")" : JvmCostText.MISSING),
			new Row("Acknowledged (201)", (r) -> (r.storage() != null) ? count(r.storage().acknowledged()) : "n/a"),
			new Row("Stored in MongoDB", ComparisonRows::stored),
			new Row("Lowest ceiling", (r) -> ceiling(r.ceiling())),
			new Row("Efficiency",
					(r) -> Optional.ofNullable(r.ceiling().efficiency())
						.map((efficiency) -> fmt("%.0f %%", efficiency * 100))
						.orElse("n/a")));

	private ComparisonRows() {
	}

	private static String ms(double value) {
		return fmt("%.0f ms", value);
	}

	private static String errors(CellResult r) {
		long errors = r.load().errors();
		String kinds = (r.errorsByKind() == null || r.errorsByKind().isEmpty()) ? ""
				: ": " + ErrorKind.describe(r.errorsByKind(), 3);
		return (errors == 0 || r.load().requests() == 0) ? count(errors)
				: count(errors) + fmt(" (%.2f %%)", 100.0 * errors / r.load().requests()) + kinds;
	}

	private static String perSecond(CellResult r) {
		ThroughputStats t = r.throughput();
		if (t == null || t.seconds() == 0) {
			return "n/a";
		}
		return fmt("2.5 %% %.0f · 50 %% %.0f · 97.5 %% %.0f (min %.0f, max %.0f, sd %.1f, %d s)", t.p2_5(), t.p50(),
				t.p97_5(), t.min(), t.max(), t.stdDev(), t.seconds());
	}

	private static String jfrHeap(CellResult r) {
		JfrCheck check = r.jfr();
		if (check == null || check.jfr() == null) {
			return (check != null) ? "n/a (" + check.note() + ")" : "n/a";
		}
		if (check.jfr().gcCount() == 0) {
			return "n/a (no GC in the cell)";
		}
		return fmt("%.0f MB (%d GCs; after GC ≥ %.0f MB)", check.jfr().peakHeapUsedMb(), check.jfr().gcCount(),
				check.jfr().lowestHeapAfterGcMb()) + agreement(check.heapAgrees());
	}

	private static String jfrThreads(CellResult r) {
		JfrCheck check = r.jfr();
		if (check == null || check.jfr() == null || check.jfr().peakActiveThreads() == null) {
			return "n/a";
		}
		return fmt("%.0f", check.jfr().peakActiveThreads()) + agreement(check.threadsAgree());
	}

	private static String agreement(Boolean agrees) {
		if (agrees == null) {
			return "";
		}
		return agrees ? " ✓ agrees" : " ✗ disagrees";
	}

	private static String summary(SeriesSummary summary, String unit) {
		return (summary.peak() != null) ? fmt("%.0f %s (at end %.0f %s)", summary.peak(), unit, summary.atEnd(), unit)
				: "n/a";
	}

	private static String cpu(CellResult r) {
		CpuShares cpu = r.cpu();
		if (cpu == null) {
			return "n/a";
		}
		CpuCost cost = CpuCost.of(cpu, r.steadyThroughput());
		return "app " + percent(cpu.appMean()) + ", mocks " + percent(cpu.mocksMean()) + ", JMeter "
				+ percent(cpu.loadGeneratorMean()) + ", machine " + percent(cpu.machineMean())
				+ ((cost.machineMs() != null) ? fmt("; per request: app %.2f, JMeter %.2f, mocks %.2f, machine %.2f ms",
						cost.appMs(), cost.loadGeneratorMs(), cost.mocksMs(), cost.machineMs()) : "");
	}

	static String percent(Double share) {
		return (share != null) ? fmt("%.0f %%", share * 100) : "n/a";
	}

	private static String stored(CellResult r) {
		Storage storage = r.storage();
		if (storage == null) {
			return "n/a (stores nothing)";
		}
		if (storage.duplicates() > 0) {
			return count(storage.stored()) + " (" + count(storage.duplicates()) + " request ids stored twice!)";
		}
		if (storage.acknowledgedNotStored() > 0) {
			return count(storage.stored()) + " (" + count(storage.acknowledgedNotStored())
					+ " acknowledged but missing!)";
		}
		if (storage.storedNotAcknowledged() > 0) {
			return count(storage.stored()) + " (+" + count(storage.storedNotAcknowledged()) + " not acknowledged)";
		}
		return count(storage.stored());
	}

	/**
	 * Says a cell's lowest ceiling and the law that sets it.
	 * @param ceiling the cell's ceilings
	 * @return e.g. {@code 1302.9 req/s (concurrency: Little's law)},
	 * {@code 645.2 req/s (200 threads)}, {@code 620.0 req/s (CPU: utilization law)}
	 */
	public static String ceiling(Ceiling ceiling) {
		if (ceiling.ceiling() == null) {
			return "n/a (random latency)";
		}
		String by = switch (String.valueOf(ceiling.boundBy())) {
			case "threads" -> ceiling.threadCap() + " threads";
			case "cpu" -> "CPU: utilization law";
			case "concurrency" -> "concurrency: Little's law";
			case "rate" -> "the requested rate";
			default -> String.valueOf(ceiling.boundBy());
		};
		return fmt("%.1f req/s", ceiling.ceiling()) + " (" + by + ")";
	}

}
