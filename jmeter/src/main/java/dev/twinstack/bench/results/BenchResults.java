package dev.twinstack.bench.results;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.twinstack.bench.analysis.capacity.Capacity;
import dev.twinstack.bench.faults.FaultRun;
import dev.twinstack.bench.faults.OutageRun;
import dev.twinstack.bench.load.CompositePlan;
import dev.twinstack.bench.load.warmup.WarmUp;
import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.LoopbackProbe;
import dev.twinstack.bench.measure.jvm.MemoryAfterRequests;
import dev.twinstack.bench.measure.storage.MongoServer;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.Projection;
import dev.twinstack.bench.settings.SkippedStack;
import dev.twinstack.bench.settings.Tool;
import dev.twinstack.bench.settings.jdk.Jdk;

/**
 * Everything a bench run measured and every setting it ran with: the content of
 * {@code results.json} and the source of {@code report.md}.
 *
 * @param settings what was run
 * @param environment where it ran
 * @param processes the JVMs started, with their exact command lines
 * @param startedAt start of the run (ISO-8601 UTC)
 * @param finishedAt end of the run (ISO-8601 UTC)
 * @param wallSeconds bench wall time, JVM starts included (s)
 * @param cells the measured cells, in run order: of each cell, its median trial (the
 * trial whose steady throughput is the cells' median), with the cell's ceiling
 * @param apps each app as it ran: VisualVM name, JFR recording, the settings that cap it
 * @param memory per stack, the time to complete N requests and the memory in use after
 * @param jdk the JDK every JVM of the run ran on, {@code null} when not recorded
 * @param skipped requested stacks that could not run, with the reason
 * @param matrix every cell over its trials: medians with min–max, ceilings, validity, the
 * app's health
 * @param trials every trial's full results, in run order
 * @param faults the runs of the {@code faults} scenario, in run order (empty when it did
 * not run)
 * @param databaseOutages the {@code faults} scenario's database outage of each stack
 * @param complete whether every planned cell ran; {@code false} when the bench was
 * interrupted or failed, and only the cells finished before are in the results
 * @param incompleteReason why the results are incomplete, e.g.
 * {@code interrupted by SIGINT/SIGTERM after 3 of 18 cells}; {@code null} when complete
 * @param capacity each stack's capacity at the latency objective, in run order (empty
 * unless the run searched it: {@code bench.profile=capacity}); its rungs are cells of
 * {@code matrix}
 */
