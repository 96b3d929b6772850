package dev.twinstack.bench.settings;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.MatrixBlock;
import dev.twinstack.bench.matrix.Scenario;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Transfer;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.settings.faults.DownstreamService;
import dev.twinstack.bench.settings.faults.Fault;
import dev.twinstack.bench.settings.faults.FaultSettings;
import dev.twinstack.bench.settings.remote.LoadEngines;
import dev.twinstack.bench.settings.remote.Targets;
import dev.twinstack.mocks.Latency;

/**
 * Every {@code bench.*} property, declared once ({@link Setting}): {@link BenchSettings}
 * parses with these declarations, {@code -Dbench.help} lists them and the settings table
 * of jmeter/README.md is generated from them ({@link SettingsHelp}).
 */
public final class SettingsTable {

	/** Highest accepted concurrency (JMeter threads). */
	public static final int MAX_CONCURRENCY = 5000;

	/** Highest accepted open-model rate (req/s). */
	public static final int MAX_RATE = 50_000;

	/** Tomcat's default worker thread cap, the default of {@code bench.tomcatThreads}. */
	public static final int DEFAULT_TOMCAT_THREADS = 200;

	private static final String MATRIX = "matrix";

	private static final String TIMING = "timing";

	private static final String DOWNSTREAM = "downstream";

	private static final String JVMS = "JVMs";

	private static final String OUTPUT = "output";

	private static final String FAULTS = "faults";

	private static final String ENGINES = "load engines";

	private static final String TARGETS = "remote targets";

	private static final String DATABASE = "database";

	private static final String FAULTS_ONLY = "`faults` scenario only: ";

	private static final List<String> NUMBERS = List.of("none", "one", "two", "three", "four", "five", "six", "seven",
			"eight", "nine");

	/** {@code bench.profile}: the named matrix. */
	public static final Setting<BenchProfile> PROFILE = new Setting<>("bench.profile", MATRIX, "word",
			"one of " + BenchProfile.ids(),
			"the named matrix and durations the other properties override (Profiles above)",
			Setting.Default.of(BenchProfile.SMOKE, "smoke (standard with -Pbench)"), BenchProfile::byId, null);

	/** {@code bench.stacks}. */
	public static final Setting<List<Stack>> STACKS = axis("bench.stacks", "list", SettingsParser.subsetOf(Stack.ids()),
			"the stacks; one the JDK cannot run (mvc-vt and webflux-vt before JDK 21) is skipped, with the reason in "
					+ "the report",
			SettingsParser.subset(Stack::byId), ids(MatrixBlock::stacks, Stack::id), (block) -> true,
			MatrixBlock::withStacks);

	/** {@code bench.scenarios}. */
	public static final Setting<List<Scenario>> SCENARIOS = axis("bench.scenarios", "list",
			SettingsParser.subsetOf(Scenario.ids()),
			"the scenarios; faults is no matrix workload but the downstream-faults run, e.g. alone",
			SettingsParser.subset(Scenario::byId), ids(MatrixBlock::scenarios, Scenario::id), (block) -> true,
			MatrixBlock::withScenarios);

	/** {@code bench.fanouts}. */
	public static final Setting<List<Fanout>> FANOUTS = axis("bench.fanouts", "list",
			SettingsParser.subsetOf(Fanout.ids()), "composite's variants: three calls one after another, or at once",
			SettingsParser.subset(Fanout::byId), ids(MatrixBlock::fanouts, Fanout::id),
			(block) -> block.scenarios().contains(Scenario.COMPOSITE), MatrixBlock::withFanouts);

	/** {@code bench.transfers}. */
	public static final Setting<List<Transfer>> TRANSFERS = axis("bench.transfers", "list",
			SettingsParser.subsetOf(Transfer.ids()), "large-payload's variants: sendfile / file region, or copied",
			SettingsParser.subset(Transfer::byId), ids(MatrixBlock::transfers, Transfer::id),
			(block) -> block.scenarios().contains(Scenario.LARGE_PAYLOAD), MatrixBlock::withTransfers);

	/** {@code bench.heaps}. */
	public static final Setting<List<Heap>> HEAPS = axis("bench.heaps", "list",
			SettingsParser.subsetOf(List.of(Heap.FORMS)),
			"the app heaps: default is bench.appJvmArgs, a size replaces -Xms/-Xmx with -Xms<size> -Xmx<size>",
			SettingsParser.subset(Heap::parse), ids(MatrixBlock::heaps, Heap::id), (block) -> true,
			MatrixBlock::withHeaps);

