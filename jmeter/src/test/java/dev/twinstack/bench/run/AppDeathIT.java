package dev.twinstack.bench.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;

import com.fasterxml.jackson.databind.JsonNode;
import dev.twinstack.bench.report.ResultsJson;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An app whose JVM dies in the middle of a trial (here: {@code kill -9}, as the kernel's
 * OOM killer would) is noticed within seconds, not at the end of the trial: the load
 * stops, the trial is recorded with the cause, the app restarts for the next cell, and
 * the bench ends normally with no process left.
 */
class AppDeathIT {

	private static final Path OUT = Path.of("target", "app-death-it");

	/**
	 * Each trial's hold: without the early stop the killed trial would last this long
	 * after the kill.
	 */
	private static final int HOLD_SECONDS = 20;

	@Test
	void anAppKilledMidTrialIsDetectedWithinSecondsRecordedAndRestartedForTheNextCell() throws IOException {
		Path out = OUT.resolve("kill");
		Map<String, String> settings = Map.of("bench.profile", "smoke", "bench.stacks", "mvc", "bench.scenarios",
				"cpu-light", "bench.concurrency", "5,10", "bench.duration", HOLD_SECONDS + "s", "bench.warmup", "0s",
				"bench.baseline", "0s", "bench.trials", "1", "bench.memoryRequests", "0");
		try (ChildBench bench = ChildBench.start(out, settings)) {
			long appPid = Long
				.parseLong(bench.awaitLine("^Started mvc-app \\(pid (\\d+)\\)", 1, Duration.ofSeconds(90)).group(1));
			bench.awaitLine("\\[cell 1/2\\] mvc cpu-light c=5, trial 1/1", 1, Duration.ofSeconds(60));
			// the first progress line, 5 s into the trial: the app is under load
			bench.awaitLine("mvc-cpu-light-c5 trial 1: (\\d+|\\?) req/s", 1, Duration.ofSeconds(30));
			List<ProcessHandle> seen = new ArrayList<>(bench.descendants());
			assertThat(seen).extracting(ProcessHandle::pid).contains(appPid);
			Instant killed = Instant.now();
			ChildBench.kill("KILL", appPid);
			bench.awaitLine("mvc-app \\(pid " + appPid + "\\) exited with code 137 .* stopping the load", 1,
					Duration.ofSeconds(10));
			Duration detected = Duration.between(killed, Instant.now());
			bench.awaitLine("\\[cell 1/2\\] mvc-cpu-light-c5 trial 1: .* app crashed", 1, Duration.ofSeconds(30));
			Duration recorded = Duration.between(killed, Instant.now());
			System.out.printf("kill -9 of mvc-app (pid %d): load stopped after %d ms, trial recorded after %d ms%n",
					appPid, detected.toMillis(), recorded.toMillis());
			assertThat(recorded).as("trial recorded well before its %d s hold would have ended", HOLD_SECONDS)
				.isLessThan(Duration.ofSeconds(8));
			Matcher restarted = bench.awaitLine("^Started mvc-app \\(pid (\\d+)\\)", 2, Duration.ofSeconds(90));
			assertThat(Long.parseLong(restarted.group(1))).isNotEqualTo(appPid);
			bench.awaitLine("\\[cell 2/2\\] mvc cpu-light c=10, trial 1/1", 1, Duration.ofSeconds(30));
			seen.addAll(bench.descendants());
			assertThat(bench.awaitExit(Duration.ofSeconds(60))).as("bench finished").isTrue();
			assertThat(bench.exitCode()).as("exit code; console:\n%s", bench.console()).isZero();
			assertThat(seen).as("processes left running").noneMatch(ProcessHandle::isAlive);
			assertThat(bench.console()).contains("[restart] mvc: crashed (killed by SIGKILL (exit code 137))");

			JsonNode results = ResultsJson.read(out.resolve("results.json"));
			assertThat(results.get("complete").asBoolean()).isTrue();
			assertThat(results.get("incompleteReason").isNull()).isTrue();
			JsonNode killedCell = results.at("/matrix/0");
			assertThat(killedCell.at("/cell/concurrency").asInt()).isEqualTo(5);
			assertThat(killedCell.at("/health/status").asText()).isEqualTo("crashed");
			assertThat(killedCell.at("/health/cause").asText()).isEqualTo("killed by SIGKILL (exit code 137)");
			assertThat(killedCell.at("/trials/0/requests").asLong()).as("requests served before the kill").isPositive();
			JsonNode nextCell = results.at("/matrix/1");
			assertThat(nextCell.at("/cell/concurrency").asInt()).isEqualTo(10);
			assertThat(nextCell.at("/health/status").asText()).isEqualTo("ok");
			assertThat(nextCell.at("/throughput/median").asDouble()).isPositive();
			assertThat(nextCell.at("/errorRate").asDouble()).isZero();
			assertThat(results.at("/processes").findValuesAsText("role")).containsExactly("mock-services", "mvc-app",
					"mvc-app");
		}
	}

}
