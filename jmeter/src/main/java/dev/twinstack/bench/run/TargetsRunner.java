package dev.twinstack.bench.run;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

import dev.twinstack.bench.analysis.CrossCheck;
import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.console.Progress;
import dev.twinstack.bench.load.Dashboard;
import dev.twinstack.bench.load.Jtl;
import dev.twinstack.bench.load.LoadTarget;
import dev.twinstack.bench.load.RunId;
import dev.twinstack.bench.load.ScenarioLoad;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.load.WarmUp;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.AppHealth;
import dev.twinstack.bench.measure.CellMonitor;
import dev.twinstack.bench.measure.jvm.GcLog;
import dev.twinstack.bench.measure.storage.ProfileStore;
import dev.twinstack.bench.measure.StubLatencyProbe;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.process.BenchShutdown;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.results.TrialFigures;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.Machine;
import dev.twinstack.bench.settings.remote.Targets;
import dev.twinstack.monitoring.ActuatorMetricsClient;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * Runs the matrix against apps started by hand elsewhere ({@code bench.targets}), one
 * stack at a time: waits until the target's {@code /actuator/health} answers 200, warms
 * it up as the bench warms up the apps it starts (without lending it CPUs: the JIT runs
 * at a gentle concurrency, then each workload at the cells' concurrency right before its
 * first cell), measures the base latencies, then every cell's trials
 * ({@link TargetTrial}) and, with {@code bench.crosscheck=wrk}, each closed cell once
 * more with wrk from this machine ({@link WrkCrossCheck}). It starts no process but wrk,
 * and sends requests only to the targets, their Actuator, the given MongoDB and the given
 * load engines. An app that stops answering its health endpoint ends the run: the bench
 * cannot restart it.
 */
final class TargetsRunner {

	/** The longest wait for a target's {@code /actuator/health} to answer 200. */
	static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

	private static final Duration HTTP_TIMEOUT = Duration.ofSeconds(2);

	private static final HttpClient http = HttpClient.newBuilder().connectTimeout(HTTP_TIMEOUT).build();

	private final BenchSettings settings;

	private final RunRecord record;

	private final String runPrefix;

	private final Progress progress;

	private final Instant start;

	private final Map<String, CellResult> trials = new LinkedHashMap<>();

	TargetsRunner(BenchSettings settings, RunRecord record, String runPrefix, Progress progress, Instant start) {
		this.settings = settings;
		this.record = record;
		this.runPrefix = runPrefix;
		this.progress = progress;
		this.start = start;
	}

	/**
	 * Measures every cell of every target.
	 * @return every trial's results by run id
	 * @throws BenchException when a target is not ready, stops answering, or the run is
	 * interrupted
	 */
	Map<String, CellResult> run() {
		Targets targets = this.settings.targets();
		Console.line("Remote targets (started by hand; the bench starts no app and no mocks): " + targets.describe());
		try (ProfileStore store = new ProfileStore(targets.mongoUri(), targets.mongoDatabase(), this.runPrefix)) {
			this.record.database(store.describeServer(false));
			TargetTrial trial = new TargetTrial(this.settings, store, this.progress, this.runPrefix);
			WrkCrossCheck wrk = new WrkCrossCheck(this.settings, store, this.runPrefix, true);
			this.record.trials(this::trials);
			List<Cell> all = this.settings.cells();
			int index = 0;
			for (Stack stack : this.settings.stacks()) {
				List<Cell> cells = all.stream().filter((cell) -> cell.stack() == stack).toList();
				if (cells.isEmpty()) {
					continue;
				}
				Targets.Target target = targets.of(stack);
				LoadTarget app = LoadTarget.remote(stack, target.base(), target.actuatorUri());
				awaitReady(stack, target);
				List<Workload> workloads = cells.stream().map(Cell::workload).distinct().toList();
				int concurrency = cells.stream().mapToInt(Cell::concurrency).max().orElse(0);
				concurrency = (concurrency > 0) ? Math.min(concurrency, ScenarioLoad.MAX_WARMUP_CONCURRENCY) : 100;
				this.progress.appStarting(Instant.now());
				// as for the apps the bench starts (MatrixRunner), with the trials'
				// Actuator readings: the JIT runs at a gentle concurrency first, each
				// workload's run at the cells' concurrency right before its first cell.
				// One remote JVM serves every workload: no fork per workload here
				List<WarmUp> warmUps;
				try (CellMonitor monitor = CellMonitor.startRemoteQuietly(app.actuatorUri(),
						workloads.get(0).uriTag())) {
					warmUps = new ArrayList<>(ScenarioLoad.warmUpGently(this.settings, app, null, null, workloads,
							concurrency, this.runPrefix));
				}
				store.deleteRun(this.runPrefix);
				requireHealthy(stack, target);
				OptionalInt threadCap = threadCap(target);
				BenchResults.AppInfo info = appInfo(stack, target, threadCap, warmUps, cells.get(0));
				this.record.app(info);
				Map<Workload, Double> base = ScenarioLoad.baseLatencies(this.settings, app, workloads, this.runPrefix);
				store.deleteRun(this.runPrefix);
				List<Workload> unrehearsed = new ArrayList<>(workloads);
				for (Cell cell : cells) {
					if (unrehearsed.remove(cell.workload())
							&& rehearse(app, cell.workload(), concurrency, warmUps, unrehearsed.size(),
									WrkCrossCheck.precedesATrial(this.settings, cells, cell.workload()) ? wrk : null)) {
						store.deleteRun(this.runPrefix);
						requireHealthy(stack, target);
						BenchResults.AppInfo now = appInfo(stack, target, threadCap, warmUps, cells.get(0));
						this.record.app(info, now);
						info = now;
					}
					index++;
					this.record
						.cell(runCell(cell, app, target, trial, wrk, base.get(cell.workload()), threadCap, index));
				}
			}
		}
		if (!this.record.finish()) {
			throw new BenchException("Bench " + BenchShutdown.INTERRUPTED);
		}
		return trials();
	}

