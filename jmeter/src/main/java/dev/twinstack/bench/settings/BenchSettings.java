package dev.twinstack.bench.settings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * What the bench runs, parsed from {@code bench.*} system properties: a
 * {@link BenchProfile} gives the matrix and durations, single properties override parts
 * of it (an axis property replaces that axis in every block of the profile).
 *
 * @param profile the profile name
 * @param stacks the stacks that run, in order (requested stacks the JDK cannot run are in
 * {@code skipped})
 * @param fanouts every composite fanout of the matrix
 * @param concurrency every concurrency level of the matrix's closed models, ascending
 * @param duration hold time per trial (whole seconds), after a 1 s ramp-up
 * @param warmup the most load per app start before measuring, at the highest concurrency,
 * in rounds until each workload's throughput is steady
 * ({@link dev.twinstack.bench.load.WarmUp}; whole seconds, 0 = none)
 * @param latency the latency of every composite downstream call, passed to mock-services
 * {@code --latency} (e.g. {@code 100ms}, {@code lognormal:100ms:0.2})
 * @param appJvmArgs JVM options of each app on the default heap
 * @param mocksJvmArgs JVM options of mock-services
 * @param outputDir where results.json, report.md and the runs folder go
 * @param jars the runnable jars of the mocks and the apps
 * @param blocks the matrix, as cartesian blocks
 * @param trials measured repetitions of every cell
 * @param requests requests per cell of the {@code count} model
 * @param baseline load at concurrency 1 per workload after the warm-up (base latency)
 * @param slowLatency the slow service's latency, passed to mock-services
 * {@code --slow-latency}
 * @param tomcatThreads Tomcat's worker thread cap of {@code mvc}
 * @param jdk the JDK every JVM of the bench runs on
 * @param skipped requested stacks that cannot run, with the reason
 * @param memoryRequests N of the memory after N requests
 * ({@link dev.twinstack.bench.measure.MemoryAfterRequests})
 * @param faults the {@code faults} scenario, {@code null} when it is not selected
 * @param crossCheck the independent load generator that runs every closed cell once more
 * ({@code wrk}), or {@code none}
 */
