package dev.twinstack.monitoring;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks {@code grafana/twinstack-dashboard.json}: importable (a templated Prometheus
 * data source), one panel per concern, queries on Micrometer's Prometheus names only.
 * PrometheusConfigTests checks the PromQL itself with promtool.
 */
class GrafanaDashboardTests {

	static final Path DASHBOARD = Path.of("grafana", "twinstack-dashboard.json");

	/** The Micrometer meters the dashboard may use, as Prometheus names them. */
	static final Set<String> MICROMETER_NAMES = Set.of("jvm_memory_used_bytes", "jvm_memory_committed_bytes",
			"jvm_memory_max_bytes", "jvm_threads_live_threads", "jvm_threads_daemon_threads",
			"jvm_threads_peak_threads", "jvm_gc_pause_seconds_count", "jvm_gc_pause_seconds_sum", "process_cpu_usage",
			"system_cpu_usage", "http_server_requests_seconds_count", "http_server_requests_seconds_sum",
			"http_server_requests_seconds_max");

	private static final Pattern METRIC = Pattern.compile("\\b([a-z_]+)\\{");

	@Test
	void isAnImportableDashboardWithATemplatedDataSource() throws IOException {
		JsonNode dashboard = read();
		assertThat(dashboard.at("/__inputs/0/name").asText()).isEqualTo("DS_PROMETHEUS");
		assertThat(dashboard.at("/uid").asText()).isEqualTo("twinstack");
		assertThat(dashboard.at("/templating/list/0/name").asText()).isEqualTo("stack");
		for (JsonNode panel : dashboard.path("panels")) {
			assertThat(panel.at("/datasource/uid").asText()).as(panel.path("title").asText())
				.isEqualTo("${DS_PROMETHEUS}");
			assertThat(panel.path("targets")).as(panel.path("title").asText()).isNotEmpty();
		}
	}

	@Test
	void listsEveryStackPrometheusScrapesAndNamesTheReadmesPorts() throws IOException {
		JsonNode dashboard = read();
		JsonNode variable = dashboard.at("/templating/list/0");
		assertThat(variable.at("/query/query").asText()).as("the stack variable comes from the label")
			.matches("label_values\\([a-z_]+, stack\\)");
		assertThat(variable.path("includeAll").asBoolean()).isTrue();
		Map<String, Integer> readme = StackPorts.fromReadme();
		assertThat(readme).isNotEmpty();
		String description = dashboard.path("description").asText();
		readme.forEach((stack, port) -> assertThat(description).as("the dashboard's description names %s", stack)
			.containsPattern("(^|[ :,])" + Pattern.quote(stack + " " + port) + "\\b"));
		for (String expr : expressions()) {
			assertThat(expr).as("no query names a stack of its own").doesNotContainPattern("stack=\"[a-z]");
		}
	}

	@Test
	void coversHeapThreadsGcCpuRequestRateAndLatency() throws IOException {
		List<String> titles = new ArrayList<>();
		read().path("panels").forEach((panel) -> titles.add(panel.path("title").asText()));
		assertThat(titles).containsExactly("Request rate (POST /profiles)", "Latency (POST /profiles)", "Heap",
				"Threads", "GC pauses", "CPU");
	}

	@Test
	void queriesMicrometerNamesPerStack() throws IOException {
		Set<String> used = new TreeSet<>();
		for (String expr : expressions()) {
			assertThat(expr).contains("stack=~\"$stack\"");
			Matcher matcher = METRIC.matcher(expr);
			while (matcher.find()) {
				used.add(matcher.group(1));
			}
		}
		assertThat(MICROMETER_NAMES).containsAll(used);
		assertThat(used).contains("jvm_memory_used_bytes", "jvm_threads_live_threads", "jvm_gc_pause_seconds_count",
				"process_cpu_usage", "http_server_requests_seconds_count");
	}

	static List<String> expressions() throws IOException {
		List<String> expressions = new ArrayList<>();
		read().path("panels")
			.forEach((panel) -> panel.path("targets")
				.forEach((target) -> expressions.add(target.path("expr").asText())));
		return expressions;
	}

	private static JsonNode read() throws IOException {
		return new ObjectMapper().readTree(DASHBOARD.toFile());
	}

}
