package dev.twinstack.bench.measure;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.twinstack.monitoring.Probe;

/**
 * Reads the embedded MongoDB's insert meter from mock-services' admin API
 * ({@code GET /__admin/ext/mongo} on the customers service) once a sampling interval:
 * <ul>
 * <li>{@code mocks_inserts}: the insert commands completed since mock-services
 * started;</li>
 * <li>{@code mocks_insert_busy_ms}: the time at least one was in progress (ms). The
 * inserts into a collection are serialized by mongo-java-server, so the rise of this over
 * a window divided by the window is that lock's utilization, and over the inserts its
 * service demand (the operational laws).</li>
 * </ul>
 * Both are {@code NaN} while MongoDB is not embedded (a real MongoDB, {@code none}
 * storage) or mock-services predates the meter.
 */
public final class MongoWritesProbe implements Probe {

	/** The columns, in {@link #read()} order. */
	public static final List<String> COLUMNS = List.of("mocks_inserts", "mocks_insert_busy_ms");

	private static final ObjectMapper JSON = new ObjectMapper();

	private final HttpClient http;

	private final URI state;

	private final Duration timeout;

	/**
	 * Creates the probe.
	 * @param mongoAdminUrl the embedded MongoDB's state on the admin API, e.g.
	 * {@code http://127.0.0.1:9081/__admin/ext/mongo}
	 * @param timeout the longest wait for one reading
	 */
	public MongoWritesProbe(String mongoAdminUrl, Duration timeout) {
		this.state = URI.create(mongoAdminUrl);
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
				HttpRequest.newBuilder(this.state).timeout(this.timeout).GET().build(),
				HttpResponse.BodyHandlers.ofString());
		if (response.statusCode() != 200) {
			throw new IOException(this.state + " answered HTTP " + response.statusCode());
		}
		return values(JSON.readTree(response.body()));
	}

	/**
	 * Reads the columns from the admin API's answer.
	 * @param state the answer, e.g.
	 * {@code {"running":true,"inserts":12,"insertBusyMs":3.5}}
	 * @return one value per column, {@code NaN} for a field it lacks
	 */
	static double[] values(JsonNode state) {
		return new double[] { number(state.get("inserts")), number(state.get("insertBusyMs")) };
	}

	private static double number(JsonNode node) {
		return (node != null && node.isNumber()) ? node.asDouble() : Double.NaN;
	}

}
