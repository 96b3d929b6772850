package dev.twinstack.bench.analysis.capacity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The search for a stack's capacity at the objective: a ladder of arrival rates from the
 * first rung, each {@value #STEP} times the last, up to the first failing rung; then a
 * bisection between the last pass P and the first fail F at their geometric mean √(P·F)
 * while F/P > {@value #CLOSE_ENOUGH}, for at most {@value #MAX_BISECTIONS} steps (1.5 →
 * 1.22 → 1.11 → 1.05); then confirmation trials, at most {@value #MAX_CONFIRMATIONS}: P
 * once more, and F once more. A rate passes only when every trial at it passed: a P that
 * fails its confirmation becomes the breaking rate and the capacity falls to the next
 * highest rate that passed, confirmed in turn while trials are left; an F that passes its
 * retry broke in one of two trials. One 10 s trial near the knee passes or fails by
 * chance; a second one halves that chance. A generator-bound rung, confirmation or not,
 * stops the search: its figures say nothing about the app. Pure: each rung is measured by
 * the function it is given.
 */
public final class CapacitySearch {

	/** Each ladder rung's rate over the last. */
	public static final double STEP = 1.5;

	/**
	 * The bisection stops once the failing rate is within this factor of the passing one.
	 */
	public static final double CLOSE_ENOUGH = 1.06;

	/** The most bisection steps. */
	public static final int MAX_BISECTIONS = 3;

	/** The most ladder rungs from 150 req/s: up to 150 × 1.5⁹ ≈ 5,766 req/s. */
	public static final int MAX_LADDER_RUNGS = 10;

	/**
	 * The most confirmation trials of one search: P and F once each, and one more when P
	 * fails its own (each a rung's time, about 16 s).
	 */
	public static final int MAX_CONFIRMATIONS = 3;

	private CapacitySearch() {
	}

	/**
	 * Measures one rung.
	 */
	@FunctionalInterface
	public interface Trial {

		/**
		 * Runs one trial at a rate.
		 * @param rate the arrival rate (req/s)
		 * @param number the trial's number at that rate: 1 for the ladder's or the
		 * bisection's, 2 for its confirmation
		 * @return what it measured
		 */
		RungOutcome at(int rate, int number);

	}

	/**
	 * Searches a stack's capacity.
	 * @param stack the stack's id
	 * @param startRate the first rung's rate (req/s)
	 * @param objective the objective in words
	 * @param limitMs the objective's limit (ms)
	 * @param trial measures one rung at a rate (req/s)
	 * @return the capacity, the breaking rate, what broke and every rung
	 */
	public static Capacity search(String stack, int startRate, String objective, double limitMs, Trial trial) {
		Rungs run = new Rungs(trial, limitMs);
		double rate = startRate;
		for (int i = 0; i < MAX_LADDER_RUNGS && run.lowestFailed() == null; i++) {
			if (!run.at((int) Math.round(rate), 1)) {
				return invalid(stack, objective, limitMs, run);
			}
			rate *= STEP;
		}
		for (int step = 0; step < MAX_BISECTIONS; step++) {
			Integer pass = run.highestPassed();
			Integer fail = run.lowestFailed();
			if (pass == null || fail == null || (double) fail / pass <= CLOSE_ENOUGH) {
				break;
			}
			int mid = (int) Math.round(Math.sqrt((double) pass * fail));
			if (mid <= pass || mid >= fail) {
				break;
			}
			if (!run.at(mid, 1)) {
				return invalid(stack, objective, limitMs, run);
			}
		}
		for (int left = MAX_CONFIRMATIONS; left > 0; left--) {
			Integer next = run.unconfirmed();
			if (next == null) {
				break;
			}
			if (!run.at(next, 2)) {
				return invalid(stack, objective, limitMs, run);
			}
		}
		Integer fail = run.lowestFailed();
		return new Capacity(stack, objective, limitMs, run.highestPassed(), fail,
				(fail != null) ? run.firstFailure.get(fail).whatBroke() : null, null, List.copyOf(run.rungs), 0, null);
	}

	/**
	 * The rungs of one search so far, judged per rate over every trial at it.
	 */
	private static final class Rungs {

		private final Trial trial;

		private final double limitMs;

		private final List<Capacity.Rung> rungs = new ArrayList<>();

		/** The first failing trial at each rate that failed one. */
		private final Map<Integer, RungOutcome> firstFailure = new LinkedHashMap<>();

		private RungOutcome bound;

		Rungs(Trial trial, double limitMs) {
			this.trial = trial;
			this.limitMs = limitMs;
		}

		/**
		 * Runs and judges one rung.
		 * @param rate the rate (req/s)
		 * @param number the trial's number at the rate
		 * @return {@code false} when it was generator-bound: the search ends
		 */
		boolean at(int rate, int number) {
			RungOutcome outcome = this.trial.at(rate, number);
			RungOutcome.Verdict verdict = outcome.verdict(this.limitMs);
			this.rungs.add(Capacity.Rung.of(outcome, verdict, number));
			if (verdict == RungOutcome.Verdict.GENERATOR_BOUND) {
				this.bound = outcome;
				return false;
			}
			if (verdict == RungOutcome.Verdict.FAIL) {
				this.firstFailure.putIfAbsent(rate, outcome);
			}
			return true;
		}

		/** The highest rate every trial of which passed, {@code null} for none. */
		Integer highestPassed() {
			return Capacity.highestPassed(this.rungs);
		}

		/** The lowest rate a trial of which failed, {@code null} for none. */
		Integer lowestFailed() {
			return Capacity.lowestFailed(this.rungs);
		}

		/**
		 * The rate to confirm next: the highest passing one, else the lowest failing one,
		 * when it ran one trial only.
		 */
		Integer unconfirmed() {
			Integer pass = highestPassed();
			if (pass != null && judged(pass) < 2) {
				return pass;
			}
			Integer fail = lowestFailed();
			return (fail != null && judged(fail) < 2) ? fail : null;
		}

		private long judged(int rate) {
			return this.rungs.stream()
				.filter((rung) -> rung.rate() == rate && rung.verdict() != RungOutcome.Verdict.GENERATOR_BOUND)
				.count();
		}

	}

	/**
	 * Ends a search at a generator-bound rung: the rates that passed every trial before
	 * it still passed, so the highest is kept as a lower bound.
	 */
	private static Capacity invalid(String stack, String objective, double limitMs, Rungs run) {
		RungOutcome outcome = run.bound;
		boolean confirmation = run.rungs.get(run.rungs.size() - 1).trial() > 1;
		return new Capacity(stack, objective, limitMs, run.highestPassed(), null, null,
				String.format(Locale.ROOT,
						"generator-bound at %d req/s%s (%.0f %% of the sends late while the service p99 met the "
								+ "objective): the load generator, not the app, set the latency",
						outcome.rate(), confirmation ? " on its confirmation trial" : "", outcome.lateShare() * 100),
				List.copyOf(run.rungs), 0, null);
	}

}
