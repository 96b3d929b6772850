package dev.twinstack.bench.queueing;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

/**
 * The network of stations with visit counts, against a published example and the bench's
 * own harness.
 */
class StationTests {

	/**
	 * Jain, <i>The Art of Computer Systems Performance Analysis</i> (1991), Example 34.2,
	 * Table 34.1, by visits: CPU 16 visits of 0.125 s, disk A 10 of 0.3 s, disk B 5 of
	 * 0.2 s, think time 4 s. The table's response time per visit: 0.125, 0.300, 0.200 s
	 * with 1 user, 0.150, 0.390, 0.220 s with 2; with 3, S (1 + Q(2)) from its queue
	 * lengths at 2 users (0.421, 0.684, 0.193): 0.1776, 0.5052, 0.2386 s, and the system
	 * response time 9.088 s.
	 */
	@Test
	void reproducesJainsResponseTimesPerVisit() {
		List<Station> stations = List.of(new Station("cpu", "cpu", 16, 2000), new Station("disk A", "disk A", 10, 3000),
				new Station("disk B", "disk B", 5, 1000));
		List<Centre> centres = Station.centres(stations, Map.of("cpu", 1, "disk A", 1, "disk B", 1));
		List<Prediction> predictions = new ClosedModel(centres, 4000, ClosedModel.NO_LIMIT).predict(1, 2, 3);
		double[][] perVisitSeconds = { { 0.125, 0.300, 0.200 }, { 0.150, 0.390, 0.220 }, { 0.1776, 0.5052, 0.2386 } };
		for (int n = 0; n < 3; n++) {
			List<Station.Residence> residences = Station.residences(stations, predictions.get(n));
			for (int s = 0; s < 3; s++) {
				assertThat(residences.get(s).perVisitMs() / 1000).as("N=%d %s", n + 1, stations.get(s).name())
					.isCloseTo(perVisitSeconds[n][s], within(0.0005));
			}
		}
		assertThat(predictions.get(2).latencyMs() / 1000).isCloseTo(9.088, within(0.001));
	}

	/**
	 * Stations on the same cores share one queue: their centre's demand is the sum of
	 * theirs, and each waits as long per unit of CPU, whatever its visits.
	 */
	@Test
	void stationsOnTheSameCoresShareOneQueue() {
		List<Station> stations = List.of(new Station("JMeter", "harness cpu", 2, 0.3),
				new Station("mock-services", "harness cpu", 4, 0.6));
		List<Centre> centres = Station.centres(stations, Map.of("harness cpu", 1));
		assertThat(centres).hasSize(1);
		assertThat(centres.get(0).name()).isEqualTo("harness cpu");
		assertThat(centres.get(0).demandMs()).isCloseTo(0.9, within(1e-12));
		List<Centre> network = List.of(centres.get(0), Centre.delay("downstream", 300));
		Prediction p = new ClosedModel(network, 0, ClosedModel.NO_LIMIT).predict(300).get(0);
		List<Station.Residence> r = Station.residences(stations, p);
		assertThat(r.get(0).residenceMs() + r.get(1).residenceMs()).isCloseTo(p.loads().get(0).residenceMs(),
				within(1e-9));
		// the same wait per ms of CPU: JMeter's 0.15 ms bursts and the mocks' 0.15 ms
		assertThat(r.get(0).waitPerVisitMs()).isCloseTo(r.get(1).waitPerVisitMs(), within(1e-9));
		assertThatIllegalArgumentException().isThrownBy(() -> Station.centres(stations, Map.of("app cpu", 1)))
			.withMessageContaining("no cores given for centre 'harness cpu'");
	}

	/**
	 * The bench's harness core, pinned apart from the app's and busier than it: its queue
	 * is predicted, binds the throughput, and each visit of JMeter and the mocks waits
	 * for it.
	 */
	@Test
	void theHarnessCoresQueueShowsUpInThePrediction() {
		// app 0.6 ms on its core; JMeter 0.45 ms and mock-services 0.9 ms on theirs
		StackDemands pinned = new StackDemands("webflux", 0.6, 1.35, 3, 100, 6, 1, 1, 0);
		List<Station> stations = pinned.stations(1.0 / 3);
		assertThat(stations).extracting(Station::name, Station::centre, Station::visits)
			.containsExactly(org.assertj.core.groups.Tuple.tuple("app", "app cpu", 5),
					org.assertj.core.groups.Tuple.tuple("JMeter", "harness cpu", 2),
					org.assertj.core.groups.Tuple.tuple("mock-services", "harness cpu", 4));
		Prediction p = pinned.predict(400).get(0);
		assertThat(p.binding().name()).isEqualTo(StackDemands.HARNESS_CPU);
		// without the harness's queue the app alone would serve the Little's-law ceiling
		Prediction appAlone = new StackDemands("webflux", 0.6, 0, 3, 100, 6, 1, StackDemands.SHARED, 0).predict(400)
			.get(0);
		assertThat(p.throughput()).isLessThan(0.6 * appAlone.throughput());
		List<Station.Residence> r = Station.residences(stations, p);
		// JMeter and the mocks wait for their core on every visit, far longer than the
		// app
		// waits for its own
		assertThat(r.get(1).waitPerVisitMs()).isGreaterThan(10 * r.get(0).waitPerVisitMs()).isGreaterThan(1);
		assertThat(r.get(1).residenceMs() + r.get(2).residenceMs()).isCloseTo(p.loads().get(1).residenceMs(),
				within(1e-9));
	}

	@Test
	void unpinnedTheHarnessSharesTheAppsCores() {
		StackDemands shared = new StackDemands("mvc", 1.0, 1.5, 3, 100, 6, 2, StackDemands.SHARED, 200);
		assertThat(shared.stations(0.4)).allSatisfy((s) -> assertThat(s.centre()).isEqualTo(StackDemands.CPU));
		assertThat(shared.centres().get(0)).isEqualTo(Centre.queue(StackDemands.CPU, 2.5, 2));
	}

}
