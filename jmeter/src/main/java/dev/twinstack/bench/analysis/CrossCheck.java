package dev.twinstack.bench.analysis;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.Comparator;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.twinstack.bench.load.WrkResult;
import dev.twinstack.bench.measure.Spread;
import dev.twinstack.bench.measure.storage.Storage;

/**
 * A closed cell checked against an independent load generator, {@code wrk} (a C program
 * that needs a few percent of a core): right after each trial, wrk loads the same app at
 * the same concurrency for as long, and each trial is compared with the wrk run that
 * followed it. JMeter's figures are only checked against wrk's, never replaced or
 * corrected.
 * <p>
 * Matched pairs: on a shared, nested VM the machine's pace drifts by more within a minute
 * than the two generators differ (docs/design.md, "The wrk cross-check"), so a single wrk
 * run after three trials compared moments, not generators. A trial and the wrk run right
 * after it share the moment; the median of the pairs' ratios is the cell's ratio. Outside
 * {@value #TOLERANCE_PERCENT} % either way, the cell is flagged: the load generator, not
 * the stack, may have set its figures.
 *
 * @param wrk the wrk run of median throughput (the one quoted)
 * @param throughputRatio median over the pairs of the trial's steady throughput ÷ wrk's
 * @param p50Ratio median over the pairs of the trial's p50 ÷ wrk's
 * @param agrees both ratios within {@value #TOLERANCE_PERCENT} % of 1
 * @param storage for a storing workload, what wrk's 2xx answers acknowledged against what
 * MongoDB stored under wrk's request ids, over all its runs ({@code null} otherwise); wrk
 * is drained (its requests in flight answered before it stops), but a request still
 * unanswered at its end is dropped and may be stored, so stored may exceed acknowledged
 * by up to the concurrency per run
 * @param pairs each trial with the wrk run that followed it, in run order (empty in
 * results of older benches, which ran wrk once after the trials)
 */
