package dev.twinstack.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Runs the bench: starts mock-services once, then for each stack starts the app, warms it
 * up and measures every (fanout, concurrency) cell; writes {@code results.json} and
 * {@code report.md} into the output folder and prints a summary, the report's path last.
 * Every JVM it starts is stopped at the end, on failure, and on JVM exit.
 */
public final class BenchRunner {

	private BenchRunner() {
	}

	/**
	 * Runs the bench.
	 * @param requested what to run
	 * @return the results (also written to the output folder)
	 * @throws BenchConfigException when a jar is missing
	 * @throws BenchException when a process fails or a wait runs out
	 */
	public static BenchResults run(BenchSettings requested) {
		requireJars(requested);
		Instant start = Instant.now();
		Path out = requested.outputDir();
		clean(out);
		BenchSettings settings = requested.withJars(snapshot(requested.jars(), out.resolve("jars")));
		String runPrefix = "b" + Long.toString(start.getEpochSecond(), 36);
		Console.line(String.format(
				"Bench profile %s: %d cells (%s × %s × concurrency %s), %d s per cell, " + "latency %s, output %s",
				settings.profile(), cellCount(settings), settings.stacks().stream().map(Stack::id).toList(),
				settings.fanouts().stream().map(Fanout::id).toList(), settings.concurrency(),
				settings.duration().toSeconds(), settings.latency(), out));
		List<BenchResults.ProcessInfo> processes = new ArrayList<>();
		List<CellResult> cells = new ArrayList<>();
		List<BenchResults.AppInfo> apps = new ArrayList<>();
		List<MemoryAfterRequests> memory = new ArrayList<>();
		Progress progress = new Progress(start, cellCount(settings),
				settings.duration().toSeconds() + CompositePlan.RAMP_UP_SECONDS,
				settings.warmup().toSeconds() + settings.memoryRequests() / MemoryAfterRequests.CONCURRENCY
						* settings.fanouts().get(0).latenciesPerRequest()
						* settings.fixedLatency().orElse(Duration.ofMillis(100)).toMillis() / 1000,
				settings.stacks().size());
		try (MockServicesProcess mocks = MockServicesProcess.start(settings, out.resolve("logs/mock-services.log"),
				runPrefix); ProfileStore store = new ProfileStore(mocks.mongoUri())) {
			processes.add(describe(mocks.process(), out));
			CellRunner cellRunner = new CellRunner(settings, store, mocks, runPrefix, progress);
			int index = 0;
			for (Stack stack : settings.stacks()) {
				progress.appStarting(Instant.now());
				Path log = out.resolve("logs/" + stack.module() + ".log");
				Path recording = out.resolve("jfr").resolve(stack.id() + ".jfr");
				List<CellResult> stackCells = new ArrayList<>();
				try (AppProcess app = AppProcess.startRecorded(stack, settings, mocks, log, runPrefix, recording)) {
					processes.add(describe(app.process(), out));
					apps.add(new BenchResults.AppInfo(stack,
							BenchJvms.displayName("app", stack.id(), BenchJvms.heapOf(settings.appJvmArgs()),
									runPrefix),
							out.relativize(recording).toString().replace('\\', '/'),
							AppConfig.of(stack, settings.jars().app(stack), app.args(), app.process().launcher())));
					cellRunner.warmUp(app);
					Optional.ofNullable(cellRunner.measureMemory(app)).ifPresent(memory::add);
					for (Fanout fanout : settings.fanouts()) {
						for (int concurrency : settings.concurrency()) {
							stackCells.add(cellRunner.run(new Cell(stack, fanout, concurrency), app, ++index));
						}
					}
					PrometheusSnapshot.save(app, out.resolve("logs").resolve(stack.id() + "-prometheus.txt"));
				}
				cells.addAll(JfrCrossCheck.apply(stackCells, recording, out));
			}
		}
		finally {
			ProcessRegistry.stopAll();
		}
		Instant end = Instant.now();
		BenchResults results = new BenchResults(BenchResults.Settings.of(settings), EnvironmentProbe.describe(),
				processes, start.truncatedTo(ChronoUnit.SECONDS).toString(),
				end.truncatedTo(ChronoUnit.SECONDS).toString(), Duration.between(start, end).toMillis() / 1000.0, cells,
				apps, memory);
		Path report = ReportFiles.write(results, out);
		Console.line("");
		Console.line(ConsoleSummary.render(results));
		Console.line("Bench wall time " + Console.elapsed(Duration.between(start, end)) + "; results in "
				+ out.resolve("results.json"));
		Console.line(
				"Report: " + report.toAbsolutePath() + " (charts: " + out.resolve("index.html").toAbsolutePath() + ")");
		return results;
	}

