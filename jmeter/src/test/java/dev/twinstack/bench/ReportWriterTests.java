package dev.twinstack.bench;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ReportWriterTests {

	private static final BenchResults RESULTS = results();

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
	void formatsEveryMeasureForBothStacks() {
		String table = section(ReportWriter.render(RESULTS), "## sequential fanout, concurrency 400");
		assertThat(table).contains("| Requests | 18,000 | 30,000 |")
			.contains("| Errors | 0 | 12 (0.04 %) |")
			.contains("| Requests per second | 600.0 [#/sec] (mean) | 1000.0 [#/sec] (mean) |")
			.contains("| Time per request | 662.5 [ms] (mean) | 361.0 [ms] (mean) |")
			.contains("| Time per request (across all concurrent requests) | 1.667 [ms] (mean) | 1.000 [ms] (mean) |")
			.contains("| Min | 301 ms | 300 ms |")
			.contains("| p99 | 905 ms | 702 ms |")
			.contains("| Max | 1210 ms | 1503 ms |")
			.contains("| Peak heap used | 310 MB (mean 250 MB) | 180 MB (mean 120 MB) |")
			.contains("| Peak live threads | 231 (mean 228) | 40 (mean 39) |")
			.contains("| Acknowledged (201) | 18,000 | 29,988 |")
			.contains("| Stored in MongoDB | 18,010 (+10 not acknowledged) | 29,988 |")
			.contains("| Little's-law ceiling | 666.7 req/s (200 threads) | 1333.3 req/s (concurrency) |")
			.contains("| Efficiency | 90 % | 75 % |");
	}

	@Test
	void flagsAcknowledgedButMissingDocuments() {
		CellResult lost = cell(Stack.WEBFLUX, 10, 330, 0, 33, new Storage(330, 320));
		BenchResults results = new BenchResults(RESULTS.settings(), RESULTS.environment(), RESULTS.processes(),
				RESULTS.startedAt(), RESULTS.finishedAt(), 1, List.of(lost));
		assertThat(ReportWriter.render(results))
			.contains("| Stored in MongoDB | — | 320 (10 acknowledged but missing!) |");
	}

	@Test
	void showsSettingsLinksAndCommandLines() {
		String report = ReportWriter.render(RESULTS);
		assertThat(report).contains("| Downstream latency | `100ms` per call |")
			.contains("| Per cell | 1 s ramp-up + 30 s hold |")
			.contains("| App JVM options | `-Xms512m -Xmx512m` |")
			.contains("- `mvc-sequential-c10`: [dashboard](runs/mvc-sequential-c10/dashboard/index.html) · "
					+ "[JTL](runs/mvc-sequential-c10/samples.jtl) · [app log](logs/mvc-app.log)")
			.contains("java -jar mvc-app.jar --server.port=1234")
			.contains("## How to read the ceilings");
	}

	@Test
	void consoleSummaryHasOneLinePerCell() {
		String summary = ConsoleSummary.render(RESULTS);
		assertThat(summary.lines()).hasSize(5);
		assertThat(summary.lines().filter((line) -> line.startsWith("mvc-sequential-c400"))).singleElement()
			.satisfies((line) -> assertThat(line).contains("600.0", "662.5", "905", "18010/18000", "90 %"));
	}

	@Test
	void resultsJsonHoldsSettingsAndFigures() throws Exception {
		JsonNode json = new ObjectMapper().readTree(ResultsJson.toJson(RESULTS));
		assertThat(json.at("/settings/profile").asText()).isEqualTo("standard");
		assertThat(json.at("/settings/stacks/1").asText()).isEqualTo("webflux");
		assertThat(json.at("/environment/cores").asInt()).isEqualTo(2);
		assertThat(json.at("/processes/0/commandLine").asText()).startsWith("java -jar mvc-app.jar");
		assertThat(json.at("/cells/1/cell/fanout").asText()).isEqualTo("sequential");
		assertThat(json.at("/cells/1/load/throughput").asDouble()).isEqualTo(600.0);
		assertThat(json.at("/cells/1/storage/storedNotAcknowledged").asLong()).isEqualTo(10);
		assertThat(json.at("/cells/1/ceiling/threadCap").asInt()).isEqualTo(200);
		assertThat(json.at("/cells/3/ceiling/threadCap").isNull()).isTrue();
	}

	private static String section(String report, String heading) {
		int start = report.indexOf(heading);
		int end = report.indexOf("\n## ", start + 1);
		return report.substring(start, end);
	}

	private static BenchResults results() {
		BenchSettings settings = BenchSettings.from(java.util.Map.of("bench.profile", "standard", "bench.fanouts",
				"sequential", "bench.concurrency", "10,400"));
		List<CellResult> cells = List.of(cell(Stack.MVC, 10, 990, 0, 33, new Storage(990, 990)),
				cell(Stack.MVC, 400, 18_000, 0, 600, new Storage(18_000, 18_010)),
				cell(Stack.WEBFLUX, 10, 995, 0, 33.2, new Storage(995, 995)),
				cell(Stack.WEBFLUX, 400, 30_000, 12, 1000, new Storage(29_988, 29_988)));
		BenchResults.Environment environment = new BenchResults.Environment("17.0.15", "Debian", 2, 24_105, "Linux",
				"jmeter-java-dsl (Apache JMeter 5.6.3, embedded)", List.of("-Xmx1g"));
		List<BenchResults.ProcessInfo> processes = List.of(new BenchResults.ProcessInfo("mvc-app",
				"java -jar mvc-app.jar --server.port=1234", "logs/mvc-app.log"));
		return new BenchResults(BenchResults.Settings.of(settings), environment, processes, "2026-11-21T13:00:00Z",
				"2026-11-21T13:10:00Z", 600, cells);
	}

	private static CellResult cell(Stack stack, int concurrency, long requests, long errors, double throughput,
			Storage storage) {
		Cell cell = new Cell(stack, Fanout.SEQUENTIAL, concurrency);
		boolean mvc = stack == Stack.MVC;
		LoadStats load = LoadStats.of(requests, errors, requests / throughput,
				(concurrency == 10) ? 302.5 : mvc ? 662.5 : 361.0, mvc ? 301 : 300, 330, 500, 700, mvc ? 905 : 702,
				mvc ? 1210 : 1503);
		ServerStats server = mvc ? new ServerStats(30, 310, 250, 231, 228, 0)
				: new ServerStats(30, 180, 120, 40, 39, 0);
		Ceiling ceiling = Ceiling.of(cell, Optional.of(Duration.ofMillis(100)),
				mvc ? OptionalInt.of(200) : OptionalInt.empty(), load.throughput());
		String run = "runs/" + cell.id();
		return new CellResult(cell, "b1-" + cell.id(), 30, load, server, storage, ceiling, run + "/samples.jtl",
				run + "/dashboard", "logs/" + stack.module() + ".log");
	}

}
