package dev.twinstack.bench.analysis.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.twinstack.bench.load.ErrorsPerSecond;
import dev.twinstack.bench.load.JtlAnalysis;
import dev.twinstack.bench.load.LatencyStats;
import dev.twinstack.bench.load.ScheduledLatency;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The capacity search on fake rungs: a stack whose latency climbs past the objective at a
 * known rate.
 */
class CapacitySearchTests {

	private static final double LIMIT_MS = 600;

	private static final String OBJECTIVE = "p99 <= 600 ms";

	/** The rates of the first trials, in the order run. */
	private final List<Integer> tried = new ArrayList<>();

	/** The rates of the confirmation trials, in the order run. */
	private final List<Integer> confirmed = new ArrayList<>();

	/** A stack that keeps the objective up to {@code capacity} req/s, then queues. */
	private CapacitySearch.Trial stack(int capacity) {
		return (rate, number) -> {
			((number == 1) ? this.tried : this.confirmed).add(rate);
			double p99 = (rate <= capacity) ? 400 : 900;
			return new RungOutcome(rate, p99, p99, rate * 10L, 0, null, 0.0, "ok", null);
		};
	}

	@Test
	void climbsTheLadderThenBisectsGeometrically() {
		Capacity capacity = CapacitySearch.search("mvc", 150, OBJECTIVE, LIMIT_MS, stack(600));
		// 150 × 1.5^k: 150, 225, 338, 506 pass, 759 fails; then √(506 × 759) = 620 fails,
		// √(506 × 620) = 560 passes, √(560 × 620) = 589 passes: 620 / 589 < 1.06
		assertThat(this.tried).containsExactly(150, 225, 338, 506, 759, 620, 560, 589);
		// then P and F once more each
		assertThat(this.confirmed).containsExactly(589, 620);
		assertThat(capacity.capacity()).isEqualTo(589);
		assertThat(capacity.brokeAt()).isEqualTo(620);
		assertThat(capacity.broke()).isEqualTo("latency");
		assertThat(capacity.invalid()).isNull();
		assertThat(capacity.confirmed()).isTrue();
		assertThat(capacity.rungs()).extracting(Capacity.Rung::verdict)
			.containsExactly(RungOutcome.Verdict.PASS, RungOutcome.Verdict.PASS, RungOutcome.Verdict.PASS,
					RungOutcome.Verdict.PASS, RungOutcome.Verdict.FAIL, RungOutcome.Verdict.FAIL,
					RungOutcome.Verdict.PASS, RungOutcome.Verdict.PASS, RungOutcome.Verdict.PASS,
					RungOutcome.Verdict.FAIL);
		assertThat(capacity.rungs()).extracting(Capacity.Rung::trial).containsExactly(1, 1, 1, 1, 1, 1, 1, 1, 2, 2);
		assertThat(capacity.line())
			.isEqualTo("capacity 589 req/s (passed 2 of 2) at p99 <= 600 ms (broke at 620 in 2 of 2 trials: latency)");
	}

	@Test
	void bisectsAtMostThreeTimesAndStopsWithin6Percent() {
		for (int real : new int[] { 160, 200, 300, 480, 700, 1000, 1500, 3000 }) {
			this.tried.clear();
			this.confirmed.clear();
			Capacity capacity = CapacitySearch.search("webflux", 150, OBJECTIVE, LIMIT_MS, stack(real));
			int ladder = this.tried.indexOf(capacity.rungs()
				.stream()
				.filter((rung) -> rung.verdict() == RungOutcome.Verdict.FAIL)
				.findFirst()
				.orElseThrow()
				.rate()) + 1;
			assertThat(this.tried.size() - ladder).as("bisections for %d", real).isLessThanOrEqualTo(3);
			assertThat(capacity.capacity()).as("capacity for %d", real).isLessThanOrEqualTo(real);
			assertThat(capacity.brokeAt()).isGreaterThan(real);
			// the true capacity lies in [capacity, brokeAt): within 1.5^(1/8) ≈ 5.2 %
			// after three steps
			assertThat((double) capacity.brokeAt() / capacity.capacity()).as("F/P for %d", real)
				.isLessThanOrEqualTo(1.06);
			assertThat(this.tried).doesNotHaveDuplicates();
			assertThat(this.confirmed).containsExactly(capacity.capacity(), capacity.brokeAt());
		}
	}

