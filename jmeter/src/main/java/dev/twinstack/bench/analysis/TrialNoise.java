package dev.twinstack.bench.analysis;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.List;
import java.util.Objects;

/**
 * How far apart a cell's trials would lie if only the noise of their own seconds moved
 * them, against how far apart they lie. Each trial's steady throughput is the mean of its
 * seconds, so with independent seconds it varies with a standard error of sd ÷ √seconds;
 * the range of k such means is then d₂(k) standard errors on average and at most
 * {@link NormalRange#quantile q95(k)} in 95 runs of 100 ({@link NormalRange}). A spread
 * beyond that says something changed between the trials (the JIT, the GC, the machine),
 * not only the seconds' noise; within it, longer trials, not a quieter machine, would
 * narrow it. Per-second counts at c = 400 swing with the clients' bursts (docs/design.md,
 * "The standard profile").
 *
 * @param trials the trials compared
 * @param standardError one trial's relative standard error, pooled over the trials (root
 * mean square), a fraction
 * @param expectedSpread the mean range of the trials the noise alone gives, relative
 * @param spreadLimit the range the noise alone stays within in 95 runs of 100, relative
 * @param spread the measured spread, (max − min) ÷ median
 */
public record TrialNoise(int trials, double standardError, double expectedSpread, double spreadLimit, double spread) {

	/** The share of runs whose noise alone stays within {@link #spreadLimit}. */
	public static final double CONFIDENCE = 0.95;

	/**
	 * Compares a cell's spread with its trials' noise.
	 * @param seconds each trial's steady seconds, in run order
	 * @param spread the trials' measured spread, (max − min) ÷ median
	 * @return the comparison, {@code null} with fewer than two trials or a trial too
	 * short to have steady seconds
	 */
	public static TrialNoise of(List<SecondsNoise> seconds, double spread) {
		if (seconds.size() < 2 || seconds.stream().anyMatch(Objects::isNull)) {
			return null;
		}
		double standardError = Math.sqrt(seconds.stream()
			.mapToDouble((trial) -> trial.relativeStandardError() * trial.relativeStandardError())
			.average()
			.orElse(0));
		int k = seconds.size();
		return new TrialNoise(k, standardError, NormalRange.mean(k) * standardError,
				NormalRange.quantile(k, CONFIDENCE) * standardError, spread);
	}

	/**
	 * Tells whether the trials lie further apart than their seconds' noise explains.
	 * @return {@code true} beyond {@link #spreadLimit}
	 */
	public boolean beyond() {
		return this.spread > this.spreadLimit;
	}

	/**
	 * Describes the comparison in a few words.
	 * @return e.g. {@code 3 % (the seconds' noise: 5 % expected, up to 10 %)}
	 */
	public String describe() {
		return fmt("%.0f %% (the seconds' noise: %.0f %% expected, up to %.0f %%)", this.spread * 100,
				this.expectedSpread * 100, this.spreadLimit * 100);
	}

}