@JsonPropertyOrder({ "complete", "incompleteReason" })
public record BenchResults(Settings settings, Environment environment, List<ProcessInfo> processes, String startedAt,
		String finishedAt, double wallSeconds, List<CellResult> cells, List<AppInfo> apps,
		List<MemoryAfterRequests> memory, Jdk jdk, List<SkippedStack> skipped, List<CellSummary> matrix,
		List<CellResult> trials, List<FaultRun> faults, List<OutageRun> databaseOutages, boolean complete,
		String incompleteReason, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Capacity> capacity) {

	/**
	 * Reads results written before the capacity search existed as having none.
	 * @param capacity each stack's capacity, {@code null} in such results
	 */
	public BenchResults {
		capacity = (capacity != null) ? List.copyOf(capacity) : List.of();
	}

	/**
	 * Creates results without a capacity search.
	 * @param settings what was run
	 * @param environment where it ran
	 * @param processes the JVMs started
	 * @param startedAt start of the run (ISO-8601 UTC)
	 * @param finishedAt end of the run (ISO-8601 UTC)
	 * @param wallSeconds bench wall time (s)
	 * @param cells the median trial of each cell
	 * @param apps the app JVMs
	 * @param memory the memory after N requests
	 * @param jdk the JDK of the run
	 * @param skipped stacks that could not run
	 * @param matrix every cell over its trials
	 * @param trials every trial
	 * @param faults the runs of the faults scenario
	 * @param databaseOutages the database outage of each stack
	 * @param complete whether every planned cell ran
	 * @param incompleteReason why the results are incomplete, or {@code null}
	 */
	public BenchResults(Settings settings, Environment environment, List<ProcessInfo> processes, String startedAt,
			String finishedAt, double wallSeconds, List<CellResult> cells, List<AppInfo> apps,
			List<MemoryAfterRequests> memory, Jdk jdk, List<SkippedStack> skipped, List<CellSummary> matrix,
			List<CellResult> trials, List<FaultRun> faults, List<OutageRun> databaseOutages, boolean complete,
			String incompleteReason) {
		this(settings, environment, processes, startedAt, finishedAt, wallSeconds, cells, apps, memory, jdk, skipped,
				matrix, trials, faults, databaseOutages, complete, incompleteReason, List.of());
	}

	/**
	 * Returns the integrity check over every trial: each 201 stored exactly once.
	 * @return the totals and verdict
	 */
	@com.fasterxml.jackson.annotation.JsonProperty
	public Integrity integrity() {
		return Integrity.of((this.trials != null) ? this.trials : List.of());
	}

	/**
	 * Creates results without the {@code faults} scenario.
	 * @param settings what was run
	 * @param environment where it ran
	 * @param processes the JVMs started
	 * @param startedAt start of the run (ISO-8601 UTC)
	 * @param finishedAt end of the run (ISO-8601 UTC)
	 * @param wallSeconds bench wall time (s)
	 * @param cells the median trial of each cell
	 * @param apps the app JVMs
	 * @param memory the memory after N requests
	 * @param jdk the JDK of the run
	 * @param skipped stacks that could not run
	 * @param matrix every cell over its trials
	 * @param trials every trial
	 */
	public BenchResults(Settings settings, Environment environment, List<ProcessInfo> processes, String startedAt,
			String finishedAt, double wallSeconds, List<CellResult> cells, List<AppInfo> apps,
			List<MemoryAfterRequests> memory, Jdk jdk, List<SkippedStack> skipped, List<CellSummary> matrix,
			List<CellResult> trials) {
		this(settings, environment, processes, startedAt, finishedAt, wallSeconds, cells, apps, memory, jdk, skipped,
				matrix, trials, List.of(), List.of(), true, null);
	}

	/**
	 * Creates results without the scenario matrix (one trial per cell).
	 * @param settings what was run
	 * @param environment where it ran
	 * @param processes the JVMs started
	 * @param startedAt start of the run (ISO-8601 UTC)
	 * @param finishedAt end of the run (ISO-8601 UTC)
	 * @param wallSeconds bench wall time (s)
	 * @param cells the measured cells
	 * @param apps the app JVMs
	 * @param memory the memory after N requests
	 */
	public BenchResults(Settings settings, Environment environment, List<ProcessInfo> processes, String startedAt,
			String finishedAt, double wallSeconds, List<CellResult> cells, List<AppInfo> apps,
			List<MemoryAfterRequests> memory) {
		this(settings, environment, processes, startedAt, finishedAt, wallSeconds, cells, apps, memory, null, List.of(),
				List.of(), cells, List.of(), List.of(), true, null);
	}

	/**
	 * Creates results without app details and memory figures.
	 * @param settings what was run
	 * @param environment where it ran
	 * @param processes the JVMs started
	 * @param startedAt start of the run (ISO-8601 UTC)
	 * @param finishedAt end of the run (ISO-8601 UTC)
	 * @param wallSeconds bench wall time (s)
	 * @param cells the measured cells
	 */
	public BenchResults(Settings settings, Environment environment, List<ProcessInfo> processes, String startedAt,
			String finishedAt, double wallSeconds, List<CellResult> cells) {
		this(settings, environment, processes, startedAt, finishedAt, wallSeconds, cells, List.of(), List.of());
	}

	/**
	 * One app JVM of the run.
	 *
	 * @param stack the stack
	 * @param displayName its VisualVM display name
	 * @param jfr its JFR recording, relative to the output folder
	 * @param settings the settings that cap it (thread caps, pool sizes, timeouts), by
	 * property name
	 * @param warmUp its warm-up, per workload
	 * @param placement where it and the harness ran, in words
	 * ({@link dev.twinstack.bench.process.CpuPlacement#describe()})
	 * @param heap its heap, as in its cells
	 * @param appCpus the CPUs it was pinned to, as in its cells
	 * @param workload the one workload this JVM served (the bench starts a JVM per
	 * workload, as JMH forks one per benchmark); {@code null} when it served every
	 * workload of its cells (a remote target, or a run before forks)
	 */
	public record AppInfo(Stack stack, String displayName, String jfr, java.util.Map<String, String> settings,
			List<WarmUp> warmUp, String placement, Heap heap, AppCpus appCpus, Workload workload) {

		/**
		 * An app JVM that served every workload of its cells (a remote target).
		 * @param stack the stack
		 * @param displayName its VisualVM display name
		 * @param jfr its JFR recording, relative to the output folder
		 * @param settings the settings that cap it, by property name
		 * @param warmUp its warm-up, per workload
		 * @param placement where it and the harness ran, in words
		 * @param heap its heap, as in its cells
		 * @param appCpus the CPUs it was pinned to, as in its cells
		 */
		public AppInfo(Stack stack, String displayName, String jfr, java.util.Map<String, String> settings,
				List<WarmUp> warmUp, String placement, Heap heap, AppCpus appCpus) {
			this(stack, displayName, jfr, settings, warmUp, placement, heap, appCpus, null);
		}

		/**
		 * Tells whether the cell ran on this app start's stack, heap, CPUs and workload.
		 * @param cell a cell
		 * @return {@code true} when it did
		 */
		public boolean ran(Cell cell) {
			return cell.stack() == this.stack && cell.heap().equals(this.heap) && cell.appCpus().equals(this.appCpus)
					&& (this.workload == null || cell.workload() == this.workload);
		}

	}

	/**
	 * The settings of a run.
	 *
	 * @param profile {@code smoke}, {@code standard} or {@code full}
	 * @param stacks stacks measured
	 * @param fanouts composite fanouts measured
	 * @param concurrency concurrency levels of the closed models
	 * @param cells number of cells
	 * @param durationSeconds hold time per trial after the ramp-up (s)
	 * @param rampUpSeconds ramp-up per trial (s)
	 * @param warmupSeconds the most warm-up per app start, in rounds until steady (s)
	 * @param latency downstream latency, as passed to mock-services {@code --latency}
	 * @param appJvmArgs JVM options of each app on the default heap
	 * @param mocksJvmArgs JVM options of mock-services
	 * @param tomcatMaxThreads {@code server.tomcat.threads.max} passed to {@code mvc}
	 * @param connectTimeoutMs the load generator's connect timeout (ms)
	 * @param responseTimeoutMs the load generator's response timeout (ms)
	 * @param memoryRequests N of the "memory after N requests" measurement (0 = skipped)
	 * @param trials measured repetitions of every cell
	 * @param workloads workloads measured
	 * @param heaps app heaps measured
	 * @param loads load models measured
	 * @param rates open-model rates (req/s)
	 * @param requests requests per cell of the count model
	 * @param baselineSeconds base-latency load per workload at concurrency 1 (s)
	 * @param slowLatency the slow service's latency ({@code --slow-latency})
	 * @param engines the remote load engines ({@code host:port}, {@code bench.engines}),
	 * empty when JMeter ran in the bench's JVM
	 * @param project the what-if the report projects each stack onto
	 * ({@code bench.project}), {@code null} for none
	 * @param targets the apps started by hand elsewhere ({@code bench.targets}), by stack
	 * id, and the MongoDB without credentials under {@code mongodb}; empty when the bench
	 * started the apps
	 * @param database the MongoDB the apps stored into, as it named itself
	 * ({@code buildInfo}); {@code null} before the bench connected to it (and in runs
	 * recorded before it was read)
	 */
	public record Settings(String profile, List<Stack> stacks, List<Fanout> fanouts, List<Integer> concurrency,
			int cells, long durationSeconds, int rampUpSeconds, long warmupSeconds, String latency,
			List<String> appJvmArgs, List<String> mocksJvmArgs, int tomcatMaxThreads, long connectTimeoutMs,
			long responseTimeoutMs, int memoryRequests, int trials, List<Workload> workloads, List<Heap> heaps,
			List<LoadModel> loads, List<Integer> rates, int requests, long baselineSeconds, String slowLatency,
			List<String> engines, Projection project, Map<String, String> targets,
			@JsonInclude(JsonInclude.Include.NON_NULL) MongoServer database) {

		/**
		 * Describes the settings of a run, without its MongoDB.
		 * @param settings the run's settings
		 * @return the settings as results.json records them
		 */
		public static Settings of(BenchSettings settings) {
			return of(settings, null);
		}

		/**
		 * Describes the settings of a run.
		 * @param settings the run's settings
		 * @param database the MongoDB the apps stored into, {@code null} when not known
		 * @return the settings as results.json records them
		 */
		public static Settings of(BenchSettings settings, MongoServer database) {
			List<Cell> cells = settings.cells();
			return new Settings(settings.profile(), settings.stacks(), settings.fanouts(), settings.concurrency(),
					cells.size(), settings.duration().toSeconds(), CompositePlan.RAMP_UP_SECONDS,
					settings.warmup().toSeconds(), settings.latency(), settings.appJvmArgs(), settings.mocksJvmArgs(),
					settings.tomcatThreads(), CompositePlan.CONNECT_TIMEOUT.toMillis(),
					CompositePlan.RESPONSE_TIMEOUT.toMillis(), settings.memoryRequests(), settings.trials(),
					cells.stream().map(Cell::workload).distinct().sorted().toList(),
					cells.stream().map(Cell::heap).distinct().toList(),
					cells.stream().map(Cell::load).distinct().sorted().toList(),
					cells.stream()
						.filter((cell) -> cell.load() == LoadModel.OPEN)
						.map(Cell::rate)
						.distinct()
						.sorted()
						.toList(),
					settings.requests(), settings.baseline().toSeconds(), settings.slowLatency(),
					settings.engines().addresses(), settings.project(), settings.targets().describe(), database);
		}

	}

	/**
	 * The machine and JVM the bench ran on (JMeter runs in this JVM).
	 *
	 * @param javaVersion {@code java.version}
	 * @param javaVendor {@code java.vendor}
	 * @param cores available processors
	 * @param totalMemoryMb physical memory (MB)
	 * @param os name, version and architecture
	 * @param loadGenerator the load generator and its version
	 * @param loadGeneratorJvmArgs JVM options of this JVM, which runs JMeter
	 * @param loopbackRoundTripMicros the median loopback TCP round trip measured before
	 * the load (µs, {@link LoopbackProbe}), {@code null} when not measured
	 * @param loopbackRoundTripMeanMicros the mean of the same round trips (µs),
	 * {@code null} when not measured
	 * @param commit the git commit the bench was built from (the full id, {@code -dirty}
	 * appended when the working tree had changes), {@code null} when built outside a git
	 * clone
	 * @param tools the optional commands the run looked for, found or not, with what each
	 * missing one cost (empty in results written before they were recorded)
	 */
	public record Environment(String javaVersion, String javaVendor, int cores, long totalMemoryMb, String os,
			String loadGenerator, List<String> loadGeneratorJvmArgs, Double loopbackRoundTripMicros,
			Double loopbackRoundTripMeanMicros, String commit, List<Tool> tools) {

		/**
		 * Creates the environment.
		 * @param tools the optional commands, {@code null} for none recorded
		 */
		public Environment {
			tools = (tools != null) ? List.copyOf(tools) : List.of();
		}

		/**
		 * Creates the environment without a record of the optional commands.
		 * @param javaVersion {@code java.version}
		 * @param javaVendor {@code java.vendor}
		 * @param cores available processors
		 * @param totalMemoryMb physical memory (MB)
		 * @param os name, version and architecture
		 * @param loadGenerator the load generator and its version
		 * @param loadGeneratorJvmArgs JVM options of this JVM
		 * @param loopbackRoundTripMicros the median loopback TCP round trip (µs)
		 * @param loopbackRoundTripMeanMicros the mean loopback round trip (µs)
		 * @param commit the git commit
		 */
		public Environment(String javaVersion, String javaVendor, int cores, long totalMemoryMb, String os,
				String loadGenerator, List<String> loadGeneratorJvmArgs, Double loopbackRoundTripMicros,
				Double loopbackRoundTripMeanMicros, String commit) {
			this(javaVersion, javaVendor, cores, totalMemoryMb, os, loadGenerator, loadGeneratorJvmArgs,
					loopbackRoundTripMicros, loopbackRoundTripMeanMicros, commit, List.of());
		}

	}

	/**
	 * A JVM the bench started.
	 *
	 * @param role e.g. {@code mock-services}, {@code mvc-app}
	 * @param commandLine the exact command line, shell-quoted
	 * @param log its log file, relative to the output folder
	 */
	public record ProcessInfo(String role, String commandLine, String log) {

	}

}
