package dev.twinstack.monitoring;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Reads single Micrometer meters from a Spring Boot Actuator {@code metrics} endpoint,
 * e.g. {@code GET /actuator/metrics/jvm.memory.used?tag=area:heap}, whose body is
 * {@code {"name":…,"measurements":[{"statistic":"VALUE","value":1.2E8}],…}}. Readings run
 * asynchronously, so several meters can be read at once.
 */
public class ActuatorMetricsClient {

	private final HttpClient http;

	private final ObjectMapper json = new ObjectMapper();

	private final URI actuatorBaseUrl;

	private final Duration timeout;

	/**
	 * Creates the client.
	 * @param actuatorBaseUrl the app's Actuator base, e.g.
	 * {@code http://127.0.0.1:8080/actuator}
	 * @param timeout the longest wait for one reading
	 */
	public ActuatorMetricsClient(URI actuatorBaseUrl, Duration timeout) {
		this.actuatorBaseUrl = URI.create(actuatorBaseUrl.toString().replaceAll("/?$", "/"));
		this.timeout = timeout;
		this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
	}

	/**
	 * Reads one statistic of a meter.
	 * @param meter the meter name, e.g. {@code jvm.threads.live}
	 * @param tag an optional {@code key:value} tag filter, or {@code null}
	 * @param statistic the statistic, e.g. {@code VALUE}, {@code COUNT},
	 * {@code TOTAL_TIME}; {@code null} for {@code VALUE} or else the first one
	 * @return the measurement; {@code NaN} when the meter does not exist (404: e.g. no GC
	 * and no request yet); completes exceptionally with an {@link IOException} when the
	 * endpoint cannot be reached, answers another non-200 status or has no such
	 * measurement
	 */
	public CompletableFuture<Double> value(String meter, String tag, String statistic) {
		String path = "metrics/" + meter
				+ ((tag != null)
						? "?tag="
								+ URLEncoder.encode(tag, StandardCharsets.UTF_8).replace("%3A", ":").replace("%2F", "/")
						: "");
		URI uri = this.actuatorBaseUrl.resolve(path);
		HttpRequest request = HttpRequest.newBuilder(uri).timeout(this.timeout).GET().build();
		return this.http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
			.thenApply((response) -> measurement(uri, response, statistic));
	}

	private double measurement(URI uri, HttpResponse<String> response, String statistic) {
		if (response.statusCode() == 404) {
			return Double.NaN;
		}
		try {
			if (response.statusCode() != 200) {
				throw new IOException(uri + " answered HTTP " + response.statusCode());
			}
			JsonNode chosen = null;
			for (JsonNode measurement : this.json.readTree(response.body()).path("measurements")) {
				String name = measurement.path("statistic").asText();
				boolean wanted = (statistic != null) ? statistic.equals(name) : "VALUE".equals(name);
				if (wanted || (chosen == null && statistic == null)) {
					chosen = measurement;
				}
			}
			if (chosen == null || !chosen.path("value").isNumber()) {
				throw new IOException(
						uri + " has no numeric " + ((statistic != null) ? statistic : "") + " measurement");
			}
			return chosen.path("value").asDouble();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
