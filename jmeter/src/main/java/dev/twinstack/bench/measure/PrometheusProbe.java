package dev.twinstack.bench.measure;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

import dev.twinstack.monitoring.Probe;

/**
 * Reads the app's {@code /actuator/prometheus} once a sampling interval, on its
 * management port, in Prometheus' protobuf format ({@link PrometheusScrape}), and keeps
 * the counters and gauges that explain where a request's cost goes. All come from one
 * scrape, so the deltas of a window share their instants:
 * <ul>
 * <li>{@code app_gc_allocated_bytes}: bytes allocated since the start, continuous between
 * GCs: the counter {@code jvm_gc_memory_allocated_bytes_total} (Micrometer's
 * {@code jvm.gc.memory.allocated}, which adds the young generation's growth at each GC
 * only) plus the eden space in use now (the gauge {@code jvm_memory_used_bytes} of the
 * pools whose {@code id} names an eden: {@code G1 Eden Space}, Serial's
 * {@code Eden Space}), which is what was allocated since the last GC emptied it;</li>
 * <li>{@code app_gc_count} and {@code app_gc_seconds}: count and sum of the summary
 * {@code jvm_gc_pause_seconds} over every collector, action and cause, since the start (0
 * before the first GC);</li>
 * <li>{@code app_served}: the count of {@code http_server_requests_seconds} (a summary,
 * or a histogram with {@code percentiles-histogram}) of the measured {@code uri}, every
 * status, since the start;</li>
 * <li>{@code app_mongo_pool_wait}, {@code app_mongo_pool_checkedout}: the MongoDB
 * driver's pool ({@code mongodb_driver_pool_waitqueuesize}, {@code _checkedout}), summed
 * over its servers;</li>
 * <li>{@code app_client_pending}: acquisitions waiting for a pooled downstream connection
 * — mvc-app's Apache HttpClient 5 ({@code httpcomponents_httpclient_pool_total_pending}),
 * webflux-app's Reactor Netty pool
 * ({@code reactor_netty_connection_provider_pending_connections{name="downstream"}});</li>
 * <li>{@code app_tomcat_busy}: {@code tomcat_threads_busy_threads}, Tomcat's busy
 * workers;</li>
 * <li>{@code app_jit_ms}: the JIT compiler's time since the start, in ms
 * ({@code jvm_compilation_time_ms_total}, Micrometer's {@code jvm.compilation.time}:
 * elapsed time summed over the compiler threads), {@code NaN} when the JVM has no such
 * meter;</li>
 * <li>{@code app_in_flight}: the workload's requests in progress in the app now, the
 * count of {@code http_server_requests_active_seconds}, the long-task timer Micrometer's
 * {@code DefaultMeterObservationHandler} keeps beside every observation (a summary whose
 * {@code sample_count} is the tasks in progress), over the label sets of the workload's
 * {@code method}: its {@code uri} tag is {@code UNKNOWN}, fixed when the request starts,
 * before routing. The same in every stack (Spring MVC's and WebFlux's server observation,
 * whatever runs the handler). For a {@code GET} workload the scrape itself, in progress
 * while the page is written, is taken off; 0 before the workload's first request;</li>
 * <li>{@code app_served_seconds}: the sum of {@code http_server_requests_seconds} of the
 * measured {@code uri}, every status, since the start (s): its rise over a window divided
 * by the window is the mean number of those requests in the app, without sampling;</li>
 * <li>{@code app_client_calls}, {@code app_client_seconds}: count and sum (s) of
 * {@code http_client_requests_seconds}, the app's downstream calls as its HTTP client
 * timed them (from the call to the response read, both apps' observation), every service
 * and outcome, since the start;</li>
 * <li>{@code app_insert_commands}, {@code app_insert_seconds}: count and sum (s) of
 * {@code mongodb_driver_commands_seconds} of the {@code insert} command, the MongoDB
 * driver's own timing of each (from sending it to its reply), since the start.</li>
 * </ul>
 * A meter the app does not expose is {@code NaN} in every row (e.g. Tomcat's in
 * webflux-app). The protobuf page is about two thirds of the text page (docs/design.md,
 * "Measuring the apps") and is decoded by Prometheus' own generated classes; an app that
 * answers another media type (Spring Boot before 3.3) fails every reading with a message
 * naming it.
 */
public final class PrometheusProbe implements Probe {

	/** The columns, in {@link #read()} order. */
	public static final List<String> COLUMNS = List.of("app_gc_allocated_bytes", "app_gc_count", "app_gc_seconds",
			"app_served", "app_mongo_pool_wait", "app_mongo_pool_checkedout", "app_client_pending", "app_tomcat_busy",
			"app_jit_ms", "app_in_flight", "app_served_seconds", "app_client_calls", "app_client_seconds",
			"app_insert_commands", "app_insert_seconds");

	/**
	 * Micrometer's long-task timer of the server's requests in progress (observation
	 * {@code http.server.requests}, suffix {@code .active}).
	 */
	static final String ACTIVE = "http_server_requests_active_seconds";

	/**
	 * Micrometer's timer of the app's downstream calls (observation
	 * {@code http.client.requests}).
	 */
	private static final String CLIENT = "http_client_requests_seconds";

	/**
	 * The MongoDB driver's timer of its commands ({@code MongoMetricsCommandListener}).
	 */
	private static final String INSERT = "mongodb_driver_commands_seconds";