	@Test
	void aRateThatFailsItsConfirmationDemotesTheCapacity() {
		// 589 passes its first trial, fails its second: the capacity falls to 560, which
		// is confirmed in turn; 589 is now where it broke, in one of two trials
		Capacity capacity = CapacitySearch.search("mvc", 150, OBJECTIVE, LIMIT_MS,
				confirming(stack(600), (rate) -> (rate == 589) ? 700.0 : null));
		assertThat(this.confirmed).containsExactly(589, 560);
		assertThat(capacity.capacity()).isEqualTo(560);
		assertThat(capacity.brokeAt()).isEqualTo(589);
		assertThat(capacity.confirmed()).isTrue();
		assertThat(capacity.trials()).contains(new Capacity.RateTrials(560, 2, 0, 0),
				new Capacity.RateTrials(589, 1, 1, 0), new Capacity.RateTrials(620, 0, 1, 0));
		assertThat(capacity.line())
			.isEqualTo("capacity 560 req/s (passed 2 of 2) at p99 <= 600 ms (broke at 589 in 1 of 2 trials: latency)");
		// Gatling checks the new capacity, not the rate that lost it
		assertThat(capacity.checkedRates()).containsExactly(225, 560);
	}

	@Test
	void aBreakingRateThatPassesItsRetryBrokeInOneOfTwoTrials() {
		Capacity capacity = CapacitySearch.search("mvc", 150, OBJECTIVE, LIMIT_MS,
				confirming(stack(600), (rate) -> (rate == 620) ? 450.0 : null));
		assertThat(this.confirmed).containsExactly(589, 620);
		// the capacity stays the highest rate that passed every trial
		assertThat(capacity.capacity()).isEqualTo(589);
		assertThat(capacity.brokeAt()).isEqualTo(620);
		assertThat(capacity.line())
			.isEqualTo("capacity 589 req/s (passed 2 of 2) at p99 <= 600 ms (broke at 620 in 1 of 2 trials: latency)");
	}

	@Test
	void aSearchOutOfConfirmationTrialsSaysItsCapacityIsUnconfirmed() {
		// every confirmation fails: 589, 560, 506 lose their pass, three trials spent
		Capacity capacity = CapacitySearch.search("mvc", 150, OBJECTIVE, LIMIT_MS,
				confirming(stack(600), (rate) -> 900.0));
		assertThat(this.confirmed).hasSize(CapacitySearch.MAX_CONFIRMATIONS).containsExactly(589, 560, 506);
		assertThat(capacity.capacity()).isEqualTo(338);
		assertThat(capacity.brokeAt()).isEqualTo(506);
		assertThat(capacity.confirmed()).isFalse();
		assertThat(capacity.line())
			.isEqualTo("capacity 338 req/s (passed 1 of 1, UNCONFIRMED: no confirmation trial left) at p99 <= 600 ms "
					+ "(broke at 506 in 1 of 2 trials: latency)");
	}

