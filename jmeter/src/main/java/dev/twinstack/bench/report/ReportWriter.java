package dev.twinstack.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import dev.twinstack.bench.analysis.Validity;
import dev.twinstack.bench.faults.FaultRun;
import dev.twinstack.bench.load.WarmUp;
import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.Integrity;

/**
 * Renders {@code report.md}: what was measured, the settings, then one side-by-side table
 * per (fanout, concurrency) in the spirit of {@code ab}'s output: one row per measure,
 * one column per stack.
 */
public final class ReportWriter {

	private static final String MISSING = "—";

	/** The sentence linking report.md to index.html. */
	static final String INTERACTIVE_LINK = "The same report with interactive charts: [index.html](index.html).";

	private ReportWriter() {
	}

	/**
	 * Renders the report without charts.
	 * @param results the bench results
	 * @return the Markdown text
	 */
	public static String render(BenchResults results) {
		return render(results, Set.of());
	}

	/**
	 * Renders the report.
	 * @param results the bench results
	 * @param charts the ids of the charts drawn as {@code charts/<id>.png}
	 * @return the Markdown text
	 */
	public static String render(BenchResults results, Set<String> charts) {
		return render(results, charts, RunModel.of(results));
	}

	/**
	 * Renders the report with the queueing model and the verdict.
	 * @param results the bench results
	 * @param charts the ids of the charts drawn as {@code charts/<id>.png}
	 * @param model the model of the run
	 * @return the Markdown text
	 */
	static String render(BenchResults results, Set<String> charts, RunModel model) {
		BenchResults.Settings settings = results.settings();
		StringBuilder md = new StringBuilder();
		md.append("# twinstack bench: Spring MVC vs Spring WebFlux\n\n");
		if (!results.complete()) {
			md.append(incompleteWarning(results)).append("\n\n");
		}
		md.append(ModelSections.verdict(results, model));
		boolean faultsOnly = faultsOnly(results);
		md.append("Profile `")
			.append(settings.profile())
			.append("`, ")
			.append(faultsOnly ? "the faults scenario only (" + results.faults().size() + " runs)"
					: settings.cells() + " cells")
			.append(", run ")
			.append(results.startedAt())
			.append(" → ")
			.append(results.finishedAt())
			.append(" (")
			.append(fmt("%.0f", results.wallSeconds()))
			.append(" s wall time). ")
			.append(INTERACTIVE_LINK)
			.append("\n\n");
		Integrity integrity = results.integrity();
		if (integrity.trials() > 0) {
			md.append("**Integrity (stored == acknowledged)** ").append(integrity.line()).append(".\n\n");
		}
		if (!faultsOnly) {
			appendMeasured(md, settings);
		}
		appendSettings(md, results);
		ReportSections.summaryCharts(md, results, charts);
		for (AppCpus placement : ChartData.placements(results)) {
			for (Fanout fanout : settings.fanouts()) {
				for (int concurrency : settings.concurrency()) {
					appendTable(md, results, fanout, concurrency, placement);
					ReportSections.scenarioCharts(md, charts, fanout, concurrency, placement);
				}
			}
		}
		JvmCostText.whereTheCpuGoes(md, results);
		ReportSections.memory(md, results);
		SeedsReport.append(md, results, charts);
		if (!results.matrix().isEmpty()) {
			md.append("## Scenario matrix\n\n")
				.append("Every cell over its ")
				.append(settings.trials())
				.append(" trial(s): the median trial with min–max; *steady* throughput is the mean of the whole ")
				.append("seconds after the first (ramp-up) one. Ceilings, validity and the analysis are explained ")
				.append("in *How to read the ceilings* below.\n\n")
				.append(MatrixReport.render(results.matrix(), settings.stacks(), model));
			md.append(ModelSections.model(results, model));
			md.append(ModelSections.projection(model));
		}
		ReportSections.limitedHeapCharts(md, results, charts);
		FaultsReport.append(md, results.faults(), results.databaseOutages());
		appendReading(md);
		ReportSections.monitoring(md);
		appendFiles(md, results);
		return md.toString();
	}