	/** {@code bench.loads}. */
	public static final Setting<List<LoadModel>> LOADS = axis("bench.loads", "list",
			SettingsParser.subsetOf(LoadModel.ids()),
			"the load models: closed (wrk -c -d), count (ab -n -c), open (constant arrival rate)",
			SettingsParser.subset(LoadModel::byId), ids(MatrixBlock::loads, LoadModel::id), (block) -> true,
			MatrixBlock::withLoads);

	/** {@code bench.concurrency}. */
	public static final Setting<List<Integer>> CONCURRENCY = axis("bench.concurrency", "whole numbers",
			SettingsParser.numbersFrom(1, MAX_CONCURRENCY, "10,100,400"),
			"clients of the closed and count models; several are a sweep, with its knee in the report",
			SettingsParser.numbers(1, MAX_CONCURRENCY), ids(MatrixBlock::concurrency, String::valueOf),
			(block) -> block.loads().contains(LoadModel.CLOSED) || block.loads().contains(LoadModel.COUNT),
			MatrixBlock::withConcurrency);

	/** {@code bench.rates}. */
	public static final Setting<List<Integer>> RATES = axis("bench.rates", "whole numbers",
			SettingsParser.numbersFrom(1, MAX_RATE, "300,900"), "arrival rates of the open model (req/s)",
			SettingsParser.numbers(1, MAX_RATE), ids(MatrixBlock::rates, String::valueOf),
			(block) -> block.loads().contains(LoadModel.OPEN), MatrixBlock::withRates);

	/** The machines' cores the help shows the default placement for. */
	private static final List<Integer> SHOWN_MACHINES = List.of(1, 2, 4);

	/** {@code bench.appCpus}: its default is {@link #defaultPlacement}. */
	public static final Setting<List<AppCpus>> APP_CPUS = new Setting<>(AppCpus.PROPERTY, MATRIX, "list",
			AppCpus.ACCEPTED,
			"the cores the app runs on alone (taskset), JMeter, mock-services and MongoDB on the others; "
					+ "all = no pinning; a list such as 1,all measures each; a count leaves at least one core",
			new Setting.Default<>((profile) -> defaultPlacement(profile, Machine.cores()),
					SettingsTable::placementShown),
			(value) -> SettingsParser.appCpus(value, Machine.cores()),
			new Setting.Axis<>(ids(MatrixBlock::appCpus, AppCpus::id), (block) -> true, MatrixBlock::withAppCpus));

	/** {@code bench.duration}. */
	public static final Setting<Duration> DURATION = new Setting<>("bench.duration", TIMING, "duration",
			SettingsParser.durationFrom(1), "hold time per trial, after a 1 s ramp-up",
			Setting.Default.perProfile(BenchProfile::duration, SettingsParser::format), SettingsParser.duration(1),
			null);

	/** {@code bench.warmup}. */
	public static final Setting<Duration> WARMUP = new Setting<>("bench.warmup", TIMING, "duration",
			SettingsParser.durationFrom(0),
			"the most warm-up per app start (bench.fork): rounds at a gentle concurrency, then at the highest "
					+ "right before each workload's first cell, both with the app on every CPU, until steady with a "
					+ "quiet JIT; between them a 19 s calibration run (2 s idle, 3 rounds) at the gentle concurrency on the app's own "
					+ "cores (the model's demands); 0s = none",
			Setting.Default.perProfile(BenchProfile::warmup, SettingsParser::format), SettingsParser.duration(0), null);

	/** {@code bench.fork}. */
	public static final Setting<Fork> FORK = new Setting<>("bench.fork", TIMING, "word",
			SettingsParser.oneOf(Fork.class),
			"workload = a fresh app JVM per workload, as JMH forks one per benchmark, so that the JIT's code fits "
					+ "the one workload it measures; app = one JVM per stack, heap and app CPUs serving its "
					+ "workloads in turn (fewer starts and warm-ups: full, whose 30 s warm-ups cannot finish the JIT "
					+ "anyway)",
			Setting.Default.perProfile((profile) -> (profile == BenchProfile.FULL) ? Fork.APP : Fork.WORKLOAD,
					Fork::id),
			SettingsParser.word(Fork.class), null);

