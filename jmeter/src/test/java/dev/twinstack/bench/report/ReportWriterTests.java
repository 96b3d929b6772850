package dev.twinstack.bench.report;

import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.twinstack.bench.analysis.CrossCheck;
import dev.twinstack.bench.analysis.Validity;
import dev.twinstack.bench.load.warmup.WarmUp;
import dev.twinstack.bench.load.WrkResult;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.measure.jvm.JfrCheck;
import dev.twinstack.bench.measure.JitCompilation;
import dev.twinstack.bench.measure.storage.Storage;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.results.ResultsFixture;
import dev.twinstack.monitoring.JfrWindow;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ReportWriterTests {

	private static final BenchResults RESULTS = ResultsFixture.results();

	@Test
	void opensAnIncompleteRunWithAWarningAndLeavesOutTablesOfCellsNotReached() {
		BenchResults r = RESULTS;
		BenchResults incomplete = new BenchResults(r.settings(), r.environment(), r.processes(), r.startedAt(),
				r.finishedAt(), r.wallSeconds(), r.cells().subList(0, 1), r.apps(), r.memory(), r.jdk(), r.skipped(),
				r.matrix().subList(0, 1), r.trials().subList(0, 1), List.of(), List.of(), false,
				"interrupted by SIGINT/SIGTERM after 1 of 4 cells");
		String markdown = ReportWriter.render(incomplete);
		assertThat(markdown.lines().skip(2).findFirst()).hasValue(
				"> **⚠ Incomplete results: interrupted by SIGINT/SIGTERM after 1 of 4 cells.** Only the 1 cell(s) "
						+ "finished before are reported (without the JFR cross-check); the figures of the cells that "
						+ "were running are discarded.");
		assertThat(markdown).contains("## sequential fanout, concurrency 10")
			.doesNotContain("## sequential fanout, concurrency 400");
		assertThat(ReportWriter.render(RESULTS)).doesNotContain("Incomplete")
			.contains("## sequential fanout, concurrency 400");
	}

	@Test
	void showsTheJitOfTheQuotedTrialFromMicrometerAndFromJfr() {
		CellResult quiet = ResultsFixture.cell(Stack.MVC, 400, 3000, 0, 600, null);
		CellResult atWork = withJit(quiet, new JitCompilation(7, 6450)).withJfr(JfrCheck.of("jfr/mvc.jfr",
				new JfrWindow(12, 322.0, 60.0, 30, 231.0, 233.0, 0.4, 0.85, 14, 6450.0, 1027), quiet.server()));

		assertThat(row("JIT compilation over the trial (Micrometer)", atWork))
			.isEqualTo("**6.5 s, 92 % of 7 s** (JIT still at work)");
		assertThat(row("JIT compilation over the trial (Micrometer)", withJit(quiet, new JitCompilation(7, 140))))
			.isEqualTo("0.1 s, 2 % of 7 s");
		assertThat(row("JIT in the trial (JFR)", atWork))
			.isEqualTo("6.45 s in 14 compilations ≥ 100 ms · 1,027 deoptimizations");
		// not read (no reading of the meter, a recording read before the JIT's events)
		assertThat(row("JIT compilation over the trial (Micrometer)", quiet)).isEqualTo("–");
		assertThat(row("JIT in the trial (JFR)", quiet)).isEqualTo("–");
	}

	private static String row(String label, CellResult trial) {
		return ComparisonRows.ROWS.stream()
			.filter((row) -> row.label().equals(label))
			.findFirst()
			.orElseThrow()
			.value()
			.apply(trial);
	}

	static CellResult withJit(CellResult t, JitCompilation jit) {
		return new CellResult(t.cell(), t.runId(), t.startedAt(), t.finishedAt(), t.durationSeconds(), t.load(),
				t.latency(), t.throughput(), t.arrivalRate(), t.server(), t.cpu(), t.gc(), t.pools(), t.storage(),
				t.ceiling(), t.jfr(), t.jtl(), t.dashboard(), t.metricsCsv(), t.appLog(), t.flameGraph(),
				t.engineSamples(), t.engineWindow(), jit);
	}

	@Test
	void opensWithTheVerdictAndTheChartsAndPutsTheSettingsAfterTheResults() {
		String report = ReportWriter.render(RESULTS, Set.of("throughput-sequential", "latency-sequential"));
		int verdict = report.indexOf("## Verdict");
		int charts = report.indexOf("## Throughput and latency vs concurrency");
		int table = report.indexOf("## sequential fanout, concurrency 400");
		int matrix = report.indexOf("## Scenario matrix");
		int measured = report.indexOf("## What was measured");
		int settings = report.indexOf("## Settings");
		assertThat(verdict).isPositive();
		assertThat(charts).isGreaterThan(verdict);
		assertThat(table).isGreaterThan(charts);
		assertThat(matrix).isGreaterThan(table);
		assertThat(measured).isGreaterThan(matrix);
		assertThat(settings).isGreaterThan(measured);
		assertThat(report.indexOf("## How to read the ceilings")).isGreaterThan(settings);
	}

	@Test
	void rendersOneSideBySideTablePerFanoutAndConcurrency() {
		String report = ReportWriter.render(RESULTS);
		assertThat(report).contains("## sequential fanout, concurrency 10\n", "## sequential fanout, concurrency 400\n")
			.doesNotContain("## parallel fanout");
		assertThat(report)
			.contains("| Measure | Spring MVC (Tomcat) | Spring WebFlux (Reactor Netty) |\n|---|---:|---:|");
		assertThat(report).contains("Ideal latency 300 ms (3 × the downstream latency).");
	}

	@Test
	void showsGcPausesAllocationPoolWaitsAndTheFlameGraphOfEachCell() {
		String table = section(ReportWriter.render(RESULTS), "## sequential fanout, concurrency 400");
		assertThat(table)
			.contains("| GC pauses, steady window (Prometheus deltas) | 12 pauses, 85 ms in 28 s (0.30 %) | "
					+ "9 pauses, 40 ms in 28 s (0.14 %) |")
			.contains("| Allocated per request, steady window | 100.0 KB (1,700 MB for 17,400 requests) | "
					+ "51.2 KB (1,450 MB for 29,000 requests) |")
			.contains("| Pool waits, peak in the steady window | MongoDB 0 waiting (12 in use) · HTTP client 3 waiting "
					+ "· Tomcat 200 busy | MongoDB 0 waiting (20 in use) · HTTP client 0 waiting |")
			.contains("| CPU flame graph (JFR, steady window) | [flame graph](runs/mvc-composite-sequential-c400/"
					+ "flame.html) | [flame graph](runs/webflux-composite-sequential-c400/flame.html) |");
		String cpu = section(ReportWriter.render(RESULTS), "## Where the CPU goes");
		assertThat(cpu).contains("| mvc | `mvc-composite-sequential-c400` | [flame graph]"
				+ "(runs/mvc-composite-sequential-c400/flame.html) | 1.33 ms | 100.0 KB (1,700 MB for 17,400 requests) "
				+ "| 12 pauses, 85 ms in 28 s (0.30 %) |")
			.contains("| webflux | `webflux-composite-sequential-c400` |")
			.doesNotContain("c10`");
		assertThat(ReportWriter.render(RESULTS))
			.contains("· [CPU flame graph](runs/mvc-composite-sequential-c400/flame.html)");
	}

	@Test
	void formatsEveryMeasureForBothStacks() {
		String table = section(ReportWriter.render(RESULTS), "## sequential fanout, concurrency 400");
		assertThat(table).contains("| Requests | 18,000 | 30,000 |")
			.contains("| Errors | 0 | 12 (0.04 %) |")
			.contains("| Requests per second | 600.0 [#/sec] (mean) | 1000.0 [#/sec] (mean) |")
			.contains("| Requests per second, second by second | 2.5 % 595 · 50 % 600 · 97.5 % 605 (min 595, max 605")
			.contains("| Time per request | 662.5 [ms] (mean) | 361.0 [ms] (mean) |")
			.contains("| Time per request (across all concurrent requests) | 1.667 [ms] (mean) | 1.000 [ms] (mean) |")
			.contains("| Min | 301 ms | 300 ms |")
			.contains("| 50 % | 330 ms | 330 ms |")
			.contains("| 66 % | 350 ms | 350 ms |")
			.contains("| 98 % | 800 ms | 800 ms |")
			.contains("| 99 % | 905 ms | 702 ms |")
			.contains("| 99.9 % | 1100 ms | 1400 ms |")
			.contains("| 100 % (longest request) | 1210 ms | 1503 ms |")
			.contains("| JMeter's own p90 / p95 / p99 (estimates) | 500 / 700 / 905 ms | 500 / 700 / 702 ms |")
			.contains("| Peak heap used (Micrometer) | 310 MB (mean 250 MB) | 180 MB (mean 120 MB) |")
			.contains("| Peak heap used (JFR, before GC) | 322 MB (12 GCs; after GC ≥ 60 MB) ✓ agrees | "
					+ "190 MB (12 GCs; after GC ≥ 40 MB) ✓ agrees |")
			.contains("| Peak live threads (Micrometer) | 231 (mean 228) | 40 (mean 39) |")
			.contains("| Peak live threads (JFR) | 231 ✓ agrees | 41 ✓ agrees |")
			.contains("| RSS (peak, at end) | 420 MB (at end 410 MB) | 380 MB (at end 410 MB) |")
			.contains(
					"| CPU, mean % of the machine | app 40 %, mocks 30 %, JMeter 12 %, machine 85 %; per request: app 1.33, "
							+ "JMeter 0.40, mocks 1.00, machine 2.82 ms |")
			.contains("| Acknowledged (201) | 18,000 | 29,988 |")
			.contains("| Stored in MongoDB | 18,010 (+10 not acknowledged) | 29,988 |")
			.contains("| Lowest ceiling | 666.7 req/s (200 threads) | 1333.3 req/s (concurrency: Little's law) |")
			.contains("| Efficiency | 90 % | 75 % |");
	}

	@Test
	void flagsAcknowledgedButMissingDocuments() {
		CellResult lost = ResultsFixture.cell(Stack.WEBFLUX, 10, 330, 0, 33, new Storage(330, 320));
		BenchResults results = new BenchResults(RESULTS.settings(), RESULTS.environment(), RESULTS.processes(),
				RESULTS.startedAt(), RESULTS.finishedAt(), 1, List.of(lost));
		assertThat(ReportWriter.render(results))
			.contains("| Stored in MongoDB | — | 320 (10 acknowledged but missing!) |")
			.contains("**Integrity (stored == acknowledged)** FAILED: 1 trials, 330 acknowledged (201), 320 stored, "
					+ "10 missing, 0 duplicated request ids; failed trials [" + lost.runId() + "]");
	}

	@Test
	void flagsRequestIdsStoredTwice() {
		CellResult twice = ResultsFixture.cell(Stack.MVC, 10, 330, 0, 33, new Storage(330, 331, 1));
		BenchResults results = new BenchResults(RESULTS.settings(), RESULTS.environment(), RESULTS.processes(),
				RESULTS.startedAt(), RESULTS.finishedAt(), 1, List.of(twice));
		assertThat(twice.storage().verified()).isFalse();
		assertThat(results.integrity().verified()).isFalse();
		assertThat(ReportWriter.render(results)).contains("| Stored in MongoDB | 331 (1 request ids stored twice!) |")
			.contains("1 duplicated request ids; failed trials");
	}

	@Test
	void showsSettingsLinksAndCommandLines() {
		String report = ReportWriter.render(RESULTS);
		assertThat(report).contains("| Downstream latency | `100ms` per composite call, `1s` for the slow service |")
			.contains("| Per trial | 1 s ramp-up + 30 s hold; 3 trial(s) per cell |")
			.contains("| Workloads | [composite-sequential] |", "| Heaps | [default] |")
			.contains("| App JVM options | `-Xms512m -Xmx512m` |")
			.contains("| Spring MVC (Tomcat) settings | `server.tomcat.threads.max` 200; "
					+ "`app.downstream.max-connections` 1000 |")
			.contains(
					"| Spring MVC (Tomcat) JVM | VisualVM name `twinstack-app-mvc-512m-b1`, JFR [jfr/mvc.jfr](jfr/mvc.jfr) |")
			.contains(
					"- `mvc-composite-sequential-c10`: [dashboard](runs/mvc-composite-sequential-c10/dashboard/index.html) · "
							+ "[JTL](runs/mvc-composite-sequential-c10/samples.jtl) · [metrics CSV](runs/mvc-composite-sequential-c10/metrics.csv) · "
							+ "[JFR](jfr/mvc.jfr) · [app log](logs/mvc-app.log)")
			.contains("java -jar mvc-app.jar --server.port=1234")
			.contains("[index.html](index.html)")
			.contains("## How to read the ceilings", "## Where the figures come from");
	}

	@Test
	void showsTheMemoryAfterNRequests() {
		String memory = section(ReportWriter.render(RESULTS), "## Memory after 500 requests");
		assertThat(memory).contains("like `ab -n 500 -c 10`")
			.contains("| Time to complete | 15.60 s (32.1 req/s, 0 errors) | 15.40 s (32.5 req/s, 0 errors) |")
			.contains("| Heap used before (after a full GC) | 37.5 MB | 29.0 MB |")
			.contains("| Heap used after | 120.5 MB | 95.0 MB |")
			.contains("| Heap added by the requests | 83.0 MB | 66.0 MB |")
			.contains("| GCs during the requests | 0 | 1 |")
			.contains("| RSS after | 310.2 MB | 280.7 MB |")
			.contains("| Heap used after a full GC | 38.4 MB | 30.1 MB |");
	}

	@Test
	void embedsTheChartsThatWereDrawn() {
		String report = ReportWriter.render(RESULTS, Set.of("throughput-sequential", "latency-sequential",
				"memory-sequential-c400", "threads-sequential-c400", "cpu-sequential-c400"));
		assertThat(report)
			.contains("](charts/throughput-sequential.png)", "](charts/latency-sequential.png)",
					"](charts/memory-sequential-c400.png)", "](charts/threads-sequential-c400.png)",
					"](charts/cpu-sequential-c400.png)")
			.doesNotContain("charts/memory-sequential-c10.png");
		assertThat(ReportWriter.render(RESULTS)).doesNotContain("](charts/");
	}

	@Test
	void consoleSummaryHasOneLinePerCell() {
		String summary = ConsoleSummary.render(RESULTS);
		assertThat(summary.lines()).hasSize(6);
		// the fixture's four cells store: 990 + 18,000 + 995 + 29,988 acknowledged
		assertThat(summary.lines().toList()).last()
			.isEqualTo("Integrity (stored == acknowledged) verified: 4 trials, 49,973 acknowledged (201), "
					+ "49,983 stored, 0 missing, 0 duplicated request ids");
		// steady throughput 600 (the mean of the seconds after the first), p99 905 ms,
		// p99.9 1100 ms;
		// thread ceiling 200 / 302 ms = 662 req/s
		assertThat(summary.lines().filter((line) -> line.startsWith("mvc-composite-sequential-c400"))).singleElement()
			.satisfies((line) -> assertThat(line).contains("602.5", "905", "1100", "0.00 %", "91 %", "valid", "ok"));

		CellSummary first = RESULTS.matrix().get(0);
		Validity warned = first.validity()
			.withJitAtWork(List.of(new Validity.JitTrial(1, 6450, 92.1, 697)), 813, WarmUp.TRIAL_JIT_PERCENT);
		List<CellSummary> matrix = new java.util.ArrayList<>(RESULTS.matrix());
		matrix.set(0,
				new CellSummary(first.cell(), first.trials(), first.throughput(), first.p50Ms(), first.p99Ms(),
						first.p999Ms(), first.maxMs(), first.transferKBps(), first.errorRate(), first.ceiling(), warned,
						first.health(), first.rateKept(), first.threads(), first.crossCheck(), first.trialNoise()));
		BenchResults r = RESULTS;
		String withWarning = ConsoleSummary.render(new BenchResults(r.settings(), r.environment(), r.processes(),
				r.startedAt(), r.finishedAt(), r.wallSeconds(), r.cells(), r.apps(), r.memory(), r.jdk(), r.skipped(),
				matrix, r.trials(), List.of(), List.of(), true, null));
		assertThat(withWarning.lines()).hasSize(7)
			.contains("Warning, " + first.cell().id()
					+ ": JIT still at work (compiling more than 10 % of the trial) in "
					+ "trial 1 (6.5 s of compilation, 92 % of the trial; 697 req/s against the cell's median 813, "
					+ "-14 %)");
	}

	@Test
	void aPairedCrossCheckShowsItsMedianAndItsPairs() throws Exception {
		CellSummary first = RESULTS.matrix().get(0);
		WrkResult wrk = new WrkResult(3600, 0, 0, 6, 600, 300, 400, 450, 500, 310, "wrk -t2 -c400");
		// the machine slowed during the last wrk run: the median pair agrees
		CrossCheck paired = CrossCheck.of(List.of(new CrossCheck.Pair(1, 600, 300, withThroughput(wrk, 600), null),
				new CrossCheck.Pair(2, 600, 300, withThroughput(wrk, 594), null),
				new CrossCheck.Pair(3, 588, 300, withThroughput(wrk, 420), null)));
		List<CellSummary> matrix = new java.util.ArrayList<>(RESULTS.matrix());
		matrix.set(0, first.withCrossCheck(paired));
		BenchResults r = RESULTS;
		BenchResults results = new BenchResults(r.settings(), r.environment(), r.processes(), r.startedAt(),
				r.finishedAt(), r.wallSeconds(), r.cells(), r.apps(), r.memory(), r.jdk(), r.skipped(), matrix,
				r.trials(), List.of(), List.of(), true, null);
		assertThat(ReportWriter.render(RESULTS)).doesNotContain("unmeasured wrk run");
		// three trials, so wrk came before trials 2 and 3; the fixture's older
		// cross-check
		// (one wrk run after the trials) put none before a trial
		assertThat(r.settings().trials()).isEqualTo(3);
		assertThat(ReportWriter.wrkWarmedUp(results)).isTrue();
		assertThat(ReportWriter.wrkWarmedUp(RESULTS)).isFalse();
		assertThat(ReportWriter.render(results)).contains("(opened by one unmeasured wrk run of a trial's length");
		assertThat(ReportWriter.render(results).lines().filter((line) -> line.startsWith("| Cross-check")))
			.singleElement()
			.satisfies((row) -> assertThat(row).contains("1.01 / ", "(3 pairs, throughput 1.00–1.40; wrk 594.0 req/s"));
		JsonNode json = new ObjectMapper().readTree(ResultsJson.toJson(results));
		JsonNode check = json.at("/matrix/0/crossCheck");
		assertThat(check.at("/pairs").size()).isEqualTo(3);
		assertThat(check.at("/pairs/2/throughputRatio").asDouble()).isEqualTo(1.4);
		assertThat(check.at("/throughputRatios/max").asDouble()).isEqualTo(1.4);
		assertThat(check.at("/agrees").asBoolean()).isTrue();
	}

	private static WrkResult withThroughput(WrkResult run, double throughput) {
		return new WrkResult(run.requests(), run.non2xx(), run.socketErrors(), run.seconds(), throughput, run.p50Ms(),
				run.p99Ms(), run.p999Ms(), run.maxMs(), run.meanMs(), run.commandLine());
	}

	@Test
	void resultsJsonHoldsSettingsAndFigures() throws Exception {
		JsonNode json = new ObjectMapper().readTree(ResultsJson.toJson(RESULTS));
		assertThat(json.at("/settings/profile").asText()).isEqualTo("standard");
		assertThat(json.at("/settings/stacks/1").asText()).isEqualTo("webflux");
		assertThat(json.at("/settings/memoryRequests").asInt()).isEqualTo(200);
		assertThat(json.at("/environment/cores").asInt()).isEqualTo(2);
		assertThat(json.at("/processes/0/commandLine").asText()).startsWith("java -jar mvc-app.jar");
		assertThat(json.at("/cells/1/cell/stack").asText()).isEqualTo("mvc");
		assertThat(json.at("/cells/1/cell/concurrency").asInt()).isEqualTo(400);
		assertThat(json.at("/cells/1/load/throughput").asDouble()).isEqualTo(600.0);
		assertThat(json.at("/cells/1/latency/p999Ms").asDouble()).isEqualTo(1100.0);
		assertThat(json.at("/cells/1/throughput/perSecond").size()).isEqualTo(3);
		assertThat(json.at("/cells/1/server/series/app_rss_mb/peak").asDouble()).isEqualTo(420.0);
		assertThat(json.at("/cells/1/server/series/app_rss_mb/atEnd").asDouble()).isEqualTo(410.0);
		assertThat(json.at("/cells/1/cpu/loadGeneratorMean").asDouble()).isEqualTo(0.12);
		assertThat(json.at("/cells/1/cpu/mocksMean").asDouble()).isEqualTo(0.3);
		assertThat(json.at("/cells/1/jfr/jfr/peakHeapUsedMb").asDouble()).isEqualTo(322.0);
		assertThat(json.at("/cells/1/jfr/heapAgrees").asBoolean()).isTrue();
		assertThat(json.at("/cells/1/storage/storedNotAcknowledged").asLong()).isEqualTo(10);
		assertThat(json.at("/cells/1/ceiling/threadCap").asInt()).isEqualTo(200);
		assertThat(json.at("/cells/3/ceiling/threadCap").isNull()).isTrue();
		assertThat(json.at("/memory/0/heapUsedMb").asDouble()).isEqualTo(120.5);
		assertThat(json.at("/apps/0/jfr").asText()).isEqualTo("jfr/mvc.jfr");
	}

	private static String section(String report, String heading) {
		int start = report.indexOf(heading);
		assertThat(start).as("section %s", heading).isNotNegative();
		int end = report.indexOf("\n## ", start + 1);
		return report.substring(start, (end < 0) ? report.length() : end);
	}

}
