package dev.twinstack.bench.faults;

import static dev.twinstack.bench.text.Text.fmt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.load.CompositePlan;
import dev.twinstack.bench.load.engine.LoadGenerator;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.storage.ProfileStore;
import dev.twinstack.bench.process.AppProcess;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.process.MockServicesProcess;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.faults.FaultSettings;

/**
 * Runs the {@code faults} scenario: per stack, one app start and a 5 s warm-up, then for
 * each {@link FaultSettings.Case} in turn: read the app's {@link AppGauges}, inject the
 * fault into mock-services ({@link FaultInjector}), run a short closed load of
 * {@code POST /profiles/{random id}?fanout=sequential} (JTL in
 * {@code runs/faults/<stack>/<case>/}), lift the fault, measure the {@link Recovery} and
 * count what was stored for the run; then, when asked, a {@link DatabaseOutage}. Prints a
 * line per run.
 */
public final class FaultsRunner {

	/** Healthy load before the first fault of each app start. */
	public static final Duration WARMUP = Duration.ofSeconds(5);

	/** The longest wait for an app to recover once a fault is lifted. */
	public static final Duration RECOVERY_LIMIT = Duration.ofSeconds(15);

	/** Added to the client timeout and the calls before the faulted one (ms). */
	public static final long MARGIN_MS = 500;

	private final BenchSettings settings;

	private final FaultSettings faults;

	private final MockServicesProcess mocks;

	private final ProfileStore store;

	private final String runPrefix;

	private final Instant benchStart;

	private final Consumer<AppProcess> started;

	private final List<OutageRun> outages = new ArrayList<>();

	/**
	 * Creates the runner.
	 * @param settings the bench settings (output folder, JVM options, latency)
	 * @param faults what to run
	 * @param mocks the running mocks
	 * @param store the profiles collection
	 * @param runPrefix the bench run's id, prefix of every request id
	 * @param benchStart when the bench started, for the elapsed time
	 * @param started called with each app once it is ready
	 */
	public FaultsRunner(BenchSettings settings, FaultSettings faults, MockServicesProcess mocks, ProfileStore store,
			String runPrefix, Instant benchStart, Consumer<AppProcess> started) {
		this.started = started;
		this.settings = settings;
		this.faults = faults;
		this.mocks = mocks;
		this.store = store;
		this.runPrefix = runPrefix;
		this.benchStart = benchStart;
	}

	/**
	 * Runs every case of the settings on every stack; each app is stopped before the next
	 * one starts.
	 * @return the runs, in run order
	 * @throws BenchException when a process fails or the admin API refuses a fault
	 */
	public List<FaultRun> run() {
		return run(this.faults.cases());
	}

	/**
	 * Runs the given cases on every stack; each app is stopped before the next one
	 * starts.
	 * @param cases the cases, in run order
	 * @return the runs, in run order
	 * @throws BenchException when a process fails or the admin API refuses a fault
	 */
	List<FaultRun> run(List<FaultSettings.Case> cases) {
		FaultInjector injector = new FaultInjector(this.mocks, this.faults.clientTimeout());
		int total = this.faults.stacks().size() * cases.size();
		List<FaultRun> runs = new ArrayList<>();
		Console.line(String.format(
				"[faults] %d runs: %d per stack on %s (services %s, faults %s, %s %% of "
						+ "requests), c=%d, %d s each after a %d s ramp-up",
				total, cases.size(), this.faults.stacks().stream().map(Stack::id).toList(),
				cases.stream().map((run) -> run.service().id()).distinct().toList(),
				cases.stream().map((run) -> run.fault().id()).distinct().toList(),
				cases.stream().map(FaultSettings.Case::share).distinct().sorted().toList(), this.faults.concurrency(),
				this.faults.duration().toSeconds(), CompositePlan.RAMP_UP_SECONDS));
		for (Stack stack : this.faults.stacks()) {
			Path log = this.settings.outputDir().resolve("logs").resolve("faults-" + stack.id() + ".log");
			Map<String, String> overrides = Map.of("app.downstream.timeout",
					this.faults.clientTimeout().toMillis() + "ms");
			try (AppProcess app = AppProcess.start(stack, this.settings, this.mocks, log, overrides, "health")) {
				this.started.accept(app);
				warmUp(app);
				for (FaultSettings.Case run : cases) {
					FaultRun result = runCase(app, run, injector);
					runs.add(result);
					Console.line(line(runs.size(), total, result));
				}
				if (this.faults.databaseOutage()) {
					OutageRun outage = DatabaseOutage.run(app, injector, this.store, this.faults.concurrency(),
							this.settings.nominalLatency().toMillis(), this.settings.outputDir(),
							this.runPrefix + "-f-" + stack.id() + "-database");
					this.outages.add(outage);
					Console.line(outageLine(outage));
				}
			}
			finally {
				this.store.drop();
			}
		}
		return runs;
	}

	/**
	 * Returns the database outages run so far.
	 * @return one per stack, in run order (empty when they are off)
	 */
	public List<OutageRun> outages() {
		return List.copyOf(this.outages);
	}