	/** {@code bench.baseline}. */
	public static final Setting<Duration> BASELINE = new Setting<>("bench.baseline", TIMING, "duration",
			SettingsParser.durationFrom(0),
			"load at concurrency 1 per workload after the warm-up, for the base latency; 0s = none",
			Setting.Default.perProfile(BenchProfile::baseline, SettingsParser::format), SettingsParser.duration(0),
			null);

	/** {@code bench.trials}. */
	public static final Setting<Integer> TRIALS = new Setting<>("bench.trials", TIMING, "whole number",
			SettingsParser.numberFrom(1, 20), "measured repetitions of every cell; the report quotes the median",
			Setting.Default.perProfile(BenchProfile::trials, String::valueOf), SettingsParser.number(1, 20), null);

	/** {@code bench.requests}. */
	public static final Setting<Integer> REQUESTS = new Setting<>("bench.requests", TIMING, "whole number",
			SettingsParser.numberFrom(1, 10_000_000),
			"requests per cell of the count model; given, it replaces a block's own count too",
			new Setting.Default<>(BenchProfile::requests, SettingsTable::requestsPerBlock),
			SettingsParser.number(1, 10_000_000), null);

	/** {@code bench.memoryRequests}. */
	public static final Setting<Integer> MEMORY_REQUESTS = new Setting<>("bench.memoryRequests", TIMING, "whole number",
			MemoryRequests.ACCEPTED,
			"requests of the memory-after-N-requests measurement per stack, from " + MemoryRequests.CONCURRENCY
					+ " clients",
			Setting.Default.perProfile(MemoryRequests::defaultFor, String::valueOf), MemoryRequests::parse, null);

	/** {@code bench.slo}: the capacity search's objective. */
	public static final Setting<Slo> SLO = new Setting<>("bench.slo", TIMING, "objective", Slo.FORM,
			"the latency objective of the capacity search (profile capacity): a rung passes when this percentile "
					+ "stays within the limit, errors stay under 1 % of the arrivals and the app lives",
			new Setting.Default<>((profile) -> Slo.DEFAULT,
					(profile) -> Slo.DEFAULT.shown() + ", the ideal being the workload's downstream wait: "
							+ Math.round(Slo.DEFAULT.limitMs(new Downstream(SettingsTable.LATENCY.defaultValue(profile),
									SettingsTable.SLOW_LATENCY.defaultValue(profile))
								.downstreamMs(Workload.composite(Fanout.SEQUENTIAL))))
							+ "ms for composite sequential at bench.latency="
							+ SettingsTable.LATENCY.defaultValue(profile)),
			Slo::parse, null);

	/** {@code bench.latency}. */
	public static final Setting<String> LATENCY = new Setting<>("bench.latency", DOWNSTREAM, "latency",
			"one of " + Latency.ACCEPTED_FORMS,
			"each composite downstream call's latency (mock-services --latency, which parses it the same way)",
			same("100ms"), SettingsParser.latency("bench.latency"), null);

	/** {@code bench.slowLatency}. */
	public static final Setting<String> SLOW_LATENCY = new Setting<>("bench.slowLatency", DOWNSTREAM, "latency",
			"a fixed latency, <duration> or fixed:<duration>, where a duration is a whole number of ms or s, "
					+ "e.g. 1s or 500ms",
			"slow-io's one call (mock-services --slow-latency)", same("1s"), SettingsParser::fixedLatency, null);

	/** {@code bench.tomcatThreads}. */
	public static final Setting<Integer> TOMCAT_THREADS = new Setting<>("bench.tomcatThreads", JVMS, "whole number",
			SettingsParser.numberFrom(1, MAX_CONCURRENCY),
			"server.tomcat.threads.max of mvc, its thread cap (the parallel fanout's pool gets 3 times as many)",
			same(DEFAULT_TOMCAT_THREADS, String::valueOf), SettingsParser.number(1, MAX_CONCURRENCY), null);

	/** {@code bench.javaHome}. */
	public static final Setting<String> JAVA_HOME = new Setting<>("bench.javaHome", JVMS, "path",
			"a JDK folder holding bin/java and a release file with JAVA_VERSION "
					+ "(e.g. /usr/lib/jvm/temurin-25-jdk-amd64)",
			"the JDK of every JVM the bench starts (Which JDK the apps run on, below)",
			Setting.Default.of(null, "JAVA_HOME if >= 21, else the newest JDK >= 21 installed, else the Maven JVM"),
			(value) -> value, null);

