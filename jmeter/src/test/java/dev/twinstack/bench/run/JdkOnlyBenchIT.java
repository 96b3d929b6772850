package dev.twinstack.bench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import dev.twinstack.bench.report.ResultsJson;
import dev.twinstack.bench.settings.Machine;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bench where its users work, with a JDK and nothing else: the smoke bench in a JVM
 * of its own ({@link ChildBench}: the JDK's {@code java}, the test classpath) whose
 * {@code PATH} is an empty folder, so no {@code wrk}, {@code taskset}, {@code git},
 * {@code apt-get}, {@code dpkg-query} or browser is found. It must end normally with a
 * complete report that names each feature turned off and why, on the console (one line
 * each) and in the report's settings, with every write stored once.
 */
class JdkOnlyBenchIT {

	private static final Path OUT = Path.of("target", "jdk-only-it");

	@Test
	void runsTheSmokeBenchWithoutAnyOptionalToolAndSaysWhatEachMissingOneCost() throws IOException {
		deleteTree(OUT);
		Path empty = Files.createDirectories(OUT.resolve("empty-path"));
		Path out = OUT.resolve("bench");
		Map<String, String> settings = new HashMap<>(Map.of("bench.profile", "smoke"));
		// the app on a core of its own asks for taskset: that needs a second core
		boolean pins = Machine.cores() >= 2;
		if (pins) {
			settings.put("bench.appCpus", "1");
		}
		try (ChildBench bench = ChildBench.start(out, settings, Map.of("PATH", empty.toAbsolutePath().toString()))) {
			assertThat(bench.awaitExit(Duration.ofMinutes(15)))
				.as("bench ended within 15 minutes:\n%s", bench.console())
				.isTrue();
			String console = bench.console();
			assertThat(bench.exitCode()).as("exit code; console:\n%s", console).isZero();
			List<String> expected = new ArrayList<>(
					List.of("cross-check: off, wrk not found on the PATH", "commit: off, git not found on the PATH"));
			if (pins) {
				expected.add("placement: off, taskset was not found on the PATH");
			}
			for (String line : expected) {
				// one line each, said once
				assertThat(console.lines().filter((l) -> l.startsWith(line))).as("console line %s", line).hasSize(1);
			}
			assertThat(console).contains("Report: ");
			assertThat(bench.descendants()).as("processes left").isEmpty();
		}
		JsonNode results = ResultsJson.read(out.resolve("results.json"));
		assertThat(results.at("/complete").asBoolean()).as("complete").isTrue();
		assertThat(results.at("/integrity/verified").asBoolean()).as("integrity").isTrue();
		assertThat(results.at("/cells").size()).isEqualTo(2);
		results.at("/cells").forEach((cell) -> assertThat(cell.at("/load/requests").asLong()).isPositive());
		// not cross-checked, and not judged invalid for it
		results.at("/matrix").forEach((cell) -> {
			assertThat(cell.at("/crossCheck").isMissingNode() || cell.at("/crossCheck").isNull()).isTrue();
			assertThat(cell.at("/validity/reasons").toString()).doesNotContain("wrk");
		});
		List<String> off = new ArrayList<>();
		results.at("/environment/tools").forEach((tool) -> {
			if (!tool.at("/reason").isNull()) {
				off.add(tool.at("/command").asText());
			}
		});
		assertThat(off).contains("wrk", "git");
		if (pins) {
			assertThat(off).contains("taskset");
			assertThat(results.at("/apps/0/placement").asText()).startsWith("no pinning");
		}
		String report = Files.readString(out.resolve("report.md"));
		assertThat(report).contains("| Optional tool `wrk` | cross-check: off, wrk not found on the PATH",
				"| Optional tool `git` | commit: off, git not found on the PATH");
		if (pins) {
			assertThat(report).contains("| Optional tool `taskset` | placement: off, taskset was not found");
		}
		assertThat(out.resolve("index.html")).isNotEmptyFile();
	}

	private static void deleteTree(Path folder) throws IOException {
		if (!Files.exists(folder)) {
			return;
		}
		try (Stream<Path> files = Files.walk(folder)) {
			for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(file);
			}
		}
	}

}
