package dev.twinstack.bench.run;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import dev.twinstack.bench.analysis.CrossCheck;
import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.console.Progress;
import dev.twinstack.bench.load.LoadGenerator;
import dev.twinstack.bench.load.LoadStats;
import dev.twinstack.bench.load.RmiTransport;
import dev.twinstack.bench.load.RunId;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.CellMonitor;
import dev.twinstack.bench.measure.CpuShares;
import dev.twinstack.bench.measure.GcCost;
import dev.twinstack.bench.measure.jvm.Jcmd;
import dev.twinstack.bench.measure.jvm.MemoryAfterRequests;
import dev.twinstack.bench.measure.jvm.MemoryMeasurement;
import dev.twinstack.bench.measure.storage.ProfileStore;
import dev.twinstack.bench.process.AppProcess;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.process.JavaProcess;
import dev.twinstack.bench.process.MockServicesProcess;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.results.TrialFigures;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.MemoryRequests;
import dev.twinstack.bench.settings.remote.LoadEngines;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;

/**
 * Measures the trials of the cells and the memory after N requests: load with JMeter
 * while a {@link CellMonitor} samples the app, the mocks and the load generator; read
 * every sample of the JTL; count what MongoDB stored, empty the collection.
 */
final class CellRunner {

	/**
	 * Clients per remote engine in the engines' warm-up, each sending
	 * {@value #ENGINE_WARMUP_REQUESTS} requests.
	 */
	static final int ENGINE_WARMUP_THREADS = 10;

	/** Requests per client in the engines' warm-up. */
	static final int ENGINE_WARMUP_REQUESTS = 10;

	private final BenchSettings settings;

	private final ProfileStore store;

	private final MockServicesProcess mocks;

	private final String runPrefix;

	private final Progress progress;

	private final TrialTail tail;

	private final WrkCrossCheck wrk;

	private boolean enginesWarm;

	CellRunner(BenchSettings settings, ProfileStore store, MockServicesProcess mocks, String runPrefix,
			Progress progress) {
		if (settings.engines().remote() && settings.engines().keystore() == null) {
			Console.line("WARN load engines over " + RmiTransport.INSECURE_WARNING);
		}
		this.settings = settings;
		this.store = store;
		this.mocks = mocks;
		this.runPrefix = runPrefix;
		this.progress = progress;
		this.tail = new TrialTail(settings, store, false);
		this.wrk = new WrkCrossCheck(settings, store, runPrefix, false);
	}

	/**
	 * Measures the time to complete {@link BenchSettings#memoryRequests()} requests of
	 * {@link BenchSettings#memoryWorkload()} and the app's memory after them,
	 * {@link BenchSettings#memoryRepeats()} times back to back (composite: with the first
	 * fanout of the matrix, so the measurement leaves no threads behind that the cells
	 * would not have created anyway).
	 * @param app the warmed-up app
	 * @return the figures of each repeat, empty when the measurement is switched off
	 */
	List<MemoryAfterRequests> measureMemory(AppProcess app) {
		int requests = this.settings.memoryRequests();
		Workload workload = this.settings.memoryWorkload();
		if (workload == null) {
			return List.of();
		}
		List<MemoryAfterRequests> readings = new java.util.ArrayList<>();
		int repeats = this.settings.memoryRepeats();
		for (int repeat = 1; repeat <= repeats; repeat++) {
			Console.line(String.format("[memory] %s: %d requests of %s, %d clients, reading %d/%d (%s)",
					app.stack().id(), requests, workload.id(), MemoryRequests.CONCURRENCY, repeat, repeats,
					this.progress.status(Instant.now())));
			MemoryAfterRequests memory = MemoryMeasurement.run(app, workload, requests,
					this.runPrefix + "-memory-" + app.stack().id() + ((repeats > 1) ? "-" + repeat : ""));
			requireAlive(app);
			this.store.drop();
			Console.line(String.format(java.util.Locale.ROOT,
					"[memory] %s: heap %s MB after a full GC; %d requests in %.2f s (%d errors, %s GCs); heap %s MB, "
							+ "RSS %s MB; after a full GC heap %s MB, RSS %s MB",
					app.stack().id(), TrialTail.whole(memory.heapBeforeMb()), memory.requests(), memory.seconds(),
					memory.errors(), (memory.collectionsDuring() != null) ? memory.collectionsDuring() : "?",
					TrialTail.whole(memory.heapUsedMb()), TrialTail.whole(memory.rssMb()),
					TrialTail.whole(memory.heapAfterGcMb()), TrialTail.whole(memory.rssAfterGcMb())));
			readings.add(memory);
		}
		return readings;
	}