	/** {@code bench.appJvmArgs}. */
	public static final Setting<List<String>> APP_JVM_ARGS = new Setting<>("bench.appJvmArgs", JVMS, "JVM options",
			"JVM options separated by spaces", "JVM options of each app on the default heap",
			same(List.of("-Xms512m", "-Xmx512m"), SettingsTable::jvmArgs), SettingsParser::jvmArgs, null);

	/** {@code bench.mocksJvmArgs}. */
	public static final Setting<List<String>> MOCKS_JVM_ARGS = new Setting<>("bench.mocksJvmArgs", JVMS, "JVM options",
			"JVM options separated by spaces", "JVM options of mock-services",
			same(List.of("-Xmx2g"), SettingsTable::jvmArgs), SettingsParser::jvmArgs, null);

	/** {@code bench.crosscheck}. */
	public static final Setting<CrossChecker> CROSS_CHECK = new Setting<>("bench.crosscheck", OUTPUT, "word",
			SettingsParser.oneOf(CrossChecker.class),
			"wrk runs every closed cell's trials once more, each right after it (The wrk cross-check)",
			// full has no time left for it under 90 minutes; capacity has open cells only
			Setting.Default.perProfile((profile) -> (profile == BenchProfile.FULL || profile == BenchProfile.CAPACITY)
					? CrossChecker.NONE : CrossChecker.WRK, CrossChecker::id),
			SettingsParser.word(CrossChecker.class), null);

	/** {@code bench.project}: parsed into a {@link Projection}, applied by the report. */
	public static final Setting<Projection> PROJECT = new Setting<>(BenchSettings.PROJECT, OUTPUT, "list",
			"cores=<n>,latency=<n>ms|s,concurrency=<n>[,harness=same|none]",
			"the model's projection of each stack onto your hardware, in a section of its own (not a measurement)",
			Setting.Default.of(null, "none"), Projection::parse, null);

	/** {@code bench.engines}. */
	public static final Setting<List<String>> LOAD_ENGINES = new Setting<>("bench.engines", ENGINES, "list",
			LoadEngines.FORM + ", or none",
			"the trials' load runs on these JMeter remote engines (load agents, docs/distributed.md), each with its "
					+ "share of the threads or the rate; warm-up and base latency stay in the bench's JVM",
			Setting.Default.of(List.of(), "none (JMeter in the bench's JVM)"), LoadEngines::parse, null);

	/** {@code bench.rmiKeystore}. */
	public static final Setting<Optional<Path>> RMI_KEYSTORE = new Setting<>("bench.rmiKeystore", ENGINES, "path",
			"a keystore file, or " + LoadEngines.INSECURE,
			"with bench.engines: the keystore shared with the load agents (RMI over TLS); " + LoadEngines.INSECURE
					+ " = plain RMI",
			Setting.Default.of(Optional.of(SettingsParser.path(LoadEngines.DEFAULT_KEYSTORE)),
					LoadEngines.DEFAULT_KEYSTORE + " (in jmeter/)"),
			LoadEngines::keystore, null);

	/** {@code bench.rmiLocalPort}. */
	public static final Setting<Integer> RMI_LOCAL_PORT = new Setting<>("bench.rmiLocalPort", ENGINES, "whole number",
			LoadEngines.CALLBACK_PORT_FORM,
			"with bench.engines: the first of the TCP ports on the bench's machine that the engines call back "
					+ "(their samples, the end of each run), JMeter's client.rmi.localport: open it and the next "
					+ (LoadEngines.CALLBACK_PORTS - 1) + " in a firewall",
			same(0, String::valueOf), LoadEngines::callbackPort, null);

	/** {@code bench.targets}. */
	public static final Setting<Map<Stack, Targets.Target>> TARGETS_APPS = new Setting<>("bench.targets", TARGETS,
			"list", Targets.FORM + ", or none",
			"apps already running elsewhere (docs/distributed.md): the bench starts no app and no mocks, loads each "
					+ "target in turn and reads its meters from its Actuator; needs bench.mongoUri, in the database "
					+ "the targets store into",
			Setting.Default.of(Map.of(), "none (the bench starts the apps)"), Targets::parse, null);

	/** {@code bench.stubs}. */
	public static final Setting<Map<String, URI>> STUBS = new Setting<>("bench.stubs", TARGETS, "list",
			Targets.STUBS_FORM,
			"with bench.targets: the stubs the stub latency probe measures during each trial (validity: stubs "
					+ "slower than configured); without it their latency is not measured",
			Setting.Default.of(Map.of(), "none (not probed)"), Targets::parseStubs, null);

