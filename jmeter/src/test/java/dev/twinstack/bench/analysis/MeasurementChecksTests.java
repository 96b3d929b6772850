package dev.twinstack.bench.analysis;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MeasurementChecksTests {

	private static final List<double[]> ASCENDING = List.of(new double[] { 300, 320, 330, 340 });

	@Test
	void consistentReadingsMissNothing() {
		assertThat(MeasurementChecks.missed(new CpuCost(0.7, 0.2, 0.3, 1.25), true, ASCENDING, 40_000.0)).isEmpty();
		// nothing read, nothing to check
		assertThat(MeasurementChecks.missed(new CpuCost(null, null, null, null), true, List.of(), null)).isEmpty();
	}

	@Test
	void machineCpuBelowTheProcessesItHoldsIsAReadingOff() {
		// the seeds run's miss: 1.3 % under 0.95 × (app + harness)
		double floor = 0.95 * (0.7 + 0.2 + 0.3);
		List<String> missed = MeasurementChecks.missed(new CpuCost(0.7, 0.2, 0.3, floor * 0.987), true, ASCENDING,
				null);
		assertThat(missed).singleElement()
			.asString()
			.startsWith("machine CPU per request 1.125 ms below 0.95 × (app 0.700 + harness 0.500 ms), 1.3 % under");
		assertThat(MeasurementChecks.missed(new CpuCost(0.7, 0.2, 0.3, floor * 1.001), true, ASCENDING, null))
			.isEmpty();
	}

	@Test
	void idleMocksMissOnlyWhereTheWorkloadCallsThem() {
		assertThat(MeasurementChecks.missed(new CpuCost(0.7, 0.2, 0.0, 1.0), false, ASCENDING, null)).isEmpty();
		assertThat(MeasurementChecks.missed(new CpuCost(0.7, 0.2, 0.0, 1.0), true, ASCENDING, null)).singleElement()
			.asString()
			.startsWith("mocks' CPU per request 0.000 ms with downstream calls");
	}

	@Test
	void aProcessNotReadBesideTheAppsReadingIsOff() {
		assertThat(MeasurementChecks.missed(new CpuCost(0.7, null, 0.3, 1.2), true, ASCENDING, null)).singleElement()
			.asString()
			.startsWith("CPU per request read for the app but not for every other process");
	}

	@Test
	void percentilesOutOfOrderAndImplausibleAllocationAreOff() {
		assertThat(MeasurementChecks.missed(null, true,
				List.of(new double[] { 300, 320, 330, 340 }, new double[] { 300, 350, 330, 340 }), null))
			.singleElement()
			.asString()
			.startsWith("trial 2's latency percentiles not ascending");
		assertThat(MeasurementChecks.missed(null, true, ASCENDING, 500.0)).singleElement()
			.asString()
			.startsWith("allocation per request 500 bytes outside 1000–100000000");
	}

}
