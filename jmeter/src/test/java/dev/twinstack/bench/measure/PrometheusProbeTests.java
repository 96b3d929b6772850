package dev.twinstack.bench.measure;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;

import static dev.twinstack.bench.measure.PrometheusPages.counter;
import static dev.twinstack.bench.measure.PrometheusPages.gauge;
import static dev.twinstack.bench.measure.PrometheusPages.histogram;
import static dev.twinstack.bench.measure.PrometheusPages.labels;
import static dev.twinstack.bench.measure.PrometheusPages.observed;
import static dev.twinstack.bench.measure.PrometheusPages.scrape;
import static dev.twinstack.bench.measure.PrometheusPages.summary;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

/**
 * The probe's columns from protobuf pages written by the Prometheus client's own writer
 * and from real scrapes of both apps, and its HTTP exchange with a stand-in Actuator.
 */
class PrometheusProbeTests {

	static final String REQUEST_URI = GcCostTests.URI;

	/** An mvc-app page: G1, Apache HttpClient 5, Tomcat, one MongoDB server. */
	static PrometheusScrape mvcPage() {
		return scrape(counter("jvm_gc_memory_allocated_bytes", 216_006_656, "application", "mvc-app"),
				gauge("jvm_memory_used_bytes", 25_165_824, labels("area", "heap", "id", "G1 Eden Space"), 1_048_576,
						labels("area", "heap", "id", "G1 Survivor Space"), 10_000_000,
						labels("area", "heap", "id", "G1 Old Gen"), 30_000_000,
						labels("area", "nonheap", "id", "Metaspace")),
				summary("jvm_gc_pause_seconds",
						observed(1, 0.050, "action", "end of minor GC", "cause", "G1 Evacuation Pause", "gc",
								"G1 Young Generation"),
						observed(1, 0.041, "action", "end of minor GC", "cause", "Metadata GC Threshold", "gc",
								"G1 Young Generation")),
				gauge("jvm_gc_pause_seconds_max", 0.050,
						labels("action", "end of minor GC", "cause", "G1 Evacuation Pause", "gc",
								"G1 Young Generation")),
				summary("http_server_requests_seconds",
						observed(600, 120.0, "method", "POST", "status", "201", "uri", REQUEST_URI),
						observed(20, 40.0, "method", "POST", "status", "504", "uri", REQUEST_URI),
						observed(99, 0.5, "method", "GET", "status", "200", "uri", "/actuator/prometheus")),
				gauge("mongodb_driver_pool_waitqueuesize", 1, labels("server.address", "127.0.0.1:27018"), 2,
						labels("server.address", "127.0.0.1:27019")),
				gauge("mongodb_driver_pool_checkedout", 3, labels("server.address", "127.0.0.1:27018")),
				gauge("httpcomponents_httpclient_pool_total_pending", 4, labels("httpclient", "downstream")),
				gauge("tomcat_threads_busy_threads", 7, labels("name", "http-nio-127.0.0.1-8080")),
				summary("http_client_requests_seconds",
						observed(600, 66.0, "client_name", "127.0.0.1", "status", "200", "uri", "/customers/{id}"),
						observed(620, 70.0, "client_name", "127.0.0.1", "status", "200", "uri",
								"/customers/{id}/orders"),
						observed(20, 40.0, "client_name", "127.0.0.1", "status", "CLIENT_ERROR", "uri", "none")),
				summary("mongodb_driver_commands_seconds",
						observed(600, 18.0, "command", "insert", "collection", "profiles", "status", "SUCCESS"),
						observed(3, 0.3, "command", "ping", "status", "SUCCESS")));
	}

	@Test
	void readsEveryColumnFromOnePage() {
		Map<String, Double> row = columns(PrometheusProbe.values(mvcPage(), "POST", REQUEST_URI));

		// the allocation counter plus the eden in use (no survivor, old or non-heap pool)
		assertThat(row).containsEntry("app_gc_allocated_bytes", 216_006_656.0 + 25_165_824.0)
			.containsEntry("app_gc_count", 2.0)
			.containsEntry("app_served", 620.0)
			.containsEntry("app_mongo_pool_wait", 3.0)
			.containsEntry("app_mongo_pool_checkedout", 3.0)
			.containsEntry("app_client_pending", 4.0)
			.containsEntry("app_tomcat_busy", 7.0)
			.containsEntry("app_client_calls", 1240.0)
			.containsEntry("app_client_seconds", 176.0)
			.containsEntry("app_insert_commands", 600.0)
			.containsEntry("app_insert_seconds", 18.0);
		assertThat(row.get("app_gc_seconds")).isCloseTo(0.091, within(1e-12));
	}

