package dev.twinstack.bench;

import java.util.List;

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
 * @param cells the measured cells, in run order
 */
public record BenchResults(Settings settings, Environment environment, List<ProcessInfo> processes, String startedAt,
		String finishedAt, double wallSeconds, List<CellResult> cells) {

	/**
	 * The settings of a run.
	 *
	 * @param profile {@code smoke} or {@code standard}
	 * @param stacks stacks measured
	 * @param fanouts fanouts measured
	 * @param concurrency concurrency levels measured
	 * @param cells number of cells
	 * @param durationSeconds hold time per cell after the ramp-up (s)
	 * @param rampUpSeconds ramp-up per cell (s)
	 * @param warmupSeconds warm-up load per stack, split over the fanouts (s)
	 * @param latency downstream latency, as passed to mock-services {@code --latency}
	 * @param appJvmArgs JVM options of each app
	 * @param mocksJvmArgs JVM options of mock-services
	 * @param tomcatMaxThreads {@code server.tomcat.threads.max} passed to mvc-app
	 * @param connectTimeoutMs the load generator's connect timeout (ms)
	 * @param responseTimeoutMs the load generator's response timeout (ms)
	 */
	public record Settings(String profile, List<Stack> stacks, List<Fanout> fanouts, List<Integer> concurrency,
			int cells, long durationSeconds, int rampUpSeconds, long warmupSeconds, String latency,
			List<String> appJvmArgs, List<String> mocksJvmArgs, int tomcatMaxThreads, long connectTimeoutMs,
			long responseTimeoutMs) {

		static Settings of(BenchSettings settings) {
			return new Settings(settings.profile(), settings.stacks(), settings.fanouts(), settings.concurrency(),
					settings.cellCount(), settings.duration().toSeconds(), CompositePlan.RAMP_UP_SECONDS,
					settings.warmup().toSeconds(), settings.latency(), settings.appJvmArgs(), settings.mocksJvmArgs(),
					AppProcess.TOMCAT_MAX_THREADS, CompositePlan.CONNECT_TIMEOUT.toMillis(),
					CompositePlan.RESPONSE_TIMEOUT.toMillis());
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
	 */
	public record Environment(String javaVersion, String javaVendor, int cores, long totalMemoryMb, String os,
			String loadGenerator, List<String> loadGeneratorJvmArgs) {

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
