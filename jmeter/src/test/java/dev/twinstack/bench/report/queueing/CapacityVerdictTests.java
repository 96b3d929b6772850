package dev.twinstack.bench.report.queueing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import dev.twinstack.bench.analysis.capacity.Capacity;
import dev.twinstack.bench.analysis.capacity.RungOutcome;
import dev.twinstack.bench.measure.storage.Storage;
import com.fasterxml.jackson.databind.JsonNode;
import dev.twinstack.bench.report.ReportWriter;
import dev.twinstack.bench.report.ResultsJson;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.ResultsFile;
import dev.twinstack.bench.results.ResultsFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The capacity line on top of the verdict and in the winners grid, when the run searched
 * it; nothing of it otherwise.
 */
class CapacityVerdictTests {

	private static final BenchResults RESULTS = ResultsFixture.results();

	private static final String OBJECTIVE = "p99 <= 600 ms (2 × ideal 300 ms)";

	@Test
	void opensTheVerdictWithEachStacksCapacity() {
		String verdict = verdict(withCapacity(capacity("mvc", 506, 560), capacity("webflux", 589, 620)));
		assertThat(verdict).startsWith("## Verdict\n\n**Capacity at " + OBJECTIVE + "**")
			.contains("\n- **mvc**: capacity 506 req/s (passed 2 of 2) at " + OBJECTIVE
					+ " (broke at 560 in 2 of 2 trials: latency); rungs 150 ✓ · 506 ✓ · 560 ✗; confirmation trials "
					+ "506 ✓ · 560 ✗\n")
			.contains("\n- **webflux**: capacity 589 req/s (passed 2 of 2) at " + OBJECTIVE);
		// before the closed-model ranking
		assertThat(verdict.indexOf("**Capacity at")).isLessThan(verdict.indexOf("On this machine"));
		// the grid gains the capacity's column
		assertThat(verdict).contains("### Winners grid")
			.contains("| capacity, p99 <= 600 ms |")
			.contains(" webflux 589 req/s, +16 % over mvc |");
	}

	@Test
	void overlappingBracketsAreATieInTheGrid() {
		String verdict = verdict(withCapacity(capacity("mvc", 560, 620), capacity("webflux", 589, 620)));
		assertThat(verdict).contains("⬜ tie: webflux 589 req/s, mvc 560 req/s (brackets overlap)");
	}

	@Test
	void saysAnUnconfirmedCapacitySoInTheLineAndTheGrid() {
		// mvc's capacity ran one trial only: its confirmations went to higher rates
		Capacity mvc = new Capacity("mvc", OBJECTIVE, 600, 338, 506, "latency", null,
				List.of(new Capacity.Rung(338, 500, 500, 3718, 0, null, "ok", RungOutcome.Verdict.PASS, 1),
						new Capacity.Rung(506, 550, 550, 5566, 0, null, "ok", RungOutcome.Verdict.PASS, 1),
						new Capacity.Rung(506, 900, 900, 5566, 0, null, "ok", RungOutcome.Verdict.FAIL, 2)),
				120, null);
		String verdict = verdict(withCapacity(mvc, capacity("webflux", 589, 620)));
		assertThat(verdict)
			.contains("- **mvc**: capacity 338 req/s (passed 1 of 1, UNCONFIRMED: no confirmation " + "trial left) at "
					+ OBJECTIVE + " (broke at 506 in 1 of 2 trials: latency); rungs 338 ✓ · 506 ✓; "
					+ "confirmation trials 506 ✗\n")
			.contains(" webflux 589 req/s, +74 % over mvc |");
		assertThat(verdict(withCapacity(mvc))).contains(" mvc 338 req/s (unconfirmed) |");
	}

	@Test
	void resultsJsonKeepsEachStacksCapacityAndRungs(@TempDir Path dir) throws IOException {
		BenchResults results = withCapacity(capacity("mvc", 506, 560));
		Files.writeString(dir.resolve("results.json"), ResultsJson.toJson(results));
		JsonNode json = ResultsJson.read(dir.resolve("results.json"));
		assertThat(json.at("/capacity/0/stack").asText()).isEqualTo("mvc");
		assertThat(json.at("/capacity/0/capacity").asInt()).isEqualTo(506);
		assertThat(json.at("/capacity/0/brokeAt").asInt()).isEqualTo(560);
		assertThat(json.at("/capacity/0/broke").asText()).isEqualTo("latency");
		assertThat(json.at("/capacity/0/objective").asText()).isEqualTo(OBJECTIVE);
		assertThat(json.at("/capacity/0/rungs").size()).isEqualTo(5);
		assertThat(json.at("/capacity/0/rungs/2/latencyMs").asDouble()).isEqualTo(900);
		assertThat(json.at("/capacity/0/rungs/2/verdict").asText()).isEqualTo("FAIL");
		assertThat(json.at("/capacity/0/rungs/2/trial").asInt()).isEqualTo(1);
		assertThat(json.at("/capacity/0/rungs/4/trial").asInt()).isEqualTo(2);
		// the trials per rate, and whether the capacity passed its confirmation
		assertThat(json.at("/capacity/0/confirmed").asBoolean()).isTrue();
		assertThat(json.at("/capacity/0/trials").size()).isEqualTo(3);
		assertThat(json.at("/capacity/0/trials/1/rate").asInt()).isEqualTo(506);
		assertThat(json.at("/capacity/0/trials/1/passed").asInt()).isEqualTo(2);
		assertThat(json.at("/capacity/0/trials/2/failed").asInt()).isEqualTo(2);
		assertThat(json.at("/capacity/0/trials/2/passed").asInt()).isEqualTo(0);
		assertThat(ResultsFile.read(dir).capacity()).isEqualTo(results.capacity());
		// a run without a search writes no section, and reads back as none
		Files.writeString(dir.resolve("results.json"), ResultsJson.toJson(RESULTS));
		assertThat(ResultsJson.read(dir.resolve("results.json")).has("capacity")).isFalse();
		assertThat(ResultsFile.read(dir).capacity()).isEmpty();
	}

