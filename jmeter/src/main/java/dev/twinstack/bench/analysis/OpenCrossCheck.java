package dev.twinstack.bench.analysis;

import static dev.twinstack.bench.text.Text.fmt;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.twinstack.bench.load.opencheck.OpenCheckStep;

/**
 * An open cell checked against an independent open-model generator, Gatling
 * ({@code dev.twinstack.bench.load.opencheck.OpenCheck}): the bench's p50 and p99, both
 * from the intended send time, over Gatling's at the same arrival rate. Beyond
 * {@value CrossCheck#TOLERANCE_PERCENT} % either way ({@link CrossCheck}'s tolerance) the
 * cell is flagged: the load generator, not the stack, may have set its latencies. The
 * bench's figures are only checked, never replaced.
 *
 * @param benchP50Ms the bench's median latency from the intended send time (ms)
 * @param benchP99Ms the bench's 99th percentile from the intended send time (ms)
 * @param gatlingP50Ms Gatling's median (ms)
 * @param gatlingP99Ms Gatling's 99th percentile (ms)
 */
public record OpenCrossCheck(double benchP50Ms, double benchP99Ms, double gatlingP50Ms, double gatlingP99Ms) {

	/**
	 * Compares the bench's figures with a step Gatling ran at the cell's rate.
	 * @param benchP50Ms the bench's intended p50 (ms)
	 * @param benchP99Ms the bench's intended p99 (ms)
	 * @param gatling Gatling's step
	 * @return the comparison
	 */
	public static OpenCrossCheck of(double benchP50Ms, double benchP99Ms, OpenCheckStep gatling) {
		return new OpenCrossCheck(benchP50Ms, benchP99Ms, gatling.p50Ms(), gatling.p99Ms());
	}

	/**
	 * Tells whether the bench's p50 or p99 is beyond
	 * {@value CrossCheck#TOLERANCE_PERCENT} % of Gatling's.
	 * @param benchP50Ms the bench's intended p50 (ms)
	 * @param benchP99Ms the bench's intended p99 (ms)
	 * @param gatlingP50Ms Gatling's p50 (ms)
	 * @param gatlingP99Ms Gatling's p99 (ms)
	 * @return {@code true} when the cell is flagged, also when Gatling has no figure (0)
	 */
	public static boolean flags(double benchP50Ms, double benchP99Ms, double gatlingP50Ms, double gatlingP99Ms) {
		return !new OpenCrossCheck(benchP50Ms, benchP99Ms, gatlingP50Ms, gatlingP99Ms).agrees();
	}

	/**
	 * Returns the bench's p50 over Gatling's.
	 * @return the ratio, NaN without a Gatling p50
	 */
	@JsonProperty
	public double p50Ratio() {
		return ratio(this.benchP50Ms, this.gatlingP50Ms);
	}

	/**
	 * Returns the bench's p99 over Gatling's.
	 * @return the ratio, NaN without a Gatling p99
	 */
	@JsonProperty
	public double p99Ratio() {
		return ratio(this.benchP99Ms, this.gatlingP99Ms);
	}

	/**
	 * Tells whether both ratios are within {@value CrossCheck#TOLERANCE_PERCENT} % of 1.
	 * @return {@code false} when the cell is flagged
	 */
	@JsonProperty
	public boolean agrees() {
		return CrossCheck.within(p50Ratio()) && CrossCheck.within(p99Ratio());
	}

	/**
	 * Returns the comparison in words.
	 * @return e.g.
	 * {@code bench ÷ Gatling: p50 1.02, p99 0.97 (Gatling p50 312 ms, p99 402
	 * ms)}, followed by {@code — outside ±10 %} when flagged
	 */
	public String describe() {
		return fmt("bench ÷ Gatling: p50 %.2f, p99 %.2f (Gatling p50 %.0f ms, p99 %.0f ms)%s", p50Ratio(), p99Ratio(),
				this.gatlingP50Ms, this.gatlingP99Ms,
				agrees() ? "" : " — outside ±" + CrossCheck.TOLERANCE_PERCENT + " %");
	}

	private static double ratio(double bench, double gatling) {
		return (gatling > 0) ? bench / gatling : Double.NaN;
	}

}
