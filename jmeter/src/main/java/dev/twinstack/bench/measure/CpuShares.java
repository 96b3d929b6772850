package dev.twinstack.bench.measure;

import java.util.Map;

import dev.twinstack.monitoring.SeriesSummary;

/**
 * CPU use during one cell's load, as a share of the whole machine (0–1: 0.5 on 2 cores =
 * one core busy), measured with OSHI from each process's CPU time once a second. The load
 * generator is the bench's own JVM, which runs JMeter. A mean or peak near 1 / cores ×
 * the process's busy threads, or a machine near 1, means that process (or the machine)
 * may have been the limit, not the app.
 *
 * @param cores logical processors of the machine
 * @param loadGeneratorMean mean share of the load generator (JMeter)
 * @param loadGeneratorPeak highest one-second share of the load generator
 * @param mocksMean mean share of mock-services (WireMock stubs and MongoDB)
 * @param mocksPeak highest one-second share of mock-services
 * @param appMean mean share of the app
 * @param appPeak highest one-second share of the app
 * @param machineMean mean share of the whole machine in use (every process)
 * @param machinePeak highest one-second share of the whole machine
 */
public record CpuShares(int cores, Double loadGeneratorMean, Double loadGeneratorPeak, Double mocksMean,
		Double mocksPeak, Double appMean, Double appPeak, Double machineMean, Double machinePeak) {

	/**
	 * Reads the shares from the cell's series summaries.
	 * @param cores logical processors
	 * @param series the summaries by column ({@code loadgen_cpu}, {@code mocks_cpu},
	 * {@code app_cpu}, {@code machine_cpu})
	 * @return the shares ({@code null} where no reading exists)
	 */
	public static CpuShares of(int cores, Map<String, SeriesSummary> series) {
		SeriesSummary loadgen = summary(series, "loadgen_cpu");
		SeriesSummary mocks = summary(series, "mocks_cpu");
		SeriesSummary app = summary(series, "app_cpu");
		SeriesSummary machine = summary(series, "machine_cpu");
		return new CpuShares(cores, loadgen.mean(), loadgen.peak(), mocks.mean(), mocks.peak(), app.mean(), app.peak(),
				machine.mean(), machine.peak());
	}

	private static SeriesSummary summary(Map<String, SeriesSummary> series, String column) {
		return series.getOrDefault(column, new SeriesSummary(0, null, null, null));
	}

}