	@Test
	void addsTheEdenOfEveryCollectorAndTheCounterAloneWithoutEden() {
		assertThat(column(allocatedWith(5_000, labels("id", "Eden Space"), 7_000, labels("id", "Tenured Gen")),
				"app_gc_allocated_bytes"))
			.isEqualTo(1_005_000.0);
		assertThat(column(allocatedWith(6_000, labels("id", "PS Eden Space")), "app_gc_allocated_bytes"))
			.isEqualTo(1_006_000.0);
		// ZGC has no eden: the counter alone
		assertThat(column(allocatedWith(9_000, labels("id", "ZGC Old Generation")), "app_gc_allocated_bytes"))
			.isEqualTo(1_000_000.0);
		assertThat(column(scrape(gauge("jvm_memory_used_bytes", 5_000, labels("id", "G1 Eden Space"))),
				"app_gc_allocated_bytes"))
			.isNaN();
	}

	@Test
	void countsTheMeasuredUriOnlyAtEveryStatusAsSummaryOrHistogram() {
		String odd = "/a,b=\"c\"}";
		PrometheusScrape summaries = scrape(summary("http_server_requests_seconds",
				observed(5, 1.0, "status", "201", "uri", odd), observed(3, 1.0, "status", "500", "uri", odd),
				observed(40, 1.0, "status", "201", "uri", REQUEST_URI)));
		PrometheusScrape histograms = scrape(
				histogram("http_server_requests_seconds", 30, 12, 9.5, "uri", REQUEST_URI));

		assertThat(column(PrometheusProbe.values(summaries, "POST", odd), "app_served")).isEqualTo(8.0);
		assertThat(column(PrometheusProbe.values(summaries, "POST", REQUEST_URI), "app_served")).isEqualTo(40.0);
		assertThat(column(PrometheusProbe.values(histograms, "POST", REQUEST_URI), "app_served")).isEqualTo(42.0);
		assertThat(column(PrometheusProbe.values(summaries, "POST", "/never"), "app_served")).isZero();
	}

	@Test
	void aMeterTheAppDoesNotExposeIsNaN() {
		// webflux-app before its first GC and request: Reactor Netty, no Tomcat, no
		// MongoDB
		// pool yet
		PrometheusScrape webflux = scrape(counter("jvm_gc_memory_allocated_bytes", 0),
				gauge("reactor_netty_connection_provider_pending_connections", 5,
						labels("id", "1", "name", "downstream", "remote_address", "127.0.0.1:9081"), 50,
						labels("id", "2", "name", "other", "remote_address", "127.0.0.1:9999")));

		Map<String, Double> row = columns(PrometheusProbe.values(webflux, "POST", REQUEST_URI));

		assertThat(row).containsEntry("app_gc_allocated_bytes", 0.0)
			.containsEntry("app_gc_count", 0.0)
			.containsEntry("app_gc_seconds", 0.0)
			.containsEntry("app_served", 0.0)
			.containsEntry("app_client_pending", 5.0);
		assertThat(row.get("app_mongo_pool_wait")).isNaN();
		assertThat(row.get("app_mongo_pool_checkedout")).isNaN();
		assertThat(row.get("app_tomcat_busy")).isNaN();
		assertThat(column(
				scrape(gauge("reactor_netty_connection_provider_pending_connections", 50, labels("name", "other"))),
				"app_client_pending"))
			.isNaN();
	}

