package dev.twinstack.bench.settings;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The latency objective of the capacity search ({@code bench.slo}): a percentile of the
 * latency and its limit, either given ({@code p99<=600ms}) or derived from the workload's
 * ideal latency (the default, p99 within twice the ideal: a request may queue for at most
 * one ideal latency).
 *
 * @param percentile the percentile, one of {@link #PERCENTILES}
 * @param limitMs the given limit (ms), {@code null} when derived
 * @param idealMultiple the limit as a multiple of the ideal latency when derived, 0 when
 * given
 */
public record Slo(double percentile, Double limitMs, double idealMultiple) {

	/** The accepted form, as the error and the help show it. */
	public static final String FORM = "p(50|90|95|99|99.9)<=<n>(ms|s), e.g. p99<=600ms or p99.9<=1s";

	/** The percentiles an objective may name. */
	public static final List<Double> PERCENTILES = List.of(50.0, 90.0, 95.0, 99.0, 99.9);

	/** The default: p99 within twice the workload's ideal latency. */
	public static final Slo DEFAULT = new Slo(99, null, 2);

	private static final Pattern GRAMMAR = Pattern.compile("p(50|90|95|99|99\\.9)<=([1-9][0-9]{0,6})(ms|s)");

	/**
	 * Reads an objective.
	 * @param value e.g. {@code p99<=600ms}, spaces ignored
	 * @return the objective, {@code null} when the value is not of {@link #FORM}
	 */
	public static Slo parse(String value) {
		Matcher matcher = GRAMMAR.matcher(value.replace(" ", "").toLowerCase(Locale.ROOT));
		if (!matcher.matches()) {
			return null;
		}
		double limit = Long.parseLong(matcher.group(2)) * ("s".equals(matcher.group(3)) ? 1000.0 : 1.0);
		return new Slo(Double.parseDouble(matcher.group(1)), limit, 0);
	}

	/**
	 * Returns the limit for a workload.
	 * @param idealMs the workload's ideal latency (ms), its downstream wait
	 * @return the given limit, or the multiple of the ideal latency (ms)
	 */
	public double limitMs(double idealMs) {
		return (this.limitMs != null) ? this.limitMs : this.idealMultiple * idealMs;
	}

	/**
	 * Describes the objective for a workload.
	 * @param idealMs the workload's ideal latency (ms)
	 * @return e.g. {@code p99 <= 600 ms} or, derived,
	 * {@code p99 <= 600 ms (2 × ideal 300 ms)}
	 */
	public String describe(double idealMs) {
		String shown = "p" + percentileId() + " <= " + Math.round(limitMs(idealMs)) + " ms";
		return (this.limitMs != null) ? shown
				: shown + " (" + Math.round(this.idealMultiple) + " × ideal " + Math.round(idealMs) + " ms)";
	}

	/**
	 * Returns the percentile as the grammar writes it.
	 * @return e.g. {@code 99} or {@code 99.9}
	 */
	public String percentileId() {
		return (this.percentile == Math.rint(this.percentile)) ? String.valueOf((long) this.percentile)
				: String.valueOf(this.percentile);
	}

	/**
	 * Shows the objective as the settings table does.
	 * @return e.g. {@code p99<=600ms}, or {@code p99<=2×ideal} when derived
	 */
	public String shown() {
		return (this.limitMs != null) ? "p" + percentileId() + "<=" + Math.round(this.limitMs) + "ms"
				: "p" + percentileId() + "<=" + Math.round(this.idealMultiple) + "×ideal";
	}

}