public record BenchSettings(String profile, List<Stack> stacks, List<Fanout> fanouts, List<Integer> concurrency,
		Duration duration, Duration warmup, String latency, List<String> appJvmArgs, List<String> mocksJvmArgs,
		Path outputDir, Jars jars, List<MatrixBlock> blocks, int trials, int requests, Duration baseline,
		String slowLatency, int tomcatThreads, Jdk jdk, List<SkippedStack> skipped, int memoryRequests,
		FaultSettings faults, String crossCheck) {

	/**
	 * The report's what-if projection
	 * ({@code -Dbench.project=cores=8,latency=50ms,concurrency=2000}), applied by
	 * {@code dev.twinstack.bench.model.WhatIf}; checked here so that a typo fails before
	 * the run.
	 */
	public static final String PROJECT = "bench.project";

	private static final String PROJECT_FORM = "cores=<whole number >= 1>,latency=<number>ms|s (per downstream call),"
			+ "concurrency=<whole number >= 1>[,harness=same|none], e.g. cores=8,latency=50ms,concurrency=2000";

	/** Accepted values of {@code bench.crosscheck}. */
	public static final List<String> CROSS_CHECKS = List.of("wrk", "none");

	/** Accepted profile names. */
	public static final List<String> PROFILES = BenchProfile.ids();

	/** Highest accepted concurrency (JMeter threads). */
	public static final int MAX_CONCURRENCY = 5000;

	/** Highest accepted open-model rate (req/s). */
	public static final int MAX_RATE = 50_000;

	static final String DEFAULT_LATENCY = "100ms";

	static final String DEFAULT_SLOW_LATENCY = "1s";

	public static final int DEFAULT_TOMCAT_THREADS = 200;

	static final String DEFAULT_APP_JVM_ARGS = "-Xms512m -Xmx512m";

	static final String DEFAULT_MOCKS_JVM_ARGS = "-Xmx2g";

	/**
	 * The jars the bench starts.
	 *
	 * @param mockServices mock-services' runnable jar
	 * @param mvc mvc-app's jar (stacks {@code mvc} and {@code mvc-vt})
	 * @param webflux webflux-app's jar
	 */
	public record Jars(Path mockServices, Path mvc, Path webflux) {

		/**
		 * Returns the jar of an app.
		 * @param stack the stack
		 * @return its jar
		 */
		public Path app(Stack stack) {
			return stack.module().equals(Stack.MVC.module()) ? this.mvc : this.webflux;
		}

	}

	/**
	 * Reads the settings from the JVM's system properties.
	 * @return the settings
	 * @throws BenchConfigException when a property has a value that is not accepted
	 */
	public static BenchSettings fromSystemProperties() {
		Map<String, String> properties = new HashMap<>();
		System.getProperties().stringPropertyNames().forEach((name) -> properties.put(name, System.getProperty(name)));
		return from(properties);
	}

	/**
	 * Reads the settings from {@code bench.*} properties, choosing the JDK on this
	 * machine ({@link JdkSelector}).
	 * @param properties the properties (others are ignored)
	 * @return the settings
	 * @throws BenchConfigException when a property has a value that is not accepted
	 */
	public static BenchSettings from(Map<String, String> properties) {
		return from(properties, JdkSelector::forThisMachine);
	}

	static BenchSettings from(Map<String, String> properties, Function<String, JdkSelector> jdks) {
		Function<String, String> get = (name) -> Optional.ofNullable(properties.get(name))
			.map(String::trim)
			.filter((value) -> !value.isEmpty())
			.orElse(null);
		String profileId = Optional.ofNullable(get.apply("bench.profile")).orElse(BenchProfile.SMOKE.id());
		BenchProfile profile = BenchProfile.byId(profileId);
		if (profile == null) {
			throw SettingsParser.invalid("bench.profile", profileId, "one of " + PROFILES);
		}
		List<MatrixBlock> blocks = overrideAxes(defaultPlacement(profile), get);
		Duration duration = Optional.ofNullable(get.apply("bench.duration"))
			.map((value) -> SettingsParser.duration("bench.duration", value, 1))
			.orElse(profile.duration());
		Duration warmup = Optional.ofNullable(get.apply("bench.warmup"))
			.map((value) -> SettingsParser.duration("bench.warmup", value, 0))
			.orElse(profile.warmup());
		Duration baseline = Optional.ofNullable(get.apply("bench.baseline"))
			.map((value) -> SettingsParser.duration("bench.baseline", value, 0))
			.orElse(profile.baseline());
		int trials = Optional.ofNullable(get.apply("bench.trials"))
			.map((value) -> SettingsParser.number("bench.trials", value, 1, 20))
			.orElse(profile.trials());
		int requests = Optional.ofNullable(get.apply("bench.requests"))
			.map((value) -> SettingsParser.number("bench.requests", value, 1, 10_000_000))
			.orElse(profile.requests());
		int tomcatThreads = Optional.ofNullable(get.apply("bench.tomcatThreads"))
			.map((value) -> SettingsParser.number("bench.tomcatThreads", value, 1, MAX_CONCURRENCY))
			.orElse(DEFAULT_TOMCAT_THREADS);
		Optional.ofNullable(get.apply(PROJECT)).ifPresent(BenchSettings::checkProject);
		String latency = SettingsParser.latency("bench.latency",
				Optional.ofNullable(get.apply("bench.latency")).orElse(DEFAULT_LATENCY));
		String slowLatency = Optional.ofNullable(get.apply("bench.slowLatency")).orElse(DEFAULT_SLOW_LATENCY);
		if (!SettingsParser.LATENCY_DURATION.matcher(slowLatency).matches()) {
			throw SettingsParser.invalid("bench.slowLatency", slowLatency, "a fixed duration such as 1s or 500ms");
		}
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
		Jdk jdk = jdks.apply(get.apply("bench.javaHome")).select();
		List<Stack> requested = distinct(blocks, MatrixBlock::stacks).stream().sorted().toList();
		List<SkippedStack> skipped = requested.stream()
			.filter((stack) -> !jdk.runs(stack))
			.map((stack) -> new SkippedStack(stack,
					stack.id() + " needs a JDK " + stack.minimumJava() + " or newer; the bench runs on " + jdk.version()
							+ " (" + jdk.vendor() + ", " + jdk.source() + "): set -Dbench.javaHome to a newer JDK"))
			.toList();
		List<Stack> stacks = requested.stream().filter(jdk::runs).toList();
		List<Fanout> fanouts = distinct(blocks,
				(block) -> block.scenarios().contains(Scenario.COMPOSITE) ? block.fanouts() : List.<Fanout>of());
		List<Integer> concurrency = distinct(blocks, MatrixBlock::concurrency).stream().sorted().toList();
		// faults: the stacks asked for, else every stack this JDK runs
		FaultSettings faults = blocks.stream().anyMatch((block) -> block.scenarios().contains(Scenario.FAULTS))
				? FaultSettings.from(get, (get.apply("bench.stacks") != null) ? stacks
						: Arrays.stream(Stack.values()).filter(jdk::runs).toList())
				: null;
		return new BenchSettings(profile.id(), stacks, fanouts, concurrency, duration, warmup, latency, appJvmArgs,
				mocksJvmArgs, outputDir, jars, blocks, trials, requests, baseline, slowLatency, tomcatThreads, jdk,
				skipped, MemoryRequests.parse(get.apply("bench.memoryRequests"), profile == BenchProfile.SMOKE), faults,
				crossCheck(get.apply("bench.crosscheck"), profile));
	}

	/**
	 * Returns the profile's blocks with its default placement: {@code standard} pins the
	 * app to half the cores (1 of 2) and the harness to the others, chosen from data (the
	 * wrk cross-check's gap was smaller pinned than shared: jmeter/README.md, *Placing
	 * the processes on the CPUs*); the other profiles, and a one-core machine, pin
	 * nothing.
	 */
	private static List<MatrixBlock> defaultPlacement(BenchProfile profile) {
		int cores = Machine.cores();
		if (profile != BenchProfile.STANDARD || cores < 2) {
			return profile.blocks();
		}
		List<AppCpus> half = List.of(new AppCpus(cores / 2));
		return profile.blocks().stream().map((block) -> block.withAppCpus(half)).toList();
	}

	private static List<MatrixBlock> overrideAxes(List<MatrixBlock> blocks, Function<String, String> get) {
		List<UnaryOperator<MatrixBlock>> overrides = new ArrayList<>();
		Optional.ofNullable(get.apply("bench.stacks"))
			.map((value) -> SettingsParser.list("bench.stacks", value, Stack::byId, Stack.ids()))
			.ifPresent((stacks) -> overrides.add((block) -> block.withStacks(stacks)));
		Optional.ofNullable(get.apply("bench.scenarios"))
			.map((value) -> SettingsParser.list("bench.scenarios", value, Scenario::byId, Scenario.ids()))
			.ifPresent((scenarios) -> overrides.add((block) -> block.withScenarios(scenarios)));
		Optional.ofNullable(get.apply("bench.fanouts"))
			.map((value) -> SettingsParser.list("bench.fanouts", value, Fanout::byId, Fanout.ids()))
			.ifPresent((fanouts) -> overrides.add((block) -> block.withFanouts(fanouts)));
		Optional.ofNullable(get.apply("bench.transfers"))
			.map((value) -> SettingsParser.list("bench.transfers", value, Transfer::byId, Transfer.ids()))
			.ifPresent((transfers) -> overrides.add((block) -> block.withTransfers(transfers)));
		Optional.ofNullable(get.apply("bench.heaps"))
			.map((value) -> SettingsParser.list("bench.heaps", value, Heap::parse, List.of(Heap.FORMS)))
			.ifPresent((heaps) -> overrides.add((block) -> block.withHeaps(heaps)));
		Optional.ofNullable(get.apply("bench.loads"))
			.map((value) -> SettingsParser.list("bench.loads", value, LoadModel::byId, LoadModel.ids()))
			.ifPresent((loads) -> overrides.add((block) -> block.withLoads(loads)));
		Optional.ofNullable(get.apply("bench.concurrency"))
			.map((value) -> SettingsParser.numbers("bench.concurrency", value, 1, MAX_CONCURRENCY, "10,100,400"))
			.ifPresent((levels) -> overrides.add((block) -> block.withConcurrency(levels)));
		Optional.ofNullable(get.apply(AppCpus.PROPERTY))
			.map((value) -> AppCpus.parseList(value).stream().map((cpus) -> cpus.requireFits(Machine.cores())).toList())
			.ifPresent((cpus) -> overrides.add((block) -> block.withAppCpus(cpus)));
		Optional.ofNullable(get.apply("bench.rates"))
			.map((value) -> SettingsParser.numbers("bench.rates", value, 1, MAX_RATE, "300,900"))
			.ifPresent((rates) -> overrides.add((block) -> block.withRates(rates)));
		return blocks.stream().map((block) -> {
			MatrixBlock result = block;
			for (UnaryOperator<MatrixBlock> override : overrides) {
				result = override.apply(result);
			}
			return result;
		}).toList();
	}

	/**
	 * Returns the cells to measure: every block's cells without repeats and without the
	 * skipped stacks, grouped by app start (stack, then heap, then the app's cores), then
	 * by workload, load model and level.
	 * @return the cells, in run order
	 */
	public List<Cell> cells() {
		List<Heap> heaps = distinct(this.blocks, MatrixBlock::heaps);
		return this.blocks.stream()
			.flatMap((block) -> block.cells().stream())
			.filter((cell) -> this.stacks.contains(cell.stack()))
			.distinct()
			.sorted(Comparator.comparingInt((Cell cell) -> this.stacks.indexOf(cell.stack()))
				.thenComparingInt((cell) -> heaps.indexOf(cell.heap()))
				.thenComparing((cell) -> cell.appCpus().isAll() ? Integer.MAX_VALUE : cell.appCpus().cores())
				.thenComparing(Cell::workload)
				.thenComparing(Cell::load)
				.thenComparingInt(Cell::concurrency)
				.thenComparingInt(Cell::rate))
			.toList();
	}

	/**
	 * Returns the number of measured cells (each measured {@code trials} times).
	 * @return the cell count
	 */
	public int cellCount() {
		return cells().size();
	}

	/**
	 * Returns the fixed latency of each composite downstream call, when it is fixed.
	 * @return the latency, or empty for a random latency (log-normal, uniform)
	 */
	public Optional<Duration> fixedLatency() {
		String text = this.latency.startsWith("fixed:") ? this.latency.substring(6) : this.latency;
		return SettingsParser.LATENCY_DURATION.matcher(text).matches() ? Optional.of(SettingsParser.toDuration(text))
				: Optional.empty();
	}

	/**
	 * Returns the typical latency of a composite downstream call: the fixed value, the
	 * log-normal median, or the middle of the uniform range.
	 * @return the latency
	 */
	public Duration nominalLatency() {
		return SettingsParser.nominalLatency(this.latency);
	}

	/**
	 * Returns the slow service's latency.
	 * @return the latency
	 */
	public Duration slowLatencyDuration() {
		return SettingsParser.toDuration(this.slowLatency);
	}

	/**
	 * Returns the ideal downstream wait of one request of a workload.
	 * @param workload the workload
	 * @return the wait (ms): 3 or 1 composite latencies, the slow latency, or 0
	 */
	public double downstreamMs(Workload workload) {
		return workload.downstreamMs(this.nominalLatency().toNanos() / 1e6, slowLatencyDuration().toNanos() / 1e6);
	}

	/**
	 * Returns a copy running other jars.
	 * @param jars the jars
	 * @return the new settings
	 */
	public BenchSettings withJars(Jars jars) {
		return new BenchSettings(this.profile, this.stacks, this.fanouts, this.concurrency, this.duration, this.warmup,
				this.latency, this.appJvmArgs, this.mocksJvmArgs, this.outputDir, jars, this.blocks, this.trials,
				this.requests, this.baseline, this.slowLatency, this.tomcatThreads, this.jdk, this.skipped,
				this.memoryRequests, this.faults, this.crossCheck);
	}

	/**
	 * Tells whether closed cells are run once more by wrk.
	 * @return {@code true} for {@code bench.crosscheck=wrk}
	 */
	public boolean crossChecksWithWrk() {
		return "wrk".equals(this.crossCheck);
	}

	// wrk by default, but in full, which has no time left for it under 90 minutes
	private static String crossCheck(String value, BenchProfile profile) {
		if (value == null) {
			return (profile == BenchProfile.FULL) ? "none" : "wrk";
		}
		if (!CROSS_CHECKS.contains(value)) {
			throw SettingsParser.invalid("bench.crosscheck", value, "one of " + CROSS_CHECKS);
		}
		return value;
	}

	private static void checkProject(String value) {
		Map<String, String> pairs = new HashMap<>();
		for (String pair : value.split(",", -1)) {
			String[] kv = pair.split("=", 2);
			String key = kv[0].trim().toLowerCase(java.util.Locale.ROOT);
			boolean ok = kv.length == 2 && pairs.put(key, kv[1].trim()) == null && switch (key) {
				case "cores", "concurrency" -> kv[1].trim().matches("0*[1-9]\\d{0,8}");
				case "latency" -> kv[1].trim().toLowerCase(java.util.Locale.ROOT).matches("\\d+(\\.\\d+)?\\s*(ms|s)");
				case "harness" -> kv[1].trim().equalsIgnoreCase("same") || kv[1].trim().equalsIgnoreCase("none");
				default -> false;
			};
			if (!ok) {
				throw SettingsParser.invalid(PROJECT, value, PROJECT_FORM);
			}
		}
		if (!pairs.keySet().containsAll(List.of("cores", "latency", "concurrency"))) {
			throw SettingsParser.invalid(PROJECT, value, PROJECT_FORM);
		}
	}

	private static <T> List<T> distinct(List<MatrixBlock> blocks, Function<MatrixBlock, List<T>> axis) {
		LinkedHashSet<T> values = new LinkedHashSet<>();
		blocks.forEach((block) -> values.addAll(axis.apply(block)));
		return List.copyOf(values);
	}

	private static List<String> splitArgs(String value) {
		return List.of(value.trim().split("\\s+"));
	}

	private static Path jar(Function<String, String> get, String property, String fromRoot) {
		String value = get.apply(property);
		return (value != null) ? Path.of(value).toAbsolutePath().normalize()
				: Path.of("..", fromRoot).toAbsolutePath().normalize();
	}

}
