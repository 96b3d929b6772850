package dev.twinstack.bench.analysis;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.twinstack.bench.measure.CpuShares;

/**
 * What one request cost in CPU, per process, over a trial's steady load: the process's
 * mean CPU share of the machine × cores × 1000 / the steady throughput (the service
 * demand of the utilization law U = X·D, read backwards: D = U / X). The bench's own
 * cost, JMeter and mock-services, is shown next to the app's, so a reader sees what the
 * measuring cost.
 *
 * @param appMs the app's CPU per request (ms of one core)
 * @param loadGeneratorMs the load generator's (the bench JVM running JMeter) CPU per
 * request (ms of one core)
 * @param mocksMs mock-services' (WireMock stubs and MongoDB) CPU per request (ms of one
 * core)
 * @param machineMs the whole machine's CPU per request, every process together (ms of one
 * core)
 */
public record CpuCost(Double appMs, Double loadGeneratorMs, Double mocksMs, Double machineMs) {

	/** No reading. */
	static final CpuCost UNKNOWN = new CpuCost(null, null, null, null);

	/**
	 * Computes the costs from a trial's CPU shares.
	 * @param cpu the mean CPU shares over the steady window
	 * @param throughput the steady throughput over the same window (req/s)
	 * @return the costs, {@code null} where a share was not read or nothing was served
	 */
	public static CpuCost of(CpuShares cpu, double throughput) {
		if (cpu == null || throughput <= 0) {
			return UNKNOWN;
		}
		return new CpuCost(perRequest(cpu.appMean(), cpu.cores(), throughput),
				perRequest(cpu.loadGeneratorMean(), cpu.cores(), throughput),
				perRequest(cpu.mocksMean(), cpu.cores(), throughput),
				perRequest(cpu.machineMean(), cpu.cores(), throughput));
	}

	/**
	 * Returns the harness's CPU per request: the load generator's and mock-services'
	 * together.
	 * @return ms of one core per request, {@code null} when either is unknown
	 */
	@JsonProperty
	public Double harnessMs() {
		return (this.loadGeneratorMs != null && this.mocksMs != null) ? this.loadGeneratorMs + this.mocksMs : null;
	}

	/**
	 * Returns the CPU per request that none of the bench's processes used: the machine's
	 * minus the app's, the load generator's and the mocks'. Near 0 on a quiet machine;
	 * large when something else ran during the trial.
	 * @return ms of one core per request, {@code null} when a figure is unknown
	 */
	@JsonProperty
	public Double otherMs() {
		Double harness = harnessMs();
		return (this.machineMs != null && this.appMs != null && harness != null) ? this.machineMs - this.appMs - harness
				: null;
	}

	private static Double perRequest(Double share, int cores, double throughput) {
		return (share != null) ? share * cores * 1000 / throughput : null;
	}

}
