package dev.twinstack.bench.report;

import static dev.twinstack.bench.text.Text.count;
import static dev.twinstack.bench.text.Text.fmt;

import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

import dev.twinstack.bench.analysis.Validity;
import dev.twinstack.bench.faults.FaultRun;
import dev.twinstack.bench.load.EngineWindow;
import dev.twinstack.bench.load.warmup.WarmUp;
import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.storage.MongoServer;
import dev.twinstack.bench.report.charts.ChartData;
import dev.twinstack.bench.report.queueing.ModelSections;
import dev.twinstack.bench.report.queueing.RunModel;
import dev.twinstack.bench.report.seeds.SeedsReport;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.Integrity;

/**
 * Renders {@code report.md}: the verdict and the charts first, then one side-by-side
 * table per (fanout, concurrency) in the spirit of {@code ab}'s output (one row per
 * measure, one column per stack), the analysis, and last what was measured and the
 * settings.
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
	public static String render(BenchResults results, Set<String> charts, RunModel model) {
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
		md.append(ReportSections.summaryCharts(results, charts));
		Integrity integrity = results.integrity();
		if (integrity.trials() > 0) {
			md.append("**Integrity (stored == acknowledged)** ").append(integrity.line()).append(".\n\n");
		}
		for (AppCpus placement : ChartData.placements(results)) {
			for (Fanout fanout : settings.fanouts()) {
				for (int concurrency : settings.concurrency()) {
					appendTable(md, results, fanout, concurrency, placement);
					md.append(ReportSections.scenarioCharts(charts, fanout, concurrency, placement));
				}
			}
		}
		md.append(JvmCostText.whereTheCpuGoes(results));
		md.append(ThreadsReport.render(results));
		md.append(ReportSections.memory(results));
		SeedsReport.append(md, results, charts);
		if (!results.matrix().isEmpty()) {
			md.append("## Scenario matrix\n\n")
				.append("Every cell over its ")
				.append(settings.trials())
				.append(" trial(s): the median trial with min–max; *steady* throughput is the mean of the whole ")
				.append("seconds after the first (ramp-up) one. Ceilings, validity and the analysis are explained ")
				.append("in *How to read the ceilings* below.\n\n")
				.append(MatrixReport.render(results.matrix(), settings.stacks(), model,
						(results.trials() != null) ? results.trials() : List.of()));
			md.append(ModelSections.model(results, model));
			md.append(ModelSections.projection(model));
		}
		md.append(ReportSections.limitedHeapCharts(results, charts));
		md.append(FaultsReport.render(results.faults(), results.databaseOutages()));
		// how the figures were made comes after them: the report opens with the answer
		if (!faultsOnly) {
			appendMeasured(md, settings, forks(results));
		}
		appendSettings(md, results);
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
	public static final String COUNT_MODEL = "The count model (`ab -n N -c C`) starts all its C threads at once, without "
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

	private static void appendMeasured(StringBuilder md, BenchResults.Settings settings, String forks) {
		md.append(MarkdownMustacheFactory.render("measured.md.mustache",
				new MeasuredView(settings.latency(), settings.rampUpSeconds(), settings.durationSeconds(),
						settings.warmupSeconds(), forks,
						settings.loads().contains(LoadModel.COUNT) ? COUNT_MODEL : null)));
	}

	/**
	 * Says which cells shared an app JVM ({@code bench.fork}), from the app starts.
	 * @param results the results
	 * @return e.g. {@code one JVM per workload, as JMH forks one per benchmark}
	 */
	static String forks(BenchResults results) {
		boolean perWorkload = !results.apps().isEmpty()
				&& results.apps().stream().allMatch((app) -> app.workload() != null);
		return perWorkload ? "one JVM per workload, as JMH forks one per benchmark"
				: "one JVM per stack, heap and app CPUs, its workloads one after another";
	}

	/**
	 * Tells whether an unmeasured wrk run opened a rehearsal: as the bench decides it
	 * ({@code WrkCrossCheck.precedesATrial}), when paired cross-checks put a wrk run
	 * before a measured trial of the same JVM: two trials or more of a workload's cells
	 * in one app start.
	 * @param results the results
	 * @return {@code true} when one did
	 */
	static boolean wrkWarmedUp(BenchResults results) {
		int trials = results.settings().trials();
		return results.apps()
			.stream()
			.anyMatch((app) -> results.matrix()
				.stream()
				.filter((cell) -> app.ran(cell.cell()) && cell.crossCheck() != null
						&& !cell.crossCheck().pairs().isEmpty())
				.collect(Collectors.groupingBy((cell) -> cell.cell().workload(), Collectors.counting()))
				.values()
				.stream()
				.anyMatch((cells) -> cells * trials > 1));
	}

	private static void appendMatrixSettings(List<SettingRow> rows, BenchResults.Settings s,
			boolean rehearsedOnEveryCpu, boolean wrkWarmed, String forks) {
		setting(rows, "Workloads", s.workloads().stream().map(Workload::id).toList().toString());
		setting(rows, "Fanouts", s.fanouts().stream().map(Fanout::id).toList().toString());
		setting(rows, "Load models", s.loads().stream().map(LoadModel::id).toList().toString()
				+ (s.rates().isEmpty() ? "" : "; open-model rates " + s.rates() + " req/s"));
		setting(rows, "Concurrency (JMeter threads)", s.concurrency().toString());
		setting(rows, "Heaps", s.heaps().toString());
		setting(rows, "Per trial", perTrial(s));
		setting(rows, "Warm-up per app start", forks + "; per workload, rounds of " + WarmUp.ROUND_SECONDS
				+ " s: first at " + WarmUp.JIT_CONCURRENCY_WAITING + " clients (" + WarmUp.JIT_CONCURRENCY_BUSY
				+ " without a downstream wait) with the app on every CPU, then at the highest concurrency right before the "
				+ "workload's first cell"
				+ (wrkWarmed ? " (opened by one unmeasured wrk run of a trial's length: the JIT sees wrk's requests "
						+ "before the trials)" : "")
				+ (rehearsedOnEveryCpu ? ", again on every CPU, " : " on the app's own CPUs, ") + "each until the last "
				+ WarmUp.WINDOW + " agree within " + fmt("%.0f", WarmUp.TOLERANCE_PERCENT)
				+ " % and the JIT compiled for at most " + fmt("%.0f", WarmUp.JIT_QUIET_PERCENT)
				+ " % of them; at most " + s.warmupSeconds() + " s in all; then " + s.baselineSeconds()
				+ " s per workload at concurrency 1 (base latency)");
	}

	private static void appendSettings(StringBuilder md, BenchResults results) {
		BenchResults.Settings s = results.settings();
		BenchResults.Environment env = results.environment();
		List<SettingRow> rows = new ArrayList<>();
		List<Stack> stacks = faultsOnly(results) ? results.faults().stream().map(FaultRun::stack).distinct().toList()
				: s.stacks();
		setting(rows, "Stacks", stacks.stream().map(Stack::title).toList().toString());
		results.skipped().forEach((skipped) -> setting(rows, "Skipped: " + skipped.stack().id(), skipped.reason()));
		boolean targets = s.targets() != null && !s.targets().isEmpty();
		if (results.jdk() != null && !targets) {
			setting(rows, "JDK of the apps and mocks", results.jdk().version() + " (" + results.jdk().vendor() + "), `"
					+ results.jdk().home() + "`, chosen from " + results.jdk().source());
		}
		if (!faultsOnly(results)) {
			// older benches rehearsed on the app's own CPUs: the record says which
			boolean rehearsedOnEveryCpu = results.apps()
				.stream()
				.flatMap((app) -> app.warmUp().stream())
				.anyMatch((run) -> run.everyCpu() && s.concurrency().contains(run.concurrency()));
			appendMatrixSettings(rows, s, rehearsedOnEveryCpu, wrkWarmedUp(results), forks(results));
		}
		setting(rows, "Downstream latency",
				"`" + s.latency() + "` per composite call, `" + s.slowLatency() + "` for the slow service");
		if (targets) {
			setting(rows, "JDK, JVM options, Tomcat threads and mock-services' latency",
					"as the apps and mock-services were started by hand on their hosts (remote targets); the "
							+ "downstream latency above is what the ceilings assume: it must match the mocks' "
							+ "`--latency`");
		}
		else {
			setting(rows, "Tomcat worker threads (mvc)", String.valueOf(s.tomcatMaxThreads()));
			setting(rows, "App JVM options", "`" + String.join(" ", s.appJvmArgs()) + "`");
			setting(rows, "mock-services JVM options", "`" + String.join(" ", s.mocksJvmArgs()) + "`");
		}
		if (s.database() != null) {
			setting(rows, "MongoDB",
					s.database().describe() + (MongoServer.EMBEDDED.equals(s.database().server())
							? ": in memory, in mock-services' JVM on the harness's CPUs, so each write costs what "
									+ "mongo-java-server costs, not a real MongoDB (bench.mongoUri runs against one)"
							: targets ? "" : ": started apart from the bench, its CPU is not measured nor pinned"));
		}
		setting(rows, "Client timeouts", "connect " + s.connectTimeoutMs() + " ms, response " + s.responseTimeoutMs()
				+ " ms; any status but the workload's (201 composite, 200 otherwise) is an error");
		setting(rows, "Load generator",
				env.loadGenerator() + ", JVM options `" + String.join(" ", env.loadGeneratorJvmArgs()) + "`");
		if (s.engines() != null && !s.engines().isEmpty()) {
			setting(rows, "Load engines (JMeter remote testing)", engines(s.engines(), results.trials()));
		}
		if (s.targets() != null && !s.targets().isEmpty()) {
			setting(rows, "Remote targets (started by hand, not by the bench)",
					s.targets()
						.entrySet()
						.stream()
						.map((target) -> "`" + target.getKey() + "` " + target.getValue())
						.collect(java.util.stream.Collectors.joining("; "))
							+ "; their mocks' and machines' CPU are not measured");
		}
		setting(rows, "Machine",
				env.cores() + " cores, " + count(env.totalMemoryMb()) + " MB, " + env.os()
						+ (targets ? "; JMeter runs here, the apps and mocks on their own hosts (remote targets)"
								: "; apps, mocks and JMeter share it"));
		// the optional commands: what each missing one cost this run
		env.tools().forEach((tool) -> setting(rows, "Optional tool `" + tool.command() + "`", tool.line()));
		if (env.loopbackRoundTripMicros() != null) {
			setting(rows, "Loopback TCP round trip (before the load)", fmt(
					"median %.0f µs, mean %.0f µs (bare-metal Linux: 10–30 µs; every request crosses loopback about ten "
							+ "times, so a slow network stack or a slow-to-wake CPU costs every process time per request)",
					env.loopbackRoundTripMicros(), env.loopbackRoundTripMeanMicros()));
		}
		setting(rows, "Java", env.javaVersion() + " (" + env.javaVendor() + "): the bench's JVM, running JMeter");
		setting(rows, "Commit",
				(env.commit() != null)
						? "`" + env.commit() + "`"
								+ (env.commit().endsWith("-dirty")
										? " with uncommitted changes: not reproducible from the commit alone" : "")
						: "not recorded (built outside a git clone)");
		ReportSections.appSettings(rows, results);
		md.append(MarkdownMustacheFactory.render("settings.md.mustache", Map.of("rows", rows)));
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
		String idealLatency = cells.stream()
			.filter((cell) -> cell != null && cell.ceiling().idealLatencyMs() != null)
			.findFirst()
			.map((cell) -> fmt("%.0f ms", cell.ceiling().idealLatencyMs()) + " (" + fanout.latenciesPerRequest()
					+ " × the downstream latency"
					+ ((cell.ceiling().baseLatencyMs() != null) ? fmt(" + %s's base latency %.1f ms",
							cell.cell().stack().id(), cell.ceiling().baseLatencyMs()) : "")
					+ ")")
			.orElse(null);
		List<TableRow> rows = ComparisonRows.ROWS.stream()
			.map((row) -> new TableRow(row.label(),
					cells.stream().map((cell) -> (cell != null) ? row.value().apply(cell) : MISSING).toList()))
			.toList();
		md.append(MarkdownMustacheFactory.render("table.md.mustache",
				new TableView(fanout.id() + " fanout, concurrency " + concurrency + ChartData.placementLabel(placement),
						idealLatency, stacks.stream().map(Stack::title).toList(), rows)));
	}

	private static void appendReading(StringBuilder md) {
		md.append(MarkdownMustacheFactory.render("reading.md.mustache",
				new ReadingView(Validity.HELPER_SHARE_LIMIT_PERCENT, Validity.DRIFT_LIMIT_PERCENT,
						Validity.MACHINE_LIMIT_PERCENT, fmt("%.0f", WarmUp.TRIAL_JIT_PERCENT))));
	}

	private static void appendFiles(StringBuilder md, BenchResults results) {
		List<FileLinks> cells = results.cells().stream().map(FileLinks::of).toList();
		List<String> commandLines = results.processes().stream().map(BenchResults.ProcessInfo::commandLine).toList();
		md.append(MarkdownMustacheFactory.render("files.md.mustache",
				Map.of("cells", cells, "commandLines", commandLines)));
	}

	/**
	 * Describes the remote engines and each one's share of the trials' samples.
	 * @param engines the engines' {@code host:port}
	 * @param trials every trial
	 * @return e.g. {@code 127.0.0.2:1099 50.1 %, 127.0.0.3:1099 49.9 % of 2,444 samples;
	 * each ran the whole plan with its share of the threads or rate; warm-up and base
	 * latency ran in the bench's JVM; the per-second figures count the window every engine
	 * covered: 4.1–5.3 s per trial, the engines starting 0.7–1.7 s apart}
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
				+ "threads or rate; warm-up and base latency ran in the bench's JVM" + windows(trials);
	}

	/**
	 * Describes the windows every engine covered, which the per-second figures count.
	 * @return e.g. {@code ; the per-second figures count the window every engine covered:
	 * 4.1–5.3 s per trial, the engines starting 0.7–1.7 s apart}; empty without one
	 */
	private static String windows(List<CellResult> trials) {
		List<EngineWindow> windows = (trials != null ? trials : List.<CellResult>of()).stream()
			.map(CellResult::engineWindow)
			.filter(Objects::nonNull)
			.toList();
		if (windows.isEmpty()) {
			return "";
		}
		return "; the per-second figures (steady throughput) count the window every engine covered: "
				+ range(windows.stream().mapToDouble((window) -> window.durationMs() / 1000.0).summaryStatistics())
				+ " s per trial, the engines starting "
				+ range(windows.stream().mapToDouble((window) -> window.startSpreadMs() / 1000.0).summaryStatistics())
				+ " s apart; latency percentiles take every sample";
	}

	private static String range(DoubleSummaryStatistics values) {
		return (fmt("%.1f", values.getMin()).equals(fmt("%.1f", values.getMax()))) ? fmt("%.1f", values.getMin())
				: fmt("%.1f–%.1f", values.getMin(), values.getMax());
	}

	private static void setting(List<SettingRow> rows, String name, String value) {
		rows.add(new SettingRow(name, value));
	}

	/**
	 * The values of {@code reading.md.mustache}: the limits of the validity, in % of the
	 * machine's CPU or of the configured latency.
	 *
	 * @param helperShareLimit the load generator's or the mocks' share that makes a cell
	 * invalid (%)
	 * @param driftLimit the stubs' slowdown that makes a cell invalid (%)
	 * @param machineLimit the machine's busy share that makes a cell CPU-limited (%)
	 * @param jitQuiet the JIT's compilation share of a trial above which the cell gets a
	 * warning (%), as the warm-up's quiet threshold
	 */
	private record ReadingView(int helperShareLimit, int driftLimit, int machineLimit, String jitQuiet) {
	}

	/**
	 * The values of {@code measured.md.mustache}.
	 *
	 * @param latency the downstream latency, as passed to mock-services
	 * @param rampUpSeconds ramp-up per trial (s)
	 * @param durationSeconds hold per trial (s)
	 * @param warmupSeconds the most warm-up per app start (s)
	 * @param forks which cells shared an app JVM, from {@link #forks}
	 * @param countModel how the count model loads, {@code null} when no cell used it
	 */
	private record MeasuredView(String latency, int rampUpSeconds, long durationSeconds, long warmupSeconds,
			String forks, String countModel) {
	}

	/**
	 * The links of one cell in {@code files.md.mustache}, each relative to the output
	 * folder, {@code null} when the cell has no such file.
	 *
	 * @param id the cell's id
	 * @param dashboard its JMeter dashboard's folder
	 * @param jtl its JTL
	 * @param metricsCsv its time series
	 * @param jfr its app's JFR recording
	 * @param flameGraph its CPU flame graph
	 * @param appLog its app's log
	 */
	private record FileLinks(String id, String dashboard, String jtl, String metricsCsv, String jfr, String flameGraph,
			String appLog) {

		static FileLinks of(CellResult cell) {
			return new FileLinks(cell.cell().id(), cell.dashboard(), cell.jtl(), cell.metricsCsv(),
					(cell.jfr() != null) ? cell.jfr().file() : null, cell.flameGraph(), cell.appLog());
		}

	}

	/**
	 * The values of {@code table.md.mustache}: one side-by-side table.
	 *
	 * @param title the heading, e.g. {@code sequential fanout, concurrency 400}
	 * @param idealLatency the ideal latency and how it is made, {@code null} when unknown
	 * @param stacks the stacks' titles, one column each
	 * @param rows the measures
	 */
	private record TableView(String title, String idealLatency, List<String> stacks, List<TableRow> rows) {
	}

	/**
	 * One measure of a side-by-side table.
	 *
	 * @param label the measure
	 * @param cells its value for each stack, {@code —} where the stack has no cell
	 */
	private record TableRow(String label, List<String> cells) {
	}

	/**
	 * One row of the settings table ({@code settings.md.mustache}).
	 *
	 * @param name the setting
	 * @param value its value, Markdown
	 */
	record SettingRow(String name, String value) {
	}

}
