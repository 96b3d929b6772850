package dev.twinstack.bench;

import java.util.List;
import java.util.Set;
import java.util.Locale;

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
		BenchResults.Settings settings = results.settings();
		StringBuilder md = new StringBuilder();
		md.append("# twinstack bench: Spring MVC vs Spring WebFlux\n\n");
		md.append("Profile `")
			.append(settings.profile())
			.append("`, ")
			.append(settings.cells())
			.append(" cells, run ")
			.append(results.startedAt())
			.append(" → ")
			.append(results.finishedAt())
			.append(" (")
			.append(fmt("%.0f", results.wallSeconds()))
			.append(" s wall time). ")
			.append(INTERACTIVE_LINK)
			.append("\n\n");
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
			.append(" s per cell, after ")
			.append(settings.warmupSeconds())
			.append(" s of discarded warm-up per app (at the highest concurrency, ramping up over its first half). ")
			.append("Latencies come from every sample JMeter logged; heap, threads, RSS and CPU are sampled once a ")
			.append("second (see *Where the figures come from*); stored documents are counted by request id after ")
			.append("the count stops changing.\n\n");
		appendSettings(md, results);
		ReportSections.summaryCharts(md, results, charts);
		for (Fanout fanout : settings.fanouts()) {
			for (int concurrency : settings.concurrency()) {
				appendTable(md, results, fanout, concurrency);
				ReportSections.scenarioCharts(md, charts, fanout, concurrency);
			}
		}
		ReportSections.memory(md, results);
		appendReading(md);
		ReportSections.monitoring(md);
		appendFiles(md, results);
		return md.toString();
	}

	private static void appendSettings(StringBuilder md, BenchResults results) {
		BenchResults.Settings s = results.settings();
		BenchResults.Environment env = results.environment();
		md.append("## Settings\n\n| Setting | Value |\n|---|---|\n");
		setting(md, "Stacks", s.stacks().stream().map(Stack::title).toList().toString());
		setting(md, "Fanouts", s.fanouts().stream().map(Fanout::id).toList().toString());
		setting(md, "Concurrency (JMeter threads)", s.concurrency().toString());
		setting(md, "Per cell", s.rampUpSeconds() + " s ramp-up + " + s.durationSeconds() + " s hold");
		setting(md, "Warm-up per app", s.warmupSeconds()
				+ " s at the highest concurrency, split over the fanouts, each ramping up over its first half");
		setting(md, "Downstream latency", "`" + s.latency() + "` per call");
		setting(md, "Tomcat worker threads (mvc)", String.valueOf(s.tomcatMaxThreads()));
		setting(md, "App JVM options", "`" + String.join(" ", s.appJvmArgs()) + "`");
		setting(md, "mock-services JVM options", "`" + String.join(" ", s.mocksJvmArgs()) + "`");
		setting(md, "Client timeouts", "connect " + s.connectTimeoutMs() + " ms, response " + s.responseTimeoutMs()
				+ " ms; any status but 201 is an error");
		setting(md, "Load generator",
				env.loadGenerator() + ", JVM options `" + String.join(" ", env.loadGeneratorJvmArgs()) + "`");
		setting(md, "Machine", env.cores() + " cores, " + count(env.totalMemoryMb()) + " MB, " + env.os()
				+ "; apps, mocks and JMeter share it");
		setting(md, "Java", env.javaVersion() + " (" + env.javaVendor() + "): the bench's JVM, running JMeter");
		ReportSections.appSettings(md, results);
		md.append("\n");
	}

	private static void appendTable(StringBuilder md, BenchResults results, Fanout fanout, int concurrency) {
		List<Stack> stacks = results.settings().stacks();
		List<CellResult> cells = stacks.stream().map((stack) -> find(results, stack, fanout, concurrency)).toList();
		md.append("## ").append(fanout.id()).append(" fanout, concurrency ").append(concurrency).append("\n\n");
		cells.stream()
			.filter((cell) -> cell != null && cell.ceiling().idealLatencyMs() != null)
			.findFirst()
			.ifPresent((cell) -> md.append("Ideal latency ")
				.append(fmt("%.0f ms", cell.ceiling().idealLatencyMs()))
				.append(" (")
				.append(fanout.latenciesPerRequest())
				.append(" × the downstream latency).\n\n"));
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
			.append("requests per second. Every downstream call waits for the configured latency L, so a request ")
			.append("takes at least W = 3 L (sequential) or W = L (parallel): the *ideal latency*. JMeter keeps ")
			.append("exactly *concurrency* requests in flight, so no stack can exceed concurrency / W (the ")
			.append("*concurrency ceiling*). Spring MVC also holds one Tomcat worker thread per request for all of ")
			.append("W, so with 200 threads it cannot exceed 200 / W (the *thread ceiling*), whatever the ")
			.append("concurrency; WebFlux has no such cap. The ceiling shown is the lower of the two, and ")
			.append("*efficiency* = measured throughput / ceiling: near 100 % the stack adds little to the ")
			.append("downstream wait; well below, requests queue somewhere (CPU, threads, connection pools); the ")
			.append("p99 and the peak thread count tell where. MVC's parallel fanout also runs the three calls on ")
			.append("an executor pool (see mvc-app's `application.yml`), which can cap it further and is not part ")
			.append("of this ceiling. Apps, mocks and JMeter share one machine: when it runs out of CPU, both ")
			.append("stacks fall below their ceilings for reasons that are not theirs.\n\n")
			.append("*Stored* counts the documents carrying the cell's request ids once the count stops changing. ")
			.append("A 201 whose document is missing would be a bug (the bench fails on it). Stored above ")
			.append("acknowledged means requests still in flight when JMeter stopped (or timed out) that the app ")
			.append("completed anyway; an app that cancels abandoned requests stores fewer of those.\n\n")
			.append("The ramp-up belongs to the measured window and lowers throughput by about ramp-up / 2 / ")
			.append("(ramp-up + hold).\n\n");
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

	private static CellResult find(BenchResults results, Stack stack, Fanout fanout, int concurrency) {
		return results.cells()
			.stream()
			.filter((cell) -> cell.cell().equals(new Cell(stack, fanout, concurrency)))
			.findFirst()
			.orElse(null);
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