	private void warmUp(AppProcess app) {
		Console.line(String.format("[faults warm-up] %s c=%d: %d s", app.stack().id(), this.faults.concurrency(),
				WARMUP.toSeconds()));
		LoadGenerator.run(ScenarioPlan.plan(load(app, WARMUP, this.runPrefix + "-fw-" + app.stack().id())),
				ScenarioPlan.ENGINE_PROPERTIES);
		this.store.drop();
	}

	private FaultRun runCase(AppProcess app, FaultSettings.Case run, FaultInjector injector) {
		String runId = this.runPrefix + "-f-" + app.stack().id() + "-" + run.id();
		Path runDir = this.settings.outputDir()
			.resolve("runs")
			.resolve("faults")
			.resolve(app.stack().id())
			.resolve(run.id());
		freshJtl(runDir);
		AppGauges before = AppGauges.read(app);
		String mapping = injector.inject(run);
		try {
			LoadGenerator.run(ScenarioPlan.planWithUrls(load(app, this.faults.duration(), runId), runDir),
					ScenarioPlan.ENGINE_PROPERTIES);
		}
		finally {
			injector.lift(run.service(), mapping);
		}
		Recovery recovery = Recovery.measure(app, before, runId + "r", RECOVERY_LIMIT);
		FaultSamples samples = FaultSamples.read(runDir.resolve("samples.jtl"));
		long stored = this.store.countRun(runId);
		long limitMs = this.faults.clientTimeout().toMillis()
				+ run.service().callsBefore() * this.settings.nominalLatency().toMillis() + MARGIN_MS;
		String jtl = this.settings.outputDir().relativize(runDir.resolve("samples.jtl")).toString().replace('\\', '/');
		return FaultRun.of(app.stack(), run, samples, limitMs, stored, recovery, jtl);
	}

	/**
	 * Deletes a JTL left in a run folder by an earlier run: JMeter appends to an existing
	 * file, which would mix two runs' samples.
	 * @param runDir the run folder
	 * @return the run folder
	 */
	static Path freshJtl(Path runDir) {
		try {
			Files.deleteIfExists(runDir.resolve("samples.jtl"));
			return runDir;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not delete the old JTL in " + runDir, ex);
		}
	}

	private ScenarioPlan.Run load(AppProcess app, Duration duration, String runId) {
		String base = app.baseUri().toString().replaceAll("/$", "");
		return new ScenarioPlan.Run(base, Workload.COMPOSITE_SEQUENTIAL, LoadModel.CLOSED, this.faults.concurrency(), 0,
				0, Duration.ofSeconds(CompositePlan.RAMP_UP_SECONDS), duration, runId);
	}

	private String line(int index, int total, FaultRun run) {
		return fmt(
				"[faults %d/%d] %s %s %s %d %%: %d requests, %.1f %% errors %s, p99 failed %s / ok %s, "
						+ "slowest failure %s (limit %d ms) %s, stored %d / %d acknowledged, recovered %s "
						+ "(threads %.0f → %.0f, connections %.0f → %.0f) %s (elapsed %s)",
				index, total, run.stack().id(), run.service().id(), run.fault().id(), run.share(), run.requests(),
				run.errorPercent(), run.statuses(), ms(run.failedP99Ms()), ms(run.succeededP99Ms()),
				ms(run.failedMaxMs()), run.limitMs(), run.withinLimit() ? "✓" : "✗", run.stored(), run.acknowledged(),
				(run.recoveryMs() != null) ? "in " + run.recoveryMs() + " ms"
						: "NOT within " + RECOVERY_LIMIT.toSeconds() + " s",
				run.threadsBefore(), run.threadsAfter(), run.connectionsBefore(), run.connectionsAfter(),
				run.passed() ? "ok" : "FAILED", Console.elapsed(Duration.between(this.benchStart, Instant.now())));
	}

	private String outageLine(OutageRun run) {
		return fmt(
				"[faults] %s database outage (MongoDB down %d ms): %d requests %s, %d sent and answered while down "
						+ "(%d not 503), p99 failed %s, slowest failure %s (limit %d ms), first 201 %s after the "
						+ "restart (limit %d ms), stored %d / %d acknowledged after it, %d partial %s (elapsed %s)",
				run.stack().id(), run.downMs(), run.requests(), run.statuses(), run.whileDown(), run.whileDownNot503(),
				ms(run.failedP99Ms()), ms(run.failedMaxMs()), run.failureLimitMs(),
				(run.firstSuccessAfterRestartMs() != null) ? run.firstSuccessAfterRestartMs() + " ms" : "never",
				run.backLimitMs(), run.stored(), run.acknowledgedAfterRestart(), run.incomplete(),
				run.passed() ? "ok" : "FAILED", Console.elapsed(Duration.between(this.benchStart, Instant.now())));
	}

	private static String ms(Double value) {
		return (value != null) ? fmt("%.0f ms", value) : "—";
	}

}