	/**
	 * Warms a workload up at the cells' concurrency right before its first cell, as
	 * {@link MatrixRunner} does for an app the bench started: with what is left of the
	 * warm-up bound but {@link ScenarioLoad#rehearsalSeconds()} for each workload still
	 * to come; nothing when the bound is used up or 0.
	 * @param warmUps the target's warm-up runs so far, to which the run is added
	 * @param wrk the cross-check that will follow the trials, which then opens the run
	 * with one unmeasured wrk run ({@link WrkCrossCheck#warmUp}); {@code null} for none
	 * @return {@code true} when a run was made
	 */
	private boolean rehearse(LoadTarget app, Workload workload, int concurrency, List<WarmUp> warmUps,
			int workloadsAfter, WrkCrossCheck wrk) {
		long remaining = ScenarioLoad.remainingSeconds(this.settings, warmUps);
		if (remaining <= 0) {
			return false;
		}
		// with the trials' Actuator readings, as for the apps the bench starts
		try (CellMonitor monitor = CellMonitor.startRemoteQuietly(app.actuatorUri(), workload.uriTag())) {
			if (wrk != null) {
				wrk.warmUp(app.stack(), workload, concurrency, app.baseUri(),
						this.settings.outputDir().resolve("runs").resolve("wrk-warm-up-" + app.stack().id()),
						List.of());
			}
			warmUps.add(ScenarioLoad.rehearse(app, null, null, workload, concurrency,
					ScenarioLoad.allowance(remaining, workloadsAfter), this.runPrefix));
		}
		return true;
	}

	private BenchResults.AppInfo appInfo(Stack stack, Targets.Target target, OptionalInt threadCap,
			List<WarmUp> warmUps, Cell first) {
		return new BenchResults.AppInfo(stack, "remote target " + target.describe(), null,
				appSettings(target, threadCap), List.copyOf(warmUps),
				"remote target " + target.describe() + ": started by hand, not placed by the bench", first.heap(),
				first.appCpus());
	}

	private CellSummary runCell(Cell cell, LoadTarget app, Targets.Target target, TargetTrial trial, WrkCrossCheck wrk,
			Double baseMs, OptionalInt threadCap, int index) {
		double idealMs = this.settings.downstreamMs(cell.workload()) + ((baseMs != null) ? Math.max(0, baseMs) : 0);
		List<TrialFigures> figures = new ArrayList<>();
		List<CellResult> results = new ArrayList<>();
		List<CrossCheck.Pair> pairs = new ArrayList<>();
		int threads = 0;
		for (int number = 1; number <= this.settings.trials(); number++) {
			String runId = RunId.of(this.runPrefix, cell.id(), "-t" + number);
			ScenarioPlan.Run run = ScenarioLoad.trial(this.settings, app, cell, idealMs, runId);
			threads = run.threads();
			Console.line(String.format("[cell %d/%d] %s %s %s, trial %d/%d: %d threads on %s (elapsed %s)", index,
					this.settings.cellCount(), cell.stack().id(), cell.workload().id(), cell.loadLabel(), number,
					this.settings.trials(), run.threads(), target.base(),
					Console.elapsed(Duration.between(this.start, Instant.now()))));
			Path runDir = this.settings.outputDir().resolve("runs").resolve(cell.id()).resolve("trial-" + number);
			Map<String, URI> stubs = this.settings.targets().stubs();
			StubLatencyProbe probe = StubLatencyProbe.forWorkload(cell.workload(), url(stubs.get("customers")),
					url(stubs.get("slow")));
			CellResult result;
			try {
				result = trial.run(cell, run, runDir, app, threadCap, cell.id() + " trial " + number);
			}
			finally {
				if (probe != null) {
					probe.close();
				}
			}
			requireHealthy(cell.stack(), target);
			results.add(result);
			synchronized (this) {
				this.trials.put(result.runId(), result);
			}
			TrialFigures trialFigures = TrialFigures.of(
					result, result.steadyThroughput(), (probe != null)
							? probe.summary(StubLatencyProbe.configuredMs(cell.workload(), this.settings)) : null,
					new AppHealth("ok", null, new GcLog.Summary(0, 0, 0, 0)));
			figures.add(trialFigures);
			if (this.settings.crossChecksWithWrk() && cell.load() == LoadModel.CLOSED) {
				// wrk on this machine against the target's URL, right after the trial, as
				// for an app the bench started
				CrossCheck.Pair pair = wrk.afterTrial(cell, app.baseUri(), number, trialFigures,
						this.settings.outputDir().resolve("runs").resolve(cell.id()), List.of());
				if (pair != null) {
					pairs.add(pair);
				}
				requireHealthy(cell.stack(), target);
			}
		}
		CellSummary summary = CellSummary.of(cell, figures, this.settings, baseMs, threadCap, threads, Machine.cores());
		if (!pairs.isEmpty()) {
			summary = summary.withCrossCheck(WrkCrossCheck.of(cell, pairs));
		}
		archive(results, summary);
		return summary;
	}

