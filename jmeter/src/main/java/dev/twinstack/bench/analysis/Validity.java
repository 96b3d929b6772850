package dev.twinstack.bench.analysis;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.ArrayList;
import java.util.List;

import dev.twinstack.bench.matrix.Cell;

/**
 * Whether a cell's figures describe the stack, not the bench around it.
 * <ul>
 * <li><b>invalid</b> when the load generator or mock-services was saturated: it used at
 * least {@value #HELPER_SHARE_LIMIT_PERCENT} % of the machine's CPU (0.9 core on 2
 * cores), or the stubs answered more than {@value #DRIFT_LIMIT_PERCENT} % slower than
 * configured (median of the stub latency probe over the trial);</li>
 * <li><b>CPU-limited</b> (still valid) when the whole machine was at least
 * {@value #MACHINE_LIMIT_PERCENT} % busy: apps, mocks and JMeter share it, so the CPU,
 * not the stack's model, set the pace; the ceilings are then out of reach for every
 * stack.</li>
 * <li><b>invalid</b> too when an independent load generator ({@link CrossCheck}: wrk)
 * measured the same cell more than 10 % apart.</li>
 * </ul>
 * A <b>warning</b> leaves the verdict as it is and says what a reader must weigh: a trial
 * that measured a JIT still at work (its compilation over more than the warm-up's quiet
 * share of the trial, {@link #withJitAtWork}), with what it ran against the cell's
 * median.
 *
 * @param valid {@code false} when the figures must not be compared
 * @param cpuLimited the machine's CPU was the limit
 * @param reasons why the cell is invalid or CPU-limited, and what was not measured, in
 * words
 * @param stubDrift the stubs' median latency over the configured one, minus 1 (0.12 = 12
 * % slower), {@code null} when not measured
 * @param warnings what does not change the verdict but qualifies the figures, in words
 * (empty when none; read as empty from a {@code results.json} written before it existed)
 * @param checks the consistency checks of the measurement itself that missed
 * ({@link MeasurementChecks}), in words: a reading to weigh, not a result; empty when all
 * held
 */
