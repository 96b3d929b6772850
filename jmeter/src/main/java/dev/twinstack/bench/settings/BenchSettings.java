package dev.twinstack.bench.settings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.MatrixBlock;
import dev.twinstack.bench.matrix.Scenario;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.settings.faults.FaultSettings;
import dev.twinstack.bench.settings.jdk.Jdk;
import dev.twinstack.bench.settings.jdk.JdkSelector;
import dev.twinstack.bench.settings.remote.LoadEngines;
import dev.twinstack.bench.settings.remote.Targets;
import dev.twinstack.bench.settings.remote.TargetsMode;

/**
 * What the bench runs, parsed from {@code bench.*} system properties as
 * {@link SettingsTable} declares them: a {@link BenchProfile} gives the matrix and
 * durations, single properties override parts of it (an axis property replaces that axis
 * in every block of the profile). The accessors below the components are shortcuts into
 * them.
 *
 * @param profile the profile name
 * @param matrix the blocks and the stacks that run
 * @param timing durations, trials and request counts
 * @param downstream the mocks' latencies
 * @param jvms the JDK, jars and JVM options
 * @param faults the {@code faults} scenario, {@code null} when it is not selected
 * @param outputDir where results.json, report.md and the runs folder go
 * @param crossCheck the independent load generator that runs every closed cell once more
 * @param engines where the trials' load runs: JMeter in this JVM, or remote engines
 * @param project the report's what-if for the reader's hardware ({@code bench.project}),
 * {@code null} when none was asked for
 * @param targets apps and mocks started by hand elsewhere ({@code bench.targets}),
 * {@link Targets#LOCAL} when the bench starts them
 * @param slo the latency objective of the capacity search ({@code bench.slo})
 */