	@Test
	void readsTheProbesColumnsFromRealScrapesOfBothApps() throws IOException {
		Map<String, Double> mvc = columns(
				PrometheusProbe.values(PrometheusPages.fixture("mvc-prometheus-after.pb"), "POST", REQUEST_URI));
		Map<String, Double> webflux = columns(
				PrometheusProbe.values(PrometheusPages.fixture("webflux-prometheus-after.pb"), "POST", REQUEST_URI));
		for (Map<String, Double> app : List.of(mvc, webflux)) {
			assertThat(app.get("app_gc_allocated_bytes")).isGreaterThan(1e6);
			assertThat(app.get("app_gc_count")).isGreaterThan(0);
			assertThat(app.get("app_gc_seconds")).isGreaterThan(0);
			assertThat(app).containsEntry("app_served", 620.0)
				.containsEntry("app_mongo_pool_wait", 0.0)
				.containsEntry("app_mongo_pool_checkedout", 0.0)
				.containsEntry("app_client_pending", 0.0)
				.containsEntry("app_insert_commands", 620.0);
			// three downstream calls per request, each timed by the app's client
			assertThat(app.get("app_client_calls")).isEqualTo(3 * 620.0);
			assertThat(app.get("app_client_seconds")).isGreaterThan(0);
			assertThat(app.get("app_insert_seconds")).isGreaterThan(0);
			// Tomcat's busy threads need server.tomcat.mbeanregistry.enabled, which
			// mvc-app leaves off; webflux-app has no Tomcat
			assertThat(app.get("app_tomcat_busy")).isNaN();
		}
		// as the text page of the same idle app, taken right after, reads (4 and 8
		// pauses)
		assertThat(mvc.get("app_gc_count")).isEqualTo(4);
		assertThat(mvc.get("app_gc_seconds")).isCloseTo(0.147, within(1e-9));
		assertThat(webflux.get("app_gc_count")).isEqualTo(8);
		assertThat(webflux.get("app_gc_seconds")).isCloseTo(0.129, within(1e-9));
	}

	@Test
	void readsTheWorkloadsRequestsInFlightFromRealScrapesOfBothAppsWithoutTheScrapeItself() throws IOException {
		for (String app : List.of("mvc", "webflux")) {
			for (String when : List.of("before", "after")) {
				PrometheusScrape page = PrometheusPages.fixture(app + "-prometheus-" + when + ".pb");
				// the idle app's page: its long-task timer holds the scrape's own GET
				// (count 1) and the POST label set of the workload's earlier requests
				// (count 0)
				assertThat(page.count(PrometheusProbe.ACTIVE, (labels) -> "GET".equals(labels.get("method"))))
					.as(app + " " + when + ": the scrape in flight")
					.isEqualTo(1.0);
				assertThat(column(PrometheusProbe.values(page, "POST", REQUEST_URI), "app_in_flight"))
					.as(app + " " + when)
					.isZero();
				assertThat(column(PrometheusProbe.values(page, "GET", "/scenarios/cpu-light"), "app_in_flight"))
					.as(app + " " + when + ", a GET workload")
					.isZero();
			}
		}
		// the seconds of the 620 requests each app served, as the pages' text reads
		assertThat(
				column(PrometheusProbe.values(PrometheusPages.fixture("mvc-prometheus-after.pb"), "POST", REQUEST_URI),
						"app_served_seconds"))
			.isCloseTo(103.250217496, within(1e-9));
		assertThat(column(
				PrometheusProbe.values(PrometheusPages.fixture("webflux-prometheus-after.pb"), "POST", REQUEST_URI),
				"app_served_seconds"))
			.isCloseTo(115.164277166, within(1e-9));
	}

	@Test
	void countsTheWorkloadsMethodInProgressOverEveryLabelSet() {
		PrometheusScrape busy = scrape(summary(PrometheusProbe.ACTIVE,
				observed(30, 9.0, "method", "POST", "outcome", "SUCCESS", "status", "200", "uri", "UNKNOWN"),
				observed(7, 2.1, "method", "POST", "outcome", "UNKNOWN", "status", "UNKNOWN", "uri", "UNKNOWN"),
				observed(4, 0.1, "method", "GET", "outcome", "SUCCESS", "status", "200", "uri", "UNKNOWN")));

		assertThat(column(PrometheusProbe.values(busy, "POST", REQUEST_URI), "app_in_flight")).isEqualTo(37.0);
		// a GET workload: 3 of its own, and the scrape
		assertThat(column(PrometheusProbe.values(busy, "GET", "/scenarios/cpu-light"), "app_in_flight")).isEqualTo(3.0);
		// before the workload's first request: none in flight
		assertThat(column(PrometheusProbe.values(busy, "PUT", REQUEST_URI), "app_in_flight")).isZero();
		// an app without the long-task timer
		assertThat(column(scrape(counter("jvm_gc_memory_allocated_bytes", 1)), "app_in_flight")).isNaN();
	}

