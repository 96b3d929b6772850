package dev.twinstack.bench.queueing;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class BurstsTests {

	/** The bench's shape pinned: the app on 1 core, the harness on the other. */
	private static final ClosedModel PINNED = new ClosedModel(List.of(Centre.queue("app cpu", 1.0, 1),
			Centre.queue("harness cpu", 1.2, 1), Centre.delay("downstream", 310)), 0, ClosedModel.NO_LIMIT);

	/** The bench's shape unpinned: app and harness on 2 shared cores. */
	private static final ClosedModel SHARED = new ClosedModel(
			List.of(Centre.queue("cpu", 2.2, 2), Centre.delay("downstream", 310)), 0, ClosedModel.NO_LIMIT);

	/**
	 * Kingman's factor with Poisson arrivals (c_a² = 1) is exact for M/G/1: the
	 * Pollaczek–Khinchine mean wait, ρ S (1 + c_s²) / (2 (1 − ρ)) (Kleinrock, <i>Queueing
	 * Systems</i> vol. 1, 1975, ch. 5): M/M/1's ρ S / (1 − ρ) at c_s² = 1, half of it for
	 * M/D/1 (c_s² = 0).
	 */
	@Test
	void theWaitIsPollaczekKhinchinesWithPoissonArrivals() {
		double service = 2;
		for (double rho : new double[] { 0.1, 0.5, 0.8, 0.95 }) {
			assertThat(Bursts.waitMs(service, rho, (1 + 1) / 2.0)).isCloseTo(rho * service / (1 - rho), within(1e-12));
			assertThat(Bursts.waitMs(service, rho, (1 + 0) / 2.0)).isCloseTo(rho * service / (2 * (1 - rho)),
					within(1e-12));
		}
		assertThat(Bursts.waitMs(service, 1, 1)).isInfinite();
		assertThat(Bursts.factor(1)).isEqualTo(1);
		assertThat(Bursts.factor(9)).isEqualTo(5);
	}

	@Test
	void randomArrivalsLandNearExactMeanValueAnalysis() {
		for (ClosedModel model : List.of(PINNED, SHARED)) {
			List<Mva.Point> exact = Mva.solve(model.centres(), 0, 2000);
			for (int n : new int[] { 1, 10, 50, 100, 200, 300, 400, 800, 2000 }) {
				double mva = exact.get(n - 1).throughput();
				assertThat(Bursts.throughput(model, n, 1) / mva).as("N = %d", n).isCloseTo(1, within(0.05));
			}
			// one request alone: 1 / ΣD, exactly
			double total = model.centres().stream().mapToDouble(Centre::demandMs).sum();
			assertThat(Bursts.throughput(model, 1, 1)).isCloseTo(1000 / total, within(1e-6));
		}
	}

	/**
	 * Jain, <i>The Art of Computer Systems Performance Analysis</i> (1991), Example 34.2:
	 * three queues of 1–3 s against a think time of 4 s, 1 to 20 users (the think time as
	 * a delay centre). With a few clients whose demands match their think time the open
	 * fixed point lies furthest below exact mean value analysis, as documented.
	 */
	@Test
	void aFewClientsWithDemandsNearTheirThinkTimeAreWhereItIsLeastExact() {
		List<Centre> centres = List.of(Centre.queue("cpu", 2000, 1), Centre.queue("disk A", 3000, 1),
				Centre.queue("disk B", 1000, 1), Centre.delay("think", 4000));
		ClosedModel jain = new ClosedModel(centres, 0, ClosedModel.NO_LIMIT);
		List<Mva.Point> exact = Mva.solve(centres, 0, 20);
		double worst = 1;
		for (int n = 1; n <= 20; n++) {
			double ratio = Bursts.throughput(jain, n, 1) / (exact.get(n - 1).throughput());
			assertThat(ratio).as("N = %d", n).isLessThanOrEqualTo(1 + 1e-9).isGreaterThan(0.87);
			worst = Math.min(worst, ratio);
		}
		assertThat(Bursts.throughput(jain, 1, 1) / (exact.get(0).throughput())).isCloseTo(1, within(1e-9));
		assertThat(worst).isLessThan(0.90);
	}

	@Test
	void burstsLowerTheThroughputMostNearTheKneeAndNeverPastTheCapacity() {
		double capacity = 1000 / 1.2;
		double previous = Double.POSITIVE_INFINITY;
		for (double dispersion : new double[] { 1, 5, 10, 25 }) {
			double x = Bursts.throughput(PINNED, 300, dispersion);
			assertThat(x).isLessThan(previous).isLessThan(capacity);
			previous = x;
		}
		// at N* = (D + Z) / D_max, about 260 here, bursts cost the most; far beyond it
		// the
		// bottleneck saturates whatever the arrivals do
		double knee = Bursts.throughput(PINNED, 300, 9) / Bursts.throughput(PINNED, 300, 1);
		double beyond = Bursts.throughput(PINNED, 5000, 9) / Bursts.throughput(PINNED, 5000, 1);
		assertThat(knee).isLessThan(0.95);
		assertThat(beyond).isCloseTo(1, within(0.01));
		assertThat(Bursts.throughput(PINNED, 5000, 9)).isCloseTo(capacity, within(capacity * 0.01));
	}

	@Test
	void theWorkerThreadsHoldAtMostTheirNumber() {
		ClosedModel tomcat = new ClosedModel(PINNED.centres(), 0, 200);
		assertThat(Bursts.throughput(tomcat, 400, 5)).isEqualTo(Bursts.throughput(PINNED, 200, 5));
		assertThat(Bursts.throughput(tomcat, 100, 5)).isEqualTo(Bursts.throughput(PINNED, 100, 5));
	}

	@Test
	void rejectsWhatItCannotSolve() {
		assertThatIllegalArgumentException().isThrownBy(() -> Bursts.throughput(PINNED, 100, -1))
			.withMessageContaining("index of dispersion is -1.0; expected a finite number >= 0");
		assertThatIllegalArgumentException().isThrownBy(() -> Bursts.throughput(PINNED, 100, Double.NaN))
			.withMessageContaining("expected a finite number >= 0");
		assertThatIllegalArgumentException().isThrownBy(() -> Bursts.throughput(PINNED, 0, 1))
			.withMessageContaining("concurrency is 0; expected 1 or more");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Bursts.throughput(new ClosedModel(PINNED.centres(), 5, 0), 100, 1))
			.withMessageContaining("think time is 5.0 ms; expected 0");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Bursts
				.throughput(new ClosedModel(List.of(Centre.delay("nothing", 0)), 0, ClosedModel.NO_LIMIT), 10, 1))
			.withMessageContaining("expected more than 0");
	}

}