	@Test
	void setsGatlingsCheckBesideEachCapacity(@TempDir Path dir) throws IOException {
		Capacity mvc = capacity("mvc", 506, 560).withGatling(new Capacity.Gatling(
				List.of(new Capacity.Check(150, 300, 320, 295, 330), new Capacity.Check(506, 550, 560, 520, 580)),
				new Storage(7_400, 7_400), null));
		Capacity webflux = capacity("webflux", 589, 620).withGatling(new Capacity.Gatling(
				List.of(new Capacity.Check(150, 300, 320, 295, 330), new Capacity.Check(589, 550, 700, 520, 580)), null,
				null));
		Capacity vt = capacity("mvc-vt", 506, 560).withGatling(Capacity.Gatling.notChecked("open-check is not built"));
		BenchResults results = withCapacity(mvc, webflux, vt);
		String verdict = verdict(results);
		assertThat(verdict)
			.contains("rungs 150 ✓ · 506 ✓ · 560 ✗; confirmation trials 506 ✓ · 560 ✗; Gatling agrees within ±10 % at "
					+ "150 and 506 req/s\n")
			.contains("rungs 150 ✓ · 589 ✓ · 620 ✗; confirmation trials 589 ✓ · 620 ✗; 589 req/s: bench p50 550 ms, "
					+ "p99 700 ms; Gatling p50 520 ms, p99 580 ms — outside ±10 %\n")
			.contains("- **mvc-vt**: capacity 506 req/s (passed 2 of 2) at " + OBJECTIVE
					+ " (broke at 560 in 2 of 2 trials: latency); rungs 150 ✓ · 506 ✓ · 560 ✗; confirmation trials "
					+ "506 ✓ · 560 ✗; Gatling not checked: open-check is not built\n");
		// and in results.json, read back as written
		Files.writeString(dir.resolve("results.json"), ResultsJson.toJson(results));
		JsonNode json = ResultsJson.read(dir.resolve("results.json"));
		assertThat(json.at("/capacity/0/gatling/checks/1/rate").asInt()).isEqualTo(506);
		assertThat(json.at("/capacity/0/gatling/checks/1/benchP99Ms").asDouble()).isEqualTo(560);
		assertThat(json.at("/capacity/0/gatling/checks/1/gatlingP99Ms").asDouble()).isEqualTo(580);
		assertThat(json.at("/capacity/0/gatling/checks/1/agrees").asBoolean()).isTrue();
		assertThat(json.at("/capacity/0/gatling/storage/stored").asLong()).isEqualTo(7_400);
		assertThat(json.at("/capacity/1/gatling/checks/1/agrees").asBoolean()).isFalse();
		assertThat(json.at("/capacity/2/gatling/notChecked").asText()).isEqualTo("open-check is not built");
		assertThat(ResultsFile.read(dir).capacity()).isEqualTo(results.capacity());
	}

	@Test
	void aRunWithoutASearchShowsNoCapacity() {
		assertThat(RESULTS.capacity()).isEmpty();
		assertThat(verdict(RESULTS)).doesNotContain("apacity");
	}

	private static Capacity capacity(String stack, int pass, int fail) {
		return new Capacity(stack, OBJECTIVE, 600, pass, fail, "latency", null,
				List.of(new Capacity.Rung(150, 300, 300, 1650, 0, null, "ok", RungOutcome.Verdict.PASS, 1),
						new Capacity.Rung(pass, 550, 550, pass * 11L, 0, null, "ok", RungOutcome.Verdict.PASS, 1),
						new Capacity.Rung(fail, 900, 900, fail * 11L, 0, null, "ok", RungOutcome.Verdict.FAIL, 1),
						new Capacity.Rung(pass, 560, 560, pass * 11L, 0, null, "ok", RungOutcome.Verdict.PASS, 2),
						new Capacity.Rung(fail, 950, 950, fail * 11L, 0, null, "ok", RungOutcome.Verdict.FAIL, 2)),
				120, null);
	}

	private static BenchResults withCapacity(Capacity... capacity) {
		BenchResults r = RESULTS;
		return new BenchResults(r.settings(), r.environment(), r.processes(), r.startedAt(), r.finishedAt(),
				r.wallSeconds(), r.cells(), r.apps(), r.memory(), r.jdk(), r.skipped(), r.matrix(), r.trials(),
				r.faults(), r.databaseOutages(), r.complete(), r.incompleteReason(), List.of(capacity));
	}

	/** The verdict section of the report. */
	private static String verdict(BenchResults results) {
		String md = ReportWriter.render(results, Set.of(), RunModel.of(results));
		int start = md.indexOf("## Verdict");
		assertThat(start).isNotNegative();
		return md.substring(start, md.indexOf("Profile `standard`", start));
	}

}