	/**
	 * Returns the warning that opens the report of an incomplete run.
	 * @param results the results
	 * @return one Markdown paragraph
	 */
	static String incompleteWarning(BenchResults results) {
		return "> **⚠ Incomplete results: " + results.incompleteReason() + ".** Only the " + results.matrix().size()
				+ " cell(s) finished before are reported (without the JFR cross-check); the figures of the cells "
				+ "that were running are discarded.";
	}

	/**
	 * Tells whether only the faults scenario ran: no matrix cell, at least one fault run.
	 */
	private static boolean faultsOnly(BenchResults results) {
		return results.matrix().isEmpty() && results.cells().isEmpty() && !results.faults().isEmpty();
	}

	/**
	 * How the count model loads, said wherever a run used it.
	 */
	static final String COUNT_MODEL = "The count model (`ab -n N -c C`) starts all its C threads at once, without "
			+ "ramp-up, and each sends its share of the N requests back to back: its time to complete N requests, "
			+ "from the first request's start to the last answer, holds no ramp-up that the stacks do not control.";

	/**
	 * Says what one trial loads: the ramp-up and hold of the timed models, the count
	 * model's start, and the trials per cell.
	 */
	static String perTrial(BenchResults.Settings s) {
		List<String> parts = new ArrayList<>();
		if (s.loads().stream().anyMatch((load) -> load != LoadModel.COUNT)) {
			parts.add(s.rampUpSeconds() + " s ramp-up + " + s.durationSeconds() + " s hold");
		}
		if (s.loads().contains(LoadModel.COUNT)) {
			parts.add("count model: every thread at once (no ramp-up), until the requests are sent");
		}
		parts.add(s.trials() + " trial(s) per cell");
		return String.join("; ", parts);
	}

	private static void appendMeasured(StringBuilder md, BenchResults.Settings settings) {
		md.append("## What was measured\n\n");
		md.append(
				"Each app serves `POST /profiles/{customerId}?fanout=…`: three GETs to downstream services (WireMock ")
			.append("stubs in mock-services, each answering after `")
			.append(settings.latency())
			.append("`), one composed document inserted into MongoDB (mongo-java-server), 201 with the document. ")
			.append("JMeter (embedded, jmeter-java-dsl) keeps *concurrency* requests in flight (closed model: each ")
			.append("thread sends its next request as soon as the previous one is answered) for ")
			.append(settings.rampUpSeconds())
			.append(" s of ramp-up plus ")
			.append(settings.durationSeconds())
			.append(" s per cell, after a discarded warm-up per app start (per workload: first at a gentle concurrency ")
			.append("with the app lent every CPU, so that its JIT can finish, then at the highest concurrency), in ")
			.append("rounds until the throughput is steady and the JIT quiet (at most ")
			.append(settings.warmupSeconds())
			.append(" s; what each app needed is in the settings below). ")
			.append(settings.loads().contains(LoadModel.COUNT) ? COUNT_MODEL + " " : "")
			.append("Latencies come from every sample JMeter logged; heap, threads, RSS and CPU are sampled once a ")
			.append("second (see *Where the figures come from*); stored documents are counted by request id after ")
			.append("the count stops changing.\n\n");
	}