public record CrossCheck(WrkResult wrk, double throughputRatio, double p50Ratio, boolean agrees, Storage storage,
		List<Pair> pairs) {

	/** How far JMeter and wrk may differ (%). */
	public static final int TOLERANCE_PERCENT = 10;

	/**
	 * Creates a cross-check; a missing list of pairs (older results) is empty.
	 * @param wrk the quoted wrk run
	 * @param throughputRatio the median throughput ratio
	 * @param p50Ratio the median p50 ratio
	 * @param agrees both within the tolerance
	 * @param storage wrk's acknowledged against stored, or {@code null}
	 * @param pairs the pairs, or {@code null}
	 */
	public CrossCheck {
		pairs = (pairs != null) ? List.copyOf(pairs) : List.of();
	}

	/**
	 * One trial and the wrk run right after it.
	 *
	 * @param trial the trial's number, from 1
	 * @param jmeterThroughput the trial's steady throughput (req/s)
	 * @param jmeterP50Ms the trial's p50 (ms)
	 * @param wrk what wrk measured
	 * @param storage for a storing workload, wrk's acknowledged against stored, else
	 * {@code null}
	 */
	public record Pair(int trial, double jmeterThroughput, double jmeterP50Ms, WrkResult wrk, Storage storage) {

		/**
		 * Returns the trial's throughput over wrk's.
		 * @return the ratio, NaN when wrk received nothing
		 */
		@JsonProperty
		public double throughputRatio() {
			return (this.wrk.throughput() > 0) ? this.jmeterThroughput / this.wrk.throughput() : Double.NaN;
		}

		/**
		 * Returns the trial's p50 over wrk's.
		 * @return the ratio, NaN without a wrk p50
		 */
		@JsonProperty
		public double p50Ratio() {
			return (this.wrk.p50Ms() > 0) ? this.jmeterP50Ms / this.wrk.p50Ms() : Double.NaN;
		}

	}

	/**
	 * Compares a cell's trials with the wrk runs that followed them.
	 * @param pairs at least one pair
	 * @return the comparison
	 * @throws IllegalArgumentException without pairs
	 */
	public static CrossCheck of(List<Pair> pairs) {
		if (pairs.isEmpty()) {
			throw new IllegalArgumentException("no wrk run to compare with");
		}
		double throughputRatio = ratios(pairs, true).median();
		double p50Ratio = ratios(pairs, false).median();
		double wrkMedian = Spread.of(pairs.stream().map((pair) -> pair.wrk().throughput()).toList()).median();
		WrkResult quoted = pairs.stream()
			.map(Pair::wrk)
			.min(Comparator.comparingDouble((WrkResult run) -> Math.abs(run.throughput() - wrkMedian)))
			.orElseThrow();
		List<Storage> stored = pairs.stream().map(Pair::storage).filter((s) -> s != null).toList();
		Storage storage = stored.isEmpty() ? null : new Storage(stored.stream().mapToLong(Storage::acknowledged).sum(),
				stored.stream().mapToLong(Storage::stored).sum(), stored.stream().mapToLong(Storage::duplicates).sum());
		return new CrossCheck(quoted, throughputRatio, p50Ratio, within(throughputRatio) && within(p50Ratio), storage,
				pairs);
	}

	/**
	 * Returns the pairs' throughput ratios (trial ÷ wrk run after it).
	 * @return their median, min and max; empty pairs (older results) give the quoted
	 * ratio
	 */
	@JsonProperty
	public Spread throughputRatios() {
		return this.pairs.isEmpty() ? Spread.of(List.of(this.throughputRatio)) : ratios(this.pairs, true);
	}

	/**
	 * Returns the pairs' p50 ratios (trial ÷ wrk run after it).
	 * @return their median, min and max; empty pairs (older results) give the quoted
	 * ratio
	 */
	@JsonProperty
	public Spread p50Ratios() {
		return this.pairs.isEmpty() ? Spread.of(List.of(this.p50Ratio)) : ratios(this.pairs, false);
	}

	private static Spread ratios(List<Pair> pairs, boolean throughput) {
		return Spread.of(pairs.stream().map((pair) -> throughput ? pair.throughputRatio() : pair.p50Ratio()).toList());
	}

	/**
	 * Tells whether a ratio of two generators' figures is within
	 * {@value #TOLERANCE_PERCENT} % of 1.
	 * @param ratio the ratio
	 * @return {@code false} also for NaN (nothing to compare)
	 */
	static boolean within(double ratio) {
		// in percent, with room for rounding: 1100 ÷ 1000 − 1 is 0.10000000000000009
		return Math.abs(ratio - 1) * 100 <= TOLERANCE_PERCENT + 1e-9;
	}

	/**
	 * Returns the comparison in words.
	 * @return e.g. {@code JMeter ÷ wrk over 3 trials, each with the wrk run after it:
	 * throughput 0.98 (0.95–1.03), p50 1.01 (0.99–1.04) (wrk 1180.2 req/s, p50 326 ms)};
	 * without pairs (older results) {@code JMeter ÷ wrk: throughput 0.84, p50 1.11 (wrk
	 * 1180.2 req/s, p50 326 ms)}
	 */
	public String describe() {
		String quoted = fmt("(wrk %.1f req/s, p50 %.0f ms)", this.wrk.throughput(), this.wrk.p50Ms());
		if (this.pairs.size() < 2) {
			return fmt("JMeter ÷ wrk: throughput %.2f, p50 %.2f %s", this.throughputRatio, this.p50Ratio, quoted);
		}
		return fmt(
				"JMeter ÷ wrk over %d trials, each with the wrk run after it: throughput %.2f (%.2f–%.2f), "
						+ "p50 %.2f (%.2f–%.2f) %s",
				this.pairs.size(), this.throughputRatio, throughputRatios().min(), throughputRatios().max(),
				this.p50Ratio, p50Ratios().min(), p50Ratios().max(), quoted);
	}

}
