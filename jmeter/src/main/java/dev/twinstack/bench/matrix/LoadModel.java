package dev.twinstack.bench.matrix;

import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How JMeter loads a cell.
 */
public enum LoadModel {

	/**
	 * Closed, timed: {@code concurrency} clients send back to back for the cell's
	 * duration, like {@code wrk -c -d}.
	 */
	CLOSED("closed"),

	/**
	 * Closed, counted: {@code concurrency} clients share a fixed number of requests, like
	 * {@code ab -n -c}; all of them start at once (no ramp-up), so the time to complete
	 * the requests is the stacks' alone.
	 */
	COUNT("count"),

	/**
	 * Open: requests arrive at a constant rate whatever the answers take
	 * (jmeter-java-dsl's {@code rpsThreadGroup}), with enough threads for Little's law
	 * plus headroom.
	 */
	OPEN("open");

	private final String id;

	LoadModel(String id) {
		this.id = id;
	}

	/**
	 * Returns the name used in properties and the report.
	 * @return e.g. {@code open}
	 */
	@JsonValue
	public String id() {
		return this.id;
	}

	/**
	 * Returns the accepted ids, as shown in error messages.
	 * @return {@code [closed, count, open]}
	 */
	public static List<String> ids() {
		return Arrays.stream(values()).map(LoadModel::id).toList();
	}

	/**
	 * Finds a load model by its id.
	 * @param id the id
	 * @return the model, or {@code null} when none has this id
	 */
	public static LoadModel byId(String id) {
		return Arrays.stream(values()).filter((model) -> model.id.equals(id)).findFirst().orElse(null);
	}

}