	private static void appendMatrixSettings(StringBuilder md, BenchResults.Settings s) {
		setting(md, "Workloads", s.workloads().stream().map(Workload::id).toList().toString());
		setting(md, "Fanouts", s.fanouts().stream().map(Fanout::id).toList().toString());
		setting(md, "Load models", s.loads().stream().map(LoadModel::id).toList().toString()
				+ (s.rates().isEmpty() ? "" : "; open-model rates " + s.rates() + " req/s"));
		setting(md, "Concurrency (JMeter threads)", s.concurrency().toString());
		setting(md, "Heaps", s.heaps().toString());
		setting(md, "Per trial", perTrial(s));
		setting(md, "Warm-up per app start", "per workload, rounds of " + WarmUp.ROUND_SECONDS + " s: first at "
				+ WarmUp.JIT_CONCURRENCY_WAITING + " clients (" + WarmUp.JIT_CONCURRENCY_BUSY
				+ " without a downstream wait) with the app on every CPU, then at the highest concurrency on its own, "
				+ "each until the last " + WarmUp.WINDOW + " agree within "
				+ String.format(Locale.ROOT, "%.0f", WarmUp.TOLERANCE_PERCENT) + " % and the JIT compiled for at most "
				+ String.format(Locale.ROOT, "%.0f", WarmUp.JIT_QUIET_PERCENT) + " % of them; at most "
				+ s.warmupSeconds() + " s in all; then " + s.baselineSeconds()
				+ " s per workload at concurrency 1 (base latency)");
	}

	private static void appendSettings(StringBuilder md, BenchResults results) {
		BenchResults.Settings s = results.settings();
		BenchResults.Environment env = results.environment();
		md.append("## Settings\n\n| Setting | Value |\n|---|---|\n");
		List<Stack> stacks = faultsOnly(results) ? results.faults().stream().map(FaultRun::stack).distinct().toList()
				: s.stacks();
		setting(md, "Stacks", stacks.stream().map(Stack::title).toList().toString());
		results.skipped().forEach((skipped) -> setting(md, "Skipped: " + skipped.stack().id(), skipped.reason()));
		boolean targets = s.targets() != null && !s.targets().isEmpty();
		if (results.jdk() != null && !targets) {
			setting(md, "JDK of the apps and mocks", results.jdk().version() + " (" + results.jdk().vendor() + "), `"
					+ results.jdk().home() + "`, chosen from " + results.jdk().source());
		}
		if (!faultsOnly(results)) {
			appendMatrixSettings(md, s);
		}
		setting(md, "Downstream latency",
				"`" + s.latency() + "` per composite call, `" + s.slowLatency() + "` for the slow service");
		if (targets) {
			setting(md, "JDK, JVM options, Tomcat threads and mock-services' latency",
					"as the apps and mock-services were started by hand on their hosts (remote targets); the "
							+ "downstream latency above is what the ceilings assume: it must match the mocks' "
							+ "`--latency`");
		}
		else {
			setting(md, "Tomcat worker threads (mvc)", String.valueOf(s.tomcatMaxThreads()));
			setting(md, "App JVM options", "`" + String.join(" ", s.appJvmArgs()) + "`");
			setting(md, "mock-services JVM options", "`" + String.join(" ", s.mocksJvmArgs()) + "`");
		}
		setting(md, "Client timeouts", "connect " + s.connectTimeoutMs() + " ms, response " + s.responseTimeoutMs()
				+ " ms; any status but the workload's (201 composite, 200 otherwise) is an error");
		setting(md, "Load generator",
				env.loadGenerator() + ", JVM options `" + String.join(" ", env.loadGeneratorJvmArgs()) + "`");
		if (s.engines() != null && !s.engines().isEmpty()) {
			setting(md, "Load engines (JMeter remote testing)", engines(s.engines(), results.trials()));
		}
		if (s.targets() != null && !s.targets().isEmpty()) {
			setting(md, "Remote targets (started by hand, not by the bench)",
					s.targets()
						.entrySet()
						.stream()
						.map((target) -> "`" + target.getKey() + "` " + target.getValue())
						.collect(java.util.stream.Collectors.joining("; "))
							+ "; their mocks' and machines' CPU are not measured");
		}
		setting(md, "Machine",
				env.cores() + " cores, " + count(env.totalMemoryMb()) + " MB, " + env.os()
						+ (targets ? "; JMeter runs here, the apps and mocks on their own hosts (remote targets)"
								: "; apps, mocks and JMeter share it"));
		if (env.loopbackRoundTripMicros() != null) {
			setting(md, "Loopback TCP round trip (before the load)", String.format(Locale.ROOT,
					"median %.0f µs, mean %.0f µs (bare-metal Linux: 10–30 µs; every request crosses loopback about ten "
							+ "times, so a slow network stack or a slow-to-wake CPU costs every process time per request)",
					env.loopbackRoundTripMicros(), env.loopbackRoundTripMeanMicros()));
		}
		setting(md, "Java", env.javaVersion() + " (" + env.javaVendor() + "): the bench's JVM, running JMeter");
		setting(md, "Commit",
				(env.commit() != null)
						? "`" + env.commit() + "`"
								+ (env.commit().endsWith("-dirty")
										? " with uncommitted changes: not reproducible from the commit alone" : "")
						: "not recorded (built outside a git clone)");
		ReportSections.appSettings(md, results);
		md.append("\n");
	}