	/** The method of this probe's own request, in progress while the page is written. */
	private static final String SCRAPE_METHOD = "GET";

	/** The media type of Prometheus' protobuf format, without its parameters. */
	private static final String PROTOBUF = "application/vnd.google.protobuf";

	private final HttpClient http;

	private final URI page;

	private final String requestMethod;

	private final String requestUri;

	private final Duration timeout;

	/**
	 * Creates the probe.
	 * @param actuatorUri the app's Actuator base, e.g.
	 * {@code http://127.0.0.1:9090/actuator/}
	 * @param requestMethod the HTTP method of the measured requests, e.g. {@code POST}
	 * @param requestUri the {@code uri} tag of the measured requests, e.g.
	 * {@code /profiles/{customerId}}
	 * @param timeout the longest wait for one scrape
	 */
	public PrometheusProbe(URI actuatorUri, String requestMethod, String requestUri, Duration timeout) {
		this.page = URI.create(actuatorUri.toString().replaceAll("/?$", "/")).resolve("prometheus");
		this.requestMethod = requestMethod;
		this.requestUri = requestUri;
		this.timeout = timeout;
		this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
	}

	@Override
	public List<String> columns() {
		return COLUMNS;
	}

	@Override
	public double[] read() throws IOException, InterruptedException {
		HttpResponse<InputStream> response = this.http.send(HttpRequest.newBuilder(this.page)
			.timeout(this.timeout)
			.header("Accept", PrometheusScrape.CONTENT_TYPE)
			.GET()
			.build(), HttpResponse.BodyHandlers.ofInputStream());
		try (InputStream body = response.body()) {
			if (response.statusCode() != 200) {
				throw new IOException(this.page + " answered HTTP " + response.statusCode());
			}
			String type = response.headers().firstValue("Content-Type").orElse("none");
			if (!type.startsWith(PROTOBUF)) {
				throw new IOException(this.page + " answered Content-Type " + type + ", not " + PROTOBUF
						+ " (Prometheus' protobuf format, served by Spring Boot 3.3 and later)");
			}
			return decode(body);
		}
	}

	private double[] decode(InputStream body) throws IOException {
		try {
			return values(PrometheusScrape.read(body), this.requestMethod, this.requestUri);
		}
		catch (IllegalArgumentException | IOException ex) {
			throw new IOException(this.page + ": " + ex.getMessage(), ex);
		}
	}

	/**
	 * Reads the columns from one scrape.
	 * @param page the scrape
	 * @param requestMethod the HTTP method of the measured requests
	 * @param requestUri the {@code uri} tag of the measured requests
	 * @return one value per column of {@link #COLUMNS}
	 */
	static double[] values(PrometheusScrape page, String requestMethod, String requestUri) {
		double netty = page.value("reactor_netty_connection_provider_pending_connections",
				(labels) -> "downstream".equals(labels.get("name")));
		double apache = page.value("httpcomponents_httpclient_pool_total_pending", PrometheusScrape.ALL);
		double eden = page.value("jvm_memory_used_bytes",
				(labels) -> labels.getOrDefault("id", "").toLowerCase(Locale.ROOT).contains("eden"));
		double allocated = page.value("jvm_gc_memory_allocated_bytes_total", PrometheusScrape.ALL)
				+ (Double.isNaN(eden) ? 0 : eden);
		Predicate<Map<String, String>> measured = (labels) -> requestUri.equals(labels.get("uri"));
		Predicate<Map<String, String>> insert = (labels) -> "insert".equals(labels.get("command"));
		return new double[] { allocated, zeroIfMissing(page.count("jvm_gc_pause_seconds", PrometheusScrape.ALL)),
				zeroIfMissing(page.total("jvm_gc_pause_seconds", PrometheusScrape.ALL)),
				zeroIfMissing(page.count("http_server_requests_seconds", measured)),
				page.value("mongodb_driver_pool_waitqueuesize", PrometheusScrape.ALL),
				page.value("mongodb_driver_pool_checkedout", PrometheusScrape.ALL),
				Double.isNaN(netty) ? apache : netty, page.value("tomcat_threads_busy_threads", PrometheusScrape.ALL),
				page.value("jvm_compilation_time_ms_total", PrometheusScrape.ALL), inFlight(page, requestMethod),
				zeroIfMissing(page.total("http_server_requests_seconds", measured)),
				zeroIfMissing(page.count(CLIENT, PrometheusScrape.ALL)),
				zeroIfMissing(page.total(CLIENT, PrometheusScrape.ALL)), zeroIfMissing(page.count(INSERT, insert)),
				zeroIfMissing(page.total(INSERT, insert)) };
	}

	/**
	 * Returns the requests of a method in progress in the app, the scrape itself left
	 * out.
	 * @param page the scrape
	 * @param method the HTTP method of the measured requests
	 * @return requests in progress, 0 before the first one, {@code NaN} when the app
	 * keeps no long-task timer of its requests
	 */
	static double inFlight(PrometheusScrape page, String method) {
		double active = page.count(ACTIVE, (labels) -> method.equals(labels.get("method")));
		if (Double.isNaN(active)) {
			// no request of the method has started yet, or no timer at all
			return Double.isNaN(page.count(ACTIVE, PrometheusScrape.ALL)) ? Double.NaN : 0;
		}
		return SCRAPE_METHOD.equals(method) ? Math.max(0, active - 1) : active;
	}

	private static double zeroIfMissing(double value) {
		return Double.isNaN(value) ? 0 : value;
	}

}
