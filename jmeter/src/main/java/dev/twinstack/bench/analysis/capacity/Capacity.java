package dev.twinstack.bench.analysis.capacity;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.twinstack.bench.analysis.CrossCheck;
import dev.twinstack.bench.analysis.OpenCrossCheck;
import dev.twinstack.bench.measure.storage.Storage;

import dev.twinstack.bench.load.ScheduledLatency;

/**
 * One stack's capacity at the latency objective: the highest arrival rate it sustained
 * within the objective with errors under 1 % and the app alive in every trial at it, the
 * rate where it broke, and what broke first ({@link CapacitySearch}).
 *
 * @param stack the stack's id
 * @param objective the objective, e.g. {@code p99 <= 600 ms (2 × ideal 300 ms)}
 * @param limitMs the objective's limit (ms)
 * @param capacity the highest rate every trial of which passed (req/s), {@code null} when
 * none did
 * @param brokeAt the lowest rate a trial of which failed (req/s), {@code null} when no
 * rung failed
 * @param broke what broke first at {@code brokeAt} (its first failing trial),
 * {@code null} when nothing broke
 * @param invalid why the search stopped before a failing rung (a generator-bound rung;
 * {@code capacity} is then a lower bound), {@code null} when valid
 * @param rungs every rung, in the order run
 * @param wallSeconds the search's wall time (s), 0 when not timed
 * @param gatling the independent open-model check of the capacity and the rung near its
 * half, {@code null} when none was tried (no capacity found)
 */