	/**
	 * Measures one trial of a cell: the load, the monitoring, every sample of the JTL,
	 * the stored count (composite), the ceiling from the downstream latency alone
	 * (replaced by the cell's own, with the base latency, once its trials are
	 * summarised). The app may die during the trial (a heap limit): that is judged by the
	 * caller.
	 * @param cell the cell
	 * @param run the trial's load
	 * @param runDir the trial's folder
	 * @param app the running app of the cell's stack
	 * @param label the trial's name in progress lines
	 * @return the trial's results (without the JFR cross-check, made once the app stops)
	 */
	CellResult runTrial(Cell cell, ScenarioPlan.Run run, Path runDir, AppProcess app, String label) {
		warmEngines(run, app);
		if (cell.workload().stores()) {
			this.store.drop();
		}
		Instant started = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		this.progress.cellStarted(started);
		TestPlanStats stats;
		CellMonitor monitor = CellMonitor.start(app, this.mocks, cell.workload().uriTag(), label, this.progress);
		try {
			// stops at once when the app dies: the rest of the trial would only hit a
			// closed port
			LoadEngines engines = this.settings.engines();
			stats = engines.remote()
					? LoadGenerator.runRemote(ScenarioPlan.distributed(run, runDir, engines.addresses()),
							engines.addresses(), new RmiTransport(engines.keystore()), app.process(), run.timeLimit())
					: LoadGenerator.run(ScenarioPlan.plan(run, runDir), ScenarioPlan.ENGINE_PROPERTIES, app.process(),
							run.timeLimit());
			// one more reading once every request has ended, so the app's request count
			// covers the whole load
			pause(CellMonitor.INTERVAL.plusMillis(100));
			// a full GC inside the cell's window, after the load: every cell starts from
			// a clean heap, and JFR records the heap in use at the end of the cell
			if (app.process().isAlive()) {
				Jcmd.gc(app.process().launcher(), app.process().pid());
			}
		}
		finally {
			monitor.close();
		}
		Instant finished = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		CellMonitor.Result monitored = monitor.finish(runDir.resolve("metrics.csv"), started);
		CellResult result = this.tail.collect(cell, run, runDir,
				new TrialTail.Load(started, finished, LoadStats.from(stats.overall()), monitored), app.threadCap(),
				app.process().log());
		this.progress.cellFinished(Instant.now());
		CpuShares cpu = result.cpu();
		GcCost gc = result.gc();
		Console
			.line(TrialTail.describe(label, result)
					+ String.format(java.util.Locale.ROOT, "; CPU app %s, mocks %s, JMeter %s%s",
							TrialTail.percent(cpu.appMean()), TrialTail.percent(cpu.mocksMean()),
							TrialTail.percent(cpu.loadGeneratorMean()),
							(gc != null) ? String.format(java.util.Locale.ROOT,
									"; steady window: %d GC pauses, %.0f ms, %s KB per request", gc.gcPauses(),
									gc.gcPauseMs(),
									(gc.allocatedBytesPerRequest() != null) ? String.format(java.util.Locale.ROOT,
											"%.1f", gc.allocatedBytesPerRequest() / 1024) : "?")
									: "")
					+ TrialTail.engines(result));
		return result;
	}

