package dev.twinstack.bench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import dev.twinstack.bench.faults.FaultRun;
import dev.twinstack.bench.faults.OutageRun;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.process.ProcessRegistry;
import dev.twinstack.bench.report.ResultsJson;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.faults.DownstreamService;
import dev.twinstack.bench.settings.faults.Fault;
import dev.twinstack.bench.settings.faults.FaultSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code faults} scenario end to end, through the bench as
 * {@code -Dbench.scenarios=faults} runs it ({@link BenchRunner#run}: mock-services, the
 * app, the fault runs, the database outage, then results.json, report.md and index.html),
 * at its smallest: one stack ({@code mvc}), one service ({@code orders}), one fault
 * ({@code status-503}) on 10 % then 100 % of the requests, 10 clients for a 2 s hold
 * after the 1 s ramp-up, then MongoDB stopped under load. No profile of {@code -Pbench}
 * asks for the faults, so this is where {@link BenchIT}'s check of a run with faults
 * ({@link FaultsChecks}) runs on every {@code ./mvnw verify}. The downstream latency is
 * 10 ms (100 ms by default) and the hold 2 s (its default) so that the 10 % run sends
 * enough requests for its share to show: with a 1 s hold it sent 130 on a quiet machine
 * and 80 on a busy one, so at least 160 now, none of them hit with probability 0.9^160 ≈
 * 5e-8. The bench took 35 to 40 s of the class's 36 to 41 s with a 1 s hold here (2
 * cores).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FaultsScenarioIT {

	private static final Path OUT = Path.of("target", "faults-scenario-it");

	private BenchSettings settings;

	private BenchResults results;

	@BeforeAll
	void runTheBench() {
		Map<String, String> properties = new HashMap<>();
		System.getProperties().stringPropertyNames().forEach((name) -> properties.put(name, System.getProperty(name)));
		properties.putAll(Map.of("bench.profile", "smoke", "bench.scenarios", "faults", "bench.stacks", "mvc",
				"bench.faultServices", "orders", "bench.faults", "status-503", "bench.faultShares", "10,100",
				"bench.faultConcurrency", "10", "bench.faultDuration", "2s", "bench.latency", "10ms", "bench.outputDir",
				OUT.toString()));
		this.settings = BenchSettings.from(properties);
		Instant start = Instant.now();
		this.results = BenchRunner.run(this.settings);
		System.out.printf("faults scenario (1 stack, 2 fault runs, 1 database outage) through the bench: %d s%n",
				Duration.between(start, Instant.now()).toSeconds());
	}

	@AfterAll
	void stopEverything() {
		ProcessRegistry.stopAll();
	}

	@Test
	void onlyTheFaultsRanAsAsked() {
		assertThat(this.settings.cells()).as("matrix cells").isEmpty();
		assertThat(this.settings.faults().cases()).containsExactly(
				new FaultSettings.Case(DownstreamService.ORDERS, Fault.STATUS_503, 10),
				new FaultSettings.Case(DownstreamService.ORDERS, Fault.STATUS_503, 100));
		assertThat(this.results.complete()).as(this.results.incompleteReason()).isTrue();
		assertThat(this.results.matrix()).isEmpty();
		assertThat(this.results.trials()).isEmpty();
		assertThat(this.results.faults()).extracting(FaultRun::stack).containsOnly(Stack.MVC);
		assertThat(this.results.processes()).extracting(BenchResults.ProcessInfo::role)
			.containsExactly("mock-services", "mvc-app");
	}

	@Test
	void everyRunShowsTheContractsBehaviour() throws IOException {
		// the very checks BenchIT makes of a -Pbench run that asks for the faults
		FaultsChecks.assertContractShown(this.settings.faults(), this.results, this.settings.outputDir());
		FaultRun tenPercent = this.results.faults().get(0);
		assertThat(tenPercent.statuses()).as(FaultsChecks.describe(tenPercent)).containsKeys("201", "502");
		FaultRun all = this.results.faults().get(1);
		assertThat(all.statuses()).as(FaultsChecks.describe(all)).containsOnlyKeys("502");
		assertThat(all.stored()).as("stored when every request failed").isZero();
	}

	@Test
	void reportHasARowPerRunAndTheOutage() throws IOException {
		String report = Files.readString(OUT.resolve("report.md"));
		assertThat(report).contains("Profile `smoke`, the faults scenario only (2 runs)")
			.doesNotContain("## Scenario matrix");
		for (FaultRun run : this.results.faults()) {
			assertThat(report).as(FaultsChecks.describe(run))
				.contains("| mvc | orders | status-503 | " + run.share() + " % | " + run.requests() + " | "
						+ String.format(java.util.Locale.ROOT, "%d of %d targeted (%.1f %%) ✓", run.errors(),
								run.targeted(), run.errorPercent())
						+ " | ")
				.contains(run.stored() + " / " + run.acknowledged() + " ✓ | " + run.recoveryMs() + " ms |");
		}
		OutageRun outage = this.results.databaseOutages().get(0);
		assertThat(report).contains("## Database outage", "| mvc | " + outage.requests() + " | ");
		assertThat(report).doesNotContain("✗");
		// index.html renders the same Markdown
		assertThat(Files.readString(OUT.resolve("index.html"))).contains("Downstream faults", "Database outage");
	}

	@Test
	void resultsJsonHoldsEveryRunAsMeasured() {
		JsonNode json = ResultsJson.read(OUT.resolve("results.json"));
		assertThat(json.at("/complete").asBoolean()).isTrue();
		assertThat(json.at("/cells").size()).isZero();
		JsonNode faults = json.at("/faults");
		List<FaultRun> runs = this.results.faults();
		assertThat(faults.size()).isEqualTo(runs.size());
		for (int i = 0; i < runs.size(); i++) {
			FaultRun run = runs.get(i);
			JsonNode entry = faults.get(i);
			assertThat(entry.at("/stack").asText()).isEqualTo("mvc");
			assertThat(entry.at("/service").asText()).isEqualTo("orders");
			assertThat(entry.at("/fault").asText()).isEqualTo("status-503");
			assertThat(entry.at("/share").asInt()).isEqualTo(run.share());
			assertThat(entry.at("/expectedStatus").asInt()).isEqualTo(502);
			assertThat(entry.at("/requests").asLong()).isEqualTo(run.requests()).isPositive();
			assertThat(entry.at("/errors").asLong()).isEqualTo(run.errors());
			assertThat(entry.at("/acknowledged").asLong()).isEqualTo(run.acknowledged());
			assertThat(entry.at("/stored").asLong()).isEqualTo(run.stored());
			assertThat(entry.at("/statuses/502").asLong()).isEqualTo(run.statuses().get("502")).isPositive();
			assertThat(entry.at("/recoveryMs").asLong()).isEqualTo(run.recoveryMs());
			assertThat(OUT.resolve(entry.at("/jtl").asText())).isRegularFile();
		}
		JsonNode outages = json.at("/databaseOutages");
		assertThat(outages.size()).isEqualTo(1);
		assertThat(outages.at("/0/stack").asText()).isEqualTo("mvc");
		assertThat(outages.at("/0/whileDown").asLong()).isPositive();
		assertThat(outages.at("/0/whileDownNot503").asLong()).isZero();
		assertThat(outages.at("/0/stored").asLong()).isEqualTo(outages.at("/0/acknowledgedAfterRestart").asLong())
			.isPositive();
	}

	@Test
	void noProcessIsLeft() {
		assertThat(ProcessRegistry.running()).as("processes left running").isEmpty();
	}

}
