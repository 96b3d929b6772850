package dev.twinstack.bench.matrix;

import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The questions the bench asks, each answered by one or two {@link Workload}s: see the
 * scenario endpoints in the project README.
 */
public enum Scenario {

	/** Three downstream calls, composed and stored: {@code POST /profiles/{id}}. */
	COMPOSITE("composite"),

	/** A small response computed in memory, no I/O: {@code GET /scenarios/cpu-light}. */
	CPU_LIGHT("cpu-light"),

	/** A 100 KB file, zero-copy and copied: {@code GET /scenarios/large-payload}. */
	LARGE_PAYLOAD("large-payload"),

	/** One downstream call of 1 s: {@code GET /scenarios/slow-io/{id}}. */
	SLOW_IO("slow-io"),

	/**
	 * Not a matrix workload: WireMock faults injected into each downstream service of the
	 * composite endpoint under a short load, then lifted
	 * ({@link dev.twinstack.bench.faults.FaultsRunner}).
	 */
	FAULTS("faults");

	private final String id;

	Scenario(String id) {
		this.id = id;
	}

	/**
	 * Returns the name used in properties and the report.
	 * @return e.g. {@code cpu-light}
	 */
	@JsonValue
	public String id() {
		return this.id;
	}

	/**
	 * Returns the accepted ids, as shown in error messages.
	 * @return {@code [composite, cpu-light, large-payload, slow-io, faults]}
	 */
	public static List<String> ids() {
		return Arrays.stream(values()).map(Scenario::id).toList();
	}

	/**
	 * Finds a scenario by its id.
	 * @param id the id
	 * @return the scenario, or {@code null} when none has this id
	 */
	public static Scenario byId(String id) {
		return Arrays.stream(values()).filter((scenario) -> scenario.id.equals(id)).findFirst().orElse(null);
	}

}
