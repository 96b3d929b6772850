package dev.twinstack.bench.analysis;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.Comparator;
import java.util.List;

import dev.twinstack.bench.measure.Spread;

/**
 * Who served the most in one comparison (one workload, load and heap, every stack), and
 * whether that is a claim the figures carry. The rules, in order:
 * <ol>
 * <li>Stacks are ranked by their median steady throughput of successful requests.</li>
 * <li><b>Tie</b> when the leader's lowest trial is not above the runner-up's highest (the
 * trial ranges overlap: the difference is within the trial spread), or, with a single
 * trial on a side, when the margin is under {@value #NOISE_PERCENT} % (the noise of a
 * shared machine, as the generated analysis calls it).</li>
 * <li><b>Contested</b> when wrk ran both cells and ranks them the other way round: the
 * load generator, not the stack, may have set the order, so no claim is made.</li>
 * <li>Otherwise a <b>win</b> by the margin: leader ÷ runner-up − 1.</li>
 * </ol>
 */
public final class Winners {

	/** The least margin called a win when a side has one trial (%). */
	public static final int NOISE_PERCENT = 5;

	private Winners() {
	}

	/** What the comparison allows one to say. */
	public enum Call {

		/** One stack, beyond the spread and not contradicted by wrk. */
		WIN,

		/** Within the trial spread. */
		TIE,

		/** Beyond the spread, but wrk ranks the two the other way. */
		CONTESTED,

		/** Only one stack measured. */
		ALONE

	}

	/**
	 * One stack's figures in the comparison.
	 *
	 * @param stack the stack's id
	 * @param throughput steady throughput of successful requests over the trials (req/s)
	 * @param wrkThroughput wrk's throughput of the same cell (req/s), {@code null} when
	 * not cross-checked
	 * @param valid whether the cell's figures describe the stack
	 * ({@link Validity#valid()})
	 */
	public record Contender(String stack, Spread throughput, Double wrkThroughput, boolean valid) {
	}

	/**
	 * The outcome of a comparison.
	 *
	 * @param call what may be said
	 * @param leader the stack with the highest median
	 * @param runnerUp the next one, {@code null} when alone
	 * @param margin leader ÷ runner-up − 1 on the medians, 0 when alone
	 */
	public record Outcome(Call call, Contender leader, Contender runnerUp, double margin) {

		/**
		 * Tells whether both sides were cross-checked by wrk and wrk ranks them alike.
		 * @return {@code null} when wrk did not run both
		 */
		public Boolean wrkAgrees() {
			if (this.runnerUp == null || this.leader.wrkThroughput() == null || this.runnerUp.wrkThroughput() == null) {
				return null;
			}
			return this.leader.wrkThroughput() > this.runnerUp.wrkThroughput();
		}

		/**
		 * Returns the outcome in a few words for the winners grid.
		 * @return e.g. {@code webflux +12 %}, {@code tie (mvc-vt, webflux)},
		 * {@code contested (webflux +8 %, wrk: mvc-vt)}, {@code mvc alone}
		 */
		public String label() {
			return switch (this.call) {
				case WIN -> this.leader.stack() + fmt(" +%.0f %%", this.margin * 100);
				case TIE -> "tie (" + this.leader.stack() + ", " + this.runnerUp.stack() + ")";
				case CONTESTED -> fmt("contested (%s +%.0f %%, wrk: %s)", this.leader.stack(), this.margin * 100,
						this.runnerUp.stack());
				case ALONE -> this.leader.stack() + " alone";
			};
		}

	}

	/**
	 * Decides a comparison by the rules above.
	 * @param contenders one per stack, at least one
	 * @return the outcome
	 */
	public static Outcome decide(List<Contender> contenders) {
		if (contenders.isEmpty()) {
			throw new IllegalArgumentException("no stack to compare");
		}
		List<Contender> ranked = contenders.stream()
			.sorted(Comparator.comparingDouble((Contender c) -> c.throughput().median()).reversed())
			.toList();
		Contender leader = ranked.get(0);
		if (ranked.size() == 1) {
			return new Outcome(Call.ALONE, leader, null, 0);
		}
		Contender next = ranked.get(1);
		double margin = (next.throughput().median() > 0) ? leader.throughput().median() / next.throughput().median() - 1
				: Double.POSITIVE_INFINITY;
		boolean single = leader.throughput().trials() < 2 || next.throughput().trials() < 2;
		boolean withinSpread = single ? margin < NOISE_PERCENT / 100.0
				: leader.throughput().min() <= next.throughput().max();
		Outcome outcome = new Outcome(Call.TIE, leader, next, margin);
		if (withinSpread) {
			return outcome;
		}
		return new Outcome(Boolean.FALSE.equals(outcome.wrkAgrees()) ? Call.CONTESTED : Call.WIN, leader, next, margin);
	}

	/**
	 * Says why the leader served more, from the two cells' ceilings and CPU per request.
	 * @param leader the leader's id
	 * @param leaderCeiling the leader's ceilings
	 * @param leaderCpuMs the leader's app CPU per request (ms), {@code null} when unknown
	 * @param runnerUp the runner-up's id
	 * @param runnerUpCeiling the runner-up's ceilings
	 * @param runnerUpCpuMs the runner-up's app CPU per request (ms), {@code null} when
	 * unknown
	 * @return one clause, e.g. {@code both CPU-bound: webflux spends 1.97 ms of app CPU
	 * per request, mvc 3.39 ms}
	 */
	public static String why(String leader, Ceiling leaderCeiling, Double leaderCpuMs, String runnerUp,
			Ceiling runnerUpCeiling, Double runnerUpCpuMs) {
		String leaderBound = String.valueOf(leaderCeiling.boundBy());
		String runnerUpBound = String.valueOf(runnerUpCeiling.boundBy());
		if (runnerUpBound.equals("threads")) {
			return fmt("%s is capped by its %d worker threads (thread ceiling %.0f req/s)", runnerUp,
					runnerUpCeiling.threadCap(), runnerUpCeiling.threadCeiling());
		}
		if (leaderCpuMs != null && runnerUpCpuMs != null
				&& (leaderBound.equals("cpu") || runnerUpBound.equals("cpu"))) {
			return fmt("%s: %s spends %.2f ms of app CPU per request, %s %.2f ms",
					leaderBound.equals(runnerUpBound) ? "both CPU-bound" : runnerUp + " CPU-bound", leader, leaderCpuMs,
					runnerUp, runnerUpCpuMs);
		}
		if (leaderBound.equals("concurrency") && runnerUpBound.equals("concurrency")
				&& leaderCeiling.efficiency() != null && runnerUpCeiling.efficiency() != null) {
			return fmt("both bound by concurrency (Little's law): %s reached %.0f %% of its ceiling, %s %.0f %%",
					leader, leaderCeiling.efficiency() * 100, runnerUp, runnerUpCeiling.efficiency() * 100);
		}
		if (leaderCpuMs != null && runnerUpCpuMs != null) {
			return fmt("no downstream wait: CPU per request decides, %s %.2f ms, %s %.2f ms", leader, leaderCpuMs,
					runnerUp, runnerUpCpuMs);
		}
		return "bound by " + leaderBound + " and " + runnerUpBound;
	}

}