	/**
	 * Runs wrk on a closed cell right after one of its trials ({@link WrkCrossCheck}),
	 * the collection dropped before and after.
	 * @param cell the cell
	 * @param app the running app
	 * @param trial the trial's number, from 1
	 * @param figures what the trial measured
	 * @param dir the cell's folder (wrk's go in {@code wrk-<trial>})
	 * @param prefix wrk's command prefix (its CPUs: the harness's), empty for none
	 * @return the trial with wrk's run, {@code null} when wrk is missing or failed
	 */
	CrossCheck.Pair crossCheck(Cell cell, AppProcess app, int trial, TrialFigures figures, Path dir,
			List<String> prefix) {
		return this.wrk.afterTrial(cell, app.baseUri().toString(), trial, figures, dir, prefix);
	}

	/**
	 * Runs wrk once, unmeasured, before a workload's run at the cells' concurrency
	 * ({@link WrkCrossCheck#warmUp}).
	 * @param app the running app
	 * @param workload the workload
	 * @param concurrency the cells' concurrency
	 * @param dir the folder of wrk's script and output
	 * @param prefix wrk's command prefix (its CPUs: the harness's), empty for none
	 */
	void warmCrossCheck(AppProcess app, Workload workload, int concurrency, Path dir, List<String> prefix) {
		this.wrk.warmUp(app.stack(), workload, concurrency, app.baseUri().toString(), dir, prefix);
	}

	/**
	 * Loads the app once from the remote engines before their first measured trial,
	 * unmeasured: a cold engine JVM took 6 s from the start of its first test to its
	 * first request (class loading, Groovy for the engine's number), while the other
	 * engine already ran, so the engines' windows barely overlapped (measured in
	 * {@code DistributedIT}: 17 req/s against 44 from this JVM; warm, the engines started
	 * 0.7 s apart). A count run of {@value #ENGINE_WARMUP_THREADS} clients per engine,
	 * {@value #ENGINE_WARMUP_REQUESTS} requests each, of the trial's workload.
	 */
	private void warmEngines(ScenarioPlan.Run trial, AppProcess app) {
		if (this.enginesWarm || !this.settings.engines().remote()) {
			return;
		}
		this.enginesWarm = true;
		warmEngines(this.settings, this.runPrefix, trial, app.process());
	}

	/**
	 * Loads the app once from the remote engines, unmeasured (see
	 * {@link #warmEngines(ScenarioPlan.Run, AppProcess)}).
	 * @param settings the bench settings, with remote engines
	 * @param runPrefix the bench run's prefix of the request ids
	 * @param trial the first measured trial, whose workload and app the warm-up loads
	 * @param target the app's JVM, {@code null} for a remote target
	 * @return the warm-up's run id, the prefix of the request ids it sent
	 */
	static String warmEngines(BenchSettings settings, String runPrefix, ScenarioPlan.Run trial, JavaProcess target) {
		LoadEngines engines = settings.engines();
		int threads = ENGINE_WARMUP_THREADS * engines.count();
		ScenarioPlan.Run warm = new ScenarioPlan.Run(trial.baseUri(), trial.workload(), LoadModel.COUNT, threads, 0,
				threads * ENGINE_WARMUP_REQUESTS, Duration.ZERO, Duration.ZERO,
				RunId.of(runPrefix, "engines-warm-up", ""));
		Console.line("[engines] warming up " + engines.addresses() + ": " + threads * ENGINE_WARMUP_REQUESTS
				+ " requests, unmeasured");
		LoadGenerator.runRemote(
				ScenarioPlan.distributed(warm, settings.outputDir().resolve("runs/engines-warm-up"),
						engines.addresses()),
				engines.addresses(), new RmiTransport(engines.keystore()), target, warm.timeLimit());
		return warm.runId();
	}

	private static void pause(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static void requireAlive(AppProcess app) {
		if (!app.process().isAlive()) {
			throw new BenchException(app.process().role() + " died during the load; last lines of "
					+ app.process().log() + ":\n" + app.process().logTail());
		}
	}

}