public record BenchSettings(String profile, MatrixPlan matrix, Timing timing, Downstream downstream, Jvms jvms,
		FaultSettings faults, Path outputDir, CrossChecker crossCheck, LoadEngines engines, Projection project,
		Targets targets, Slo slo) {

	/**
	 * The report's what-if projection
	 * ({@code -Dbench.project=cores=8,latency=50ms,concurrency=2000}), parsed here into a
	 * {@link Projection} so that a typo fails before the run.
	 */
	public static final String PROJECT = "bench.project";

	/** Accepted profile names. */
	public static final List<String> PROFILES = BenchProfile.ids();

	/** Highest accepted concurrency (JMeter threads). */
	public static final int MAX_CONCURRENCY = SettingsTable.MAX_CONCURRENCY;

	/** Highest accepted open-model rate (req/s). */
	public static final int MAX_RATE = SettingsTable.MAX_RATE;

	/** Tomcat's default worker thread cap, the default of {@code bench.tomcatThreads}. */
	public static final int DEFAULT_TOMCAT_THREADS = SettingsTable.DEFAULT_TOMCAT_THREADS;

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
		// the profile's own default depends on no profile
		BenchProfile profile = SettingsTable.PROFILE.read(get, null);
		Projection project = SettingsTable.PROJECT.read(get, profile);
		Targets targets = TargetsMode.read(get, profile);
		// targets: bench.javaHome is refused below, not looked for here
		Jdk jdk = jdks.apply(targets.remote() ? null : SettingsTable.JAVA_HOME.read(get, profile)).select();
		// targets: the apps run elsewhere, pinned by no one here
		List<AppCpus> placement = targets.remote() ? null : SettingsTable.APP_CPUS.defaultValue(profile);
		List<MatrixBlock> blocks = SettingsTable.reshape((placement == null) ? profile.blocks()
				: profile.blocks().stream().map((block) -> block.withAppCpus(placement)).toList(), get);
		if (get.apply(SettingsTable.REQUESTS.name()) != null) {
			// bench.requests sets every count cell, as an axis property sets its axis
			blocks = blocks.stream().map((block) -> block.withRequests(0)).toList();
		}
		MatrixPlan matrix;
		if (targets.remote()) {
			// the JDK of the apps is theirs, not this machine's: no stack is skipped
			List<MatrixBlock> restricted = TargetsMode.restrict(blocks, targets, get);
			matrix = new MatrixPlan(restricted, TargetsMode.stacks(restricted), List.of());
			TargetsMode.refuseLocalAxes(get, profile, matrix.cells(), matrix.blocks());
		}
		else {
			matrix = matrix(blocks, jdk);
		}
		Timing timing = new Timing(SettingsTable.DURATION.read(get, profile), SettingsTable.WARMUP.read(get, profile),
				SettingsTable.BASELINE.read(get, profile), SettingsTable.TRIALS.read(get, profile),
				SettingsTable.REQUESTS.read(get, profile),
				targets.remote() ? 0 : SettingsTable.MEMORY_REQUESTS.read(get, profile), profile.memoryRepeats(),
				profile.memoryWorkload(), SettingsTable.FORK.read(get, profile) == Fork.WORKLOAD);
		Downstream downstream = new Downstream(SettingsTable.LATENCY.read(get, profile),
				SettingsTable.SLOW_LATENCY.read(get, profile));
		Jars jars = new Jars(SettingsTable.MOCK_SERVICES_JAR.read(get, profile),
				SettingsTable.MVC_JAR.read(get, profile), SettingsTable.WEBFLUX_JAR.read(get, profile));
		Jvms jvms = new Jvms(jdk, jars, SettingsTable.APP_JVM_ARGS.read(get, profile),
				SettingsTable.MOCKS_JVM_ARGS.read(get, profile), SettingsTable.TOMCAT_THREADS.read(get, profile));
		// faults: the stacks asked for, else every stack this JDK runs
		FaultSettings faults = matrix.blocks().stream().anyMatch((block) -> block.scenarios().contains(Scenario.FAULTS))
				? FaultSettings.from(get, profile,
						(get.apply(SettingsTable.STACKS.name()) != null) ? matrix.stacks()
								: Arrays.stream(Stack.values()).filter(jdk::runs).toList(),
						targets.externalMongo())
				: null;
		// for remote targets too (wrk runs on this machine against the target's URL)
		CrossChecker crossCheck = SettingsTable.CROSS_CHECK.read(get, profile);
		LoadEngines engines = engines(get, profile, matrix);
		return new BenchSettings(profile.id(), matrix, timing, downstream, jvms, faults,
				SettingsTable.OUTPUT_DIR.read(get, profile), crossCheck, engines, project, targets,
				SettingsTable.SLO.read(get, profile));
	}

	/**
	 * Reads the load engines and checks that every closed or count level divides among
	 * them.
	 */
	private static LoadEngines engines(Function<String, String> get, BenchProfile profile, MatrixPlan matrix) {
		List<String> addresses = SettingsTable.LOAD_ENGINES.read(get, profile);
		if (addresses.isEmpty()) {
			return LoadEngines.LOCAL;
		}
		LoadEngines engines = new LoadEngines(addresses, SettingsTable.RMI_KEYSTORE.read(get, profile).orElse(null),
				SettingsTable.RMI_LOCAL_PORT.read(get, profile));
		engines.requireDivisible(matrix.cells()
			.stream()
			.filter((cell) -> cell.load() != LoadModel.OPEN)
			.map(Cell::concurrency)
			.distinct()
			.toList());
		return engines;
	}

	private static MatrixPlan matrix(List<MatrixBlock> blocks, Jdk jdk) {
		List<Stack> requested = MatrixPlan.distinct(blocks, MatrixBlock::stacks).stream().sorted().toList();
		List<SkippedStack> skipped = requested.stream()
			.filter((stack) -> !jdk.runs(stack))
			.map((stack) -> new SkippedStack(stack,
					stack.id() + " needs a JDK " + stack.minimumJava() + " or newer; the bench runs on " + jdk.version()
							+ " (" + jdk.vendor() + ", " + jdk.source() + "): set -Dbench.javaHome to a newer JDK"))
			.toList();
		return new MatrixPlan(blocks, requested.stream().filter(jdk::runs).toList(), skipped);
	}

	/**
	 * Returns a copy running other jars.
	 * @param jars the jars
	 * @return the new settings
	 */
	public BenchSettings withJars(Jars jars) {
		return new BenchSettings(this.profile, this.matrix, this.timing, this.downstream, this.jvms.withJars(jars),
				this.faults, this.outputDir, this.crossCheck, this.engines, this.project, this.targets, this.slo);
	}

	/**
	 * Returns a copy whose trials run on other load engines.
	 * @param engines the engines, {@link LoadEngines#LOCAL} for JMeter in the bench's JVM
	 * @return the new settings
	 */
	public BenchSettings withEngines(LoadEngines engines) {
		return new BenchSettings(this.profile, this.matrix, this.timing, this.downstream, this.jvms, this.faults,
				this.outputDir, this.crossCheck, engines, this.project, this.targets, this.slo);
	}

	/**
	 * Tells whether the open cells are capacity searches
	 * ({@code bench.profile=capacity}): a ladder and bisection over the rate from the
	 * cell's rate, rather than trials at it.
	 * @return {@code true} for the capacity profile
	 */
	public boolean searchesCapacity() {
		return BenchProfile.CAPACITY.id().equals(this.profile);
	}

	/**
	 * Tells whether closed cells are run once more by wrk.
	 * @return {@code true} for {@link CrossChecker#WRK}
	 */
	public boolean crossChecksWithWrk() {
		return this.crossCheck == CrossChecker.WRK;
	}

	/**
	 * Returns the cells to measure, in run order ({@link MatrixPlan#cells()}).
	 * @return the cells
	 */
	public List<Cell> cells() {
		return this.matrix.cells();
	}

	/**
	 * Returns the number of measured cells (each measured {@code trials} times).
	 * @return the cell count
	 */
	public int cellCount() {
		return cells().size();
	}

	/**
	 * Returns the stacks that run.
	 * @return {@link MatrixPlan#stacks()}
	 */
	public List<Stack> stacks() {
		return this.matrix.stacks();
	}

	/**
	 * Returns the requested stacks that cannot run.
	 * @return {@link MatrixPlan#skipped()}
	 */
	public List<SkippedStack> skipped() {
		return this.matrix.skipped();
	}

	/**
	 * Returns every composite fanout of the matrix.
	 * @return {@link MatrixPlan#fanouts()}
	 */
	public List<Fanout> fanouts() {
		return this.matrix.fanouts();
	}

	/**
	 * Returns every concurrency level of the closed models.
	 * @return {@link MatrixPlan#concurrency()}
	 */
	public List<Integer> concurrency() {
		return this.matrix.concurrency();
	}

	/**
	 * Returns the hold time per trial.
	 * @return {@link Timing#duration()}
	 */
	public Duration duration() {
		return this.timing.duration();
	}

	/**
	 * Returns the most warm-up per app start.
	 * @return {@link Timing#warmup()}
	 */
	public Duration warmup() {
		return this.timing.warmup();
	}

	/**
	 * Tells whether each workload gets its own app JVM.
	 * @return {@link Timing#jvmPerWorkload()}
	 */
	public boolean jvmPerWorkload() {
		return this.timing.jvmPerWorkload();
	}

	/**
	 * Returns the base-latency load per workload.
	 * @return {@link Timing#baseline()}
	 */
	public Duration baseline() {
		return this.timing.baseline();
	}

	/**
	 * Returns the measured repetitions of every cell.
	 * @return {@link Timing#trials()}
	 */
	public int trials() {
		return this.timing.trials();
	}

	/**
	 * Returns the requests per cell of the count model.
	 * @return {@link Timing#requests()}
	 */
	public int requests() {
		return this.timing.requests();
	}

	/**
	 * Returns the requests of a count cell: its block's own count, else
	 * {@link #requests()}.
	 * @param cell a cell of the {@code count} model
	 * @return the requests it sends
	 */
	public int requests(Cell cell) {
		return (cell.requests() > 0) ? cell.requests() : this.timing.requests();
	}

	/**
	 * Returns how many times the memory after N requests runs per stack.
	 * @return {@link Timing#memoryRepeats()}
	 */
	public int memoryRepeats() {
		return this.timing.memoryRepeats();
	}

	/**
	 * Returns the workload of the memory after N requests: the profile's, else composite
	 * with the matrix's first fanout.
	 * @return the workload, {@code null} when the measurement is off or the matrix has no
	 * composite cell to choose a fanout from
	 */
	public Workload memoryWorkload() {
		if (memoryRequests() == 0) {
			return null;
		}
		if (this.timing.memoryWorkload() != null) {
			return this.timing.memoryWorkload();
		}
		return fanouts().isEmpty() ? null : Workload.composite(fanouts().get(0));
	}

	/**
	 * Returns N of the memory after N requests.
	 * @return {@link Timing#memoryRequests()}
	 */
	public int memoryRequests() {
		return this.timing.memoryRequests();
	}

	/**
	 * Returns the composite downstream latency.
	 * @return {@link Downstream#latency()}
	 */
	public String latency() {
		return this.downstream.latency();
	}

	/**
	 * Returns the slow service's latency.
	 * @return {@link Downstream#slowLatency()}
	 */
	public String slowLatency() {
		return this.downstream.slowLatency();
	}

	/**
	 * Returns the fixed composite latency, when it is fixed.
	 * @return {@link Downstream#fixedLatency()}
	 */
	public Optional<Duration> fixedLatency() {
		return this.downstream.fixedLatency();
	}

	/**
	 * Returns the typical composite latency.
	 * @return {@link Downstream#nominalLatency()}
	 */
	public Duration nominalLatency() {
		return this.downstream.nominalLatency();
	}

	/**
	 * Returns the slow service's latency.
	 * @return {@link Downstream#slowLatencyDuration()}
	 */
	public Duration slowLatencyDuration() {
		return this.downstream.slowLatencyDuration();
	}

	/**
	 * Returns the ideal downstream wait of one request of a workload.
	 * @param workload the workload
	 * @return {@link Downstream#downstreamMs(Workload)} (ms)
	 */
	public double downstreamMs(Workload workload) {
		return this.downstream.downstreamMs(workload);
	}

	/**
	 * Returns the JDK of every JVM.
	 * @return {@link Jvms#jdk()}
	 */
	public Jdk jdk() {
		return this.jvms.jdk();
	}

	/**
	 * Returns the jars.
	 * @return {@link Jvms#jars()}
	 */
	public Jars jars() {
		return this.jvms.jars();
	}

	/**
	 * Returns the apps' JVM options on the default heap.
	 * @return {@link Jvms#appJvmArgs()}
	 */
	public List<String> appJvmArgs() {
		return this.jvms.appJvmArgs();
	}

	/**
	 * Returns mock-services' JVM options.
	 * @return {@link Jvms#mocksJvmArgs()}
	 */
	public List<String> mocksJvmArgs() {
		return this.jvms.mocksJvmArgs();
	}

	/**
	 * Returns Tomcat's worker thread cap of {@code mvc}.
	 * @return {@link Jvms#tomcatThreads()}
	 */
	public int tomcatThreads() {
		return this.jvms.tomcatThreads();
	}

}
