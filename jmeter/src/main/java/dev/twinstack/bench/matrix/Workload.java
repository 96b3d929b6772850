package dev.twinstack.bench.matrix;

import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What one request of a cell does: a scenario with its variant (fanout, transfer). Every
 * variable part of the path is a JMeter function, so the plan survives the .jmx export.
 */
public enum Workload {

	/** Three calls one after another, then one insert. */
	COMPOSITE_SEQUENTIAL("composite-sequential", Scenario.COMPOSITE, "POST",
			"/profiles/${__Random(1,100000)}?fanout=sequential", 201, 3),

	/** Three calls at once, then one insert. */
	COMPOSITE_PARALLEL("composite-parallel", Scenario.COMPOSITE, "POST",
			"/profiles/${__Random(1,100000)}?fanout=parallel", 201, 1),

	/** About 1 KB of JSON computed from a seed. */
	CPU_LIGHT("cpu-light", Scenario.CPU_LIGHT, "GET", "/scenarios/cpu-light?seed=${__Random(1,100000)}", 200, 0),

	/** The 100 KB file on the stack's zero-copy path. */
	LARGE_PAYLOAD("large-payload", Scenario.LARGE_PAYLOAD, "GET", "/scenarios/large-payload", 200, 0),

	/** The 100 KB file copied through a user-space buffer. */
	LARGE_PAYLOAD_COPY("large-payload-copy", Scenario.LARGE_PAYLOAD, "GET", "/scenarios/large-payload?zeroCopy=false",
			200, 0),

	/** One call to the slow service. */
	SLOW_IO("slow-io", Scenario.SLOW_IO, "GET", "/scenarios/slow-io/${__Random(1,100000)}", 200, 1);

	/** The composite workloads' sampler label in JTL files and dashboards. */
	public static final String COMPOSITE_LABEL = "POST /profiles/{customerId}";

	private final String id;

	private final Scenario scenario;

	private final String method;

	private final String path;

	private final int expectedStatus;

	private final int latenciesPerRequest;

	Workload(String id, Scenario scenario, String method, String path, int expectedStatus, int latenciesPerRequest) {
		this.id = id;
		this.scenario = scenario;
		this.method = method;
		this.path = path;
		this.expectedStatus = expectedStatus;
		this.latenciesPerRequest = latenciesPerRequest;
	}

	/**
	 * Returns the name used in folder names and the report.
	 * @return e.g. {@code composite-sequential}
	 */
	@JsonValue
	public String id() {
		return this.id;
	}

	/**
	 * Returns the scenario this workload belongs to.
	 * @return the scenario
	 */
	public Scenario scenario() {
		return this.scenario;
	}

	/**
	 * Returns the HTTP method.
	 * @return {@code POST} or {@code GET}
	 */
	public String method() {
		return this.method;
	}

	/**
	 * Returns the path and query, with JMeter functions for the variable parts.
	 * @return e.g. {@code /scenarios/slow-io/${__Random(1,100000)}}
	 */
	public String path() {
		return this.path;
	}

	/**
	 * Returns the label of the workload's sampler in JTL files and dashboards.
	 * @return e.g. {@code GET /scenarios/cpu-light}
	 */
	public String label() {
		return (this.scenario == Scenario.COMPOSITE) ? COMPOSITE_LABEL : this.method + " "
				+ this.path.replaceAll("\\$\\{__Random\\(1,100000\\)}", "{id}").replaceAll("\\?seed=.*", "");
	}

	/**
	 * Returns the {@code uri} tag the apps' Micrometer meters give this workload's
	 * requests.
	 * @return e.g. {@code /scenarios/slow-io/{customerId}}
	 */
	public String uriTag() {
		return switch (this.scenario) {
			case COMPOSITE, FAULTS -> "/profiles/{customerId}";
			case CPU_LIGHT -> "/scenarios/cpu-light";
			case LARGE_PAYLOAD -> "/scenarios/large-payload";
			case SLOW_IO -> "/scenarios/slow-io/{customerId}";
		};
	}

	/**
	 * Returns the only status that counts as a success.
	 * @return 201 (composite) or 200
	 */
	public int expectedStatus() {
		return this.expectedStatus;
	}

	/**
	 * Returns how many downstream latencies one request waits for at the least.
	 * @return 3 (sequential), 1 (parallel, slow-io), 0 (no downstream call)
	 */
	public int latenciesPerRequest() {
		return this.latenciesPerRequest;
	}

	/**
	 * Tells whether the workload waits on downstream I/O, so that Little's law and the
	 * thread ceiling bound it.
	 * @return {@code true} for composite and slow-io
	 */
	public boolean ioBound() {
		return this.latenciesPerRequest > 0;
	}

	/**
	 * Tells whether each successful request stores one document in MongoDB.
	 * @return {@code true} for composite
	 */
	public boolean stores() {
		return this.scenario == Scenario.COMPOSITE;
	}

	/**
	 * Returns the fanout of a composite workload.
	 * @return the fanout, {@code null} for the other scenarios
	 */
	public Fanout fanout() {
		return switch (this) {
			case COMPOSITE_SEQUENTIAL -> Fanout.SEQUENTIAL;
			case COMPOSITE_PARALLEL -> Fanout.PARALLEL;
			default -> null;
		};
	}

	/**
	 * Returns the transfer of a large-payload workload.
	 * @return the transfer, {@code null} for the other scenarios
	 */
	public Transfer transfer() {
		return switch (this) {
			case LARGE_PAYLOAD -> Transfer.ZERO_COPY;
			case LARGE_PAYLOAD_COPY -> Transfer.COPY;
			default -> null;
		};
	}

	/**
	 * Returns the ideal downstream wait of one request: the sum of the downstream
	 * latencies for sequential calls, the largest for parallel ones.
	 * @param compositeLatencyMs the latency of each composite downstream call (ms)
	 * @param slowLatencyMs the latency of the slow service (ms)
	 * @return the wait (ms), 0 without downstream calls
	 */
	public double downstreamMs(double compositeLatencyMs, double slowLatencyMs) {
		return (this == SLOW_IO) ? slowLatencyMs : this.latenciesPerRequest * compositeLatencyMs;
	}

	/**
	 * Returns the composite workload of a fanout.
	 * @param fanout the fanout
	 * @return the workload
	 */
	public static Workload composite(Fanout fanout) {
		return (fanout == Fanout.PARALLEL) ? COMPOSITE_PARALLEL : COMPOSITE_SEQUENTIAL;
	}

	/**
	 * Expands scenarios into workloads, in scenario order.
	 * @param scenarios the scenarios
	 * @param fanouts the composite variants
	 * @param transfers the large-payload variants
	 * @return the workloads
	 */
	public static List<Workload> of(List<Scenario> scenarios, List<Fanout> fanouts, List<Transfer> transfers) {
		return scenarios.stream().flatMap((scenario) -> Arrays.stream(values()).filter((workload) -> {
			if (workload.scenario != scenario) {
				return false;
			}
			if (scenario == Scenario.COMPOSITE) {
				return fanouts.contains(workload.fanout());
			}
			return scenario != Scenario.LARGE_PAYLOAD || transfers.contains(workload.transfer());
		})).toList();
	}

	/**
	 * Finds a workload by its id.
	 * @param id the id
	 * @return the workload, or {@code null} when none has this id
	 */
	public static Workload byId(String id) {
		return Arrays.stream(values()).filter((workload) -> workload.id.equals(id)).findFirst().orElse(null);
	}

}
