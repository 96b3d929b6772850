package dev.twinstack.bench.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.console.Progress;
import dev.twinstack.bench.faults.FaultsRunner;
import dev.twinstack.bench.load.CompositePlan;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.storage.MongoServer;
import dev.twinstack.bench.measure.storage.ProfileStore;
import dev.twinstack.bench.measure.PrometheusSnapshot;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.process.BenchShutdown;
import dev.twinstack.bench.process.JavaProcess;
import dev.twinstack.bench.process.MockServicesProcess;
import dev.twinstack.bench.process.ProcessRegistry;
import dev.twinstack.bench.report.ConsoleSummary;
import dev.twinstack.bench.report.ReportFiles;
import dev.twinstack.bench.results.AtomicFiles;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.settings.BenchConfigException;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.remote.Targets;
import dev.twinstack.bench.settings.Tool;

/**
 * Runs the bench: starts mock-services once, then the scenario matrix
 * ({@link MatrixRunner}: per stack, heap, app CPUs and, by default, workload, an app
 * start, its warm-up, the memory after N requests, the base latencies, then every cell's
 * trials); writes {@code results.json}, {@code report.md} and {@code index.html} into the
 * output folder and prints a summary, the report's path last. Every JVM it starts is
 * stopped at the end, on failure, and on JVM exit; an interrupted or failed run still
 * writes the results of the cells it finished, marked incomplete ({@link RunRecord},
 * {@link BenchShutdown}).
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
		boolean targets = requested.targets().remote();
		if (!targets) {
			requireJars(requested);
		}
		Instant start = Instant.now();
		Path out = requested.outputDir();
		clean(out);
		Path jarCopies = tempFolder();
		// remote targets: no jar is started here
		BenchSettings settings = targets ? requested : requested.withJars(snapshot(requested.jars(), jarCopies, out));
		String runPrefix = "b" + Long.toString(start.getEpochSecond(), 36);
		List<Cell> planned = settings.cells();
		Console.line(String.format(
				"Bench profile %s: %d cells × %d trials (%s × %s × %s), %d s per trial, latency %s, about %d min; "
						+ "%s; output %s",
				settings.profile(), planned.size(), settings.trials(),
				settings.stacks().stream().map(Stack::id).toList(),
				planned.stream().map(Cell::workload).distinct().map(Workload::id).toList(),
				planned.stream().map(Cell::loadLabel).distinct().toList(), settings.duration().toSeconds(),
				settings.latency(), Estimate.seconds(settings) / 60,
				targets ? "apps started by hand: " + settings.targets().describe()
						: "apps on JDK " + settings.jdk().describe(),
				out));
		settings.skipped()
			.forEach((skipped) -> Console.line("Skipped " + skipped.stack().id() + ": " + skipped.reason()));
		long sessions = planned.stream().map((cell) -> cell.stack() + "/" + cell.heap()).distinct().count();
		Progress progress = new Progress(start, planned.size() * settings.trials(),
				settings.duration().toSeconds() + CompositePlan.RAMP_UP_SECONDS,
				settings.warmup().toSeconds() + settings.baseline().toSeconds() * 4, (int) sessions);
		List<Tool> tools = Tools.of(settings);
		Tools.announce(tools);
		RunRecord record = new RunRecord(settings, start, tools);
		BenchShutdown.watch(record);
		BenchResults results;
		try {
			try {
				results = record.complete(targets ? measureTargets(settings, record, runPrefix, progress, start)
						: measure(settings, record, runPrefix, progress, start));
			}
			catch (RuntimeException ex) {
				// an interrupt's partial results are the shutdown hook's to write
				BenchResults partial = BenchShutdown.inProgress() ? null : record.stop("failed",
						String.valueOf(ex.getMessage()).lines().findFirst().orElse("").replaceAll("[:;\\s]+$", ""));
				if (partial != null) {
					record.writePartial(partial);
				}
				throw ex;
			}
			Instant end = Instant.now();
			Path report = ReportFiles.write(results, out);
			Console.line("");
			Console.line(ConsoleSummary.render(results));
			Console.line("Bench wall time " + Console.elapsed(Duration.between(start, end)) + "; results in "
					+ out.resolve("results.json"));
			Console.line("Report: " + report.toAbsolutePath() + " (charts: "
					+ out.resolve("index.html").toAbsolutePath() + ")");
		}
		finally {
			record.done();
			BenchShutdown.unwatch(record);
			try {
				deleteTree(jarCopies);
			}
			catch (IOException ex) {
				// deleteOnExit removes what is left
			}
		}
		return results;
	}

	/**
	 * Starts the mocks, runs the matrix on apps the bench starts, stops every process.
	 * @return every trial's results, cross-checked against the JFR recordings
	 * @throws BenchException when the run was interrupted or failed
	 */
	private static Map<String, CellResult> measure(BenchSettings settings, RunRecord record, String runPrefix,
			Progress progress, Instant start) {
		Path out = settings.outputDir();
		try (MockServicesProcess mocks = MockServicesProcess.start(settings, out.resolve("logs/mock-services.log"),
				runPrefix);
				ProfileStore store = new ProfileStore(mocks.mongoUri(), mocks.database(),
						mocks.ownsDatabase() ? null : runPrefix)) {
			record.process(describe(mocks.process(), out));
			record.database(database(store, mocks, settings));
			MemoryReadings memory = new MemoryReadings(settings, store, runPrefix, progress);
			Hooks<AppSession> hooks = new Hooks<>(record, progress) {

				@Override
				public void started(AppSession session, boolean firstOfStack) {
					record.process(describe(session.app().process(), out));
					super.started(session, firstOfStack);
					if (firstOfStack) {
						memory.measure(session.app()).forEach(record::memory);
					}
				}

				@Override
				public void stopping(AppSession session) {
					if (session.app().process().isAlive()) {
						PrometheusSnapshot.save(session.app(),
								out.resolve("logs").resolve(session.name() + "-prometheus.txt"));
					}
				}

			};
			TrialResults results = runMatrix(settings, record, store, AppSession.apps(settings, mocks, runPrefix),
					hooks, runPrefix, progress, start);
			if (settings.faults() != null) {
				FaultsRunner faultsRunner = new FaultsRunner(settings, settings.faults(), mocks, store, runPrefix,
						start, (app) -> record.process(describe(app.process(), out)));
				record.faults(faultsRunner.run(), faultsRunner.outages());
			}
			requireFinished(record);
			// the recordings are complete once every app has stopped
			return results.crossChecked(out);
		}
		finally {
			ProcessRegistry.stopAll();
		}
	}

	/**
	 * Runs the matrix against apps started by hand elsewhere ({@code bench.targets}), one
	 * stack at a time ({@link RemoteTarget}). It starts no process but wrk, and sends
	 * requests only to the targets, their Actuator, the given MongoDB (only the run's
	 * documents are deleted) and the given load engines.
	 * @return every trial's results
	 * @throws BenchException when a target is not ready, stops answering, or the run is
	 * interrupted
	 */
	private static Map<String, CellResult> measureTargets(BenchSettings settings, RunRecord record, String runPrefix,
			Progress progress, Instant start) {
		Targets targets = settings.targets();
		Console.line("Remote targets (started by hand; the bench starts no app and no mocks): " + targets.describe());
		try (ProfileStore store = new ProfileStore(targets.mongoUri(), targets.mongoDatabase(), runPrefix)) {
			record.database(store.describeServer(false));
			TrialResults results = runMatrix(settings, record, store, RemoteTarget.apps(settings),
					new Hooks<>(record, progress), runPrefix, progress, start);
			requireFinished(record);
			return results.trials();
		}
	}

	/**
	 * Runs the matrix on the given apps, the collection (or the run's documents) emptied
	 * after each unmeasured load.
	 * @return every trial's results
	 */
	private static <A extends AppUnderTest> TrialResults runMatrix(BenchSettings settings, RunRecord record,
			ProfileStore store, MatrixRunner.Apps<A> apps, Hooks<A> hooks, String runPrefix, Progress progress,
			Instant start) {
		TrialRunner trials = new TrialRunner(settings, store, runPrefix, progress);
		record.trials(trials.results()::trials);
		new MatrixRunner<>(settings, apps, runPrefix, trials, start, hooks,
				new CapacityRunner(settings, record::capacity))
			.run(store::drop);
		return trials.results();
	}

	private static void requireFinished(RunRecord record) {
		if (!record.finish()) {
			throw new BenchException("Bench " + BenchShutdown.INTERRUPTED);
		}
	}

	/**
	 * Records each app start and each finished cell as the run goes; what is done besides
	 * for an app the bench started (its process, the memory after N requests, its
	 * Prometheus page) is added by overriding.
	 *
	 * @param <A> the apps
	 */
	private static class Hooks<A extends AppUnderTest> implements MatrixRunner.Hooks<A> {

		private final RunRecord record;

		private final Progress progress;

		private BenchResults.AppInfo current;

		Hooks(RunRecord record, Progress progress) {
			this.record = record;
			this.progress = progress;
		}

		@Override
		public void started(A app, boolean firstOfStack) {
			this.progress.appStarting(Instant.now());
			this.current = app.info();
			this.record.app(this.current);
		}

		@Override
		public void warmedUpMore(A app) {
			BenchResults.AppInfo now = app.info();
			this.record.app(this.current, now);
			this.current = now;
		}

		@Override
		public void cellFinished(CellSummary summary) {
			this.record.cell(summary);
		}

	}

	/**
	 * Names the MongoDB the apps store into, on the console too; a MongoDB of
	 * {@code bench.mongoUri} that does not answer stops the run before any app starts.
	 */
	private static MongoServer database(ProfileStore store, MockServicesProcess mocks, BenchSettings settings) {
		MongoServer server = store.describeServer(mocks.embeddedMongo());
		if (!mocks.embeddedMongo() && server.version() == null) {
			throw new BenchException("The MongoDB of bench.mongoUri does not answer: " + server.describe()
					+ ". Start it (e.g. docker run -d --name twinstack-mongo -p 27017:27017 mongo:8) or fix "
					+ "bench.mongoUri");
		}
		Console.line("MongoDB: " + server.describe());
		if (!mocks.embeddedMongo() && settings.faults() != null) {
			Console.line("Faults: no database outage: the bench stops only mock-services' embedded MongoDB, not "
					+ "the one of bench.mongoUri");
		}
		return server;
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
		catch (RuntimeException ex) {
			if (BenchShutdown.inProgress()) {
				// interrupted: the shutdown hook stops everything and says so
				return;
			}
			if (!(ex instanceof BenchException)) {
				throw ex;
			}
			System.err.println("Bench failed: " + ex.getMessage());
			System.exit(1);
		}
	}

	/**
	 * Returns the number of cells this runner measures (each {@code trials} times).
	 * @param settings the settings
	 * @return the cell count
	 */
	static int cellCount(BenchSettings settings) {
		return settings.cellCount();
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
	 * Copies the jars into a temporary folder (deleted when the run ends, or when the JVM
	 * exits) and returns the copies, so that rebuilding a module while the bench runs
	 * cannot pull classes from under a running JVM; writes each jar's SHA-256 and path to
	 * {@code jars.sha256} in the output folder ({@code sha256sum -c} checks it), which
	 * names the exact build without a second copy of 100 MB of jars.
	 */
	private static BenchSettings.Jars snapshot(BenchSettings.Jars jars, Path folder, Path out) {
		try {
			List<Path> copies = new ArrayList<>();
			StringBuilder sums = new StringBuilder();
			for (Path jar : List.of(jars.mockServices(), jars.mvc(), jars.webflux())) {
				Path copy = folder.resolve(jar.getFileName());
				if (Files.isRegularFile(jar)) {
					Files.copy(jar, copy, StandardCopyOption.REPLACE_EXISTING);
					copy.toFile().deleteOnExit();
					sums.append(sha256(copy)).append("  ").append(jar.toAbsolutePath().normalize()).append('\n');
				}
				copies.add(copy);
			}
			AtomicFiles.write(out.resolve("jars.sha256"), sums.toString());
			return new BenchSettings.Jars(copies.get(0), copies.get(1), copies.get(2));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not copy the jars to " + folder, ex);
		}
	}

	private static Path tempFolder() {
		try {
			Path folder = Files.createTempDirectory("twinstack-jars-");
			folder.toFile().deleteOnExit();
			return folder;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not create a temporary folder for the jars", ex);
		}
	}

	private static String sha256(Path file) throws IOException {
		try (InputStream in = Files.newInputStream(file)) {
			MessageDigest digest = MessageDigest.getInstance("SHA-256");
			in.transferTo(new DigestOutputStream(OutputStream.nullOutputStream(), digest));
			return HexFormat.of().formatHex(digest.digest());
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("every Java platform has SHA-256", ex);
		}
	}

	/**
	 * Deletes a file, or a folder with everything in it; nothing when it does not exist.
	 */
	private static void deleteTree(Path path) throws IOException {
		if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
			return;
		}
		try (Stream<Path> tree = Files.walk(path)) {
			for (Path file : tree.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(file);
			}
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
			for (String name : List.of("runs", "logs", "jars", "jars.sha256", "jfr", "charts", "assets", "results.json",
					"report.md", "index.html")) {
				deleteTree(out.resolve(name));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not clean " + out, ex);
		}
	}

}