	@Test
	void aGeneratorBoundConfirmationStopsTheSearch() {
		// 589's confirmation sent late: the trial says nothing about the app, the search
		// stops with 589 as an unconfirmed lower bound, and 620 is not retried
		Capacity capacity = CapacitySearch.search("mvc", 150, OBJECTIVE, LIMIT_MS, (rate, number) -> {
			((number == 1) ? this.tried : this.confirmed).add(rate);
			if (number == 2) {
				return new RungOutcome(rate, 900, 350, rate * 10L, 0, null, 0.08, "ok", null);
			}
			return stack(600).at(rate, 1);
		});
		assertThat(this.confirmed).containsExactly(589);
		assertThat(capacity.capacity()).isEqualTo(589);
		assertThat(capacity.brokeAt()).isNull();
		assertThat(capacity.confirmed()).isFalse();
		assertThat(capacity.rungs().get(capacity.rungs().size() - 1).verdict())
			.isEqualTo(RungOutcome.Verdict.GENERATOR_BOUND);
		assertThat(capacity.line())
			.isEqualTo("capacity at least 589 req/s (passed 1 of 1, unconfirmed) at p99 <= 600 ms, the search stopped: "
					+ "generator-bound at 589 req/s on its confirmation trial (8 % of the sends late while the service "
					+ "p99 met the objective): the load generator, not the app, set the latency");
		// the breaking rate's retry generator-bound: the capacity was confirmed before
		this.confirmed.clear();
		Capacity retried = CapacitySearch.search("mvc", 150, OBJECTIVE, LIMIT_MS, (rate, number) -> {
			((number == 1) ? this.tried : this.confirmed).add(rate);
			if (number == 2 && rate == 620) {
				return new RungOutcome(rate, 900, 350, rate * 10L, 0, null, 0.08, "ok", null);
			}
			return stack(600).at(rate, 1);
		});
		assertThat(this.confirmed).containsExactly(589, 620);
		assertThat(retried.confirmed()).isTrue();
		assertThat(retried.line()).startsWith("capacity at least 589 req/s (passed 2 of 2) at p99 <= 600 ms, the "
				+ "search stopped: generator-bound at 620 req/s on its confirmation trial");
	}

	/**
	 * A stack whose confirmation trials read another latency where one is given.
	 * @param first the stack's first trials
	 * @param second the latency of a rate's confirmation (ms), {@code null} for the
	 * first's
	 */
	private CapacitySearch.Trial confirming(CapacitySearch.Trial first, java.util.function.IntFunction<Double> second) {
		return (rate, number) -> {
			RungOutcome outcome = first.at(rate, number);
			Double latency = (number > 1) ? second.apply(rate) : null;
			return (latency != null) ? new RungOutcome(rate, latency, latency, rate * 10L, 0, null, 0.0, "ok", null)
					: outcome;
		};
	}

	@Test
	void failingTheFirstRungLeavesNoCapacity() {
		Capacity capacity = CapacitySearch.search("mvc", 150, OBJECTIVE, LIMIT_MS, stack(100));
		assertThat(this.tried).containsExactly(150);
		assertThat(this.confirmed).containsExactly(150);
		assertThat(capacity.capacity()).isNull();
		assertThat(capacity.brokeAt()).isEqualTo(150);
		assertThat(capacity.confirmed()).isFalse();
		assertThat(capacity.line()).startsWith("capacity below 150 req/s at p99 <= 600 ms (broke at 150 in 2 of 2");
	}

	@Test
	void aGeneratorBoundRungStopsTheSearchAsInvalid() {
		Capacity capacity = CapacitySearch.search("mvc", 150, OBJECTIVE, LIMIT_MS, (rate, number) -> {
			this.tried.add(rate);
			// at 338: the latency over the limit, but 8 % of sends late and the service
			// time fine: the generator's delay
			return (rate < 300) ? new RungOutcome(rate, 300, 300, rate * 10L, 0, null, 0.0, "ok", null)
					: new RungOutcome(rate, 900, 350, rate * 10L, 0, null, 0.08, "ok", null);
		});
		assertThat(this.tried).containsExactly(150, 225, 338);
		assertThat(capacity.capacity()).as("the rungs that passed before still passed: a lower bound").isEqualTo(225);
		assertThat(capacity.brokeAt()).isNull();
		assertThat(capacity.invalid()).startsWith("generator-bound at 338 req/s (8 % of the sends late");
		assertThat(capacity.rungs().get(2).verdict()).isEqualTo(RungOutcome.Verdict.GENERATOR_BOUND);
		// no confirmation after it: the search stopped
		assertThat(capacity.line()).startsWith(
				"capacity at least 225 req/s (passed 1 of 1, unconfirmed) at p99 <= 600 ms, the search stopped: "
						+ "generator-bound at 338 req/s (8 %");
		// late sends with a slow service too: the app's failure, not the generator's
		assertThat(new RungOutcome(338, 900, 700, 3380, 0, null, 0.08, "ok", null).verdict(LIMIT_MS))
			.isEqualTo(RungOutcome.Verdict.FAIL);
		// late sends that leave the objective met: reported, the rung passes
		assertThat(new RungOutcome(338, 470, 460, 3380, 0, null, 0.09, "ok", null).verdict(LIMIT_MS))
			.isEqualTo(RungOutcome.Verdict.PASS);
	}

