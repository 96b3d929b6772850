package dev.twinstack.bench.process;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Sends the contract's requests to one running app and reads the answers as JSON.
 */
final class ContractClient {

	private static final ObjectMapper json = new ObjectMapper();

	private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private static final Duration TIMEOUT = Duration.ofSeconds(20);

	private final URI baseUri;

	ContractClient(AppProcess app) {
		this.baseUri = app.baseUri();
	}

	/**
	 * An app's answer.
	 *
	 * @param status the HTTP status
	 * @param contentType the {@code Content-Type}, empty when absent
	 * @param body the body when it is a JSON object, else an empty object
	 */
	record Answer(int status, String contentType, ObjectNode body) {
	}

	Answer post(String pathAndQuery, String requestId) {
		return send(request(pathAndQuery).header("X-Request-Id", requestId)
			.POST(HttpRequest.BodyPublishers.noBody())
			.build());
	}

	Answer get(String pathAndQuery) {
		return send(request(pathAndQuery).GET().build());
	}

	/**
	 * Adds a WireMock stub through a mock service's admin API.
	 * @param adminMappings the service's {@code /__admin/mappings} URI
	 * @param mapping the stub mapping, as WireMock's JSON
	 */
	static void addStub(URI adminMappings, String mapping) {
		HttpRequest request = HttpRequest.newBuilder(adminMappings)
			.timeout(TIMEOUT)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(mapping))
			.build();
		Answer answer = send(request);
		if (answer.status() != 201) {
			throw new IllegalStateException("WireMock refused stub " + mapping + ": " + answer);
		}
	}

	private HttpRequest.Builder request(String pathAndQuery) {
		return HttpRequest.newBuilder(this.baseUri.resolve(pathAndQuery.substring(1))).timeout(TIMEOUT);
	}

	private static Answer send(HttpRequest request) {
		try {
			HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
			JsonNode body = response.body().isBlank() ? null : json.readTree(response.body());
			return new Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
					(body instanceof ObjectNode object) ? object : json.createObjectNode());
		}
		catch (IOException ex) {
			throw new IllegalStateException(request.method() + " " + request.uri() + " failed: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

}