	/** {@code bench.mongoUri}. */
	public static final Setting<String> MONGO_URI = new Setting<>("bench.mongoUri", DATABASE, "URI", Targets.MONGO_FORM,
			"a MongoDB of your own (e.g. in a container) the apps store into instead of mock-services' embedded "
					+ "mongo-java-server; stored == acknowledged is counted there. Without bench.targets the bench "
					+ "starts its apps as usual, pointed at it",
			Setting.Default.of(null, "none (mock-services' embedded mongo-java-server)"), Targets::parseMongoUri, null);

	/** {@code bench.mongoDatabase}. */
	public static final Setting<String> MONGO_DATABASE = new Setting<>("bench.mongoDatabase", DATABASE, "name",
			Targets.DATABASE_FORM,
			"with bench.mongoUri, without bench.targets: the database the bench's apps write to; the bench drops its "
					+ "profiles collection between cells only in " + Targets.BENCH_DATABASE
					+ ", elsewhere deletes only its own documents",
			// null: Targets.benchDatabase picks it from bench.mongoUri
			Setting.Default.of(null, Targets.BENCH_DATABASE), Targets::parseDatabase, null);

	/** {@code bench.outputDir}. */
	public static final Setting<Path> OUTPUT_DIR = new Setting<>("bench.outputDir", OUTPUT, "path", "a folder",
			"where results.json, report.md, index.html and runs/ go", path("target/bench", ""), SettingsParser::path,
			null);

	/** {@code bench.mockServicesJar}. */
	public static final Setting<Path> MOCK_SERVICES_JAR = jar("bench.mockServicesJar", "mock-services",
			"mock-services/target/mock-services-exec.jar");

	/** {@code bench.mvcJar}. */
	public static final Setting<Path> MVC_JAR = jar("bench.mvcJar", "mvc-app", "mvc-app/target/mvc-app.jar");

	/** {@code bench.webfluxJar}. */
	public static final Setting<Path> WEBFLUX_JAR = jar("bench.webfluxJar", "webflux-app",
			"webflux-app/target/webflux-app.jar");

	/** {@code bench.faults}. */
	public static final Setting<List<Fault>> FAULT_KINDS = new Setting<>("bench.faults", FAULTS, "list",
			SettingsParser.subsetOf(Fault.ids()), FAULTS_ONLY + "what the faulted service does instead of answering",
			same(List.of(Fault.values()), SettingsTable::all), SettingsParser.subset(Fault::byId), null);

	/** {@code bench.faultServices}. */
	public static final Setting<List<DownstreamService>> FAULT_SERVICES = new Setting<>("bench.faultServices", FAULTS,
			"list", SettingsParser.subsetOf(DownstreamService.ids()),
			FAULTS_ONLY + "the downstream services faulted, one at a time",
			same(List.of(DownstreamService.values()), SettingsTable::all),
			SettingsParser.subset(DownstreamService::byId), null);

	/** {@code bench.faultShares}. */
	public static final Setting<List<Integer>> FAULT_SHARES = new Setting<>("bench.faultShares", FAULTS, "list",
			SettingsParser.subsetOf(FaultSettings.SHARES.stream().map(String::valueOf).toList()),
			FAULTS_ONLY + "shares of requests hit (%): 10 = customer ids ending in 7",
			same(FaultSettings.SHARES,
					(shares) -> shares.stream().map(String::valueOf).collect(Collectors.joining(","))),
			SettingsParser.subset(FaultSettings::share), null);

	/** {@code bench.faultConcurrency}. */
	public static final Setting<Integer> FAULT_CONCURRENCY = new Setting<>("bench.faultConcurrency", FAULTS,
			"whole number", SettingsParser.numberFrom(1, 1000), FAULTS_ONLY + "JMeter threads of each run",
			same(20, String::valueOf), SettingsParser.number(1, 1000), null);

	/** {@code bench.faultDuration}. */
	public static final Setting<Duration> FAULT_DURATION = new Setting<>("bench.faultDuration", FAULTS, "duration",
			SettingsParser.durationFrom(1), FAULTS_ONLY + "hold time of each run, after a 1 s ramp-up",
			same(Duration.ofSeconds(2), SettingsParser::format), SettingsParser.duration(1), null);