	@Test
	void aRungPassesOnlyWithinTheObjectiveUnder1PercentErrorsAndTheAppAlive() {
		assertThat(new RungOutcome(300, 600, 600, 3000, 29, null, null, "ok", null).verdict(LIMIT_MS))
			.isEqualTo(RungOutcome.Verdict.PASS);
		assertThat(new RungOutcome(300, 601, 601, 3000, 0, null, null, "ok", null).verdict(LIMIT_MS))
			.isEqualTo(RungOutcome.Verdict.FAIL);
		assertThat(new RungOutcome(300, 100, 100, 3000, 30, null, null, "ok", null).verdict(LIMIT_MS))
			.isEqualTo(RungOutcome.Verdict.FAIL);
		assertThat(new RungOutcome(300, 100, 100, 3000, 0, null, null, "oom", null).verdict(LIMIT_MS))
			.isEqualTo(RungOutcome.Verdict.FAIL);
	}

	@Test
	void saysWhatBrokeFirst() {
		// the app before errors before latency
		assertThat(new RungOutcome(500, 5000, 5000, 5000, 900, "refused", null, "oom", null).whatBroke())
			.isEqualTo("app oom");
		assertThat(new RungOutcome(500, 5000, 5000, 5000, 50, "reset", null, "ok", null).whatBroke())
			.isEqualTo("errors: reset");
		assertThat(new RungOutcome(500, 5000, 5000, 5000, 50, null, null, "ok", null).whatBroke()).isEqualTo("errors");
		assertThat(new RungOutcome(500, 5000, 5000, 5000, 49, "reset", null, "ok", "app CPU 97 % of its 1 core")
			.whatBroke()).isEqualTo("latency (app CPU 97 % of its 1 core)");
		// the search reports the lowest failing rung's
		Capacity capacity = CapacitySearch.search("mvc", 150, OBJECTIVE, LIMIT_MS,
				(rate, number) -> (rate <= 225) ? new RungOutcome(rate, 300, 300, rate * 10L, 0, null, null, "ok", null)
						: (rate > 300) ? new RungOutcome(rate, 300, 300, rate * 10L, 0, null, null, "crashed", null)
								: new RungOutcome(rate, 300, 300, rate * 10L, rate, "http-503", null, "ok", null));
		// 338 crashed; then 276, 249 and 237 had errors
		assertThat(capacity.brokeAt()).isEqualTo(237);
		assertThat(capacity.broke()).isEqualTo("errors: http-503");
	}

	@Test
	void namesTheResourceAtItsLimit() {
		assertThat(RungOutcome.resourceAtLimit(0.95, 1, 0.5, 3.0, 1.0)).isEqualTo("app CPU 95 % of its 1 core");
		assertThat(RungOutcome.resourceAtLimit(0.5, 1, 0.2, 3.0, null)).isEqualTo("GC pauses 20 % of the time");
		assertThat(RungOutcome.resourceAtLimit(0.5, 1, 0.0, 3.0, null))
			.isEqualTo("downstream connection pool: up to 3 waiting");
		assertThat(RungOutcome.resourceAtLimit(null, 1, null, null, 2.0))
			.isEqualTo("MongoDB connection pool: up to 2 waiting");
		assertThat(RungOutcome.resourceAtLimit(0.89, 1, 0.1, 0.0, 0.0)).isNull();
	}

