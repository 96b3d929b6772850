package dev.twinstack.bench.analysis.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The search for a stack's capacity at the objective: a ladder of arrival rates from the
 * first rung, each {@value #STEP} times the last, up to the first failing rung; then a
 * bisection between the last pass P and the first fail F at their geometric mean √(P·F)
 * while F/P > {@value #CLOSE_ENOUGH}, for at most {@value #MAX_BISECTIONS} steps (1.5 →
 * 1.22 → 1.11 → 1.05). A generator-bound rung stops the search: its figures say nothing
 * about the app. Pure: each rung is measured by the function it is given.
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

	private CapacitySearch() {
	}

	/**
	 * Searches a stack's capacity.
	 * @param stack the stack's id
	 * @param startRate the first rung's rate (req/s)
	 * @param objective the objective in words
	 * @param limitMs the objective's limit (ms)
	 * @param rung measures one rung at a rate (req/s)
	 * @return the capacity, the breaking rate, what broke and every rung
	 */
	public static Capacity search(String stack, int startRate, String objective, double limitMs,
			IntFunction<RungOutcome> rung) {
		Rungs run = new Rungs(rung, limitMs);
		double rate = startRate;
		for (int i = 0; i < MAX_LADDER_RUNGS && run.fail == null; i++) {
			if (!run.at((int) Math.round(rate))) {
				return invalid(stack, objective, limitMs, run);
			}
			rate *= STEP;
		}
		for (int step = 0; run.pass != null && run.fail != null && step < MAX_BISECTIONS
				&& (double) run.fail.rate() / run.pass > CLOSE_ENOUGH; step++) {
			int mid = (int) Math.round(Math.sqrt((double) run.pass * run.fail.rate()));
			if (mid <= run.pass || mid >= run.fail.rate()) {
				break;
			}
			if (!run.at(mid)) {
				return invalid(stack, objective, limitMs, run);
			}
		}
		return new Capacity(stack, objective, limitMs, run.pass, (run.fail != null) ? run.fail.rate() : null,
				(run.fail != null) ? run.fail.whatBroke() : null, null, List.copyOf(run.rungs), 0, null);
	}

	/**
	 * The rungs of one search so far: the highest passing rate, the lowest failing rung,
	 * the generator-bound rung that ended it.
	 */
	private static final class Rungs {

		private final IntFunction<RungOutcome> rung;

		private final double limitMs;

		private final List<Capacity.Rung> rungs = new ArrayList<>();

		private Integer pass;

		private RungOutcome fail;

		private RungOutcome bound;

		Rungs(IntFunction<RungOutcome> rung, double limitMs) {
			this.rung = rung;
			this.limitMs = limitMs;
		}

		/**
		 * Runs and judges one rung.
		 * @param rate the rate (req/s)
		 * @return {@code false} when it was generator-bound: the search ends
		 */
		boolean at(int rate) {
			RungOutcome outcome = this.rung.apply(rate);
			RungOutcome.Verdict verdict = outcome.verdict(this.limitMs);
			this.rungs.add(Capacity.Rung.of(outcome, verdict));
			if (verdict == RungOutcome.Verdict.GENERATOR_BOUND) {
				this.bound = outcome;
				return false;
			}
			if (verdict == RungOutcome.Verdict.PASS) {
				this.pass = rate;
			}
			else {
				this.fail = outcome;
			}
			return true;
		}

	}

	/**
	 * Ends a search at a generator-bound rung: the rates that passed before it still
	 * passed, so the highest is kept as a lower bound.
	 */
	private static Capacity invalid(String stack, String objective, double limitMs, Rungs run) {
		RungOutcome outcome = run.bound;
		return new Capacity(stack, objective, limitMs, run.pass, null, null,
				String.format(java.util.Locale.ROOT,
						"generator-bound at %d req/s (%.0f %% of the sends late while the service p99 met the "
								+ "objective): the load generator, not the app, set the latency",
						outcome.rate(), outcome.lateShare() * 100),
				List.copyOf(run.rungs), 0, null);
	}

}