	/**
	 * Runs the bench from the command line with {@code -Dbench.*} settings; exits 2 on a
	 * settings error, 1 on a bench failure.
	 * @param args ignored
	 */
	public static void main(String[] args) {
		try {
			run(BenchSettings.fromSystemProperties());
		}
		catch (BenchConfigException ex) {
			System.err.println(ex.getMessage());
			System.exit(2);
		}
		catch (BenchException ex) {
			System.err.println("Bench failed: " + ex.getMessage());
			System.exit(1);
		}
	}

	/**
	 * Returns the number of cells this runner measures: the composite endpoint's closed
	 * model on the default heap, stacks × fanouts × concurrency levels (the scenario
	 * matrix of {@code MatrixBench} may hold more).
	 * @param settings the settings
	 * @return the cell count
	 */
	static int cellCount(BenchSettings settings) {
		return settings.stacks().size() * settings.fanouts().size() * settings.concurrency().size();
	}

	private static void requireJars(BenchSettings settings) {
		requireJar("mock-services", settings.jars().mockServices());
		settings.stacks().forEach((stack) -> requireJar(stack.module(), settings.jars().app(stack)));
	}

	private static void requireJar(String module, Path jar) {
		if (!Files.isRegularFile(jar)) {
			throw new BenchConfigException(module + "'s jar is missing: " + jar
					+ ". Build from the project root first: ./mvnw verify (or ./mvnw -DskipTests package)");
		}
	}

	/**
	 * Copies the jars into the output folder and returns the copies, so that rebuilding a
	 * module while the bench runs cannot pull classes from under a running JVM.
	 */
	private static BenchSettings.Jars snapshot(BenchSettings.Jars jars, Path folder) {
		try {
			Files.createDirectories(folder);
			List<Path> copies = new ArrayList<>();
			for (Path jar : List.of(jars.mockServices(), jars.mvc(), jars.webflux())) {
				Path copy = folder.resolve(jar.getFileName());
				if (Files.isRegularFile(jar)) {
					Files.copy(jar, copy, StandardCopyOption.REPLACE_EXISTING);
				}
				copies.add(copy);
			}
			return new BenchSettings.Jars(copies.get(0), copies.get(1), copies.get(2));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not copy the jars to " + folder, ex);
		}
	}

	private static BenchResults.ProcessInfo describe(JavaProcess process, Path out) {
		Console.line("Started " + process.role() + " (pid " + process.pid() + "): " + process.commandLine());
		return new BenchResults.ProcessInfo(process.role(), process.commandLine(),
				out.relativize(process.log()).toString().replace('\\', '/'));
	}

	/**
	 * Removes the previous run's output (runs, logs, results.json, report.md) so nothing
	 * stale remains if this run fails.
	 */
	private static void clean(Path out) {
		try {
			Files.createDirectories(out);
			for (String name : List.of("runs", "logs", "jars", "jfr", "charts", "assets", "results.json", "report.md",
					"index.html")) {
				Path path = out.resolve(name);
				if (Files.exists(path)) {
					try (Stream<Path> tree = Files.walk(path)) {
						for (Path file : tree.sorted(Comparator.reverseOrder()).toList()) {
							Files.delete(file);
						}
					}
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not clean " + out, ex);
		}
	}

}