	@Test
	void readsARungFromItsJtlAnalysis() {
		LatencyStats latency = new LatencyStats(3000, 1, 310, 20, 305, 310, 315, 320, 340, 380, 450, 620, 900, 1000);
		JtlAnalysis analysis = new JtlAnalysis(latency, null, List.of(), 12, 0, 0);
		RungOutcome outcome = RungOutcome.of(300, 99, analysis, 2900, Map.of("reset", 4L, "timeout", 8L), "ok", null);
		assertThat(outcome.latencyMs()).isEqualTo(620);
		assertThat(outcome.errors()).isEqualTo(12);
		// more samples than the estimate scheduled: the samples count
		assertThat(outcome.scheduled()).isEqualTo(3000);
		assertThat(outcome.topErrorKind()).isEqualTo("timeout");
		assertThat(RungOutcome.of(300, 95, analysis, 2900, null, "ok", null).latencyMs()).isEqualTo(380);
		assertThat(RungOutcome.of(300, 99.9, analysis, 2900, null, "ok", null).latencyMs()).isEqualTo(900);
		// no answer at all fails
		JtlAnalysis none = new JtlAnalysis(LatencyStats.NONE, null, List.of(), 0, 0, 0);
		assertThat(RungOutcome.of(300, 99, none, 3000, null, "ok", null).verdict(LIMIT_MS))
			.isEqualTo(RungOutcome.Verdict.FAIL);
	}

	@Test
	void readsTheIntendedLatencyWhenTheJtlHoldsTheSchedule() {
		LatencyStats service = new LatencyStats(3000, 1, 310, 20, 305, 310, 315, 320, 340, 380, 450, 420, 900, 1000);
		LatencyStats intended = new LatencyStats(3000, 1, 400, 90, 320, 330, 340, 350, 500, 700, 900, 1400, 1900, 2000);
		JtlAnalysis analysis = new JtlAnalysis(service, null, List.of(), 0, 0, 0, null, null, Map.of(),
				ErrorsPerSecond.NONE, new ScheduledLatency(intended, 3000, 30, 250));
		RungOutcome outcome = RungOutcome.of(300, 99, analysis, 3000, Map.of(), "ok", null);
		// the objective is judged on the latency from the intended send time
		assertThat(outcome.latencyMs()).isEqualTo(1400);
		assertThat(outcome.serviceP99Ms()).isEqualTo(420);
		assertThat(outcome.lateShare()).isEqualTo(0.01);
		assertThat(outcome.verdict(LIMIT_MS)).isEqualTo(RungOutcome.Verdict.FAIL);
		// 10 % sent late while the service time met the objective: the generator's doing
		JtlAnalysis lateSends = new JtlAnalysis(service, null, List.of(), 0, 0, 0, null, null, Map.of(),
				ErrorsPerSecond.NONE, new ScheduledLatency(intended, 3000, 300, 250));
		assertThat(RungOutcome.of(300, 99, lateSends, 3000, Map.of(), "ok", null).verdict(LIMIT_MS))
			.isEqualTo(RungOutcome.Verdict.GENERATOR_BOUND);
		// 40 of 3,040 arrivals never sent: more than the 1 % tail of p99, so over any
		// objective
		assertThat(RungOutcome.of(300, 99, analysis, 3040, Map.of(), "ok", null).latencyMs())
			.isEqualTo(JtlAnalysis.MAX_TRACKED_MS);
		// 20 of 3,020 never sent: within the tail, the measured percentile stands
		assertThat(RungOutcome.of(300, 99, analysis, 3020, Map.of(), "ok", null).latencyMs()).isEqualTo(1400);
	}

}
