package dev.twinstack.bench.queueing;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class StackDemandsTests {

	// mvc, composite sequential at c = 400, app alone on CPU 1
	// (docs/results/2026-11-23.md,
	// standard profile): app 4.07 ms, JMeter 1.28 + mocks 1.96 ms per request
	private static final StackDemands MVC = new StackDemands("mvc", 4.07, 3.24, 3, 100, 0, 1, 1, 200);

	@Test
	void pinnedAppAndHarnessAreTwoCpuCentresNextToTheDownstreamDelay() {
		assertThat(MVC.centres()).containsExactly(Centre.queue(StackDemands.APP_CPU, 4.07, 1),
				Centre.queue(StackDemands.HARNESS_CPU, 3.24, 1), Centre.delay(StackDemands.DOWNSTREAM, 300));
	}

	@Test
	void sharedCoresAreOneCpuCentreAndTheRestOfTheBaseLatencyADelay() {
		StackDemands shared = new StackDemands("webflux", 6.0, 2.5, 1, 100, 1.5, 2, StackDemands.SHARED, 0);
		assertThat(shared.centres()).containsExactly(Centre.queue(StackDemands.CPU, 8.5, 2),
				Centre.delay(StackDemands.DOWNSTREAM, 100), Centre.delay(StackDemands.OTHER, 1.5));
	}

	@Test
	void oneClientSeesTheSumOfTheDemandsAndManyTheCpuCeiling() {
		var predictions = MVC.predict(1, 400);
		assertThat(predictions.get(0).latencyMs()).isCloseTo(307.31, within(1e-9));
		assertThat(predictions.get(0).binding().name()).isEqualTo(ClosedModel.CONCURRENCY);
		assertThat(predictions.get(1).binding()).isEqualTo(new Bound(StackDemands.APP_CPU, 1000 / 4.07));
		assertThat(predictions.get(1).throughput()).isCloseTo(1000 / 4.07, within(0.5));
	}

	@Test
	void otherDelayIsTheBaseLatencyLeftAfterTheCpu() {
		assertThat(StackDemands.otherDelayMs(9.0, 4.0, 3.0)).isCloseTo(2.0, within(1e-12));
		assertThat(StackDemands.otherDelayMs(5.0, 4.0, 3.0)).isZero();
	}

	@Test
	void rejectsNegativeDemandsWithTheStackAndTheField() {
		assertThatIllegalArgumentException().isThrownBy(() -> new StackDemands("mvc", -1, 3, 3, 100, 0, 1, 1, 200))
			.withMessage("stack mvc: app CPU is -1.0 ms; expected a finite number >= 0");
		assertThatIllegalArgumentException().isThrownBy(() -> new StackDemands("mvc", 1, 3, 3, 100, 0, 0, 1, 200))
			.withMessageContaining("app cores 0");
	}

}
