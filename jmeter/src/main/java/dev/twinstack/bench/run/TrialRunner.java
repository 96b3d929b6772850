package dev.twinstack.bench.run;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import dev.twinstack.bench.analysis.CrossCheck;
import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.console.Progress;
import dev.twinstack.bench.load.LoadStats;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.load.engine.LoadEngine;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.AppHealth;
import dev.twinstack.bench.measure.CellMonitor;
import dev.twinstack.bench.measure.storage.ProfileStore;
import dev.twinstack.bench.measure.StubLatencyProbe;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.results.TrialFigures;
import dev.twinstack.bench.settings.BenchSettings;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;

/**
 * Where a trial is run, the same for every kind of app ({@link AppUnderTest}): the load
 * on the engine of {@code bench.engines} ({@link LoadEngine}) while the app is monitored
 * and its stubs probed, then the trial's tail ({@link TrialTail}: every sample of the
 * JTL, the stored count, the steady window) and the app's health; after a closed cell's
 * trial, its wrk run ({@link WrkCrossCheck}); after a capacity search, Gatling's
 * ({@link GatlingCheck}). Keeps every trial's result ({@link TrialResults}).
 */
final class TrialRunner implements MatrixRunner.TrialMeasurer {

	private final BenchSettings settings;

	private final ProfileStore store;

	private final Progress progress;

	private final LoadEngine engine;

	private final TrialTail tail;

	private final WrkCrossCheck wrk;

	private final GatlingCheck gatling;

	private final TrialResults results;

	/**
	 * Creates the trials of a bench run.
	 * @param settings the bench settings
	 * @param store the MongoDB the apps store into: the bench's own, or a shared one of
	 * which only the run's documents are deleted
	 * @param runPrefix the bench run's prefix of the request ids
	 * @param progress the bench's progress
	 */
	TrialRunner(BenchSettings settings, ProfileStore store, String runPrefix, Progress progress) {
		this.settings = settings;
		this.store = store;
		this.progress = progress;
		this.engine = LoadEngine.of(settings.engines(), settings.outputDir(), runPrefix);
		this.tail = new TrialTail(settings, store);
		this.wrk = new WrkCrossCheck(settings, store, runPrefix);
		this.gatling = new GatlingCheck(settings, store, runPrefix);
		this.results = new TrialResults(settings);
	}

	/**
	 * Returns every trial's result so far.
	 * @return the results
	 */
	TrialResults results() {
		return this.results;
	}

	@Override
	public TrialFigures measure(MatrixRunner.Trial trial) {
		Cell cell = trial.cell();
		AppUnderTest app = trial.app();
		StubLatencyProbe probe = app.stubProbe(cell.workload());
		app.beginTrial();
		Instant from = Instant.now();
		CellResult result;
		try {
			result = run(cell, trial.run(), trial.runDir(), app, cell.id() + " trial " + trial.number());
		}
		finally {
			if (probe != null) {
				probe.close();
			}
		}
		AppHealth health = app.endTrial(from, Instant.now());
		this.results.add(app.recording(), result);
		return TrialFigures.of(result, result.steadyThroughput(),
				(probe != null) ? probe.summary(StubLatencyProbe.configuredMs(cell.workload(), this.settings)) : null,
				health);
	}

	/**
	 * Runs one trial of a cell: the load, the monitoring, every sample of the JTL, the
	 * stored count (composite), the ceiling from the downstream latency alone (replaced
	 * by the cell's own, with the base latency, once its trials are summarised). The app
	 * may die during the trial (a heap limit): that is judged by the caller.
	 * @param cell the cell
	 * @param run the trial's load
	 * @param runDir the trial's folder
	 * @param app the app
	 * @param label the trial's name in progress lines
	 * @return the trial's results (without the JFR cross-check, made once the app stops)
	 */
	CellResult run(Cell cell, ScenarioPlan.Run run, Path runDir, AppUnderTest app, String label) {
		this.engine.warmUpOnce(run, app.target().process());
		if (cell.workload().stores()) {
			this.store.drop();
		}
		Instant started = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		this.progress.cellStarted(started);
		TestPlanStats stats;
		CellMonitor monitor = app.monitor(cell.workload(), label, this.progress);
		try {
			// stops at once when the app the bench started dies: the rest of the trial
			// would only hit a closed port
			stats = this.engine.run(run, runDir, app.target().process());
			// one more reading once every request has ended, so the app's request count
			// covers the whole load
			pause(CellMonitor.INTERVAL.plusMillis(100));
			app.loadEnded();
		}
		finally {
			monitor.close();
		}
		Instant finished = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		CellMonitor.Result monitored = monitor.finish(runDir.resolve("metrics.csv"), started);
		CellResult result = this.tail.collect(cell, run, runDir,
				new TrialTail.Load(started, finished, LoadStats.from(stats.overall()), monitored), app.threadCap(),
				app.log(), app::cpuShares);
		this.progress.cellFinished(Instant.now());
		Console.line(TrialTail.describe(label, result) + app.describeCpu(result) + TrialTail.engines(result));
		return result;
	}

	/**
	 * Runs wrk from this machine on a closed cell right after one of its trials, against
	 * the app's URL ({@link WrkCrossCheck}).
	 */
	@Override
	public CrossCheck.Pair crossCheck(MatrixRunner.Trial trial, TrialFigures figures) {
		Cell cell = trial.cell();
		AppUnderTest app = trial.app();
		CrossCheck.Pair pair = this.wrk.afterTrial(cell, app.target().baseUri(), trial.number(), figures,
				this.settings.outputDir().resolve("runs").resolve(cell.id()), app.harnessPrefix());
		app.crossCheckEnded();
		return pair;
	}

	/**
	 * Runs Gatling from this machine on a searched cell's app once its capacity is found
	 * ({@link GatlingCheck}), its output in the cell's folder.
	 */
	@Override
	public GatlingCheck.Run openCheck(Cell cell, AppUnderTest app, List<Integer> rates) {
		GatlingCheck.Run run = this.gatling.run(cell, app.target().baseUri(), app.harnessPrefix(), rates,
				this.settings.outputDir().resolve("runs").resolve(cell.id()).resolve("gatling"));
		app.crossCheckEnded();
		return run;
	}

	@Override
	public void warmCrossCheck(AppUnderTest app, Workload workload, int concurrency) {
		this.wrk.warmUp(app.target().stack(), workload, concurrency, app.target().baseUri(),
				this.settings.outputDir().resolve("runs").resolve("wrk-warm-up-" + app.name()), app.harnessPrefix());
	}

	@Override
	public void archive(CellSummary summary) {
		this.results.archive(summary);
	}

	private static void pause(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