	/** {@code bench.faultDatabaseOutage}. */
	public static final Setting<Boolean> FAULT_DATABASE_OUTAGE = new Setting<>("bench.faultDatabaseOutage", FAULTS,
			"boolean", "true or false",
			FAULTS_ONLY + "also stop mock-services' MongoDB under load, per stack; the bench cannot stop the MongoDB "
					+ "of bench.mongoUri",
			same(true, (outage) -> outage + " (false with bench.mongoUri)"), SettingsParser::bool, null);

	/** {@code bench.help}: read by the build, not by {@link BenchSettings}. */
	public static final Setting<String> HELP = new Setting<>("bench.help", OUTPUT, "flag", "given or not",
			"lists these settings and the profiles' blocks instead of running the bench",
			Setting.Default.of(null, "not given"), (value) -> value, null);

	/** Every setting, in the order of the help and the README. */
	public static final List<Setting<?>> ALL = List.of(PROFILE, STACKS, SCENARIOS, FANOUTS, TRANSFERS, HEAPS, LOADS,
			CONCURRENCY, RATES, APP_CPUS, DURATION, WARMUP, FORK, BASELINE, TRIALS, REQUESTS, MEMORY_REQUESTS, SLO,
			LATENCY, SLOW_LATENCY, TOMCAT_THREADS, JAVA_HOME, APP_JVM_ARGS, MOCKS_JVM_ARGS, CROSS_CHECK, PROJECT,
			OUTPUT_DIR, MOCK_SERVICES_JAR, MVC_JAR, WEBFLUX_JAR, MONGO_URI, MONGO_DATABASE, LOAD_ENGINES, RMI_KEYSTORE,
			RMI_LOCAL_PORT, TARGETS_APPS, STUBS, FAULT_KINDS, FAULT_SERVICES, FAULT_SHARES, FAULT_CONCURRENCY,
			FAULT_DURATION, FAULT_DATABASE_OUTAGE, HELP);

	private SettingsTable() {
	}

	/**
	 * Returns the axis settings, in the order they apply to a profile's blocks.
	 * @return the settings that reshape blocks
	 */
	static List<Setting<?>> axes() {
		return ALL.stream().filter(Setting::isAxis).toList();
	}

	/**
	 * Replaces every axis that is set in every block.
	 * @param blocks the profile's blocks
	 * @param get the property lookup (blank values are {@code null})
	 * @return the blocks with the axes set replaced
	 * @throws BenchConfigException when a value is not accepted
	 */
	static List<MatrixBlock> reshape(List<MatrixBlock> blocks, Function<String, String> get) {
		List<Function<MatrixBlock, MatrixBlock>> overrides = new ArrayList<>();
		for (Setting<?> setting : axes()) {
			overrides.addAll(override(setting, get));
		}
		return blocks.stream().map((block) -> {
			MatrixBlock result = block;
			for (Function<MatrixBlock, MatrixBlock> override : overrides) {
				result = override.apply(result);
			}
			return result;
		}).toList();
	}

	private static <T> List<Function<MatrixBlock, MatrixBlock>> override(Setting<T> setting,
			Function<String, String> get) {
		return setting.read(get)
			.<Function<MatrixBlock, MatrixBlock>>map((value) -> (block) -> setting.axis().replace().apply(block, value))
			.stream()
			.toList();
	}

	/**
	 * Describes an axis's values per block of a profile, naming the blocks it reshapes.
	 * @param axis the axis
	 * @param profile the profile
	 * @return e.g. {@code 10} (one block), {@code A: 100,400 · B, C: 400}, or a dash when
	 * no block of the profile uses the axis
	 */
	static String perBlock(Setting.Axis<?> axis, BenchProfile profile) {
		List<MatrixBlock> blocks = profile.blocks();
		Map<String, List<String>> byValue = new LinkedHashMap<>();
		for (int i = 0; i < blocks.size(); i++) {
			if (axis.applies().test(blocks.get(i))) {
				byValue.computeIfAbsent(axis.shown().apply(blocks.get(i)), (value) -> new ArrayList<>())
					.add(BenchProfile.blockName(i));
			}
		}
		if (byValue.isEmpty()) {
			return "– (no block uses it)";
		}
		if (byValue.size() == 1 && byValue.values().iterator().next().size() == blocks.size()) {
			return byValue.keySet().iterator().next();
		}
		return byValue.entrySet()
			.stream()
			.map((entry) -> String.join(", ", entry.getValue()) + ": " + entry.getKey())
			.collect(Collectors.joining(" · "));
	}

