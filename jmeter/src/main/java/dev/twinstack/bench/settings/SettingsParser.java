package dev.twinstack.bench.settings;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.mocks.Latency;

/**
 * The value grammars of the {@code bench.*} properties, each a parser that returns
 * {@code null} for a value it does not accept and the words {@link SettingsTable} shows
 * for it ({@link Setting#parse} turns the {@code null} into the error).
 */
public final class SettingsParser {

	private static final Pattern BENCH_DURATION = Pattern.compile("(\\d{1,4})(s|m)");

	private SettingsParser() {
	}

	/** A comma-separated subset of named values, in the given order, without repeats. */
	static <T> Function<String, List<T>> subset(Function<String, T> lookup) {
		return (value) -> {
			Set<T> items = new LinkedHashSet<>();
			for (String part : value.split(",", -1)) {
				T item = lookup.apply(part.trim());
				if (item == null) {
					return null;
				}
				items.add(item);
			}
			return List.copyOf(items);
		};
	}

	static String subsetOf(List<String> accepted) {
		return "a comma-separated subset of " + accepted;
	}

	/** A comma-separated list of whole numbers in a range, ascending, without repeats. */
	static Function<String, List<Integer>> numbers(int min, int max) {
		return (value) -> {
			Set<Integer> numbers = new TreeSet<>();
			for (String part : value.split(",", -1)) {
				Integer number = number(min, max).apply(part.trim());
				if (number == null) {
					return null;
				}
				numbers.add(number);
			}
			return List.copyOf(numbers);
		};
	}

	static String numbersFrom(int min, int max, String example) {
		return "a comma-separated list of whole numbers from " + min + " to " + max + ", e.g. " + example;
	}

	/** One whole number in a range. */
	static Function<String, Integer> number(int min, int max) {
		return (value) -> {
			if (!value.matches("\\d{1,9}")) {
				return null;
			}
			long number = Long.parseLong(value);
			return (number < min || number > max) ? null : (int) number;
		};
	}

	static String numberFrom(int min, int max) {
		return "a whole number from " + min + " to " + max;
	}

	/**
	 * A whole number of seconds or minutes up to 60 minutes, e.g. {@code 30s},
	 * {@code 2m}.
	 */
	static Function<String, Duration> duration(int minSeconds) {
		return (value) -> {
			Matcher matcher = BENCH_DURATION.matcher(value);
			if (!matcher.matches()) {
				return null;
			}
			long amount = Long.parseLong(matcher.group(1));
			Duration duration = matcher.group(2).equals("m") ? Duration.ofMinutes(amount) : Duration.ofSeconds(amount);
			return (duration.getSeconds() < minSeconds || duration.compareTo(Duration.ofMinutes(60)) > 0) ? null
					: duration;
		};
	}

	static String durationFrom(int minSeconds) {
		return "a whole number of seconds or minutes from " + minSeconds + "s to 60m, e.g. 30s or 2m";
	}

	/**
	 * One of an enum's values, written as its name in lower case (e.g. {@code workload}).
	 */
	static <E extends Enum<E>> Function<String, E> word(Class<E> type) {
		return (value) -> Arrays.stream(type.getEnumConstants())
			.filter((constant) -> word(constant).equals(value))
			.findFirst()
			.orElse(null);
	}

	/** The accepted words of an enum, for "must be" in the error. */
	static String oneOf(Class<? extends Enum<?>> type) {
		return "one of " + Arrays.stream(type.getEnumConstants()).map(SettingsParser::word).toList();
	}

	/** An enum's value as the settings write it: its name in lower case. */
	static String word(Enum<?> constant) {
		return constant.name().toLowerCase(Locale.ROOT);
	}

	/** {@code true} or {@code false}. */
	static Boolean bool(String value) {
		return switch (value) {
			case "true" -> Boolean.TRUE;
			case "false" -> Boolean.FALSE;
			default -> null;
		};
	}

	/** A path, absolute and normalized. */
	public static Path path(String value) {
		try {
			return Path.of(value).toAbsolutePath().normalize();
		}
		catch (InvalidPathException ex) {
			return null;
		}
	}

	/** JVM options, split at white space. */
	static List<String> jvmArgs(String value) {
		return List.of(value.trim().split("\\s+"));
	}

	/**
	 * A mock-services latency, in mock-services' own grammar ({@link Latency}): the text
	 * as given, which mock-services {@code --latency} then parses the same way.
	 * @param property the property, the subject of the error
	 * @return the parser; it throws {@link BenchConfigException} naming the property, the
	 * accepted forms, the value and, when the form was right, what is wrong with it
	 */
	static Function<String, String> latency(String property) {
		return (value) -> {
			try {
				Latency.parse(value, property);
				return value;
			}
			catch (IllegalArgumentException ex) {
				throw new BenchConfigException(ex.getMessage());
			}
		};
	}

	/**
	 * A fixed mock-services latency ({@link Latency.Fixed}): {@code 1s}, {@code 500ms},
	 * {@code fixed:1s}.
	 * @param value the text
	 * @return the text as given, {@code null} when it is not a fixed latency
	 */
	static String fixedLatency(String value) {
		try {
			return (Latency.parse(value) instanceof Latency.Fixed) ? value : null;
		}
		catch (IllegalArgumentException ex) {
			return null;
		}
	}

	/**
	 * The app-cores axis: a comma-separated list such as {@code 1,2,all}, without
	 * repeats, the counts ascending and {@code all} last, each fitting the machine.
	 * @return the values, {@code null} when one is not {@link AppCpus#ACCEPTED}
	 * @throws BenchConfigException when a count leaves no core for the rest of the bench
	 */
	static List<AppCpus> appCpus(String value, int machineCores) {
		TreeSet<AppCpus> values = new TreeSet<>(AppCpus.AXIS_ORDER);
		for (String part : value.split(",", -1)) {
			AppCpus cpus = AppCpus.parse(part);
			if (cpus == null) {
				return null;
			}
			values.add(requireFits(cpus, machineCores));
		}
		return List.copyOf(values);
	}

	/** The app's cores, when they leave one core for the rest of the bench. */
	static AppCpus requireFits(AppCpus cpus, int machineCores) {
		if (!cpus.fits(machineCores)) {
			throw BenchConfigException.invalid(SettingsTable.APP_CPUS.name(), cpus.id(),
					AppCpus.acceptedOn(machineCores));
		}
		return cpus;
	}

	/** A duration as the settings write it: {@code 5s}, {@code 120s}. */
	static String format(Duration duration) {
		return duration.getSeconds() + "s";
	}

}
