package dev.twinstack.bench.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import dev.twinstack.bench.faults.AppGauges;
import dev.twinstack.bench.faults.FaultInjector;
import dev.twinstack.bench.faults.FaultRun;
import dev.twinstack.bench.faults.FaultSamples;
import dev.twinstack.bench.faults.OutageRun;
import dev.twinstack.bench.faults.Recovery;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.ResultsFixture;
import dev.twinstack.bench.settings.faults.DownstreamService;
import dev.twinstack.bench.settings.faults.Fault;
import dev.twinstack.bench.settings.faults.FaultSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fault runs' figures: read from a JTL, judged, and written to report.md, index.html
 * and results.json.
 */
class FaultsReportTests {

	private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,"
			+ "success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect\n";

	@Test
	void readsStatusesAndSplitsTheLatenciesOfSuccessesAndFailures(@TempDir Path dir) throws Exception {
		Path jtl = jtl(dir, 90, 10, "504", 2010);
		FaultSamples samples = FaultSamples.read(jtl);
		assertThat(samples.statuses()).containsExactly(Map.entry("201", 90L), Map.entry("504", 10L));
		assertThat(samples.requests()).isEqualTo(100);
		assertThat(samples.count(201)).isEqualTo(90);
		assertThat(samples.succeeded().samples()).isEqualTo(90);
		assertThat(samples.succeeded().maxMs()).isEqualTo(389);
		assertThat(samples.failed().samples()).isEqualTo(10);
		assertThat(samples.failed().p99Ms()).isEqualTo(2019);
		assertThat(samples.faultedIds()).as("ids ending in the faulted digit").isEqualTo(10);
	}

	@Test
	void judgesARunAgainstTheContract(@TempDir Path dir) throws Exception {
		FaultSettings.Case delay = new FaultSettings.Case(DownstreamService.ORDERS, Fault.DELAY, 10);
		Recovery recovered = new Recovery(310L, 320L, new AppGauges(40, 0), new AppGauges(41, 0), 1);
		FaultRun ok = FaultRun.of(Stack.MVC, delay, FaultSamples.read(jtl(dir, 90, 10, "504", 2010)), 2600, 90,
				recovered, "runs/faults/mvc/orders-delay-10/samples.jtl");
		assertThat(ok.errorPercent()).isEqualTo(10.0);
		assertThat(ok.targeted()).isEqualTo(10);
		assertThat(ok.failedAsTargeted()).isTrue();
		assertThat(ok.statusesAsExpected()).isTrue();
		assertThat(ok.withinLimit()).isTrue();
		assertThat(ok.passed()).isTrue();

		FaultRun wrongStatus = FaultRun.of(Stack.MVC, delay,
				FaultSamples.read(jtl(dir.resolve("500"), 90, 10, "500", 5)), 2600, 90, recovered, "x");
		assertThat(wrongStatus.statusesAsExpected()).isFalse();
		assertThat(wrongStatus.passed()).isFalse();

		Path leakedJtl = jtl(dir.resolve("leaked"), 90, 10, "504", 2010);
		Files.writeString(leakedJtl, Files.readString(leakedJtl).replace("/profiles/907?", "/profiles/908?"));
		FaultRun leaked = FaultRun.of(Stack.MVC, delay, FaultSamples.read(leakedJtl), 2600, 90, recovered, "x");
		assertThat(leaked.targeted()).isEqualTo(9);
		assertThat(leaked.statusesAsExpected()).as("the statuses alone look right").isTrue();
		assertThat(leaked.failedAsTargeted()).as("a fault that hit an id not ending in the digit").isFalse();
		assertThat(leaked.passed()).isFalse();

		FaultRun hung = FaultRun.of(Stack.MVC, delay, FaultSamples.read(jtl(dir.resolve("hung"), 90, 10, "504", 9000)),
				2600, 90, recovered, "x");
		assertThat(hung.withinLimit()).isFalse();

		FaultRun storedFailure = FaultRun.of(Stack.MVC, delay,
				FaultSamples.read(jtl(dir.resolve("stored"), 90, 10, "504", 2010)), 2600, 91, recovered, "x");
		assertThat(storedFailure.passed()).isFalse();

		FaultRun neverRecovered = FaultRun.of(Stack.MVC, delay,
				FaultSamples.read(jtl(dir.resolve("stuck"), 90, 10, "504", 2010)), 2600, 90,
				new Recovery(300L, null, new AppGauges(40, 0), new AppGauges(40, 3), 60), "x");
		assertThat(neverRecovered.passed()).isFalse();

		FaultRun missed = FaultRun.of(Stack.MVC, delay, FaultSamples.read(jtl(dir.resolve("missed"), 100, 0, "504", 1)),
				2600, 100, recovered, "x");
		assertThat(missed.statusesAsExpected()).as("a fault that never hit").isFalse();
	}

