package dev.twinstack.monitoring;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Reads single Micrometer meters from a Spring Boot Actuator {@code metrics} endpoint,
 * e.g. {@code GET /actuator/metrics/jvm.memory.used?tag=area:heap}, whose body is
 * {@code {"name":…,"measurements":[{"statistic":"VALUE","value":1.2E8}],…}}.
 */
class ActuatorMetricsClient {

	private final HttpClient http;

	private final ObjectMapper json = new ObjectMapper();

	private final URI actuatorBaseUrl;

	private final Duration timeout;

	ActuatorMetricsClient(URI actuatorBaseUrl, Duration timeout) {
		this.actuatorBaseUrl = actuatorBaseUrl;
		this.timeout = timeout;
		this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
	}

	/**
	 * Reads the {@code VALUE} (or else the first) measurement of a meter.
	 * @param meter the meter name, e.g. {@code jvm.threads.live}
	 * @param tag an optional {@code key:value} tag filter, or {@code null}
	 * @return the measurement
	 * @throws IOException when the endpoint cannot be reached, answers non-200 or has no
	 * measurement
	 * @throws InterruptedException when interrupted while waiting for the answer
	 */
	double value(String meter, String tag) throws IOException, InterruptedException {
		String path = "metrics/" + meter + ((tag != null) ? "?tag=" + tag : "");
		URI uri = URI.create(this.actuatorBaseUrl.toString().replaceAll("/?$", "/")).resolve(path);
		HttpRequest request = HttpRequest.newBuilder(uri).timeout(this.timeout).GET().build();
		HttpResponse<String> response = this.http.send(request, HttpResponse.BodyHandlers.ofString());
		if (response.statusCode() != 200) {
			throw new IOException(uri + " answered HTTP " + response.statusCode());
		}
		JsonNode measurements = this.json.readTree(response.body()).path("measurements");
		JsonNode chosen = null;
		for (JsonNode measurement : measurements) {
			if (chosen == null || "VALUE".equals(measurement.path("statistic").asText())) {
				chosen = measurement;
			}
		}
		if (chosen == null || !chosen.path("value").isNumber()) {
			throw new IOException(uri + " has no numeric measurement");
		}
		return chosen.path("value").asDouble();
	}

}