	/**
	 * Describes the count model's requests of a profile: one number, or per block where a
	 * block sets its own count.
	 * @param profile the profile
	 * @return e.g. {@code 5000}, or {@code A: 1000 · B: 200}
	 */
	static String requestsPerBlock(BenchProfile profile) {
		List<MatrixBlock> blocks = profile.blocks();
		if (blocks.stream().allMatch((block) -> block.requests() == 0)) {
			return String.valueOf(profile.requests());
		}
		List<String> parts = new ArrayList<>();
		for (int i = 0; i < blocks.size(); i++) {
			int requests = blocks.get(i).requests();
			parts.add(BenchProfile.blockName(i) + ": " + ((requests > 0) ? requests : profile.requests()));
		}
		return String.join(" · ", parts);
	}

	private static <T> Setting<T> axis(String name, String type, String accepted, String help,
			Function<String, T> parser, Function<MatrixBlock, String> shown, Predicate<MatrixBlock> applies,
			BiFunction<MatrixBlock, T, MatrixBlock> replace) {
		Setting.Axis<T> axis = new Setting.Axis<>(shown, applies, replace);
		return new Setting<>(name, MATRIX, type, accepted, help,
				Setting.Default.shown((profile) -> perBlock(axis, profile)), parser, axis);
	}

	private static <T> Function<MatrixBlock, String> ids(Function<MatrixBlock, List<T>> values,
			Function<T, String> id) {
		return (block) -> values.apply(block).stream().map(id).collect(Collectors.joining(","));
	}

	/**
	 * A runnable jar, shown from the repository's root and found from jmeter/, where
	 * Maven runs the bench.
	 */
	private static Setting<Path> jar(String name, String module, String fromRoot) {
		return new Setting<>(name, OUTPUT, "path", "a jar file", module + "'s runnable jar", path(fromRoot, "../"),
				SettingsParser::path, null);
	}

	/**
	 * A path's default.
	 * @param shown the path as shown to the user
	 * @param from the folder it is shown from, as seen from where the bench runs
	 */
	private static Setting.Default<Path> path(String shown, String from) {
		return Setting.Default.of(SettingsParser.path(from + shown), shown);
	}

	private static Setting.Default<String> same(String value) {
		return Setting.Default.of(value, value);
	}

	private static <T> Setting.Default<T> same(T value, Function<T, String> shown) {
		return Setting.Default.of(value, shown.apply(value));
	}

	private static String jvmArgs(List<String> options) {
		return String.join(" ", options);
	}

	/** A whole list of named values, e.g. {@code all three}. */
	private static String all(List<?> values) {
		return "all " + NUMBERS.get(values.size());
	}

	/**
	 * The default placement of the app on the CPUs: {@code standard} (and
	 * {@code capacity}, whose figures compare with it) gives the app half the cores (1 of
	 * 2) and the harness the others, chosen from data (the wrk cross-check's gap was
	 * smaller pinned than shared: jmeter/README.md, *Placing the processes on the CPUs*);
	 * the other profiles, and a one-core machine, keep their blocks' own.
	 * @param profile the profile
	 * @param cores the machine's logical processors
	 * @return the app's cores in every block, {@code null} to keep the blocks' own
	 */
	static List<AppCpus> defaultPlacement(BenchProfile profile, int cores) {
		if ((profile != BenchProfile.STANDARD && profile != BenchProfile.CAPACITY) || cores < 2) {
			return null;
		}
		return List.of(new AppCpus(cores / 2));
	}

	/** The default placement in words, worked out on a few machines where it applies. */
	private static String placementShown(BenchProfile profile) {
		if (SHOWN_MACHINES.stream().allMatch((cores) -> defaultPlacement(profile, cores) == null)) {
			return perBlock(APP_CPUS.axis(), profile);
		}
		return "by the machine's cores: " + SHOWN_MACHINES.stream().map((cores) -> {
			List<AppCpus> placement = defaultPlacement(profile, cores);
			String app = (placement == null) ? perBlock(APP_CPUS.axis(), profile)
					: placement.stream().map(AppCpus::id).collect(Collectors.joining(","));
			return app + " of " + AppCpus.coresInWords(cores);
		}).collect(Collectors.joining(", "));
	}

}
