package dev.twinstack.monitoring;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks {@code prometheus/prometheus.yml} and the PromQL of the Grafana dashboard with
 * {@code promtool} (on the {@code PATH}, else Debian's {@code prometheus}, installed).
 */
class PrometheusConfigTests {

	static final Path CONFIG = Path.of("prometheus", "prometheus.yml");

	private static final Pattern TARGET = Pattern
		.compile("- targets: \\[\"127\\.0\\.0\\.1:(\\d+)\"\\]\\s*\n\\s*labels:\\s*\n\\s*stack: ([a-z-]+)");

	private static Path promtool;

	@BeforeAll
	static void findPromtool() {
		promtool = DebianPackages.command("prometheus", "promtool");
	}

	@Test
	void scrapeConfigPassesPromtool() throws Exception {
		Result result = promtool("check", "config", CONFIG.toString());
		assertThat(result.exitCode()).as(result.output()).isZero();
		assertThat(result.output()).contains("SUCCESS");
	}

	@Test
	void scrapeConfigLabelsEveryStackOfTheReadmeOnItsPort() throws Exception {
		Map<String, Integer> readme = StackPorts.fromReadme();
		assertThat(readme).as("the stacks of %s's ports table", StackPorts.README).containsEntry("mvc", 8080);
		String config = Files.readString(CONFIG);
		assertThat(config).contains("metrics_path: /actuator/prometheus");
		assertThat(scrapedStacks(config)).as("%s's targets, against %s's ports table", CONFIG, StackPorts.README)
			.containsExactlyInAnyOrderEntriesOf(readme);
	}

	@Test
	void aStackMissingFromTheScrapeConfigIsNoticed() throws Exception {
		String config = Files.readString(CONFIG);
		String withoutCoroutines = config.replace("stack: coroutines", "stack: other");
		assertThat(scrapedStacks(withoutCoroutines)).doesNotContainKey("coroutines");
		assertThat(StackPorts.parse("| `mvc` | 8080 | `java -jar mvc-app.jar` |\n| `webflux` | 8081 | … |\n"))
			.containsExactly(Map.entry("mvc", 8080), Map.entry("webflux", 8081));
	}

	/** Port by {@code stack} label of the scrape config's static targets. */
	static Map<String, Integer> scrapedStacks(String config) {
		Map<String, Integer> stacks = new LinkedHashMap<>();
		Matcher target = TARGET.matcher(config);
		while (target.find()) {
			stacks.put(target.group(2), Integer.valueOf(target.group(1)));
		}
		return stacks;
	}

	@Test
	void promtoolRejectsABrokenConfig(@TempDir Path folder) throws Exception {
		Path broken = folder.resolve("broken.yml");
		Files.writeString(broken, Files.readString(CONFIG).replace("scrape_interval: 5s", "scrape_interval: often"));
		assertThat(promtool("check", "config", broken.toString()).exitCode()).isNotZero();
	}

	@Test
	void everyDashboardQueryIsValidPromql(@TempDir Path folder) throws Exception {
		List<String> expressions = GrafanaDashboardTests.expressions();
		StringBuilder rules = new StringBuilder("groups:\n  - name: twinstack-dashboard\n    rules:\n");
		for (int i = 0; i < expressions.size(); i++) {
			String expr = expressions.get(i).replace("$__rate_interval", "1m").replace("$stack", ".*");
			rules.append("      - record: twinstack:panel_query_")
				.append(i)
				.append("\n        expr: '")
				.append(expr.replace("'", "''"))
				.append("'\n");
		}
		Path file = folder.resolve("dashboard-rules.yml");
		Files.writeString(file, rules);
		Result result = promtool("check", "rules", file.toString());
		assertThat(result.exitCode()).as(result.output()).isZero();
		assertThat(result.output()).contains("SUCCESS: " + expressions.size() + " rules found");
	}

	private static Result promtool(String... args) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of(promtool.toString()));
		command.addAll(List.of(args));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("promtool finished").isTrue();
		return new Result(process.exitValue(), output);
	}

	private record Result(int exitCode, String output) {
	}

}
