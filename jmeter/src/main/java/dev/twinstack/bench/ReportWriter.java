package dev.twinstack.bench;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Renders {@code report.md}: what was measured, the settings, then one side-by-side table
 * per (fanout, concurrency) in the spirit of {@code ab}'s output: one row per measure,
 * one column per stack.
 */
public final class ReportWriter {

	private static final String MISSING = "—";

	private static final List<Row> ROWS = List.of(new Row("Requests", (r) -> count(r.load().requests())),
			new Row("Errors", ReportWriter::errors),
			new Row("Requests per second", (r) -> fmt("%.1f [#/sec] (mean)", r.load().throughput())),
			new Row("Time per request", (r) -> fmt("%.1f [ms] (mean)", r.load().meanMs())),
			new Row("Time per request (across all concurrent requests)",
					(r) -> fmt("%.3f [ms] (mean)", r.load().timePerRequestAcrossMs())),
			new Row("Min", (r) -> fmt("%.0f ms", r.load().minMs())),
			new Row("p50", (r) -> fmt("%.0f ms", r.load().p50Ms())),
			new Row("p90", (r) -> fmt("%.0f ms", r.load().p90Ms())),
			new Row("p95", (r) -> fmt("%.0f ms", r.load().p95Ms())),
			new Row("p99", (r) -> fmt("%.0f ms", r.load().p99Ms())),
			new Row("Max", (r) -> fmt("%.0f ms", r.load().maxMs())),
			new Row("Peak heap used",
					(r) -> fmt("%.0f MB (mean %.0f MB)", r.server().peakHeapUsedMb(), r.server().meanHeapUsedMb())),
			new Row("Peak live threads",
					(r) -> fmt("%.0f (mean %.0f)", r.server().peakLiveThreads(), r.server().meanLiveThreads())),
			new Row("Acknowledged (201)", (r) -> count(r.storage().acknowledged())),
			new Row("Stored in MongoDB", ReportWriter::stored), new Row("Little's-law ceiling", ReportWriter::ceiling),
			new Row("Efficiency",
					(r) -> Optional.ofNullable(r.ceiling().efficiency())
						.map((efficiency) -> fmt("%.0f %%", efficiency * 100))
						.orElse("n/a")));

	private ReportWriter() {
	}

	/**
	 * Renders the report.
	 * @param results the bench results
	 * @return the Markdown text
	 */
	public static String render(BenchResults results) {
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
			.append(" s wall time).\n\n");
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
			.append(" s of discarded warm-up per app (at the highest concurrency, ramping up over its first half). Latencies are JMeter's; heap and threads come from the app's ")
			.append("Actuator metrics, sampled once a second; stored documents are counted by request id after ")
			.append("the count stops changing.\n\n");
		appendSettings(md, results);
		for (Fanout fanout : settings.fanouts()) {
			for (int concurrency : settings.concurrency()) {
				appendTable(md, results, fanout, concurrency);
			}
		}
		appendReading(md);
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
		setting(md, "Java", env.javaVersion() + " (" + env.javaVendor() + ")");
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
		for (Row row : ROWS) {
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
			md.append("- `")
				.append(cell.cell().id())
				.append("`: [dashboard](")
				.append(cell.dashboard())
				.append("/index.html) · [JTL](")
				.append(cell.jtl())
				.append(") · [app log](")
				.append(cell.appLog())
				.append(")\n");
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

	private static String errors(CellResult r) {
		long errors = r.load().errors();
		return (errors == 0 || r.load().requests() == 0) ? count(errors)
				: count(errors) + fmt(" (%.2f %%)", 100.0 * errors / r.load().requests());
	}

	private static String stored(CellResult r) {
		Storage storage = r.storage();
		if (storage.acknowledgedNotStored() > 0) {
			return count(storage.stored()) + " (" + count(storage.acknowledgedNotStored())
					+ " acknowledged but missing!)";
		}
		if (storage.storedNotAcknowledged() > 0) {
			return count(storage.stored()) + " (+" + count(storage.storedNotAcknowledged()) + " not acknowledged)";
		}
		return count(storage.stored());
	}

	private static String ceiling(CellResult r) {
		Ceiling ceiling = r.ceiling();
		if (ceiling.ceiling() == null) {
			return "n/a (random latency)";
		}
		boolean threadBound = ceiling.threadCeiling() != null && ceiling.threadCeiling() < ceiling.concurrencyCeiling();
		return fmt("%.1f req/s", ceiling.ceiling())
				+ (threadBound ? " (" + ceiling.threadCap() + " threads)" : " (concurrency)");
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

	private record Row(String label, Function<CellResult, String> value) {
	}

}
