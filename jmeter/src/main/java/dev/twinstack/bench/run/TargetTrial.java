package dev.twinstack.bench.run;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.console.Progress;
import dev.twinstack.bench.load.LoadGenerator;
import dev.twinstack.bench.load.LoadStats;
import dev.twinstack.bench.load.LoadTarget;
import dev.twinstack.bench.load.RmiTransport;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.measure.CellMonitor;
import dev.twinstack.bench.measure.CpuShares;
import dev.twinstack.bench.measure.storage.ProfileStore;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.remote.LoadEngines;
import dev.twinstack.monitoring.SeriesSummary;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;

/**
 * Measures one trial of a remote target ({@code bench.targets}) as {@link CellRunner}
 * measures an app the bench started, with what can be seen from here: the JTL, the app's
 * meters from its Actuator and Prometheus page (heap, threads, GC, pools, its own
 * {@code process.cpu.usage}), this JVM's CPU, and the stored count in the given MongoDB
 * (only the trial's documents are deleted after it, never the collection). The mocks' CPU
 * and the machines' are not visible: {@code null} in the results, "not measured" in the
 * validity.
 */
final class TargetTrial {

	private final BenchSettings settings;

	private final ProfileStore store;

	private final Progress progress;

	private final String runPrefix;

	private final TrialTail tail;

	private boolean enginesWarm;

	TargetTrial(BenchSettings settings, ProfileStore store, Progress progress, String runPrefix) {
		this.settings = settings;
		this.store = store;
		this.progress = progress;
		this.runPrefix = runPrefix;
		this.tail = new TrialTail(settings, store, true);
	}

	/**
	 * Runs the trial's load and gathers its figures.
	 * @param cell the cell
	 * @param run the trial's load
	 * @param runDir the trial's folder
	 * @param target the app under load
	 * @param threadCap the app's worker thread cap, empty without one
	 * @param label the trial's name in progress lines
	 * @return the trial's results
	 */
	CellResult run(Cell cell, ScenarioPlan.Run run, Path runDir, LoadTarget target, OptionalInt threadCap,
			String label) {
		if (this.settings.engines().remote() && !this.enginesWarm) {
			// as for an app the bench started: cold engines start far apart
			this.enginesWarm = true;
			this.store.deleteRun(CellRunner.warmEngines(this.settings, this.runPrefix, run, null));
		}
		Instant started = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		this.progress.cellStarted(started);
		TestPlanStats stats;
		CellMonitor monitor = CellMonitor.startRemote(target.actuatorUri(), cell.workload().uriTag(), label,
				this.progress);
		try {
			LoadEngines engines = this.settings.engines();
			stats = engines.remote()
					? LoadGenerator.runRemote(ScenarioPlan.distributed(run, runDir, engines.addresses()),
							engines.addresses(), new RmiTransport(engines.keystore()), null, run.timeLimit())
					: LoadGenerator.run(ScenarioPlan.plan(run, runDir), ScenarioPlan.ENGINE_PROPERTIES, null,
							run.timeLimit());
			// one more reading once every request has ended
			pause(CellMonitor.INTERVAL.plusMillis(100));
		}
		finally {
			monitor.close();
		}
		Instant finished = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		CellMonitor.Result monitored = monitor.finish(runDir.resolve("metrics.csv"), started);
		CellResult result = this.tail.collect(cell, run, runDir,
				new TrialTail.Load(started, finished, LoadStats.from(stats.overall()), monitored), threadCap, null);
		this.progress.cellFinished(Instant.now());
		Console.line(TrialTail.describe(label, result)
				+ String.format(Locale.ROOT, "; CPU app %s (its process.cpu.usage), JMeter %s",
						TrialTail.percent(result.cpu().appMean()), TrialTail.percent(result.cpu().loadGeneratorMean()))
				+ TrialTail.engines(result));
		return result;
	}

	/**
	 * Returns the CPU shares a remote target allows: the load generator's (this JVM, of
	 * this machine), the app's from its own {@code process.cpu.usage} (of its machine's
	 * CPUs); the mocks' and the machine's unknown.
	 * @param cores this machine's logical processors
	 * @param series the steady window's summaries
	 * @return the shares, {@code null} where nothing could be read
	 */
	static CpuShares shares(int cores, Map<String, SeriesSummary> series) {
		SeriesSummary none = new SeriesSummary(0, null, null, null);
		SeriesSummary loadgen = series.getOrDefault("loadgen_cpu", none);
		SeriesSummary app = series.getOrDefault("app_cpu_micrometer", none);
		return new CpuShares(cores, loadgen.mean(), loadgen.peak(), null, null, app.mean(), app.peak(), null, null);
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