public record Validity(boolean valid, boolean cpuLimited, List<String> reasons, Double stubDrift, List<String> warnings,
		List<String> checks) {

	/**
	 * Creates a verdict.
	 * @param valid {@code false} when the figures must not be compared
	 * @param cpuLimited the machine's CPU was the limit
	 * @param reasons why the cell is invalid or CPU-limited, in words
	 * @param stubDrift the stubs' median latency over the configured one, minus 1
	 * @param warnings what qualifies the figures, {@code null} for none
	 * @param checks the consistency checks that missed, {@code null} for none
	 */
	public Validity {
		warnings = (warnings != null) ? List.copyOf(warnings) : List.of();
		checks = (checks != null) ? List.copyOf(checks) : List.of();
	}

	/**
	 * Creates a verdict whose consistency checks all held.
	 * @param valid {@code false} when the figures must not be compared
	 * @param cpuLimited the machine's CPU was the limit
	 * @param reasons why the cell is invalid or CPU-limited, in words
	 * @param stubDrift the stubs' median latency over the configured one, minus 1
	 * @param warnings what qualifies the figures, {@code null} for none
	 */
	public Validity(boolean valid, boolean cpuLimited, List<String> reasons, Double stubDrift, List<String> warnings) {
		this(valid, cpuLimited, reasons, stubDrift, warnings, List.of());
	}

	/**
	 * A trial whose JIT compiled for more than the quiet share of its time.
	 *
	 * @param number the trial's number in the cell, from 1
	 * @param compilationMs the JIT's compilation time over the trial (ms)
	 * @param percent that time as a share of the trial's (%)
	 * @param throughput the trial's steady throughput (req/s)
	 */
	public record JitTrial(int number, double compilationMs, double percent, double throughput) {
	}

	public static final int HELPER_SHARE_LIMIT_PERCENT = 45;

	public static final int DRIFT_LIMIT_PERCENT = 10;

	public static final int MACHINE_LIMIT_PERCENT = 90;

	/**
	 * Judges a cell.
	 * @param cores the machine's cores
	 * @param machineShare the machine's CPU use over the trial, 0–1 of all cores, or
	 * {@code null} when not measured
	 * @param loadGeneratorShare CPU used by the load generator, 0–1 of the machine, or
	 * {@code null}
	 * @param mocksShare CPU used by mock-services, 0–1 of the machine, or {@code null}
	 * @param stubDrift the stubs' median latency / configured latency − 1, or
	 * {@code null}
	 * @return the verdict
	 */
	public static Validity assess(int cores, Double machineShare, Double loadGeneratorShare, Double mocksShare,
			Double stubDrift) {
		List<String> reasons = new ArrayList<>();
		double limit = HELPER_SHARE_LIMIT_PERCENT / 100.0;
		boolean valid = true;
		if (loadGeneratorShare != null && loadGeneratorShare >= limit) {
			valid = false;
			reasons.add(saturated("load generator", loadGeneratorShare, cores));
		}
		if (mocksShare != null && mocksShare >= limit) {
			valid = false;
			reasons.add(saturated("mock-services", mocksShare, cores));
		}
		// in percent, with room for rounding: 110 ms ÷ 100 ms − 1 is 0.10000000000000009
		if (stubDrift != null && stubDrift * 100 > DRIFT_LIMIT_PERCENT + 1e-9) {
			valid = false;
			reasons
				.add(fmt("stubs %.1f %% slower than configured (limit %d %%)", stubDrift * 100, DRIFT_LIMIT_PERCENT));
		}
		boolean cpuLimited = machineShare != null && machineShare >= MACHINE_LIMIT_PERCENT / 100.0;
		if (cpuLimited) {
			reasons.add(fmt("machine CPU %.0f %% busy: the CPU set the pace", machineShare * 100));
		}
		return new Validity(valid, cpuLimited, List.copyOf(reasons), stubDrift, List.of());
	}

	/**
	 * Returns this verdict made invalid for one more reason.
	 * @param reason why, in words
	 * @return the new verdict
	 */
	public Validity invalidBecause(String reason) {
		List<String> reasons = new ArrayList<>(this.reasons);
		reasons.add(0, reason);
		return new Validity(false, this.cpuLimited, List.copyOf(reasons), this.stubDrift, this.warnings, this.checks);
	}

	/**
	 * Returns this verdict with a note on what could not be judged, e.g. for remote
	 * targets, whose mocks' and machines' CPU the bench cannot see; the verdict itself is
	 * unchanged.
	 * @param what what was not measured and what therefore was not judged, in words
	 * @return the new verdict
	 */
	public Validity notMeasured(String what) {
		List<String> reasons = new ArrayList<>(this.reasons);
		reasons.add("not measured: " + what);
		return new Validity(this.valid, this.cpuLimited, List.copyOf(reasons), this.stubDrift, this.warnings,
				this.checks);
	}

	/**
	 * Returns this verdict with a warning naming the trials that measured a JIT still at
	 * work; the verdict itself is unchanged (a JIT at work is the stack's own cost, but
	 * not its steady state: compare such a trial's figures with care).
	 * @param trials the trials whose JIT compiled for more than {@code quietPercent} % of
	 * their time, in run order; none leaves the verdict as it is
	 * @param medianThroughput the cell's median steady throughput (req/s)
	 * @param quietPercent the most compilation, as % of the time, of a quiet JIT
	 * @return the new verdict
	 */
	public Validity withJitAtWork(List<JitTrial> trials, double medianThroughput, double quietPercent) {
		if (trials.isEmpty()) {
			return this;
		}
		List<String> each = trials.stream()
			.map((t) -> fmt(
					"trial %d (%.1f s of compilation, %.0f %% of the trial; %.0f req/s against the cell's "
							+ "median %.0f, %+.0f %%)",
					t.number(), t.compilationMs() / 1000, t.percent(), t.throughput(), medianThroughput,
					(medianThroughput > 0) ? (t.throughput() / medianThroughput - 1) * 100 : 0.0))
			.toList();
		List<String> warnings = new ArrayList<>(this.warnings);
		warnings.add(fmt("JIT still at work (compiling more than %s %% of the trial) in ", number(quietPercent))
				+ String.join(", ", each));
		return new Validity(this.valid, this.cpuLimited, this.reasons, this.stubDrift, warnings, this.checks);
	}

	/**
	 * Returns this verdict with a warning when the trials lie further apart than their
	 * seconds' noise explains ({@link TrialNoise#beyond}); the verdict itself is
	 * unchanged.
	 * @param noise the comparison, {@code null} when not made
	 * @return the new verdict
	 */
	public Validity withSpreadBeyondNoise(TrialNoise noise) {
		if (noise == null || !noise.beyond()) {
			return this;
		}
		List<String> warnings = new ArrayList<>(this.warnings);
		warnings.add(fmt(
				"trials spread %.0f %%, beyond what the noise of their seconds explains (up to %.0f %% in 95 "
						+ "runs of 100): something changed between them; compare their JIT, GC and CPU per request",
				noise.spread() * 100, noise.spreadLimit() * 100));
		return new Validity(this.valid, this.cpuLimited, this.reasons, this.stubDrift, warnings, this.checks);
	}

	/**
	 * Returns this verdict with the consistency checks of the measurement that missed
	 * ({@link MeasurementChecks}); the verdict itself is unchanged.
	 * @param missed what missed, in words; none leaves the verdict as it is
	 * @return the new verdict
	 */
	public Validity withChecksMissed(List<String> missed) {
		if (missed.isEmpty()) {
			return this;
		}
		List<String> checks = new ArrayList<>(this.checks);
		checks.addAll(missed);
		return new Validity(this.valid, this.cpuLimited, this.reasons, this.stubDrift, this.warnings, checks);
	}

	/**
	 * Returns this verdict with a warning when an open cell's requests in flight at the
	 * app miss Little's law ({@link LittlesLaw#warning}); the verdict itself is
	 * unchanged.
	 * @param check the cell's check, {@code null} when not made
	 * @param cell the cell
	 * @return the new verdict
	 */
	public Validity withLittlesLaw(LittlesLaw check, Cell cell) {
		String warning = (check != null) ? check.warning(cell) : null;
		if (warning == null) {
			return this;
		}
		List<String> warnings = new ArrayList<>(this.warnings);
		warnings.add(warning);
		return new Validity(this.valid, this.cpuLimited, this.reasons, this.stubDrift, warnings, this.checks);
	}

	private static String number(double value) {
		return (value == Math.rint(value)) ? fmt("%.0f", value) : fmt("%s", value);
	}

	private static String saturated(String who, double share, int cores) {
		return fmt("%s saturated: %.0f %% of the machine's CPU, %.2f of %d cores (limit %d %%)", who, share * 100,
				share * cores, cores, HELPER_SHARE_LIMIT_PERCENT);
	}

	/**
	 * Returns the verdict in one word.
	 * @return {@code valid}, {@code CPU-limited} or {@code invalid}
	 */
	public String label() {
		return !this.valid ? "invalid" : this.cpuLimited ? "CPU-limited" : "valid";
	}

}
