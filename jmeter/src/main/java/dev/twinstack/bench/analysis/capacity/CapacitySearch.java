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
		List<Capacity.Rung> rungs = new ArrayList<>();
		Integer pass = null;
		RungOutcome fail = null;
		double rate = startRate;
		for (int i = 0; i < MAX_LADDER_RUNGS && fail == null; i++) {
			int r = (int) Math.round(rate);
			RungOutcome outcome = rung.apply(r);
			RungOutcome.Verdict verdict = outcome.verdict(limitMs);
			rungs.add(Capacity.Rung.of(outcome, verdict));
			if (verdict == RungOutcome.Verdict.GENERATOR_BOUND) {
				return invalid(stack, objective, limitMs, pass, rungs, outcome);
			}
			if (verdict == RungOutcome.Verdict.PASS) {
				pass = r;
				rate *= STEP;
			}
			else {
				fail = outcome;
			}
		}
		for (int step = 0; pass != null && fail != null && step < MAX_BISECTIONS
				&& (double) fail.rate() / pass > CLOSE_ENOUGH; step++) {
			int mid = (int) Math.round(Math.sqrt((double) pass * fail.rate()));
			if (mid <= pass || mid >= fail.rate()) {
				break;
			}
			RungOutcome outcome = rung.apply(mid);
			RungOutcome.Verdict verdict = outcome.verdict(limitMs);
			rungs.add(Capacity.Rung.of(outcome, verdict));
			if (verdict == RungOutcome.Verdict.GENERATOR_BOUND) {
				return invalid(stack, objective, limitMs, pass, rungs, outcome);
			}
			if (verdict == RungOutcome.Verdict.PASS) {
				pass = mid;
			}
			else {
				fail = outcome;
			}
		}
		return new Capacity(stack, objective, limitMs, pass, (fail != null) ? fail.rate() : null,
				(fail != null) ? fail.whatBroke() : null, null, List.copyOf(rungs), 0, null);
	}

	/**
	 * Ends a search at a generator-bound rung: the rates that passed before it still
	 * passed, so the highest is kept as a lower bound.
	 */
	private static Capacity invalid(String stack, String objective, double limitMs, Integer pass,
			List<Capacity.Rung> rungs, RungOutcome outcome) {
		return new Capacity(stack, objective, limitMs, pass, null, null,
				String.format(java.util.Locale.ROOT,
						"generator-bound at %d req/s (%.0f %% of the sends late while the service p99 met the "
								+ "objective): the load generator, not the app, set the latency",
						outcome.rate(), outcome.lateShare() * 100),
				List.copyOf(rungs), 0, null);
	}

}