public record Capacity(String stack, String objective, double limitMs, Integer capacity, Integer brokeAt, String broke,
		String invalid, List<Rung> rungs, double wallSeconds, Gatling gatling) {

	/**
	 * Returns the same search with its wall time.
	 * @param seconds the wall time (s)
	 * @return the capacity
	 */
	public Capacity withWallSeconds(double seconds) {
		return new Capacity(this.stack, this.objective, this.limitMs, this.capacity, this.brokeAt, this.broke,
				this.invalid, this.rungs, seconds, this.gatling);
	}

	/**
	 * Returns the same search with its open-model check.
	 * @param check the check, or why it was not made
	 * @return the capacity
	 */
	public Capacity withGatling(Gatling check) {
		return new Capacity(this.stack, this.objective, this.limitMs, this.capacity, this.brokeAt, this.broke,
				this.invalid, this.rungs, this.wallSeconds, check);
	}

	/**
	 * Returns the rates the open-model check runs: the capacity P, and the passing rate
	 * nearest P / 2 (the lower of two as near), lowest first.
	 * @return the rates (req/s); only P when no other rate passed, none without a
	 * capacity
	 */
	public List<Integer> checkedRates() {
		if (this.capacity == null) {
			return List.of();
		}
		double half = this.capacity / 2.0;
		return trials().stream()
			.filter((rate) -> rate.passedAll() && rate.rate() < this.capacity)
			.map(RateTrials::rate)
			.min(Comparator.comparingDouble((Integer rate) -> Math.abs(rate - half))
				.thenComparing(Comparator.naturalOrder()))
			.map((near) -> List.of(near, this.capacity))
			.orElse(List.of(this.capacity));
	}

	/**
	 * Returns the trials at each rate tried, lowest rate first.
	 * @return the counts per rate
	 */
	@JsonProperty(access = JsonProperty.Access.READ_ONLY)
	public List<RateTrials> trials() {
		return tally(this.rungs);
	}

	/**
	 * Tells whether the capacity passed a confirmation trial as well as its first.
	 * @return {@code false} without a capacity, or when its one trial is all there is
	 * (the search ran out of confirmation trials, or stopped)
	 */
	@JsonProperty(access = JsonProperty.Access.READ_ONLY)
	public boolean confirmed() {
		return this.capacity != null
				&& trials().stream().anyMatch((rate) -> rate.rate() == this.capacity && rate.passed() >= 2);
	}

	/**
	 * Words the capacity line of the verdict and the winners grid.
	 * @return e.g.
	 * {@code capacity 506 req/s (passed 2 of 2) at p99 <= 600 ms (2 × ideal 300 ms) (broke at 759 in 2 of 2 trials: latency)}
	 */
	public String line() {
		if (this.invalid != null) {
			return (this.capacity != null)
					? "capacity at least " + this.capacity + " req/s (" + passed(this.capacity) + ") at "
							+ this.objective + ", the search stopped: " + this.invalid
					: "capacity not measured at " + this.objective + ": " + this.invalid;
		}
		String found = (this.capacity != null) ? "capacity " + this.capacity + " req/s (" + passed(this.capacity) + ")"
				: "capacity below " + this.brokeAt + " req/s";
		String broken = (this.brokeAt != null)
				? " (broke at " + this.brokeAt + " in " + at(this.brokeAt).failedOf() + ": " + this.broke + ")"
				: " (never broke up to the last rung)";
		return found + " at " + this.objective + broken;
	}

	/**
	 * Words the trials of the capacity, unconfirmed ones said so.
	 * @return e.g. {@code passed 2 of 2} or
	 * {@code passed 1 of 1, UNCONFIRMED: no confirmation trial left}
	 */
	private String passed(int rate) {
		RateTrials trials = at(rate);
		return trials.passedOf() + (confirmed() ? ""
				: (this.invalid != null) ? ", unconfirmed" : ", UNCONFIRMED: no confirmation trial left");
	}

	private RateTrials at(int rate) {
		return trials().stream().filter((trials) -> trials.rate() == rate).findFirst().orElseThrow();
	}

	/**
	 * Returns the highest rate every judged trial of which passed.
	 * @param rungs the rungs
	 * @return the rate (req/s), {@code null} when none
	 */
	static Integer highestPassed(List<Rung> rungs) {
		return tally(rungs).stream()
			.filter(RateTrials::passedAll)
			.map(RateTrials::rate)
			.max(Comparator.naturalOrder())
			.orElse(null);
	}

	/**
	 * Returns the lowest rate a trial of which failed.
	 * @param rungs the rungs
	 * @return the rate (req/s), {@code null} when none
	 */
	static Integer lowestFailed(List<Rung> rungs) {
		return tally(rungs).stream()
			.filter((rate) -> rate.failed() > 0)
			.map(RateTrials::rate)
			.min(Comparator.naturalOrder())
			.orElse(null);
	}

	/**
	 * Counts the trials at each rate.
	 * @param rungs the rungs
	 * @return the counts, lowest rate first
	 */
	static List<RateTrials> tally(List<Rung> rungs) {
		Map<Integer, RateTrials> byRate = new TreeMap<>();
		rungs.forEach((rung) -> byRate.merge(rung.rate(), RateTrials.of(rung), RateTrials::plus));
		return List.copyOf(byRate.values());
	}

	/**
	 * The trials at one rate: a rate passes only when every judged trial at it passed.
	 *
	 * @param rate the arrival rate (req/s)
	 * @param passed trials that passed
	 * @param failed trials that failed
	 * @param generatorBound trials the load generator set the latency of: not judged
	 */
	public record RateTrials(int rate, int passed, int failed, int generatorBound) {

		static RateTrials of(Rung rung) {
			return new RateTrials(rung.rate(), (rung.verdict() == RungOutcome.Verdict.PASS) ? 1 : 0,
					(rung.verdict() == RungOutcome.Verdict.FAIL) ? 1 : 0,
					(rung.verdict() == RungOutcome.Verdict.GENERATOR_BOUND) ? 1 : 0);
		}

		RateTrials plus(RateTrials other) {
			return new RateTrials(this.rate, this.passed + other.passed, this.failed + other.failed,
					this.generatorBound + other.generatorBound);
		}

		/**
		 * Tells whether the rate passed: at least one judged trial, every one a pass.
		 * @return {@code true} when it passed
		 */
		public boolean passedAll() {
			return this.passed > 0 && this.failed == 0;
		}

		/**
		 * Counts the judged trials.
		 * @return passed and failed
		 */
		public int judged() {
			return this.passed + this.failed;
		}

		/**
		 * Words the passes.
		 * @return e.g. {@code passed 2 of 2}
		 */
		public String passedOf() {
			return "passed " + this.passed + " of " + judged();
		}

		/**
		 * Words the failures.
		 * @return e.g. {@code 1 of 2 trials}, {@code 1 of 1 trial}
		 */
		public String failedOf() {
			return this.failed + " of " + judged() + ((judged() == 1) ? " trial" : " trials");
		}

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
	 * @param trial the trial's number at its rate: 1 for the ladder's or the bisection's,
	 * 2 for its confirmation (1 in results written before confirmations, read as 0)
	 */
	public record Rung(int rate, double latencyMs, double serviceP99Ms, long scheduled, long errors, Double lateShare,
			String appStatus, RungOutcome.Verdict verdict, int trial) {

		/**
		 * Creates a rung; trial 0 (results written before confirmations) is the first.
		 * @param rate the rate (req/s)
		 * @param latencyMs the objective's percentile (ms)
		 * @param serviceP99Ms p99 from the actual send (ms)
		 * @param scheduled arrivals scheduled
		 * @param errors failed samples
		 * @param lateShare the share of late sends, or {@code null}
		 * @param appStatus what became of the app
		 * @param verdict its judgement
		 * @param trial its number at its rate
		 */
		public Rung {
			trial = Math.max(1, trial);
		}

		/**
		 * Keeps a rung's outcome and verdict.
		 * @param outcome what it measured
		 * @param verdict its judgement
		 * @param trial its number at its rate: 1 first, 2 confirmation
		 * @return the rung
		 */
		public static Rung of(RungOutcome outcome, RungOutcome.Verdict verdict, int trial) {
			return new Rung(outcome.rate(), outcome.latencyMs(), outcome.serviceP99Ms(), outcome.scheduled(),
					outcome.errors(), outcome.lateShare(), outcome.appStatus(), verdict, trial);
		}

		/**
		 * Tells whether the rung confirmed an earlier trial at its rate.
		 * @return {@code true} from the second trial at a rate on
		 */
		public boolean confirmation() {
			return this.trial > 1;
		}

		/**
		 * Describes the rung in a line of the console or the report.
		 * @return e.g.
		 * {@code 506 req/s: 412 ms (service p99 398 ms, 2 % sent > 10 ms late), 0 errors of 5313, app ok: pass},
		 * {@code 506 req/s, confirmation: …} for a second trial
		 */
		public String describe() {
			String late = (this.lateShare != null) ? String.format(Locale.ROOT, ", %.0f %% sent > %d ms late",
					100 * this.lateShare, ScheduledLatency.LATE_MS) : "";
			return String.format(Locale.ROOT,
					"%d req/s%s: %.0f ms (service p99 %.0f ms%s), %d errors of %d, app %s: %s", this.rate,
					confirmation() ? ", confirmation" : "", this.latencyMs, this.serviceP99Ms, late, this.errors,
					this.scheduled, this.appStatus, this.verdict.name().toLowerCase(Locale.ROOT).replace('_', '-'));
		}

	}

	/**
	 * The independent open-model check of a capacity: Gatling's open injection at the
	 * capacity and at the passing rung nearest its half, in one JVM after the search
	 * ({@code dev.twinstack.bench.load.opencheck.OpenCheck}).
	 *
	 * @param checks a comparison per checked rung, lowest rate first; empty when not
	 * checked
	 * @param storage for a storing workload, the documents stored under Gatling's request
	 * ids against its acknowledged answers (warm-up included), {@code null} otherwise
	 * @param notChecked why the check was not made, {@code null} when it was
	 */
	public record Gatling(List<Check> checks, Storage storage, String notChecked) {

		/**
		 * Creates a check; a missing list of checks is empty.
		 * @param checks the comparisons
		 * @param storage stored against acknowledged, or {@code null}
		 * @param notChecked why not, or {@code null}
		 */
		public Gatling {
			checks = (checks != null) ? List.copyOf(checks) : List.of();
		}

		/**
		 * Returns a check that could not be made.
		 * @param why the reason, e.g. {@code open-check is not built}
		 * @return the check
		 */
		public static Gatling notChecked(String why) {
			return new Gatling(List.of(), null, why);
		}

		/**
		 * Words the check for the capacity line.
		 * @return e.g. {@code Gatling agrees within ±10 % at 255 and 510 req/s}, or each
		 * flagged rung with both figures, or {@code Gatling not checked: <why>}; with
		 * {@code ; stored 1,200 / acknowledged 1,210: integrity FAILED} when documents
		 * are missing or stored twice
		 */
		public String line() {
			if (this.notChecked != null) {
				return "Gatling not checked: " + this.notChecked;
			}
			List<Check> flagged = this.checks.stream().filter((check) -> !check.agrees()).toList();
			String figures = flagged.isEmpty()
					? "Gatling agrees within ±" + CrossCheck.TOLERANCE_PERCENT + " % at "
							+ rates(this.checks.stream().map(Check::rate).toList()) + " req/s"
					: flagged.stream().map(Check::describe).collect(Collectors.joining("; "));
			if (this.storage != null && !this.storage.verified()) {
				figures += String.format(Locale.ROOT,
						"; Gatling's documents: stored %d / acknowledged %d, %d missing, %d stored twice: "
								+ "integrity FAILED",
						this.storage.stored(), this.storage.acknowledged(), this.storage.acknowledgedNotStored(),
						this.storage.duplicates());
			}
			return figures;
		}

		/**
		 * Tells whether the check was made, agreed at every rung and, for a storing
		 * workload, found every acknowledged document stored once.
		 * @return {@code false} when flagged, failed or not made
		 */
		public boolean agrees() {
			return this.notChecked == null && !this.checks.isEmpty() && this.checks.stream().allMatch(Check::agrees)
					&& (this.storage == null || this.storage.verified());
		}

		private static String rates(List<Integer> rates) {
			if (rates.size() < 2) {
				return rates.stream().map(String::valueOf).collect(Collectors.joining());
			}
			return rates.subList(0, rates.size() - 1).stream().map(String::valueOf).collect(Collectors.joining(", "))
					+ " and " + rates.get(rates.size() - 1);
		}

	}

	/**
	 * One rung checked by Gatling: the bench's p50 and p99 from the intended send time
	 * beside Gatling's at the same rate ({@link OpenCrossCheck}).
	 *
	 * @param rate the rung's arrival rate (req/s)
	 * @param benchP50Ms the bench's intended p50 of the rung (ms)
	 * @param benchP99Ms the bench's intended p99 of the rung (ms)
	 * @param gatlingP50Ms Gatling's p50 at the rate (ms)
	 * @param gatlingP99Ms Gatling's p99 at the rate (ms)
	 */
	public record Check(int rate, double benchP50Ms, double benchP99Ms, double gatlingP50Ms, double gatlingP99Ms) {

		/**
		 * Tells whether both of the bench's figures are within
		 * {@value CrossCheck#TOLERANCE_PERCENT} % of Gatling's.
		 * @return {@code false} when the rung is flagged
		 */
		@JsonProperty
		public boolean agrees() {
			return !OpenCrossCheck.flags(this.benchP50Ms, this.benchP99Ms, this.gatlingP50Ms, this.gatlingP99Ms);
		}

		/**
		 * Words a flagged rung with both figures.
		 * @return e.g.
		 * {@code 510 req/s: bench p50 320 ms, p99 580 ms; Gatling p50 300 ms, p99 450 ms — outside ±10 %}
		 */
		public String describe() {
			return String.format(Locale.ROOT,
					"%d req/s: bench p50 %.0f ms, p99 %.0f ms; Gatling p50 %.0f ms, p99 %.0f " + "ms%s", this.rate,
					this.benchP50Ms, this.benchP99Ms, this.gatlingP50Ms, this.gatlingP99Ms,
					agrees() ? "" : " — outside ±" + CrossCheck.TOLERANCE_PERCENT + " %");
		}

	}

}