	@Test
	void writesAFaultsSectionAndTheFaultsArray(@TempDir Path out) throws Exception {
		BenchResults fixture = ResultsFixture.results();
		FaultRun run = FaultRun.of(Stack.WEBFLUX,
				new FaultSettings.Case(DownstreamService.RECOMMENDATIONS, Fault.CONNECTION_RESET, 100),
				FaultSamples.read(jtl(out.resolve("jtl"), 0, 40, "502", 210)), 2700, 0,
				new Recovery(305L, 305L, new AppGauges(25, 0), new AppGauges(25, 0), 1),
				"runs/faults/webflux/recommendations-connection-reset-100/samples.jtl");
		BenchResults results = new BenchResults(fixture.settings(), fixture.environment(), fixture.processes(),
				fixture.startedAt(), fixture.finishedAt(), 60, List.of(), List.of(), List.of(), fixture.jdk(),
				List.of(), List.of(), List.of(), List.of(run), List.of(outage(out.resolve("outage"), 0)), true, null);
		Path report = ReportFiles.write(results, out);
		String markdown = Files.readString(report);
		// only faults ran: the header says so, no matrix settings, the stacks are the
		// faults'
		assertThat(markdown)
			.contains("Profile `standard`, the faults scenario only (1 runs), run ",
					"| Stacks | [Spring WebFlux (Reactor Netty)] |")
			.doesNotContain("## What was measured", "| Concurrency (JMeter threads) |", "| Per trial |");
		assertThat(markdown).contains("## Downstream faults", "**1 of 1 runs** showed the contract's behaviour.",
				"| webflux | recommendations | connection-reset | 100 % | 40 | 40 of 40 targeted (100.0 %) ✓ | 502 × 40 | 249 ms | — | "
						+ "249 ms (2700) ✓ | 0 / 0 ✓ | 305 ms | 25 → 25, 0 → 0 |");
		assertThat(markdown).contains("## Database outage",
				"| webflux | 30 | 201 × 20, 503 × 10 | 3000 ms | 8 (0) ✓ | 2009 ms | 2009 ms (4800) ✓ | 300 ms (4800) ✓ "
						+ "| 10 / 10 ✓ | 0 ✓ |");
		assertThat(Files.readString(out.resolve("index.html"))).contains("Downstream faults", "connection-reset",
				"Database outage");
		assertThat(ResultsJson.read(out.resolve("results.json")).at("/databaseOutages/0/whileDown").asLong())
			.isEqualTo(8);
		JsonNode faults = ResultsJson.read(out.resolve("results.json")).path("faults");
		assertThat(faults.size()).isEqualTo(1);
		assertThat(faults.get(0).path("stack").asText()).isEqualTo("webflux");
		assertThat(faults.get(0).path("service").asText()).isEqualTo("recommendations");
		assertThat(faults.get(0).path("fault").asText()).isEqualTo("connection-reset");
		assertThat(faults.get(0).path("statuses").path("502").asLong()).isEqualTo(40);
		assertThat(faults.get(0).path("recoveryMs").asLong()).isEqualTo(305);
		assertThat(Duration.ofMillis(faults.get(0).path("limitMs").asLong())).isEqualTo(Duration.ofMillis(2700));
	}

	@Test
	void judgesADatabaseOutage(@TempDir Path dir) throws Exception {
		OutageRun ok = outage(dir.resolve("ok"), 0);
		assertThat(ok.statuses()).containsEntry("201", 20L).containsEntry("503", 10L);
		assertThat(ok.whileDown()).isEqualTo(8);
		assertThat(ok.whileDownNot503()).isZero();
		assertThat(ok.firstSuccessAfterRestartMs()).isEqualTo(300);
		assertThat(ok.acknowledgedAfterRestart()).isEqualTo(10);
		assertThat(ok.passed()).isTrue();
		assertThat(outage(dir.resolve("partial"), 1).passed()).as("a partial document").isFalse();
	}

	/**
	 * A JTL of an outage from t = 0 to t = 3000 ms (webflux): 10 × 201 before, 10 × 503
	 * of 2000..2009 ms started from t = -200 every 100 ms (8 of them sent while down), 10
	 * × 201 of 300 ms from t = 3000.
	 */
	private static OutageRun outage(Path dir, long incomplete) throws Exception {
		long t0 = 1_700_000_000_000L;
		StringBuilder jtl = new StringBuilder(HEADER);
		for (int i = 0; i < 30; i++) {
			long start = (i < 10) ? t0 - 5000 + 300L * i
					: (i < 20) ? t0 - 200 + 100L * (i - 10) : t0 + 3000 + 100L * (i - 20);
			long elapsed = (i >= 10 && i < 20) ? 2000 + (i - 10) : 300;
			String status = (i >= 10 && i < 20) ? "503" : "201";
			jtl.append(start)
				.append(',')
				.append(elapsed)
				.append(",\"POST /profiles/{customerId}\",")
				.append(status)
				.append(",x,composite 1-1,text,")
				.append(status.equals("201"))
				.append(",,1500,200,20,20,http://127.0.0.1/profiles/1,")
				.append(elapsed)
				.append(",0,0\n");
		}
		Files.createDirectories(dir);
		Path file = dir.resolve("samples.jtl");
		Files.writeString(file, jtl);
		return OutageRun.of(Stack.WEBFLUX, file, t0, t0 + 3000, 4800, 4800, 10, incomplete, "x");
	}

	/**
	 * Writes a JTL: {@code ok} successes of 300..(300+ok-1) ms, then {@code failed}
	 * failures with a status, of failedMs..(failedMs+failed-1) ms.
	 */
	private static Path jtl(Path dir, int ok, int failed, String status, long failedMs) throws Exception {
		StringBuilder jtl = new StringBuilder(HEADER);
		long start = 1_700_000_000_000L;
		for (int i = 0; i < ok + failed; i++) {
			boolean success = i < ok;
			long elapsed = success ? 300 + i : failedMs + (i - ok);
			jtl.append(start + 10L * i)
				.append(',')
				.append(elapsed)
				.append(",\"POST /profiles/{customerId}\",")
				.append(success ? "201" : status)
				.append(",x,composite 1-1,text,")
				.append(success)
				.append(",,1500,200,20,20,http://127.0.0.1/profiles/")
				.append(success ? 10 * i + 1 : 10 * i + FaultInjector.FAULTED_DIGIT)
				.append("?fanout=sequential,")
				.append(elapsed)
				.append(",0,0\n");
		}
		Files.createDirectories(dir);
		Path file = dir.resolve("samples.jtl");
		Files.writeString(file, jtl);
		return file;
	}

}
