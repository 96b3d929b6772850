package dev.twinstack.bench.matrix;

import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How the apps call their three downstream services: the {@code fanout} query parameter.
 */
public enum Fanout {

	/** One call after the other: a request takes about three downstream latencies. */
	SEQUENTIAL("sequential", 3),

	/** All three calls at once: a request takes about one downstream latency. */
	PARALLEL("parallel", 1);

	private final String id;

	private final int latenciesPerRequest;

	Fanout(String id, int latenciesPerRequest) {
		this.id = id;
		this.latenciesPerRequest = latenciesPerRequest;
	}

	/**
	 * Returns the value of the {@code fanout} query parameter.
	 * @return e.g. {@code sequential}
	 */
	@JsonValue
	public String id() {
		return this.id;
	}

	/**
	 * Returns how many downstream latencies one request waits for at the least.
	 * @return 3 (sequential) or 1 (parallel)
	 */
	public int latenciesPerRequest() {
		return this.latenciesPerRequest;
	}

	/**
	 * Returns the accepted ids, as shown in error messages.
	 * @return {@code [sequential, parallel]}
	 */
	public static List<String> ids() {
		return Arrays.stream(values()).map(Fanout::id).toList();
	}

	/**
	 * Finds a fanout by its id.
	 * @param id the id, e.g. {@code parallel}
	 * @return the fanout, or {@code null} when no fanout has this id
	 */
	public static Fanout byId(String id) {
		return Arrays.stream(values()).filter((fanout) -> fanout.id.equals(id)).findFirst().orElse(null);
	}

}