	@Test
	void refusesATruncatedPageAndAFamilyOfAnotherType() {
		byte[] page = PrometheusPages.protobuf(counter("jvm_gc_memory_allocated_bytes", 1, "application", "mvc-app"));

		assertThatExceptionOfType(IOException.class)
			.isThrownBy(() -> PrometheusScrape.read(new ByteArrayInputStream(Arrays.copyOf(page, page.length - 3))));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> scrape(gauge("jvm_gc_pause_seconds", 1, labels())).count("jvm_gc_pause_seconds",
					PrometheusScrape.ALL))
			.withMessage("metric jvm_gc_pause_seconds is a GAUGE, expected one of [SUMMARY, HISTOGRAM]");
	}

	@Test
	void asksActuatorForProtobufAndNamesAnyOtherAnswer() throws IOException, InterruptedException {
		AtomicReference<String> accept = new AtomicReference<>();
		AtomicReference<String> answer = new AtomicReference<>(PrometheusScrape.CONTENT_TYPE);
		byte[] page = PrometheusPages.protobuf(counter("jvm_gc_memory_allocated_bytes", 1234));
		HttpServer actuator = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		actuator.createContext("/actuator/prometheus", (exchange) -> {
			accept.set(exchange.getRequestHeaders().getFirst("Accept"));
			boolean protobuf = answer.get().startsWith("application/vnd.google.protobuf");
			byte[] body = protobuf ? page : "# TYPE up gauge\nup 1\n".getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().set("Content-Type", answer.get());
			exchange.sendResponseHeaders(answer.get().isEmpty() ? 503 : 200, body.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(body);
			}
		});
		actuator.start();
		try {
			PrometheusProbe probe = new PrometheusProbe(
					java.net.URI.create("http://127.0.0.1:" + actuator.getAddress().getPort() + "/actuator"), "POST",
					REQUEST_URI, Duration.ofSeconds(5));

			assertThat(column(probe.read(), "app_gc_allocated_bytes")).isEqualTo(1234.0);
			assertThat(accept.get()).isEqualTo(
					"application/vnd.google.protobuf; proto=io.prometheus.client.MetricFamily; encoding=delimited");

			answer.set("text/plain; version=0.0.4; charset=utf-8");
			assertThatExceptionOfType(IOException.class).isThrownBy(probe::read)
				.withMessageContaining("/actuator/prometheus answered Content-Type text/plain; version=0.0.4")
				.withMessageContaining("not application/vnd.google.protobuf");

			answer.set("");
			assertThatExceptionOfType(IOException.class).isThrownBy(probe::read)
				.withMessageEndingWith("/actuator/prometheus answered HTTP 503");
		}
		finally {
			actuator.stop(0);
		}
	}

	static Map<String, Double> columns(double[] values) {
		Map<String, Double> row = new HashMap<>();
		for (int i = 0; i < PrometheusProbe.COLUMNS.size(); i++) {
			row.put(PrometheusProbe.COLUMNS.get(i), values[i]);
		}
		return row;
	}

	static double column(double[] values, String column) {
		return values[PrometheusProbe.COLUMNS.indexOf(column)];
	}

	static double column(PrometheusScrape page, String column) {
		return column(PrometheusProbe.values(page, "POST", REQUEST_URI), column);
	}

	/** A page of the allocation counter and the given memory pools. */
	static PrometheusScrape allocatedWith(Object... pools) {
		return scrape(counter("jvm_gc_memory_allocated_bytes", 1_000_000), gauge("jvm_memory_used_bytes", pools));
	}

}
