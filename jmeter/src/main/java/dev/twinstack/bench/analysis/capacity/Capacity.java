package dev.twinstack.bench.analysis.capacity;

import java.util.List;
import java.util.Locale;

import dev.twinstack.bench.load.ScheduledLatency;

/**
 * One stack's capacity at the latency objective: the highest arrival rate it sustained
 * within the objective with errors under 1 % and the app alive, the rate where it broke,
 * and what broke first.
 *
 * @param stack the stack's id
 * @param objective the objective, e.g. {@code p99 <= 600 ms (2 × ideal 300 ms)}
 * @param limitMs the objective's limit (ms)
 * @param capacity the highest passing rate (req/s), {@code null} when no rung passed
 * @param brokeAt the lowest failing rate (req/s), {@code null} when no rung failed
 * @param broke what broke first at {@code brokeAt}, {@code null} when nothing broke
 * @param invalid why the search stopped without a result (a generator-bound rung),
 * {@code null} when valid
 * @param rungs every rung, in the order run
 * @param wallSeconds the search's wall time (s), 0 when not timed
 */
public record Capacity(String stack, String objective, double limitMs, Integer capacity, Integer brokeAt, String broke,
		String invalid, List<Rung> rungs, double wallSeconds) {

	/**
	 * Returns the same search with its wall time.
	 * @param seconds the wall time (s)
	 * @return the capacity
	 */
	public Capacity withWallSeconds(double seconds) {
		return new Capacity(this.stack, this.objective, this.limitMs, this.capacity, this.brokeAt, this.broke,
				this.invalid, this.rungs, seconds);
	}

	/**
	 * Words the capacity line of the verdict and the winners grid.
	 * @return e.g.
	 * {@code capacity 506 req/s at p99 <= 600 ms (2 × ideal 300 ms) (broke at 759: latency)}
	 */
	public String line() {
		if (this.invalid != null) {
			return "capacity not measured at " + this.objective + ": " + this.invalid;
		}
		String found = (this.capacity != null) ? "capacity " + this.capacity + " req/s"
				: "capacity below " + this.brokeAt + " req/s";
		String broken = (this.brokeAt != null) ? " (broke at " + this.brokeAt + ": " + this.broke + ")"
				: " (never broke up to the last rung)";
		return found + " at " + this.objective + broken;
	}

	/**
	 * One rung as the report lists it.
	 *
	 * @param rate the requested arrival rate (req/s)
	 * @param latencyMs the objective's percentile of the latency (ms)
	 * @param serviceP99Ms p99 from the actual send (ms)
	 * @param scheduled arrivals scheduled
	 * @param errors failed samples
	 * @param lateShare the share of late sends (0–1), {@code null} when not known
	 * @param appStatus what became of the app
	 * @param verdict pass, fail or generator-bound
	 */
	public record Rung(int rate, double latencyMs, double serviceP99Ms, long scheduled, long errors, Double lateShare,
			String appStatus, RungOutcome.Verdict verdict) {

		/**
		 * Keeps a rung's outcome and verdict.
		 * @param outcome what it measured
		 * @param verdict its judgement
		 * @return the rung
		 */
		public static Rung of(RungOutcome outcome, RungOutcome.Verdict verdict) {
			return new Rung(outcome.rate(), outcome.latencyMs(), outcome.serviceP99Ms(), outcome.scheduled(),
					outcome.errors(), outcome.lateShare(), outcome.appStatus(), verdict);
		}

		/**
		 * Describes the rung in a line of the console or the report.
		 * @return e.g.
		 * {@code 506 req/s: 412 ms (service p99 398 ms, 2 % sent > 10 ms late), 0 errors of 5313, app ok: pass}
		 */
		public String describe() {
			String late = (this.lateShare != null) ? String.format(Locale.ROOT, ", %.0f %% sent > %d ms late",
					100 * this.lateShare, ScheduledLatency.LATE_MS) : "";
			return String.format(Locale.ROOT, "%d req/s: %.0f ms (service p99 %.0f ms%s), %d errors of %d, app %s: %s",
					this.rate, this.latencyMs, this.serviceP99Ms, late, this.errors, this.scheduled, this.appStatus,
					this.verdict.name().toLowerCase(Locale.ROOT).replace('_', '-'));
		}

	}

}
