package dev.twinstack.bench.run;

import java.util.Map;

import dev.twinstack.bench.measure.CpuShares;
import dev.twinstack.monitoring.SeriesSummary;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The CPU shares of a remote target's trial: what the bench can see, and unknown (not 0)
 * for what it cannot.
 */
class RemoteTargetTests {

	@Test
	void theAppsCpuComesFromItsOwnMeterAndTheMocksAndMachineAreUnknown() {
		CpuShares shares = RemoteTarget.shares(2,
				Map.of("loadgen_cpu", new SeriesSummary(5, 0.2, 0.1, 0.1), "app_cpu_micrometer",
						new SeriesSummary(5, 0.6, 0.45, 0.4), "app_cpu", new SeriesSummary(5, 0.9, 0.9, 0.9)));
		assertThat(shares.cores()).isEqualTo(2);
		assertThat(shares.loadGeneratorMean()).isEqualTo(0.1);
		assertThat(shares.loadGeneratorPeak()).isEqualTo(0.2);
		assertThat(shares.appMean()).isEqualTo(0.45);
		assertThat(shares.appPeak()).isEqualTo(0.6);
		assertThat(shares.mocksMean()).isNull();
		assertThat(shares.mocksPeak()).isNull();
		assertThat(shares.machineMean()).isNull();
		assertThat(shares.machinePeak()).isNull();
	}

	@Test
	void anAppWithoutTheMeterHasAnUnknownCpu() {
		CpuShares shares = RemoteTarget.shares(2, Map.of("loadgen_cpu", new SeriesSummary(5, 0.2, 0.1, 0.1)));
		assertThat(shares.appMean()).isNull();
		assertThat(shares.loadGeneratorMean()).isEqualTo(0.1);
	}

}
