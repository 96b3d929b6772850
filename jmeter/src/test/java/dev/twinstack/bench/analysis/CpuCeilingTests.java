package dev.twinstack.bench.analysis;

import java.util.OptionalInt;

import dev.twinstack.bench.measure.CpuShares;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CpuCeilingTests {

	@Test
	void costPerRequestIsShareTimesCoresOverThroughput() {
		// 2 cores; mvc-vt at 974 req/s with the machine 89 % busy (full run, session 4)
		CpuShares shares = new CpuShares(2, 0.22, 0.3, 0.20, 0.3, 0.44, 0.5, 0.89, 0.95);
		CpuCost cost = CpuCost.of(shares, 974);
		assertThat(cost.machineMs()).isCloseTo(0.89 * 2000 / 974, within(1e-9));
		assertThat(cost.appMs()).isCloseTo(0.44 * 2000 / 974, within(1e-9));
		assertThat(cost.loadGeneratorMs()).isCloseTo(0.22 * 2000 / 974, within(1e-9));
		assertThat(cost.harnessMs()).isCloseTo((0.22 + 0.20) * 2000 / 974, within(1e-9));
		assertThat(cost.otherMs()).isCloseTo((0.89 - 0.44 - 0.22 - 0.20) * 2000 / 974, within(1e-9));
	}

	@Test
	void costIsUnknownWithoutThroughputOrReading() {
		assertThat(CpuCost.of(new CpuShares(2, null, null, null, null, null, null, null, null), 100).machineMs())
			.isNull();
		assertThat(CpuCost.of(new CpuShares(2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.8, 0.8), 0)).isEqualTo(CpuCost.UNKNOWN);
	}

	@Test
	void sharedCoresBoundTheThroughputByTheMachinesDemand() {
		// 1.83 ms of CPU per request on 2 cores: at most 1093 req/s (utilization law)
		Double ceiling = CpuCeiling.of(new CpuCost(0.9, 0.45, 0.4, 1.83), 2, 2);
		assertThat(ceiling).isCloseTo(2000 / 1.83, within(1e-9));
	}

	@Test
	void pinnedAppIsBoundByTheBusierOfItsCoresAndTheHarnesss() {
		// app alone on 1 core at 0.9 ms: 1111 req/s; harness on the other at 0.93 ms:
		// 1075
		assertThat(CpuCeiling.of(new CpuCost(0.9, 0.5, 0.43, 1.83), 2, 1)).isCloseTo(1000 / 0.93, within(1e-9));
		// a costlier app: its core is the limit
		assertThat(CpuCeiling.of(new CpuCost(1.2, 0.3, 0.3, 1.8), 2, 1)).isCloseTo(1000 / 1.2, within(1e-9));
		// 4 cores, app on 3: 3000 / 1.2 = 2500 against 1000 / 0.6 = 1667
		assertThat(CpuCeiling.of(new CpuCost(1.2, 0.3, 0.3, 1.8), 4, 3)).isCloseTo(1000 / 0.6, within(1e-9));
	}

	@Test
	void ceilingIsUnknownWithoutTheMachinesDemand() {
		assertThat(CpuCeiling.of(new CpuCost(0.9, 0.5, 0.4, null), 2, 2)).isNull();
		assertThat(CpuCeiling.of(CpuCost.UNKNOWN, 2, 1)).isNull();
	}

	@Test
	void cpuBoundsTheCellWhenItIsBelowLittlesLaw() {
		// c = 400 at 309 ms ideal: 1294 req/s by Little's law, 1093 by the CPU
		Ceiling ceiling = Ceiling.of(300, 9.0, 400, 0, OptionalInt.empty(), 1093.0, 974);
		assertThat(ceiling.concurrencyCeiling()).isCloseTo(400 * 1000 / 309.0, within(1e-9));
		assertThat(ceiling.cpuCeiling()).isEqualTo(1093.0);
		assertThat(ceiling.boundBy()).isEqualTo("cpu");
		assertThat(ceiling.efficiency()).isCloseTo(974 / 1093.0, within(1e-9));
	}

	@Test
	void threadsStillBoundMvcWhenTheCpuAllowsMore() {
		Ceiling ceiling = Ceiling.of(300, 9.0, 400, 0, OptionalInt.of(200), 983.0, 639);
		assertThat(ceiling.boundBy()).isEqualTo("threads");
		assertThat(ceiling.ceiling()).isCloseTo(200 * 1000 / 309.0, within(1e-9));
	}

	@Test
	void cpuBoundWorkloadsGetTheCpuCeilingAlone() {
		Ceiling ceiling = Ceiling.of(0, null, 400, 0, OptionalInt.empty(), 15000.0, 14531);
		assertThat(ceiling.concurrencyCeiling()).isNull();
		assertThat(ceiling.boundBy()).isEqualTo("cpu");
		assertThat(ceiling.efficiency()).isCloseTo(14531 / 15000.0, within(1e-9));
	}

}
