package dev.twinstack.bench.analysis;

import dev.twinstack.bench.queueing.Bursts;
import dev.twinstack.bench.queueing.StackDemands;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The model fed with measured figures: which figure goes where, and measured ÷ predicted
 * against answers worked out by hand.
 */
class ModelFitTests {

	@Test
	void pinnedAppGetsItsCoresAndTheHarnessTheRest() {
		// app 4 ms, JMeter 1 + mocks 2 = harness 3 ms; base latency 20 ms beyond the
		// downstream wait: 20 - 4 - 3 = 13 ms of other delay
		StackDemands demands = ModelFit.demands("mvc", new CpuCost(4.0, 1.0, 2.0, 7.2), 20.0, 3, 100, 2, 1, 200);
		assertThat(demands.appCpuMs()).isEqualTo(4.0);
		assertThat(demands.harnessCpuMs()).isEqualTo(3.0);
		assertThat(demands.otherDelayMs()).isEqualTo(13.0);
		assertThat(demands.appCores()).isEqualTo(1);
		assertThat(demands.harnessCores()).isEqualTo(1);
		assertThat(demands.downstreamMs()).isEqualTo(300.0);
		assertThat(demands.threads()).isEqualTo(200);
	}

	@Test
	void unpinnedAppSharesEveryCoreWithTheHarness() {
		StackDemands demands = ModelFit.demands("webflux", new CpuCost(1.0, 0.5, 0.5, 2.0), 5.0, 1, 100, 4, 0, 0);
		assertThat(demands.appCores()).isEqualTo(4);
		assertThat(demands.harnessCores()).isEqualTo(StackDemands.SHARED);
		assertThat(demands.otherDelayMs()).isEqualTo(3.0);
		assertThat(ModelFit.demands("webflux", new CpuCost(1.0, 0.5, 0.5, 2.0), 5.0, 1, 100, 4, 4, 0).harnessCores())
			.isEqualTo(StackDemands.SHARED);
	}

	@Test
	void otherDelayIsNeverNegativeAndZeroWithoutABaseLatency() {
		CpuCost cost = new CpuCost(4.0, 1.0, 2.0, 7.0);
		assertThat(ModelFit.demands("mvc", cost, 5.0, 3, 100, 2, 1, 200).otherDelayMs()).isZero();
		assertThat(ModelFit.demands("mvc", cost, null, 0, 0, 2, 1, 200).otherDelayMs()).isZero();
	}

	@Test
	void noDemandsWithoutTheAppsOrTheHarnessCpu() {
		assertThat(ModelFit.demands("mvc", new CpuCost(null, 1.0, 1.0, 3.0), 5.0, 3, 100, 2, 1, 200)).isNull();
		assertThat(ModelFit.demands("mvc", new CpuCost(2.0, null, 1.0, 3.0), 5.0, 3, 100, 2, 1, 200)).isNull();
		assertThat(ModelFit.demands("mvc", null, 5.0, 3, 100, 2, 1, 200)).isNull();
	}

	@Test
	void withDelaysOnlyThePredictionIsLittlesLawAndTheRatioIsMeasuredOverIt() {
		// no CPU: X(N) = N / (300 + 20 ms) exactly, 10 clients -> 31.25 req/s, R = 320 ms
		StackDemands delays = new StackDemands("webflux", 0, 0, 3, 100, 20, 1, StackDemands.SHARED, 0);
		ModelFit.Check check = ModelFit.check(delays, 10,
				new ModelFit.Measured(10, 25.0, 400.0, new CpuCost(0.0, 0.0, 0.0, 0.0), null, 0));
		assertThat(check.predictedThroughput()).isCloseTo(31.25, within(1e-9));
		assertThat(check.predictedLatencyMs()).isCloseTo(320.0, within(1e-9));
		assertThat(check.throughputRatio()).isCloseTo(0.8, within(1e-9));
		assertThat(check.latencyRatio()).isCloseTo(1.25, within(1e-9));
		assertThat(check.binding()).isEqualTo("concurrency");
		assertThat(check.off()).isTrue();
		assertThat(check.leftOut()).contains("requests waited where the model has no centre");
	}

