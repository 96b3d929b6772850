package dev.twinstack.bench.queueing;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class MvaTests {

	/**
	 * Jain, <i>The Art of Computer Systems Performance Analysis</i> (Wiley, 1991),
	 * Example 34.2 and its Table 34.1: a timesharing system, CPU 0.125 s × 16 visits,
	 * disk A 0.3 s × 10, disk B 0.2 s × 5, think time 4 s, 1 to 20 users.
	 */
	@Test
	void reproducesJainExample34_2() {
		List<Mva.Point> points = Mva.solve(
				List.of(Centre.queue("cpu", 2000, 1), Centre.queue("disk A", 3000, 1), Centre.queue("disk B", 1000, 1)),
				4000, 20);
		// users, system response time (s), throughput (jobs/s), queue lengths CPU, A, B
		double[][] table = { { 1, 6.000, 0.100, 0.200, 0.300, 0.100 }, { 2, 7.400, 0.175, 0.421, 0.684, 0.193 },
				{ 3, 9.088, 0.229, 0.651, 1.158, 0.273 }, { 4, 11.051, 0.266, 0.878, 1.721, 0.338 },
				{ 5, 13.256, 0.290, 1.088, 2.365, 0.388 }, { 17, 47.045, 0.333, 1.974, 13.195, 0.499 },
				{ 18, 50.032, 0.333, 1.981, 14.187, 0.499 }, { 19, 53.022, 0.333, 1.987, 15.181, 0.500 },
				{ 20, 56.016, 0.333, 1.991, 16.177, 0.500 } };
		for (double[] row : table) {
			Mva.Point point = points.get((int) row[0] - 1);
			assertThat(point.population()).isEqualTo((int) row[0]);
			assertThat(point.responseMs() / 1000).isCloseTo(row[1], within(0.0006));
			assertThat(point.throughput()).isCloseTo(row[2], within(0.0006));
			assertThat(point.load("cpu").queueLength()).isCloseTo(row[3], within(0.0006));
			assertThat(point.load("disk A").queueLength()).isCloseTo(row[4], within(0.0006));
			assertThat(point.load("disk B").queueLength()).isCloseTo(row[5], within(0.0006));
		}
		// per-visit response time of the CPU at 2 users, Table 34.1: 0.150 s
		assertThat(points.get(1).load("cpu").residenceMs() / 16).isCloseTo(150, within(0.5));
	}

	/**
	 * Lazowska, Zahorjan, Graham and Sevcik, <i>Quantitative System Performance</i>
	 * (Prentice Hall, 1984), ch. 6, p. 117: CPU 121 visits × 5 ms, disk 1 70 × 30 ms,
	 * disk 2 50 × 27 ms, think time 15 s, 3 users. The queue lengths at N = 3 (0.0976,
	 * 0.3947, 0.2350) as the libmva regression suite (test0.cc, "Lazowska, Ch 6, Page
	 * 117") checks them.
	 */
	@Test
	void reproducesLazowskaChapter6Example() {
		Mva.Point point = Mva
			.solve(List.of(Centre.queue("cpu", 605, 1), Centre.queue("disk 1", 2100, 1),
					Centre.queue("disk 2", 1350, 1)), 15000, 3)
			.get(2);
		assertThat(point.load("cpu").queueLength()).isCloseTo(0.0976, within(0.0001));
		assertThat(point.load("disk 1").queueLength()).isCloseTo(0.3947, within(0.0001));
		assertThat(point.load("disk 2").queueLength()).isCloseTo(0.2350, within(0.0001));
		// Little's law on the loop: N = X (R + Z)
		assertThat(point.throughput() * (point.responseMs() + 15000) / 1000).isCloseTo(3, within(1e-9));
		assertThat(point.load("disk 1").utilisation()).isCloseTo(point.throughput() * 2.1, within(1e-12));
	}

	@Test
	void oneRequestTakesTheSumOfTheDemands() {
		Mva.Point point = Mva
			.solve(List.of(Centre.queue("cpu", 4, 1), Centre.queue("cores", 6, 2), Centre.delay("downstream", 300)), 50,
					1)
			.get(0);
		assertThat(point.responseMs()).isCloseTo(310, within(1e-9));
		assertThat(point.throughput()).isCloseTo(1000.0 / 360, within(1e-9));
	}

	/**
	 * Two equal queueing centres of 10 ms, no think time, solved by hand. N = 1: R = 20
	 * ms, Q = 0.5 each. N = 2: R_k = 10 (1 + 0.5) = 15 ms, R = 30 ms, X = 2 / 30 ms =
	 * 66.7 req/s. The product form agrees: the states (2,0), (1,1), (0,2) are equally
	 * likely, so each centre is busy 2/3 of the time and X = (2/3) / 10 ms.
	 */
	@Test
	void solvesTwoEqualCentresAsByHand() {
		Mva.Point point = Mva.solve(List.of(Centre.queue("a", 10, 1), Centre.queue("b", 10, 1)), 0, 2).get(1);
		assertThat(point.responseMs()).isCloseTo(30, within(1e-9));
		assertThat(point.throughput()).isCloseTo(2000.0 / 30, within(1e-9));
		assertThat(point.load("a").utilisation()).isCloseTo(2.0 / 3, within(1e-9));
		assertThat(point.load("a").queueLength()).isCloseTo(1, within(1e-9));
	}

	/**
	 * The asymptotic bounds (Lazowska et al. 1984, ch. 5): X(N) ≤ min(N / (D + Z), 1 /
	 * D_max), R(N) ≥ max(D, N · D_max − Z), and X approaches 1 / D_max.
	 */
	@Test
	void staysWithinTheAsymptoticBoundsAndReachesTheBottleneck() {
		List<Mva.Point> points = Mva
			.solve(List.of(Centre.queue("cpu", 5, 1), Centre.queue("disk", 8, 1), Centre.delay("net", 100)), 200, 400);
		for (Mva.Point point : points) {
			int n = point.population();
			assertThat(point.throughput()).isLessThanOrEqualTo(Math.min(n * 1000.0 / 313, 1000.0 / 8) + 1e-9);
			assertThat(point.responseMs()).isGreaterThanOrEqualTo(Math.max(113, n * 8 - 200) - 1e-9);
		}
		assertThat(points.get(399).throughput()).isCloseTo(125, within(0.01));
		assertThat(points.get(399).load("disk").utilisation()).isCloseTo(1, within(0.0001));
	}

	@Test
	void delayCentresNeverQueue() {
		Mva.Point point = Mva.solve(List.of(Centre.delay("downstream", 300)), 0, 400).get(399);
		assertThat(point.throughput()).isCloseTo(400 / 0.3, within(1e-9));
		assertThat(point.responseMs()).isCloseTo(300, within(1e-9));
	}

	@Test
	void rejectsAnEmptyNetworkAndNonPositivePopulations() {
		assertThatIllegalArgumentException().isThrownBy(() -> Mva.solve(List.of(), 0, 1))
			.withMessageContaining("at least one centre");
		assertThatIllegalArgumentException().isThrownBy(() -> Mva.solve(List.of(Centre.delay("d", 1)), 0, 0))
			.withMessageContaining("population is 0");
		assertThatIllegalArgumentException().isThrownBy(() -> Centre.queue("cpu", -1, 1))
			.withMessageContaining("demand of centre 'cpu' is -1.0 ms");
	}

}
