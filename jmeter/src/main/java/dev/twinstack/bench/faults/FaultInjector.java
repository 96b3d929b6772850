package dev.twinstack.bench.faults;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.process.MockServicesProcess;
import dev.twinstack.bench.settings.faults.DownstreamService;
import dev.twinstack.bench.settings.faults.FaultSettings;

/**
 * Injects faults into the running mock-services through each WireMock server's admin API
 * ({@code /__admin/mappings}, open to loopback clients only): a fault is a stub mapping
 * of priority 1, above the default mappings' 10, matching the faulted share of customer
 * ids; lifting it deletes that mapping. Also stops and starts the mocks' MongoDB
 * ({@code /__admin/ext/mongo/stop|start} on the customers service).
 */
public final class FaultInjector {

	/** The last digit of the customer ids the 10 % share hits. */
	public static final int FAULTED_DIGIT = 7;

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

	private final ObjectMapper json = new ObjectMapper();

	private final MockServicesProcess mocks;

	private final Duration clientTimeout;

	/**
	 * Creates the injector.
	 * @param mocks the running mocks
	 * @param clientTimeout the apps' downstream timeout (the delay fault exceeds it)
	 */
	FaultInjector(MockServicesProcess mocks, Duration clientTimeout) {
		this.mocks = mocks;
		this.clientTimeout = clientTimeout;
	}

	/**
	 * Applies a fault.
	 * @param run the service, fault and share
	 * @return the id of the stub mapping to {@link #lift(DownstreamService, String)}
	 * @throws BenchException when the admin API refuses it
	 */
	String inject(FaultSettings.Case run) {
		String idPattern = (run.share() >= 100) ? "[0-9]+" : "[0-9]*" + FAULTED_DIGIT;
		String mapping = "{\"name\":\"bench fault " + run.id() + "\",\"priority\":1,\"request\":{\"method\":\"GET\","
				+ "\"urlPathPattern\":\"" + run.service().pathPattern(idPattern) + "\"},\"response\":"
				+ run.fault().response(this.clientTimeout) + "}";
		HttpResponse<String> response = send(HttpRequest.newBuilder(admin(run.service(), ""))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(mapping)), 201);
		try {
			JsonNode created = this.json.readTree(response.body());
			return created.path("id").asText();
		}
		catch (IOException ex) {
			throw new BenchException("WireMock's admin API answered an unreadable mapping: " + response.body(), ex);
		}
	}

	/**
	 * Lifts a fault: deletes its stub mapping.
	 * @param service the service it was applied to
	 * @param mappingId the id {@link #inject(FaultSettings.Case)} returned
	 */
	void lift(DownstreamService service, String mappingId) {
		send(HttpRequest.newBuilder(admin(service, "/" + mappingId)).DELETE(), 200);
	}

	/**
	 * Stops the mocks' MongoDB (open connections are closed, new ones refused, data is
	 * lost) through the customers service's admin API extension.
	 */
	void stopMongo() {
		send(HttpRequest.newBuilder(URI.create(this.mocks.mongoAdminUrl() + "/stop"))
			.POST(HttpRequest.BodyPublishers.noBody()), 200);
	}

	/**
	 * Starts the mocks' MongoDB again on the same port, empty.
	 */
	void startMongo() {
		send(HttpRequest.newBuilder(URI.create(this.mocks.mongoAdminUrl() + "/start"))
			.POST(HttpRequest.BodyPublishers.noBody()), 200);
	}

	private URI admin(DownstreamService service, String suffix) {
		return URI.create(this.mocks.baseUrl(service) + "/__admin/mappings" + suffix);
	}

	private HttpResponse<String> send(HttpRequest.Builder request, int expected) {
		HttpRequest built = request.timeout(TIMEOUT).build();
		try {
			HttpResponse<String> response = this.http.send(built, HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() != expected) {
				throw new BenchException(built.method() + " " + built.uri() + " answered HTTP " + response.statusCode()
						+ " (expected " + expected + "): " + response.body());
			}
			return response;
		}
		catch (IOException ex) {
			throw new BenchException("WireMock's admin API could not be reached: " + built.uri() + ": " + ex, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new BenchException("interrupted while calling WireMock's admin API", ex);
		}
	}

}
