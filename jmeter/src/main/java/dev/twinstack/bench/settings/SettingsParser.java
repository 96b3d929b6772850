package dev.twinstack.bench.settings;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.twinstack.bench.matrix.AppCpus;

/**
 * Parses the values of {@code bench.*} properties; every bad value becomes a
 * {@link BenchConfigException} naming the property, the value and what is accepted.
 */
final class SettingsParser {

	private static final Pattern BENCH_DURATION = Pattern.compile("(\\d{1,4})(s|m)");

	static final Pattern LATENCY_DURATION = Pattern.compile("\\d{1,9}(ms|s)");

	private static final String LATENCY_FORMS = "<duration> (e.g. 100ms), fixed:<duration>, "
			+ "lognormal:<median>:<sigma> (e.g. lognormal:100ms:0.2), uniform:<min>:<max> (e.g. uniform:50ms:150ms)";

	private SettingsParser() {
	}

	/** A comma-separated subset of named values, in the given order, without repeats. */
	static <T> List<T> list(String property, String value, Function<String, T> lookup, List<String> accepted) {
		Set<T> items = new LinkedHashSet<>();
		for (String part : value.split(",", -1)) {
			T item = lookup.apply(part.trim());
			if (item == null) {
				throw invalid(property, value, "a comma-separated subset of " + accepted);
			}
			items.add(item);
		}
		return List.copyOf(items);
	}

	/** A comma-separated list of whole numbers in a range, ascending, without repeats. */
	static List<Integer> numbers(String property, String value, int min, int max, String example) {
		String accepted = "a comma-separated list of whole numbers from " + min + " to " + max + ", e.g. " + example;
		Set<Integer> numbers = new TreeSet<>();
		for (String part : value.split(",", -1)) {
			numbers.add(number(property, part.trim(), min, max, accepted, value));
		}
		return List.copyOf(numbers);
	}

	/** One whole number in a range. */
	static int number(String property, String value, int min, int max) {
		return number(property, value, min, max, "a whole number from " + min + " to " + max, value);
	}

	private static int number(String property, String part, int min, int max, String accepted, String whole) {
		if (!part.matches("\\d{1,9}")) {
			throw invalid(property, whole, accepted);
		}
		long number = Long.parseLong(part);
		if (number < min || number > max) {
			throw invalid(property, whole, accepted);
		}
		return (int) number;
	}

	/** A whole number of seconds or minutes, e.g. {@code 30s} or {@code 2m}. */
	static Duration duration(String property, String value, int minSeconds) {
		Matcher matcher = BENCH_DURATION.matcher(value);
		String accepted = "a whole number of seconds or minutes from " + minSeconds + "s to 60m, e.g. 30s or 2m";
		if (!matcher.matches()) {
			throw invalid(property, value, accepted);
		}
		long amount = Long.parseLong(matcher.group(1));
		Duration duration = matcher.group(2).equals("m") ? Duration.ofMinutes(amount) : Duration.ofSeconds(amount);
		if (duration.getSeconds() < minSeconds || duration.compareTo(Duration.ofMinutes(60)) > 0) {
			throw invalid(property, value, accepted);
		}
		return duration;
	}

	/**
	 * A mock-services latency: {@code 100ms}, {@code fixed:…}, {@code lognormal:…},
	 * {@code uniform:…}.
	 */
	static String latency(String property, String value) {
		String[] parts = value.split(":", -1);
		boolean valid = switch (parts.length) {
			case 1 -> LATENCY_DURATION.matcher(parts[0]).matches();
			case 2 -> parts[0].equals("fixed") && LATENCY_DURATION.matcher(parts[1]).matches();
			case 3 -> (parts[0].equals("lognormal") && LATENCY_DURATION.matcher(parts[1]).matches()
					&& parts[2].matches("\\d{1,2}(\\.\\d{1,6})?"))
					|| (parts[0].equals("uniform") && LATENCY_DURATION.matcher(parts[1]).matches()
							&& LATENCY_DURATION.matcher(parts[2]).matches());
			default -> false;
		};
		if (!valid) {
			throw invalid(property, value, "one of " + LATENCY_FORMS);
		}
		return value;
	}

	/**
	 * The typical latency of a mock-services latency: the fixed value, the log-normal
	 * median, the middle of the uniform range.
	 */
	static Duration nominalLatency(String latency) {
		String[] parts = latency.split(":");
		return switch (parts.length) {
			case 1 -> toDuration(parts[0]);
			case 2 -> toDuration(parts[1]);
			default -> parts[0].equals("lognormal") ? toDuration(parts[1])
					: toDuration(parts[1]).plus(toDuration(parts[2])).dividedBy(2);
		};
	}

	static Duration toDuration(String text) {
		long amount = Long.parseLong(text.replaceAll("\\D", ""));
		return text.endsWith("ms") ? Duration.ofMillis(amount) : Duration.ofSeconds(amount);
	}

	static BenchConfigException invalid(String property, String value, String accepted) {
		return BenchConfigException.invalid(property, value, accepted);
	}

	/**
	 * The app-cores axis: a comma-separated list such as {@code 1,2,all}, without
	 * repeats, the counts ascending and {@code all} last, each fitting the machine.
	 */
	static List<AppCpus> appCpus(String value, int machineCores) {
		TreeSet<AppCpus> values = new TreeSet<>(AppCpus.AXIS_ORDER);
		for (String part : value.split(",", -1)) {
			AppCpus cpus = AppCpus.parse(part);
			if (cpus == null) {
				throw invalid(AppCpus.PROPERTY, value, AppCpus.ACCEPTED);
			}
			values.add(requireFits(cpus, machineCores));
		}
		return List.copyOf(values);
	}

	/** The app's cores, when they leave one core for the rest of the bench. */
	static AppCpus requireFits(AppCpus cpus, int machineCores) {
		if (!cpus.fits(machineCores)) {
			throw invalid(AppCpus.PROPERTY, cpus.id(), AppCpus.acceptedOn(machineCores));
		}
		return cpus;
	}

}
