package dev.twinstack.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the bench runs, parsed from {@code bench.*} system properties: a profile
 * ({@code smoke} or {@code standard}) gives the matrix and durations, single properties
 * override parts of it.
 *
 * @param profile the profile name, {@code smoke} or {@code standard}
 * @param stacks the stacks to measure, in order
 * @param fanouts the fanouts to measure, in order
 * @param concurrency the numbers of concurrent clients (JMeter threads), ascending
 * @param duration how long each cell holds its load (whole seconds), after a short
 * ramp-up
 * @param warmup load per stack before measuring, split over the fanouts, at the highest
 * concurrency (whole seconds, 0 = none)
 * @param latency the latency of every downstream call, passed to mock-services
 * {@code --latency} (e.g. {@code 100ms}, {@code lognormal:100ms:0.2})
 * @param appJvmArgs JVM options of each app
 * @param mocksJvmArgs JVM options of mock-services
 * @param outputDir where results.json, report.md and the runs folder go
 * @param jars the runnable jars of the mocks and the apps
 */
public record BenchSettings(String profile, List<Stack> stacks, List<Fanout> fanouts, List<Integer> concurrency,
		Duration duration, Duration warmup, String latency, List<String> appJvmArgs, List<String> mocksJvmArgs,
		Path outputDir, Jars jars) {

	/** Accepted profile names. */
	public static final List<String> PROFILES = List.of("smoke", "standard");

	/** Highest accepted concurrency. */
	public static final int MAX_CONCURRENCY = 5000;

	static final String DEFAULT_LATENCY = "100ms";

	static final String DEFAULT_APP_JVM_ARGS = "-Xms512m -Xmx512m";

	static final String DEFAULT_MOCKS_JVM_ARGS = "-Xmx2g";

	private static final Pattern BENCH_DURATION = Pattern.compile("(\\d{1,4})(s|m)");

	private static final Pattern LATENCY_DURATION = Pattern.compile("\\d{1,9}(ms|s)");

	private static final String LATENCY_FORMS = "<duration> (e.g. 100ms), fixed:<duration>, "
			+ "lognormal:<median>:<sigma> (e.g. lognormal:100ms:0.2), uniform:<min>:<max> (e.g. uniform:50ms:150ms)";

	/**
	 * The jars the bench starts.
	 *
	 * @param mockServices mock-services' runnable jar
	 * @param mvc mvc-app's jar
	 * @param webflux webflux-app's jar
	 */
	public record Jars(Path mockServices, Path mvc, Path webflux) {

		/**
		 * Returns the jar of an app.
		 * @param stack the stack
		 * @return its jar
		 */
		public Path app(Stack stack) {
			return (stack == Stack.MVC) ? this.mvc : this.webflux;
		}

	}

	/**
	 * Reads the settings from the JVM's system properties.
	 * @return the settings
	 * @throws BenchConfigException when a property has a value that is not accepted
	 */
	public static BenchSettings fromSystemProperties() {
		Map<String, String> properties = new java.util.HashMap<>();
		System.getProperties().stringPropertyNames().forEach((name) -> properties.put(name, System.getProperty(name)));
		return from(properties);
	}

	/**
	 * Reads the settings from {@code bench.*} properties.
	 * @param properties the properties (others are ignored)
	 * @return the settings
	 * @throws BenchConfigException when a property has a value that is not accepted
	 */
	public static BenchSettings from(Map<String, String> properties) {
		Function<String, String> get = (name) -> Optional.ofNullable(properties.get(name))
			.map(String::trim)
			.filter((value) -> !value.isEmpty())
			.orElse(null);
		String profile = Optional.ofNullable(get.apply("bench.profile")).orElse("smoke");
		boolean standard = switch (profile) {
			case "smoke" -> false;
			case "standard" -> true;
			default -> throw invalid("bench.profile", profile, "one of " + PROFILES);
		};
		List<Stack> stacks = parseList("bench.stacks", get.apply("bench.stacks"), List.of(Stack.values()), Stack::byId,
				Stack.ids());
		List<Fanout> fanouts = parseList("bench.fanouts", get.apply("bench.fanouts"),
				standard ? List.of(Fanout.values()) : List.of(Fanout.SEQUENTIAL), Fanout::byId, Fanout.ids());
		List<Integer> concurrency = parseConcurrency(get.apply("bench.concurrency"),
				standard ? List.of(10, 100, 400) : List.of(10));
		Duration duration = parseDuration("bench.duration", get.apply("bench.duration"),
				Duration.ofSeconds(standard ? 30 : 5), 1);
		Duration warmup = parseDuration("bench.warmup", get.apply("bench.warmup"),
				Duration.ofSeconds(standard ? 20 : 5), 0);
		String latency = parseLatency(Optional.ofNullable(get.apply("bench.latency")).orElse(DEFAULT_LATENCY));
		List<String> appJvmArgs = splitArgs(
				Optional.ofNullable(get.apply("bench.appJvmArgs")).orElse(DEFAULT_APP_JVM_ARGS));
		List<String> mocksJvmArgs = splitArgs(
				Optional.ofNullable(get.apply("bench.mocksJvmArgs")).orElse(DEFAULT_MOCKS_JVM_ARGS));
		Path outputDir = Path.of(Optional.ofNullable(get.apply("bench.outputDir")).orElse("target/bench"))
			.toAbsolutePath()
			.normalize();
		Jars jars = new Jars(jar(get, "bench.mockServicesJar", "mock-services/target/mock-services-exec.jar"),
				jar(get, "bench.mvcJar", "mvc-app/target/mvc-app.jar"),
				jar(get, "bench.webfluxJar", "webflux-app/target/webflux-app.jar"));
		return new BenchSettings(profile, stacks, fanouts, concurrency, duration, warmup, latency, appJvmArgs,
				mocksJvmArgs, outputDir, jars);
	}

	/**
	 * Returns the fixed latency of each downstream call, when the latency is fixed.
	 * @return the latency, or empty for a random latency (log-normal, uniform)
	 */
	public Optional<Duration> fixedLatency() {
		String text = this.latency.startsWith("fixed:") ? this.latency.substring(6) : this.latency;
		if (!LATENCY_DURATION.matcher(text).matches()) {
			return Optional.empty();
		}
		long amount = Long.parseLong(text.replaceAll("\\D", ""));
		return Optional.of(text.endsWith("ms") ? Duration.ofMillis(amount) : Duration.ofSeconds(amount));
	}

	/**
	 * Returns a copy running other jars.
	 * @param jars the jars
	 * @return the new settings
	 */
	public BenchSettings withJars(Jars jars) {
		return new BenchSettings(this.profile, this.stacks, this.fanouts, this.concurrency, this.duration, this.warmup,
				this.latency, this.appJvmArgs, this.mocksJvmArgs, this.outputDir, jars);
	}

	/**
	 * Returns the number of measured cells: stacks × fanouts × concurrency levels.
	 * @return the cell count
	 */
	public int cellCount() {
		return this.stacks.size() * this.fanouts.size() * this.concurrency.size();
	}

	private static <T> List<T> parseList(String property, String value, List<T> defaults, Function<String, T> lookup,
			List<String> accepted) {
		if (value == null) {
			return defaults;
		}
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

	private static List<Integer> parseConcurrency(String value, List<Integer> defaults) {
		if (value == null) {
			return defaults;
		}
		String accepted = "a comma-separated list of whole numbers from 1 to " + MAX_CONCURRENCY + ", e.g. 10,100,400";
		Set<Integer> levels = new java.util.TreeSet<>();
		for (String part : value.split(",", -1)) {
			if (!part.trim().matches("\\d{1,4}")) {
				throw invalid("bench.concurrency", value, accepted);
			}
			int level = Integer.parseInt(part.trim());
			if (level < 1 || level > MAX_CONCURRENCY) {
				throw invalid("bench.concurrency", value, accepted);
			}
			levels.add(level);
		}
		return List.copyOf(levels);
	}

	private static Duration parseDuration(String property, String value, Duration defaultValue, int minSeconds) {
		if (value == null) {
			return defaultValue;
		}
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

	private static String parseLatency(String value) {
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
			throw invalid("bench.latency", value, "one of " + LATENCY_FORMS);
		}
		return value;
	}

	private static List<String> splitArgs(String value) {
		return List.of(value.trim().split("\\s+"));
	}

	private static Path jar(Function<String, String> get, String property, String fromRoot) {
		String value = get.apply(property);
		return (value != null) ? Path.of(value).toAbsolutePath().normalize()
				: Path.of("..", fromRoot).toAbsolutePath().normalize();
	}

	private static BenchConfigException invalid(String property, String value, String accepted) {
		return new BenchConfigException(property + " must be " + accepted + ", got '" + value + "'");
	}

}
