package dev.twinstack.bench.analysis;

import java.util.Locale;

import dev.twinstack.bench.load.WrkResult;
import dev.twinstack.bench.measure.Storage;

/**
 * A closed cell run once more by an independent load generator, {@code wrk} (a C program
 * that needs a few percent of a core), at the same concurrency and for the same time as
 * one trial, right after the cell's trials: JMeter's figures are only checked against it,
 * never replaced or corrected. The cell's median throughput and p50 over wrk's; outside
 * {@value #TOLERANCE_PERCENT} % either way, the cell is flagged: the load generator, not
 * the stack, may have set its figures.
 *
 * @param wrk what wrk measured
 * @param throughputRatio JMeter's median steady throughput ÷ wrk's
 * @param p50Ratio JMeter's median p50 ÷ wrk's
 * @param agrees both ratios within {@value #TOLERANCE_PERCENT} % of 1
 * @param storage for a storing workload, what wrk's 2xx answers acknowledged against what
 * MongoDB stored under wrk's request ids ({@code null} otherwise); wrk drops the requests
 * in flight when its time is up, which an app may still store, so stored may exceed
 * acknowledged by up to the concurrency
 */
public record CrossCheck(WrkResult wrk, double throughputRatio, double p50Ratio, boolean agrees, Storage storage) {

	/** How far JMeter and wrk may differ (%). */
	public static final int TOLERANCE_PERCENT = 10;

	/**
	 * Compares a cell with wrk's run.
	 * @param throughput the cell's median steady throughput (req/s)
	 * @param p50Ms the cell's median p50 (ms)
	 * @param wrk wrk's run
	 * @param storage acknowledged against stored for wrk's run, or {@code null}
	 * @return the comparison
	 */
	public static CrossCheck of(double throughput, double p50Ms, WrkResult wrk, Storage storage) {
		double throughputRatio = (wrk.throughput() > 0) ? throughput / wrk.throughput() : Double.NaN;
		double p50Ratio = (wrk.p50Ms() > 0) ? p50Ms / wrk.p50Ms() : Double.NaN;
		return new CrossCheck(wrk, throughputRatio, p50Ratio, within(throughputRatio) && within(p50Ratio), storage);
	}

	private static boolean within(double ratio) {
		return Math.abs(ratio - 1) <= TOLERANCE_PERCENT / 100.0;
	}

	/**
	 * Returns the comparison in words.
	 * @return e.g. {@code JMeter ÷ wrk: throughput 0.84, p50 1.11 (wrk 1180.2 req/s, p50
	 * 326 ms)}
	 */
	public String describe() {
		return String.format(Locale.ROOT, "JMeter ÷ wrk: throughput %.2f, p50 %.2f (wrk %.1f req/s, p50 %.0f ms)",
				this.throughputRatio, this.p50Ratio, this.wrk.throughput(), this.wrk.p50Ms());
	}

}