	@Test
	void aCellWithinTenPercentIsNotOff() {
		StackDemands delays = new StackDemands("webflux", 0, 0, 3, 100, 20, 1, StackDemands.SHARED, 0);
		ModelFit.Check check = ModelFit.check(delays, 10, new ModelFit.Measured(10, 29.0, null, null, null, 0));
		assertThat(check.throughputRatio()).isCloseTo(29 / 31.25, within(1e-9));
		assertThat(check.off()).isFalse();
		assertThat(check.leftOut()).isNull();
		assertThat(check.latencyRatio()).isNull();
		assertThat(check.ownCpuThroughput()).isNull();
	}

	@Test
	void aSaturatedSingleCoreAppIsBoundByItsCpu() {
		// one client: R = D, all of it: 4 + 3 + 300 + 13 = 320 ms
		StackDemands demands = ModelFit.demands("mvc", new CpuCost(4.0, 1.0, 2.0, 7.0), 20.0, 3, 100, 2, 1, 200);
		ModelFit.Check alone = ModelFit.check(demands, 1, new ModelFit.Measured(1, 3.125, 320.0, null, null, 0));
		assertThat(alone.predictedLatencyMs()).isCloseTo(320.0, within(1e-9));
		assertThat(alone.throughputRatio()).isCloseTo(1.0, within(1e-9));
		// 400 clients: far beyond the app core's 1000 / 4 = 250 req/s
		ModelFit.Check busy = ModelFit.check(demands, 1, new ModelFit.Measured(400, 250.0, null, null, null, 0));
		assertThat(busy.binding()).isEqualTo(StackDemands.APP_CPU);
		assertThat(busy.predictedThroughput()).isCloseTo(250.0, within(0.5));
	}

	@Test
	void aMissExplainedByCpuPerRequestFallingWithLoadSaysSo() {
		// calibrated at c = 100 with 4 ms of app CPU: about 250 req/s at c = 400; the
		// cell at c = 400 spent 3 ms and served 320: the model with its own CPU agrees
		StackDemands demands = ModelFit.demands("mvc", new CpuCost(4.0, 1.0, 2.0, 7.0), 20.0, 3, 100, 2, 1, 0);
		ModelFit.Check check = ModelFit.check(demands, 100,
				new ModelFit.Measured(400, 320.0, null, new CpuCost(3.0, 1.0, 1.5, 5.5), 0.02, 0));
		assertThat(check.off()).isTrue();
		assertThat(check.throughputRatio()).isGreaterThan(1.1);
		assertThat(check.ownCpuThroughput()).isCloseTo(1000 / 3.0, within(1.0));
		assertThat(check.leftOut()).startsWith("CPU per request changed with load (app 3.00 ms, harness 2.50 ms here "
				+ "against 4.00 and 3.00 at c = 100");
	}

	@Test
	void aMissAtTheSameLoadExplainedByTheCellsOwnCpuSaysItDiffersFromTheCalibration() {
		// demands from another placement at c = 400 with 4 ms of app CPU: about 250
		// req/s; this cell spent 3 ms and served 320: its own CPU agrees
		StackDemands demands = ModelFit.demands("webflux", new CpuCost(4.0, 1.0, 2.0, 7.0), 20.0, 3, 100, 2, 1, 0);
		ModelFit.Check check = ModelFit.check(demands, 400,
				new ModelFit.Measured(400, 320.0, null, new CpuCost(3.0, 1.0, 1.5, 5.5), 0.02, 0));
		assertThat(check.off()).isTrue();
		assertThat(check.leftOut()).startsWith("CPU per request differs from the run the demands came from at the "
				+ "same load (app 3.00 ms, harness 2.50 ms here against 4.00 and 3.00 there");
	}

