package dev.twinstack.mocks;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Simulated response latency of one downstream service: a fixed delay, a log-normal
 * distribution (median and sigma) or a uniform distribution (lower and upper bound). All
 * durations are whole milliseconds.
 *
 * <p>
 * Text forms accepted by {@link #parse(String)}: {@value #ACCEPTED_FORMS}.
 *
 * <p>
 * The one grammar of a latency in the project: mock-services' {@code --latency} options
 * and the bench's {@code bench.latency} both parse with this class, which uses the JDK
 * only (the bench has mock-services' plain jar on its classpath without its
 * dependencies).
 */
public sealed interface Latency permits Latency.Fixed, Latency.LogNormal, Latency.Uniform {

	/** The accepted text forms, as shown in error messages. */
	String ACCEPTED_FORMS = "<duration> (e.g. 100ms), fixed:<duration> (e.g. fixed:100ms), "
			+ "lognormal:<median>:<sigma> (e.g. lognormal:100ms:0.1), uniform:<min>:<max> (e.g. uniform:50ms:150ms); "
			+ "a duration is a whole number of ms or s, e.g. 0ms, 250ms, 1s; sigma is a decimal number from 0 to 10";

	/** Regular expression of a duration: a whole number of ms or s. */
	String DURATION = "(\\d{1,9})(ms|s)";

	/** Regular expression of a log-normal sigma: a decimal number, e.g. 0.1 or 1. */
	String SIGMA = "\\d{1,2}(\\.\\d{1,9})?";

	/** No added latency. */
	Latency NONE = new Fixed(Duration.ZERO);

	/** The default latency of the standalone process: a fixed 100 ms. */
	Latency DEFAULT = new Fixed(Duration.ofMillis(100));

	/**
	 * Returns a fixed latency.
	 * @param delay the delay added to every response (whole ms, at least 0)
	 * @return the latency
	 */
	static Latency fixed(Duration delay) {
		return new Fixed(delay);
	}

	/**
	 * Parses the text form of a latency, e.g. {@code 100ms}, {@code fixed:100ms},
	 * {@code lognormal:100ms:0.1} or {@code uniform:50ms:150ms}.
	 * @param text the text to parse
	 * @return the latency
	 * @throws IllegalArgumentException naming the accepted forms when the text is not one
	 * of them
	 */
	static Latency parse(String text) {
		return parse(text, "latency");
	}

	/**
	 * Parses the text form of a latency given to a named option or property.
	 * @param text the text to parse
	 * @param name what the text was given to, the subject of the error message, e.g.
	 * {@code bench.latency}
	 * @return the latency
	 * @throws IllegalArgumentException {@code <name> must be one of <the accepted forms>,
	 * got '<text>'}, with the reason in parentheses when the form was right but a value
	 * was not (e.g. a maximum below the minimum)
	 */
	static Latency parse(String text, String name) {
		String[] parts = (text != null) ? text.trim().toLowerCase(Locale.ROOT).split(":", -1) : new String[0];
		if (parts.length == 1 && !parts[0].matches(DURATION)) {
			throw invalid(name, text, null); // no reason: it is none of the forms
		}
		try {
			if (parts.length == 1) {
				return new Fixed(parseDuration(parts[0]));
			}
			if (parts.length == 2 && parts[0].equals("fixed")) {
				return new Fixed(parseDuration(parts[1]));
			}
			if (parts.length == 3 && parts[0].equals("lognormal")) {
				return new LogNormal(parseDuration(parts[1]), parseSigma(parts[2]));
			}
			if (parts.length == 3 && parts[0].equals("uniform")) {
				return new Uniform(parseDuration(parts[1]), parseDuration(parts[2]));
			}
		}
		catch (IllegalArgumentException ex) {
			throw invalid(name, text, ex.getMessage());
		}
		throw invalid(name, text, null);
	}

	/**
	 * Returns the median delay: the fixed delay, the log-normal median or the middle of
	 * the uniform range.
	 * @return the median (a whole or, for a uniform range, half a ms)
	 */
	Duration median();

	private static IllegalArgumentException invalid(String name, String text, String reason) {
		String because = (reason != null && !reason.isBlank()) ? " (" + reason + ")" : "";
		return new IllegalArgumentException(
				name + " must be one of " + ACCEPTED_FORMS + ", got '" + text + "'" + because);
	}

	private static double parseSigma(String text) {
		if (!text.matches(SIGMA)) {
			throw new IllegalArgumentException("sigma must be a decimal number from 0 to 10");
		}
		return Double.parseDouble(text);
	}

	private static Duration parseDuration(String text) {
		Matcher matcher = Pattern.compile(DURATION).matcher(text);
		if (!matcher.matches()) {
			throw new IllegalArgumentException("'" + text + "' is not a duration");
		}
		long amount = Long.parseLong(matcher.group(1));
		return matcher.group(2).equals("s") ? Duration.ofSeconds(amount) : Duration.ofMillis(amount);
	}

	private static void requireMillis(String name, Duration duration) {
		if (duration == null || duration.isNegative() || duration.toMillis() > Integer.MAX_VALUE) {
			throw new IllegalArgumentException(name + " must be from 0 ms to " + Integer.MAX_VALUE + " ms");
		}
	}

	/**
	 * Every response is delayed by the same amount.
	 *
	 * @param delay the delay (whole ms, at least 0)
	 */
	record Fixed(Duration delay) implements Latency {

		public Fixed {
			requireMillis("delay", delay);
		}

		@Override
		public Duration median() {
			return this.delay;
		}

		@Override
		public String toString() {
			return "fixed:" + this.delay.toMillis() + "ms";
		}

	}

	/**
	 * Delays follow a log-normal distribution: most close to the median, a long tail.
	 *
	 * @param median the median delay (whole ms, at least 0)
	 * @param sigma the standard deviation of the underlying normal distribution, e.g. 0.1
	 * (narrow) to 1 (wide tail); at least 0
	 */
	record LogNormal(Duration median, double sigma) implements Latency {

		public LogNormal {
			requireMillis("median", median);
			if (!(sigma >= 0 && sigma <= 10)) {
				throw new IllegalArgumentException("sigma must be a decimal number from 0 to 10");
			}
		}

		@Override
		public String toString() {
			return "lognormal:" + this.median.toMillis() + "ms:" + this.sigma;
		}

	}

	/**
	 * Delays are uniformly distributed between two bounds.
	 *
	 * @param min the smallest delay (whole ms, at least 0)
	 * @param max the largest delay (whole ms, at least {@code min})
	 */
	record Uniform(Duration min, Duration max) implements Latency {

		public Uniform {
			requireMillis("min", min);
			requireMillis("max", max);
			if (max.compareTo(min) < 0) {
				throw new IllegalArgumentException("max must not be less than min");
			}
		}

		@Override
		public Duration median() {
			return this.min.plus(this.max).dividedBy(2);
		}

		@Override
		public String toString() {
			return "uniform:" + this.min.toMillis() + "ms:" + this.max.toMillis() + "ms";
		}

	}

}