	private static void appendTable(StringBuilder md, BenchResults results, Fanout fanout, int concurrency,
			AppCpus placement) {
		List<Stack> stacks = results.settings().stacks();
		List<CellResult> cells = stacks.stream()
			.map((stack) -> ChartData.find(results, stack, fanout, concurrency, Heap.DEFAULT, placement))
			.toList();
		if (cells.stream().allMatch(java.util.Objects::isNull)) {
			// not measured on the default heap (e.g. only in an overload block), or not
			// reached before an interrupt
			return;
		}
		md.append("## ")
			.append(fanout.id())
			.append(" fanout, concurrency ")
			.append(concurrency)
			.append(ChartData.placementLabel(placement))
			.append("\n\n");
		cells.stream()
			.filter((cell) -> cell != null && cell.ceiling().idealLatencyMs() != null)
			.findFirst()
			.ifPresent(
					(cell) -> md.append("Ideal latency ")
						.append(fmt("%.0f ms", cell.ceiling().idealLatencyMs()))
						.append(" (")
						.append(fanout.latenciesPerRequest())
						.append(" × the downstream latency")
						.append((cell.ceiling().baseLatencyMs() != null) ? fmt(" + %s's base latency %.1f ms",
								cell.cell().stack().id(), cell.ceiling().baseLatencyMs()) : "")
						.append(").\n\n"));
		md.append("| Measure |");
		stacks.forEach((stack) -> md.append(' ').append(stack.title()).append(" |"));
		md.append("\n|---|");
		stacks.forEach((stack) -> md.append("---:|"));
		md.append('\n');
		for (ComparisonRows.Row row : ComparisonRows.ROWS) {
			md.append("| ").append(row.label()).append(" |");
			cells.forEach(
					(cell) -> md.append(' ').append((cell != null) ? row.value().apply(cell) : MISSING).append(" |"));
			md.append('\n');
		}
		md.append('\n');
	}