	@Test
	void aMissWithTheRequestsInsideTheAppSaysWhereTheyWaited() {
		// 1 client, 320 ms predicted; the cell served less with 97 % of its requests in
		// the app by Little's law
		StackDemands demands = ModelFit.demands("mvc-vt", new CpuCost(4.0, 1.0, 2.0, 7.0), 20.0, 3, 100, 2, 1, 0);
		ModelFit.Check inside = ModelFit.check(demands, 1,
				new ModelFit.Measured(1, 2.5, 400.0, null, null, 0, 0.97, null, null));
		assertThat(inside.off()).isTrue();
		assertThat(inside.leftOut()).startsWith("requests waited inside the app where the model has no centre: 97 % "
				+ "of those in flight were in the app (its gauge against rate × latency, Little's law), 400 ms of mean "
				+ "latency against the model's 320");
		assertThat(inside.leftOut()).endsWith("(downstream calls queued on the shared harness core, the MongoDB pool, "
				+ "carrier or event-loop threads, GC pauses) were not timed");
		// with the app's own timers: where the wait was, against the model's 20 ms beyond
		// the downstream latency
		AppStages stages = new AppStages(100, 395, 3, 118, 1, 29, 0.03, 0.25);
		ModelFit.Check timed = ModelFit.check(demands, 1,
				new ModelFit.Measured(1, 2.5, 400.0, null, 0.03, 0, 0.97, stages, null));
		assertThat(timed.leftOut()).endsWith(". The app's own timers: 3 downstream calls of 118 ms each (configured "
				+ "100), 29 ms in the insert (the embedded database's write lock 3 % busy), 12 ms elsewhere in the "
				+ "app; a probe of the stubs saw them +3 %. Beyond the configured latency that is 54 ms in the calls, "
				+ "29 in the insert and 12 elsewhere in the app, where the model puts 20 ms of CPU and queueing in "
				+ "all, app and harness: the I/O steps' own response time grew with the load beyond what the model's "
				+ "CPU centres queue");
		// the sends' bursts, when read, are a step before the timers (one client: the
		// step changes nothing)
		ModelFit.Check bursty = ModelFit.check(demands, 1,
				new ModelFit.Measured(1, 2.5, 400.0, null, 0.03, 0, 0.97, stages, 27.6));
		assertThat(bursty.leftOut()).startsWith("the load came in bursts: JMeter's sends per 20 ms varied 28× as much "
				+ "as random (Poisson) arrivals' at the same rate (index of dispersion), and mean value analysis queues "
				+ "random arrivals; with every CPU queue's wait lengthened by (1 + that index) / 2 (Kingman's "
				+ "approximation) it predicts 3 req/s (0.80×); still 0.80× after that: requests waited inside the app")
			.endsWith(timed.leftOut().substring(timed.leftOut().indexOf(". The app's own timers")));
		// half of them outside the app: no claim where they waited
		assertThat(ModelFit.check(demands, 1, new ModelFit.Measured(1, 2.5, 400.0, null, null, 0, 0.5, null, 27.6))
			.leftOut()).startsWith("the load came in bursts: JMeter's sends per 20 ms varied 28×")
			.contains("; still 0.80× after that: requests waited where the model has no centre");
	}

	@Test
	void aMissIsExplainedOneMeasuredInputAtATime() {
		// alone (c = 1): app 40 + harness 30 + 300 downstream = 370 ms, 2.70 req/s; with
		// the cell's own CPU (app 2, harness 1) 303 ms, 3.30 req/s
		StackDemands demands = ModelFit.demands("mvc-vt", new CpuCost(40.0, 10.0, 20.0, 70.0), 20.0, 3, 100, 2, 1, 0);
		CpuCost own = new CpuCost(2.0, 0.5, 0.5, 3.0);
		ModelFit.Check stillOff = ModelFit.check(demands, 50,
				new ModelFit.Measured(1, 2.2, 450.0, own, null, 0, 0.97, null, null));
		assertThat(stillOff.leftOut()).startsWith("CPU per request changed with load (app 2.00 ms, harness 1.00 ms "
				+ "here against 40.00 and 30.00 at c = 50; the model holds the calibration's): with this cell's own "
				+ "CPU it predicts 3 req/s (0.67×); still 0.67× after that: requests waited inside the app where the "
				+ "model has no centre: 97 % of those in flight were in the app (its gauge against rate × latency, "
				+ "Little's law), 450 ms of mean latency against the model's 303");
		// the own CPU explains it: nothing more is claimed
		assertThat(ModelFit.check(demands, 50, new ModelFit.Measured(1, 3.2, 310.0, own, null, 0, 0.97, null, null))
			.leftOut())
			.isEqualTo("CPU per request changed with load (app 2.00 ms, harness 1.00 ms here against 40.00 "
					+ "and 30.00 at c = 50; the model holds the calibration's): with this cell's own CPU it predicts "
					+ "3 req/s (0.97×)");
		// 10 clients on delays only: 320 ms, 31.25 req/s; the stubs probed 30 % late:
		// 3 × 130 + 20 = 410 ms, 24.4 req/s
		StackDemands delays = new StackDemands("mvc", 0, 0, 3, 100, 20, 1, StackDemands.SHARED, 0);
		assertThat(ModelFit.check(delays, 10, new ModelFit.Measured(10, 24.0, null, null, 0.3, 0)).leftOut())
			.isEqualTo("the stubs answered 30 % slower than configured under load; the model waits the configured "
					+ "latency: with the probed one it predicts 24 req/s (0.98×; an upper bound of the stubs' share: the "
					+ "probe's wait holds the harness core's queue, which the model has too)");
		assertThat(ModelFit.check(delays, 10, new ModelFit.Measured(10, 20.0, null, null, 0.3, 0)).leftOut())
			.isEqualTo("the stubs answered 30 % slower than configured under load; the model waits the configured "
					+ "latency: with the probed one it predicts 24 req/s (0.82×; an upper bound of the stubs' share: the "
					+ "probe's wait holds the harness core's queue, which the model has too); still 0.82× after that: requests "
					+ "waited where the model has no centre: connection pools, the accept queue, GC pauses, lock "
					+ "contention, or CPU scheduling delays beyond the mean");
	}

