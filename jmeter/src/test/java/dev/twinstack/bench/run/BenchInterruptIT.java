package dev.twinstack.bench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import dev.twinstack.bench.report.ResultsJson;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A bench interrupted by SIGINT (Ctrl-C) or SIGTERM in the middle of a trial stops every
 * process it started and still writes the results of the cells it finished, marked
 * incomplete, atomically and world-readable.
 */
class BenchInterruptIT {

	private static final Path OUT = Path.of("target", "interrupt-it");

	/** Longest time from the signal to the bench's exit: stops, then the report. */
	private static final Duration EXIT_WITHIN = Duration.ofSeconds(40);

	@Test
	void sigintStopsEveryProcessAndWritesTheFinishedCellsMarkedIncomplete() throws IOException {
		Path out = OUT.resolve("sigint");
		try (ChildBench bench = ChildBench.start(out, settings("5,10"))) {
			bench.awaitLine("\\[cell 2/2\\] mvc cpu-light c=10, trial 1/1", 1, Duration.ofSeconds(90));
			// the first progress line, 5 s into the trial: the load runs
			bench.awaitLine("mvc-cpu-light-c10 trial 1: (\\d+|\\?) req/s", 1, Duration.ofSeconds(30));
			List<ProcessHandle> children = bench.descendants();
			assertThat(children).as("mock-services and the app running").hasSizeGreaterThanOrEqualTo(2);
			Instant signalled = Instant.now();
			bench.signal("INT");
			assertThat(bench.awaitExit(EXIT_WITHIN)).as("bench exited after SIGINT").isTrue();
			System.out.printf("SIGINT: bench exited %d ms after the signal; %d children before (pids): %s%n",
					Duration.between(signalled, Instant.now()).toMillis(), children.size(), describe(children));
			assertThat(bench.exitCode()).as("exit code of a JVM ended by SIGINT").isEqualTo(128 + 2);
			assertThat(children).as("children left running").noneMatch(ProcessHandle::isAlive);
			assertIncomplete(out, "interrupted by SIGINT/SIGTERM after 1 of 2 cells", 1);
			assertThat(bench.console()).contains("Bench interrupted by SIGINT/SIGTERM after 1 of 2 cells")
				.doesNotContain("Exception");
		}
	}

	@Test
	void sigtermDoesTheSame() throws IOException {
		Path out = OUT.resolve("sigterm");
		try (ChildBench bench = ChildBench.start(out, settings("5"))) {
			// the first progress line, 5 s into the trial
			bench.awaitLine("mvc-cpu-light-c5 trial 1: (\\d+|\\?) req/s", 1, Duration.ofSeconds(90));
			List<ProcessHandle> children = bench.descendants();
			assertThat(children).as("mock-services and the app running").hasSizeGreaterThanOrEqualTo(2);
			Instant signalled = Instant.now();
			bench.terminate();
			assertThat(bench.awaitExit(EXIT_WITHIN)).as("bench exited after SIGTERM").isTrue();
			System.out.printf("SIGTERM: bench exited %d ms after the signal; %d children before (pids): %s%n",
					Duration.between(signalled, Instant.now()).toMillis(), children.size(), describe(children));
			assertThat(bench.exitCode()).as("exit code of a JVM ended by SIGTERM").isEqualTo(128 + 15);
			assertThat(children).as("children left running").noneMatch(ProcessHandle::isAlive);
			assertIncomplete(out, "interrupted by SIGINT/SIGTERM after 0 of 1 cells", 0);
			assertThat(bench.console()).contains("Bench interrupted by SIGINT/SIGTERM after 0 of 1 cells")
				.doesNotContain("Exception");
		}
	}

	/**
	 * One stack, the cheapest workload, no warm-up: the bench reaches its cells within
	 * seconds of the app's start; trials of 1 + 8 s, so a signal sent at the first
	 * progress line (5 s in) lands mid-trial.
	 */
	private static Map<String, String> settings(String concurrency) {
		return Map.of("bench.profile", "smoke", "bench.stacks", "mvc", "bench.scenarios", "cpu-light",
				"bench.concurrency", concurrency, "bench.duration", "8s", "bench.warmup", "0s", "bench.baseline", "0s",
				"bench.trials", "1", "bench.memoryRequests", "0");
	}

	private static void assertIncomplete(Path out, String reason, int finishedCells) throws IOException {
		Path json = out.resolve("results.json");
		JsonNode results = ResultsJson.read(json);
		assertThat(results.get("complete").isBoolean()).isTrue();
		assertThat(results.get("complete").asBoolean()).isFalse();
		assertThat(results.get("incompleteReason").asText()).isEqualTo(reason);
		assertThat(results.at("/settings/cells").asInt()).isEqualTo(reason.endsWith("of 2 cells") ? 2 : 1);
		assertThat(results.at("/matrix").size()).isEqualTo(finishedCells);
		assertThat(results.at("/cells").size()).isEqualTo(finishedCells);
		if (finishedCells > 0) {
			assertThat(results.at("/matrix/0/health/status").asText()).isEqualTo("ok");
			assertThat(results.at("/matrix/0/throughput/median").asDouble()).isPositive();
		}
		List<String> report = Files.readAllLines(out.resolve("report.md"));
		assertThat(report.get(0)).startsWith("# twinstack bench");
		assertThat(report.get(2)).startsWith("> **⚠ Incomplete results: " + reason + ".**");
		assertThat(Files.readString(out.resolve("index.html"))).contains("Incomplete results: " + reason);
		for (String file : List.of("results.json", "report.md", "index.html")) {
			assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(out.resolve(file)))).as(file)
				.isEqualTo("rw-r--r--");
		}
		try (Stream<Path> files = Files.list(out)) {
			assertThat(files.map(Path::toString)).as("temporary files left").noneMatch((f) -> f.endsWith(".tmp"));
		}
	}

	private static String describe(List<ProcessHandle> processes) {
		return processes.stream().map(ProcessHandle::pid).toList().toString();
	}

}