	private static void appendReading(StringBuilder md) {
		md.append("## How to read the ceilings\n\n")
			.append("Little's law: a system holding N requests in flight, each taking W seconds, completes N / W ")
			.append("requests per second. A request waits at least for its downstream calls (the sum of the three ")
			.append("latencies for sequential, the largest for parallel, the slow latency for slow-io) plus the ")
			.append("app's own time, the *base latency*, measured per app start and workload at concurrency 1 ")
			.append("(median latency there minus the downstream wait): together the *ideal latency* W. JMeter ")
			.append("keeps *concurrency* requests in flight, so no stack can exceed concurrency / W (the ")
			.append("*Little's-law ceiling*). Spring MVC on platform threads (`mvc`) also holds one Tomcat worker ")
			.append("thread per request for all of W, so it cannot exceed threads / W (the *thread ceiling*), ")
			.append("whatever the concurrency; its parallel fanout's executor pool is set to 3 × the Tomcat ")
			.append("threads, so it is never the lower one. `mvc-vt` (virtual threads) and WebFlux have no such ")
			.append("cap. In the open model the requested rate is a ceiling too. *Efficiency* = steady throughput ")
			.append("/ the lowest ceiling: near 100 % the stack adds little to the downstream wait; well below, ")
			.append("requests queue somewhere (CPU, threads, connection pools); the p99 and the peak thread count ")
			.append("tell where. cpu-light and large-payload wait on nothing and have no ceiling: the CPU per ")
			.append("request decides.\n\n")
			.append("*Validity*: a cell is **invalid** when the load generator or mock-services used at least ")
			.append(Validity.HELPER_SHARE_LIMIT_PERCENT)
			.append(" % of the machine's CPU (saturated) or when a probe sending one request straight to the stub ")
			.append("every 250 ms saw a median latency more than ")
			.append(Validity.DRIFT_LIMIT_PERCENT)
			.append(" % over the configured one (the ceilings assume the configured latency); it is ")
			.append("**CPU-limited** when the whole machine was at least ")
			.append(Validity.MACHINE_LIMIT_PERCENT)
			.append(" % busy: apps, mocks and JMeter share it, so the CPU, not the stack's model, set the pace. ")
			.append("*App*: an `OutOfMemoryError` (the apps run with `-XX:+ExitOnOutOfMemoryError`), GC thrash ")
			.append("(half a trial or more in GC pauses) or a crash is a result, quoted from the app's logs; the ")
			.append("app is restarted for the next trial.\n\n")
			.append("*Stored* counts the documents carrying the cell's request ids once the count stops changing. ")
			.append("A 201 whose document is missing would be a bug (the bench fails on it). Stored above ")
			.append("acknowledged means requests still in flight when JMeter stopped (or timed out) that the app ")
			.append("completed anyway; an app that cancels abandoned requests stores fewer of those.\n\n")
			.append("In the ab-style tables, *Requests per second* is JMeter's: requests / (first start to last ")
			.append("end), which the 1 s ramp-up and the last requests' latency lower a little; the matrix quotes ")
			.append("the *steady* throughput instead. The count model has no ramp-up: its requests per second and ")
			.append("time to complete are those of `ab -n -c`.\n\n");
	}

	private static void appendFiles(StringBuilder md, BenchResults results) {
		md.append("## Files\n\n");
		for (CellResult cell : results.cells()) {
			ReportSections.cellFiles(md, cell);
		}
		md.append("\nCommand lines:\n\n```\n");
		results.processes().forEach((process) -> md.append(process.commandLine()).append('\n'));
		md.append("```\n");
	}

	/**
	 * Describes the remote engines and each one's share of the trials' samples.
	 * @param engines the engines' {@code host:port}
	 * @param trials every trial
	 * @return e.g. {@code 127.0.0.2:1099 50.1 %, 127.0.0.3:1099 49.9 % of 2,444 samples;
	 * each ran the whole plan with its share of the threads or rate; warm-up and base
	 * latency ran in the bench's JVM}
	 */
	static String engines(List<String> engines, List<CellResult> trials) {
		Map<String, Long> samples = new LinkedHashMap<>();
		engines.forEach((engine) -> samples.put(engine, 0L));
		(trials != null ? trials : List.<CellResult>of()).stream()
			.filter((trial) -> trial.engineSamples() != null)
			.forEach((trial) -> trial.engineSamples()
				.forEach((engine, count) -> samples.merge(engine, count, Long::sum)));
		long total = samples.values().stream().mapToLong(Long::longValue).sum();
		String shares = samples.entrySet()
			.stream()
			.map((entry) -> entry.getKey() + " "
					+ ((total > 0) ? fmt("%.1f %%", 100.0 * entry.getValue() / total) : "no sample"))
			.collect(Collectors.joining(", "));
		return shares + " of " + count(total) + " samples; each engine ran the whole plan with its share of the "
				+ "threads or rate; warm-up and base latency ran in the bench's JVM";
	}

	private static void setting(StringBuilder md, String name, String value) {
		md.append("| ").append(name).append(" | ").append(value).append(" |\n");
	}

	static String count(long value) {
		return String.format(Locale.ROOT, "%,d", value);
	}

	static String fmt(String format, Object... args) {
		return String.format(Locale.ROOT, format, args);
	}

}