	@Test
	void theSendsBurstsAreFedAsKingmansFactorOnEveryCpuQueue() {
		// webflux in the standard run of 2026-11-28: app 0.82 ms on its core, harness
		// 0.87 ms on the other, 400 clients, sends 15.8× as dispersed as random arrivals
		StackDemands own = new StackDemands("webflux", 0.82, 0.87, 3, 100, 5.1, 1, 1, 0);
		CpuCost cost = new CpuCost(0.82, 0.30, 0.57, 1.73);
		ModelFit.Check random = ModelFit.check(own, 400,
				new ModelFit.Measured(400, 916.5, 436.0, cost, null, 0, 0.94, null, 1.0));
		ModelFit.Check bursty = ModelFit.check(own, 400,
				new ModelFit.Measured(400, 916.5, 436.0, cost, null, 0, 0.94, null, 15.8));
		assertThat(random.throughputRatio()).isLessThan(0.9);
		assertThat(random.burstyThroughput()).isCloseTo(random.predictedThroughput(),
				within(0.05 * random.predictedThroughput()));
		assertThat(bursty.burstyThroughput()).isEqualTo(Bursts.throughput(own.model(), 400, 15.8))
			.isLessThan(bursty.ownCpuThroughput());
		assertThat(916.5 / bursty.burstyThroughput()).isCloseTo(1, within(ModelFit.TOLERANCE));
		assertThat(bursty.leftOut()).isEqualTo(String.format(java.util.Locale.ROOT,
				"the load came in bursts: JMeter's sends per 20 ms varied 16× as much as random (Poisson) arrivals' "
						+ "at the same rate (index of dispersion), and mean value analysis queues random arrivals; with "
						+ "every CPU queue's wait lengthened by (1 + that index) / 2 (Kingman's approximation) it "
						+ "predicts %.0f req/s (%.2f×)",
				bursty.burstyThroughput(), 916.5 / bursty.burstyThroughput()));
		// random arrivals, or none read, leave the step out: the miss is named inside the
		// app
		assertThat(random.leftOut()).startsWith("requests waited inside the app where the model has no centre");
		assertThat(ModelFit.check(own, 400, new ModelFit.Measured(400, 916.5, 436.0, cost, null, 0, 0.94, null, null))
			.leftOut()).isEqualTo(random.leftOut());
	}

	@Test
	void errorsAndSlowStubsAreNamedWhenTheCpuDoesNotExplainTheMiss() {
		StackDemands delays = new StackDemands("mvc", 0, 0, 3, 100, 20, 1, StackDemands.SHARED, 0);
		assertThat(ModelFit.check(delays, 10, new ModelFit.Measured(10, 20.0, null, null, null, 0.05)).leftOut())
			.isEqualTo("5.0 % of requests failed; the model knows no failures");
		assertThat(ModelFit.check(delays, 10, new ModelFit.Measured(10, 20.0, null, null, 0.3, 0)).leftOut())
			.startsWith("the stubs answered 30 % slower than configured");
	}

}
