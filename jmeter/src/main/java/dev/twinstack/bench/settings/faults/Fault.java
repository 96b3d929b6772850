package dev.twinstack.bench.settings.faults;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What the {@code faults} scenario makes a downstream service do instead of answering:
 * WireMock's four socket faults, a 5xx status and a delay beyond the apps' client
 * timeout. The endpoint contract answers each with 502, the delay with 504.
 */
public enum Fault {

	/** The server resets the connection (TCP RST) instead of answering. */
	CONNECTION_RESET("connection-reset", "{\"fault\":\"CONNECTION_RESET_BY_PEER\"}", 502),

	/** The server closes the connection without sending a byte. */
	EMPTY_RESPONSE("empty-response", "{\"fault\":\"EMPTY_RESPONSE\"}", 502),

	/** A 200 status, then a broken chunk of the chunked body, then the close. */
	MALFORMED_CHUNK("malformed-chunk", "{\"fault\":\"MALFORMED_RESPONSE_CHUNK\"}", 502),

	/** Garbage instead of an HTTP response, then the close. */
	RANDOM_DATA("random-data", "{\"fault\":\"RANDOM_DATA_THEN_CLOSE\"}", 502),

	/** {@code 503 Service Unavailable} with a JSON body. */
	STATUS_503("status-503",
			"{\"status\":503,\"headers\":{\"Content-Type\":\"application/json\"},\"body\":\"{\\\"error\\\":\\\"down\\\"}\"}",
			502),

	/** A valid answer, sent after the client timeout plus one second. */
	DELAY("delay", null, 504);

	private final String id;

	private final String response;

	private final int expectedStatus;

	Fault(String id, String response, int expectedStatus) {
		this.id = id;
		this.response = response;
		this.expectedStatus = expectedStatus;
	}

	/**
	 * Returns the name used in properties, folders and the report.
	 * @return e.g. {@code connection-reset}
	 */
	@JsonValue
	public String id() {
		return this.id;
	}

	/**
	 * Returns the status the apps must answer while this fault hits a call.
	 * @return 502, or 504 for {@link #DELAY}
	 */
	public int expectedStatus() {
		return this.expectedStatus;
	}

	/**
	 * Returns the WireMock response definition (JSON) of this fault.
	 * @param clientTimeout the apps' downstream timeout, which the delay exceeds by 1 s
	 * @return the {@code response} object of a stub mapping
	 */
	public String response(Duration clientTimeout) {
		if (this == DELAY) {
			return "{\"status\":200,\"headers\":{\"Content-Type\":\"application/json\"},\"body\":\"{}\","
					+ "\"fixedDelayMilliseconds\":" + clientTimeout.plusSeconds(1).toMillis() + "}";
		}
		return this.response;
	}

	/**
	 * Returns the accepted ids, as shown in error messages.
	 * @return every fault's id
	 */
	public static List<String> ids() {
		return Arrays.stream(values()).map(Fault::id).toList();
	}

	/**
	 * Finds a fault by its id.
	 * @param id the id
	 * @return the fault, or {@code null} when none has this id
	 */
	public static Fault byId(String id) {
		return Arrays.stream(values()).filter((fault) -> fault.id.equals(id)).findFirst().orElse(null);
	}

}
