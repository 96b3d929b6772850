package dev.twinstack.bench.measure;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import dev.twinstack.monitoring.Probe;

/**
 * Reads the app's {@code /actuator/prometheus} page once a sampling interval, on its
 * management port, and keeps the counters and gauges that explain where a request's cost
 * goes. All come from one scrape, so the deltas of a window share their instants:
 * <ul>
 * <li>{@code app_gc_allocated_bytes}: bytes allocated since the start, continuous between
 * GCs: {@code jvm_gc_memory_allocated_bytes_total} (Micrometer's
 * {@code jvm.gc.memory.allocated}, which adds the young generation's growth at each GC
 * only) plus the eden space in use now ({@code jvm_memory_used_bytes} of the pools whose
 * {@code id} names an eden: {@code G1 Eden Space}, Serial's {@code Eden Space}), which is
 * what was allocated since the last GC emptied it;</li>
 * <li>{@code app_gc_count} and {@code app_gc_seconds}: {@code jvm_gc_pause_seconds_count}
 * and {@code _sum} over every collector, action and cause, since the start (0 before the
 * first GC);</li>
 * <li>{@code app_served}: {@code http_server_requests_seconds_count} of the measured
 * {@code uri}, every status, since the start;</li>
 * <li>{@code app_mongo_pool_wait}, {@code app_mongo_pool_checkedout}: the MongoDB
 * driver's pool ({@code mongodb_driver_pool_waitqueuesize}, {@code _checkedout}), summed
 * over its servers;</li>
 * <li>{@code app_client_pending}: acquisitions waiting for a pooled downstream connection
 * — mvc-app's Apache HttpClient 5 ({@code httpcomponents_httpclient_pool_total_pending}),
 * webflux-app's Reactor Netty pool
 * ({@code reactor_netty_connection_provider_pending_connections{name="downstream"}});</li>
 * <li>{@code app_tomcat_busy}: {@code tomcat_threads_busy_threads}, Tomcat's busy
 * workers.</li>
 * </ul>
 * A meter the app does not expose is {@code NaN} in every row (e.g. Tomcat's in
 * webflux-app).
 */
public final class PrometheusProbe implements Probe {

	/** The columns, in {@link #read()} order. */
	public static final List<String> COLUMNS = List.of("app_gc_allocated_bytes", "app_gc_count", "app_gc_seconds",
			"app_served", "app_mongo_pool_wait", "app_mongo_pool_checkedout", "app_client_pending", "app_tomcat_busy");

	private final HttpClient http;

	private final URI page;

	private final String requestUri;

	private final Duration timeout;

	/**
	 * Creates the probe.
	 * @param actuatorUri the app's Actuator base, e.g.
	 * {@code http://127.0.0.1:9090/actuator/}
	 * @param requestUri the {@code uri} tag of the measured requests, e.g.
	 * {@code /profiles/{customerId}}
	 * @param timeout the longest wait for one scrape
	 */
	public PrometheusProbe(URI actuatorUri, String requestUri, Duration timeout) {
		this.page = URI.create(actuatorUri.toString().replaceAll("/?$", "/")).resolve("prometheus");
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
		HttpResponse<String> response = this.http.send(
				HttpRequest.newBuilder(this.page).timeout(this.timeout).GET().build(),
				HttpResponse.BodyHandlers.ofString());
		if (response.statusCode() != 200) {
			throw new IOException(this.page + " answered HTTP " + response.statusCode());
		}
		try {
			return values(PrometheusText.parse(response.body()), this.requestUri);
		}
		catch (IllegalArgumentException ex) {
			throw new IOException(this.page + ": " + ex.getMessage(), ex);
		}
	}

	/**
	 * Reads the columns from one scrape.
	 * @param page the scrape
	 * @param requestUri the {@code uri} tag of the measured requests
	 * @return one value per column of {@link #COLUMNS}
	 */
	static double[] values(PrometheusText page, String requestUri) {
		double netty = page.sum("reactor_netty_connection_provider_pending_connections", "name", "downstream");
		double apache = page.sum("httpcomponents_httpclient_pool_total_pending");
		double eden = page.sum("jvm_memory_used_bytes",
				(labels) -> labels.getOrDefault("id", "").toLowerCase(Locale.ROOT).contains("eden"));
		double allocated = page.sum("jvm_gc_memory_allocated_bytes_total") + (Double.isNaN(eden) ? 0 : eden);
		return new double[] { allocated, zeroIfMissing(page.sum("jvm_gc_pause_seconds_count")),
				zeroIfMissing(page.sum("jvm_gc_pause_seconds_sum")),
				zeroIfMissing(page.sum("http_server_requests_seconds_count", "uri", requestUri)),
				page.sum("mongodb_driver_pool_waitqueuesize"), page.sum("mongodb_driver_pool_checkedout"),
				Double.isNaN(netty) ? apache : netty, page.sum("tomcat_threads_busy_threads") };
	}

	private static double zeroIfMissing(double value) {
		return Double.isNaN(value) ? 0 : value;
	}

}
