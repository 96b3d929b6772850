package dev.twinstack.bench.queueing;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class WhatIfTests {

	private static final StackDemands MVC = new StackDemands("mvc", 4.07, 3.24, 3, 100, 0, 1, 1, 200);

	@Test
	void splitsTheCoresAsMeasuredAndReplacesTheDownstreamLatency() {
		StackDemands shape = new WhatIf(8, 50, 2000, true).apply(MVC);
		assertThat(shape).isEqualTo(new StackDemands("mvc", 4.07, 3.24, 3, 50, 0, 4, 4, 200));
		assertThat(shape.downstreamMs()).isEqualTo(150);
		StackDemands shared = new StackDemands("webflux", 6.0, 2.5, 3, 100, 0, 2, StackDemands.SHARED, 0);
		assertThat(new WhatIf(8, 50, 10, true).apply(shared).appCores()).isEqualTo(8);
		assertThat(new WhatIf(8, 50, 10, true).apply(shared).harnessCores()).isEqualTo(StackDemands.SHARED);
	}

	@Test
	void withoutHarnessTheAppHasEveryCoreAndNoHarnessCpu() {
		StackDemands shape = new WhatIf(8, 50, 2000, false).apply(MVC);
		assertThat(shape.appCores()).isEqualTo(8);
		assertThat(shape.harnessCpuMs()).isZero();
		assertThat(shape.centres()).containsExactly(Centre.queue(StackDemands.APP_CPU, 4.07, 8),
				Centre.delay(StackDemands.DOWNSTREAM, 150));
	}

	/**
	 * mvc on 8 cores (4 app, 4 harness), 3 × 50 ms, 2000 clients: Little's law allows
	 * 2000 / 157.31 ms = 12,714 req/s, the 200 threads 1,271 req/s, the app's 4 cores 4 /
	 * 4.07 ms = 983 req/s: the app's CPU binds.
	 */
	@Test
	void predictsAndNamesTheBindingCeilingAsAModelProjection() {
		WhatIf whatIf = new WhatIf(8, 50, 2000, true);
		Prediction prediction = whatIf.predict(MVC);
		assertThat(prediction.binding()).isEqualTo(new Bound(StackDemands.APP_CPU, 4000 / 4.07));
		assertThat(prediction.throughput()).isCloseTo(983, within(2.0));
		assertThat(prediction.latencyMs()).isCloseTo(2000 * 1000 / prediction.throughput(), within(1e-6));
		assertThat(whatIf.describe(MVC))
			.startsWith("model projection, not a measurement — mvc at cores=8 (app 4, "
					+ "harness 4), latency=50ms × 3 calls, concurrency=2000: ")
			.endsWith("bound by app cpu (983 req/s)");
	}

}
