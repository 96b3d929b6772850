package dev.twinstack.bench.queueing;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Seidmann's approximation of an m-server centre against exact results: the finite-source
 * M/M/m//N queue (one m-server centre and clients with think time Z), and, for a large N,
 * the open M/M/m queue (Erlang C). The error bounds asserted are the ones {@link Mva}
 * documents.
 */
class SeidmannTests {

	private static final double DEMAND_MS = 10;

	@Test
	void isExactForOneRequestAndAtSaturation() {
		List<Mva.Point> points = Mva.solve(List.of(Centre.queue("cpu", 40, 4)), 0, 1000);
		assertThat(points.get(0).responseMs()).isCloseTo(40, within(1e-9));
		assertThat(points.get(999).throughput()).isCloseTo(4 * 1000.0 / 40, within(1e-6));
		assertThat(points.get(999).load("cpu").utilisation()).isCloseTo(1, within(1e-6));
	}

	@Test
	void staysWithinItsDocumentedErrorAgainstTheExactClosedQueue() {
		for (int servers : new int[] { 2, 4, 8 }) {
			assertWorstErrors(servers, 10 * DEMAND_MS, 0.02, 0.17);
			assertWorstErrors(servers, 2 * DEMAND_MS, 0.06, 0.17);
			assertWorstErrors(servers, 0.001 * DEMAND_MS, 0.21, 0.26);
		}
	}

	/**
	 * Open M/M/2 at 50 % utilisation: exact R = D / (1 − ρ²) = 13.33 ms (Erlang C: the
	 * probability of waiting is 2ρ² / (1 + ρ) = 1/3); Seidmann's R = D/2 + (D/2) / (1 −
	 * ρ) = 15 ms, 12.5 % high. A closed loop of 2000 clients that think 20 s approximates
	 * the open arrivals of 100 req/s.
	 */
	@Test
	void overstatesTheOpenTwoServerQueueByAnEighthAtHalfLoad() {
		Mva.Point point = Mva.solve(List.of(Centre.queue("cpu", DEMAND_MS, 2)), 20_000 - 15, 2000).get(1999);
		assertThat(point.load("cpu").utilisation()).isCloseTo(0.5, within(0.001));
		assertThat(point.responseMs()).isCloseTo(15, within(0.02));
		assertThat(point.responseMs() / ExactQueues.openResponseMs(2, DEMAND_MS, point.load("cpu").utilisation()))
			.isCloseTo(1.125, within(0.002));
	}

	@Test
	void overstatesTheOpenQueueByAtMostItsDocumentedError() {
		for (int servers : new int[] { 2, 4, 8 }) {
			double worst = 0;
			// up to 89 %: nearer saturation 2000 clients no longer look like open
			// arrivals
			for (int percent = 5; percent < 90; percent += 3) {
				double arrivalsPerMs = percent / 100.0 * servers / DEMAND_MS;
				Mva.Point point = Mva
					.solve(List.of(Centre.queue("cpu", DEMAND_MS, servers)), 2000 / arrivalsPerMs, 2000)
					.get(1999);
				double ratio = point.responseMs()
						/ ExactQueues.openResponseMs(servers, DEMAND_MS, point.load("cpu").utilisation());
				assertThat(ratio).isBetween(1 - 1e-3, 1.17);
				worst = Math.max(worst, ratio);
			}
			assertThat(worst).as("worst ratio for m = %d", servers).isGreaterThan(1.11);
		}
	}

	private static void assertWorstErrors(int servers, double thinkMs, double throughputLow, double responseHigh) {
		List<Mva.Point> points = Mva.solve(List.of(Centre.queue("cpu", DEMAND_MS, servers)), thinkMs, 200);
		for (Mva.Point point : points) {
			double exact = ExactQueues.finiteSourceThroughput(servers, DEMAND_MS, thinkMs, point.population());
			double exactResponseMs = point.population() * 1000 / exact - thinkMs;
			assertThat(point.throughput() / exact)
				.as("X at m = %d, Z = %s, N = %d", servers, thinkMs, point.population())
				.isBetween(1 - throughputLow, 1 + 1e-9);
			assertThat(point.responseMs() / exactResponseMs)
				.as("R at m = %d, Z = %s, N = %d", servers, thinkMs, point.population())
				.isBetween(1 - 1e-9, 1 + responseHigh);
		}
	}

}