	/**
	 * Renders the dashboard of the cell's quoted trial and compresses every trial's JTL,
	 * as {@link BenchTrialMeasurer#archive} does.
	 */
	private synchronized void archive(List<CellResult> results, CellSummary summary) {
		Path out = this.settings.outputDir();
		String median = BenchTrialMeasurer.medianTrial(results, summary).runId();
		for (CellResult result : results) {
			Path jtl = out.resolve(result.jtl());
			String dashboard = null;
			if (result.runId().equals(median) && Files.isRegularFile(jtl)) {
				Path dir = jtl.resolveSibling("dashboard");
				Dashboard.render(jtl, dir);
				dashboard = out.relativize(dir).toString().replace('\\', '/');
			}
			String compressed = Files.isRegularFile(jtl)
					? out.relativize(Jtl.compress(jtl)).toString().replace('\\', '/') : result.jtl();
			this.trials.put(result.runId(), result.withFiles(compressed, dashboard));
		}
	}

	private synchronized Map<String, CellResult> trials() {
		return new LinkedHashMap<>(this.trials);
	}

	/**
	 * Waits until the target's health endpoint answers 200.
	 * @throws BenchException naming the URL and how to start the app, when it does not
	 * within {@link #READY_TIMEOUT}
	 */
	static void awaitReady(Stack stack, Targets.Target target) {
		URI health = target.actuatorUri().resolve("health");
		Console.line("[target] " + stack.id() + ": waiting for GET " + health + " = 200");
		try {
			Awaitility.await(stack.id() + " ready")
				.atMost(READY_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
				.pollInterval(Duration.ofMillis(500))
				.until(() -> healthy(health));
		}
		catch (ConditionTimeoutException ex) {
			throw new BenchException("the target of " + stack.id() + " is not ready: GET " + health
					+ " did not answer 200 within " + READY_TIMEOUT.toSeconds() + " s. Start the app there first "
					+ "(docs/distributed.md, Remote targets), or correct bench.targets (give ;management=<uri> when "
					+ "its Actuator runs on a port of its own)");
		}
	}

	private static void requireHealthy(Stack stack, Targets.Target target) {
		URI health = target.actuatorUri().resolve("health");
		if (!healthy(health)) {
			throw new BenchException("the target of " + stack.id() + " stopped answering: GET " + health
					+ " is no longer 200. The bench cannot restart an app it did not start: see its own log");
		}
	}

	private static boolean healthy(URI health) {
		try {
			HttpResponse<Void> response = http.send(HttpRequest.newBuilder(health).timeout(HTTP_TIMEOUT).build(),
					HttpResponse.BodyHandlers.discarding());
			return response.statusCode() == 200;
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/**
	 * Reads Tomcat's worker thread cap from the target's meters
	 * ({@code tomcat.threads.config.max}), which sets mvc's thread ceiling.
	 * @return the cap, empty when the app has no such meter (webflux-app) or it cannot be
	 * read
	 */
	private static OptionalInt threadCap(Targets.Target target) {
		try {
			double max = new ActuatorMetricsClient(target.actuatorUri(), HTTP_TIMEOUT)
				.value("tomcat.threads.config.max", null, null)
				.get(HTTP_TIMEOUT.toMillis() * 2, TimeUnit.MILLISECONDS);
			return (Double.isNaN(max) || max < 1) ? OptionalInt.empty() : OptionalInt.of((int) max);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return OptionalInt.empty();
		}
		catch (Exception ex) {
			return OptionalInt.empty();
		}
	}

	private static String url(URI uri) {
		return (uri != null) ? uri.toString() : null;
	}

	private static Map<String, String> appSettings(Targets.Target target, OptionalInt threadCap) {
		Map<String, String> settings = new LinkedHashMap<>();
		settings.put("target", target.describe());
		threadCap.ifPresent((cap) -> settings.put("tomcat.threads.config.max (its meter)", String.valueOf(cap)));
		return settings;
	}

}
