package dev.twinstack.bench.queueing;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ClosedModelTests {

	private static final List<Centre> APP = List.of(Centre.queue("app cpu", 1, 2), Centre.delay("downstream", 300));

	/**
	 * Without think time the T threads hold T requests, the rest wait: X(N) = X(T) and
	 * R(N) = N / X(N) (Little's law) for N above T.
	 */
	@Test
	void threadsHoldThroughputAtItsValueForTheirCountWithoutThinkTime() {
		List<Mva.Point> free = Mva.solve(APP, 0, 400);
		List<Mva.Point> limited = new ClosedModel(APP, 0, 200).solve(400);
		Mva.Point at400 = limited.get(399);
		assertThat(at400.throughput()).isCloseTo(free.get(199).throughput(), within(1e-9));
		assertThat(at400.responseMs()).isCloseTo(400 * 1000 / at400.throughput(), within(1e-9));
		assertThat(at400.load(ClosedModel.THREADS).utilisation()).isCloseTo(1, within(1e-12));
		assertThat(at400.load(ClosedModel.THREADS).queueLength()).isCloseTo(200, within(1e-9));
		assertThat(at400.throughput()).isCloseTo(200 / 0.301, within(1.0)); // the thread
																			// ceiling T /
																			// D
		assertThat(limited.get(99).throughput()).isCloseTo(free.get(99).throughput(), within(1e-9));
		assertThat(limited.get(99).load(ClosedModel.THREADS).queueLength()).isZero();
	}

	/**
	 * One single-server centre serves one request at a time anyway: any limit is exact.
	 */
	@Test
	void aLimitChangesNothingForOneSingleServerCentre() {
		List<Centre> disk = List.of(Centre.queue("disk", 10, 1));
		List<Mva.Point> free = Mva.solve(disk, 50, 30);
		List<Mva.Point> limited = new ClosedModel(disk, 50, 1).solve(30);
		for (int n = 0; n < 30; n++) {
			assertThat(limited.get(n).throughput()).isCloseTo(free.get(n).throughput(), within(1e-9));
			assertThat(limited.get(n).responseMs()).isCloseTo(free.get(n).responseMs(), within(1e-9));
		}
	}

	/** T threads in front of a delay centre are T servers: the exact M/M/T//N queue. */
	@Test
	void threadsInFrontOfADelayAreServersOfTheFiniteSourceQueue() {
		ClosedModel model = new ClosedModel(List.of(Centre.delay("downstream", 100)), 200, 5);
		List<Mva.Point> points = model.solve(40);
		for (Mva.Point point : points) {
			assertThat(point.throughput())
				.isCloseTo(ExactQueues.finiteSourceThroughput(5, 100, 200, point.population()), within(1e-9));
		}
		assertThat(points.get(39).throughput()).isCloseTo(50, within(0.5)); // 5 threads /
																			// 100 ms
	}

	@Test
	void boundsNameConcurrencyThreadsAndEachQueueingCentre() {
		ClosedModel model = new ClosedModel(List.of(Centre.queue("app cpu", 4, 1), Centre.queue("harness cpu", 2, 1),
				Centre.delay("downstream", 300)), 0, 200);
		assertThat(model.bounds(400)).containsExactly(new Bound(ClosedModel.CONCURRENCY, 400 * 1000.0 / 306),
				new Bound(ClosedModel.THREADS, 200 * 1000.0 / 306), new Bound("app cpu", 250),
				new Bound("harness cpu", 500));
	}

	@Test
	void bindingCeilingMovesFromConcurrencyToThreadsToCpu() {
		ClosedModel model = new ClosedModel(List.of(Centre.queue("cpu", 0.5, 2), Centre.delay("downstream", 300)), 0,
				200);
		List<Prediction> predictions = model.predict(10, 400, 20_000);
		assertThat(predictions.get(0).binding().name()).isEqualTo(ClosedModel.CONCURRENCY);
		assertThat(predictions.get(0).throughput()).isCloseTo(10 * 1000 / 300.5, within(0.01));
		assertThat(predictions.get(1).binding().name()).isEqualTo(ClosedModel.THREADS);
		assertThat(predictions.get(1).throughput()).isCloseTo(200 * 1000 / 300.5, within(1.0));
		ClosedModel unlimited = new ClosedModel(model.centres(), 0, ClosedModel.NO_LIMIT);
		Prediction crowded = unlimited.predict(20_000).get(0);
		assertThat(crowded.binding()).isEqualTo(new Bound("cpu", 4000));
		assertThat(crowded.throughput()).isCloseTo(4000, within(1.0));
		assertThat(crowded.throughput()).isLessThanOrEqualTo(4000);
	}

}
