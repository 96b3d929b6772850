package dev.twinstack.bench.run;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.twinstack.bench.analysis.CrossCheck;
import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.load.BaseLatency;
import dev.twinstack.bench.load.RunId;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.load.warmup.WarmUp;
import dev.twinstack.bench.load.warmup.WarmUpPlan;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.AppHealth;
import dev.twinstack.bench.measure.CellMonitor;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.results.TrialFigures;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.Machine;

/**
 * Runs the scenario matrix, the one run loop for every kind of app ({@link AppUnderTest}:
 * started by the bench, or a remote target): per app start ({@link Apps}), its warm-up
 * ({@link WarmUpPlan}) and base latencies, then every cell of that start {@code trials}
 * times, each workload rehearsed right before its first cell; an app that ran out of
 * memory, thrashed or crashed is restarted (and warmed up again) before the next trial.
 * What a trial measures is up to a {@link TrialMeasurer}.
 * <p>
 * By default ({@code bench.fork=workload}) each workload gets a fresh JVM, as JMH forks
 * one per benchmark (JMH's {@code @Fork} Javadoc; Shipilëv, "JMH: the lesser of two
 * evils"): C2 compiles each method for the types it has seen, so a JVM warmed on one
 * workload throws that code away when the next sends other types (docs/design.md, "A JVM
 * per workload"). The warm-up bound is per start, so each workload then gets all of it.
 *
 * @param <A> where the apps live
 */
final class MatrixRunner<A extends AppUnderTest> {

	private final BenchSettings settings;

	private final Apps<A> apps;

	private final String runPrefix;

	private final TrialMeasurer measurer;

	private final Instant benchStart;

	private final Hooks<A> hooks;

	private final RateSearch rateSearch;

	/**
	 * Where the apps of a matrix live: how its cells are grouped into app starts and how
	 * an app is started (or reached, for a remote target).
	 *
	 * @param <A> the apps
	 */
	interface Apps<A extends AppUnderTest> {

		/**
		 * Groups the cells by the app that serves them.
		 * @param cells the cells, in run order
		 * @return the cells of each app start, in order of their first cell
		 */
		List<List<Cell>> starts(List<Cell> cells);

		/**
		 * Starts the app of some cells, or waits until it is ready.
		 * @param cells the cells of one app start
		 * @return the app, ready for its warm-up
		 * @throws BenchException when it cannot start
		 */
		A start(List<Cell> cells);

		/**
		 * Judges a start that failed.
		 * @param failure why
		 * @return the app's health, a result of each of its cells
		 * @throws BenchException when a failed start ends the run
		 */
		AppHealth failedStart(BenchException failure);

		/**
		 * Called once every cell has run.
		 */
		default void done() {
		}

	}

	/**
	 * What the bench does around each app start besides the matrix.
	 *
	 * @param <A> the apps
	 */
	interface Hooks<A extends AppUnderTest> {

		/**
		 * Called once the app is warmed up, before its base latencies.
		 * @param app the app
		 * @param firstOfStack whether this is the first start of its stack
		 */
		default void started(A app, boolean firstOfStack) {
		}

		/**
		 * Called before the app stops (at the end of its cells, or to restart it).
		 * @param app the app
		 */
		default void stopping(A app) {
		}

		/**
		 * Called when the app has been warmed up once more, before a workload's first
		 * cell; {@link AppUnderTest#warmUps()} holds every warm-up run since its start.
		 * @param app the app
		 */
		default void warmedUpMore(A app) {
		}

		/**
		 * Called when a cell has run all its trials (or could not run).
		 * @param summary the cell over its trials
		 */
		default void cellFinished(CellSummary summary) {
		}

	}

	/**
	 * Measures one trial of a cell.
	 */
	@FunctionalInterface
	interface TrialMeasurer {

		/**
		 * Runs the trial's load and gathers its figures.
		 * @param trial what to run and where
		 * @return the figures
		 */
		TrialFigures measure(Trial trial);

		/**
		 * Runs a closed cell's trial once more with an independent load generator, right
		 * after the trial.
		 * @param trial the trial just measured
		 * @param figures what it measured
		 * @return the trial with the other generator's run, {@code null} when none was
		 * made
		 */
		default CrossCheck.Pair crossCheck(Trial trial, TrialFigures figures) {
			return null;
		}

		/**
		 * Loads the app once, unmeasured, with the independent load generator that will
		 * follow each trial, before a workload's run at the cells' concurrency.
		 * @param app the app
		 * @param workload the workload
		 * @param concurrency the cells' concurrency
		 */
		default void warmCrossCheck(AppUnderTest app, Workload workload, int concurrency) {
		}

		/**
		 * Runs the independent open-model check on a searched cell's app once its
		 * capacity is found ({@link GatlingCheck}).
		 * @param cell the searched cell
		 * @param app the app
		 * @param rates the checked rates (req/s), lowest first
		 * @return what Gatling measured
		 * @throws BenchException when the check cannot run
		 */
		default GatlingCheck.Run openCheck(Cell cell, AppUnderTest app, List<Integer> rates) {
			throw new BenchException("no open-model check in this run");
		}

		/**
		 * Keeps what a reader needs of a finished cell's trial files, in less space.
		 * @param summary the cell over its trials
		 */
		default void archive(CellSummary summary) {
		}

	}

	/**
	 * Runs an open cell as a search over its arrival rate instead of trials at one rate
	 * (the capacity profile, {@link CapacityRunner}); each rung is one trial of the
	 * matrix's own loop, with its warm-up, monitoring and restarts.
	 */
	interface RateSearch {

		/**
		 * Tells whether a cell is searched.
		 * @param cell the cell
		 * @return {@code true} to search its rate
		 */
		boolean searches(Cell cell);

		/**
		 * Searches a cell's rate.
		 * @param cell the cell, whose rate is the first rung's
		 * @param idealMs the cell's ideal latency (ms)
		 * @param rungs runs one rung
		 */
		void search(Cell cell, double idealMs, Rungs rungs);

		/**
		 * Runs the rungs of one search, and the open-model check after it.
		 */
		interface Rungs {

			/**
			 * Runs one trial of the cell at a rate; a second trial at a rate (a
			 * confirmation) makes that rate's cell one of two trials.
			 * @param rate the arrival rate (req/s)
			 * @param number the trial's number at the rate, from 1
			 * @param latencyMs the latency its threads are sized for (ms): the open model
			 * keeps rate × latency requests in flight
			 * @return the trial and its figures
			 */
			Rung run(int rate, int number, double latencyMs);

			/**
			 * Reads the app's requests of the cell's workload in progress now
			 * ({@code app_in_flight},
			 * {@link dev.twinstack.bench.measure.PrometheusProbe}).
			 * @return the requests, {@code NaN} when the gauge cannot be read
			 */
			default double inFlight() {
				return Double.NaN;
			}

			/**
			 * Runs the independent open-model check on the cell's app, once, at the given
			 * rates ({@link GatlingCheck}).
			 * @param rates the checked rates (req/s), lowest first
			 * @return what Gatling measured
			 * @throws BenchException when it could not run (module not built, JVM
			 * failure)
			 */
			GatlingCheck.Run openCheck(List<Integer> rates);

		}

		/**
		 * A rung that ran.
		 *
		 * @param trial the trial, its folder holding the JTL
		 * @param figures what it measured
		 */
		record Rung(Trial trial, TrialFigures figures) {
		}

	}

	/**
	 * One trial to measure.
	 *
	 * @param cell the cell
	 * @param number the trial's number, from 1
	 * @param run the load (JMeter plan parameters)
	 * @param runDir the trial's folder for the JTL and dashboard
	 * @param app the app
	 */
	record Trial(Cell cell, int number, ScenarioPlan.Run run, Path runDir, AppUnderTest app) {
	}

	MatrixRunner(BenchSettings settings, Apps<A> apps, String runPrefix, TrialMeasurer measurer, Instant benchStart) {
		this(settings, apps, runPrefix, measurer, benchStart, new Hooks<>() {
		});
	}

	MatrixRunner(BenchSettings settings, Apps<A> apps, String runPrefix, TrialMeasurer measurer, Instant benchStart,
			Hooks<A> hooks) {
		this(settings, apps, runPrefix, measurer, benchStart, hooks, null);
	}

	MatrixRunner(BenchSettings settings, Apps<A> apps, String runPrefix, TrialMeasurer measurer, Instant benchStart,
			Hooks<A> hooks, RateSearch rateSearch) {
		this.rateSearch = rateSearch;
		this.settings = settings;
		this.apps = apps;
		this.runPrefix = runPrefix;
		this.measurer = measurer;
		this.benchStart = benchStart;
		this.hooks = hooks;
	}

	/**
	 * Runs every cell.
	 * @param afterUnmeasuredLoad called after the warm-up and base-latency loads (e.g. to
	 * empty the collection they filled)
	 * @return the cells over their trials, in run order
	 */
	List<CellSummary> run(Runnable afterUnmeasuredLoad) {
		List<CellSummary> summaries = new ArrayList<>();
		int total = this.settings.cellCount();
		// the cells begun so far: a searched cell adds one result per rung, so the
		// results
		// do not count them
		int begun = 0;
		java.util.Set<Stack> startedStacks = new java.util.HashSet<>();
		for (List<Cell> cells : this.apps.starts(this.settings.cells())) {
			Cell first = cells.get(0);
			List<Workload> workloads = cells.stream().map(Cell::workload).distinct().toList();
			int warmupConcurrency = WarmUpPlan.concurrency(cells);
			A started;
			try {
				started = this.apps.start(cells);
			}
			catch (BenchException ex) {
				// e.g. a heap too small for the app to start: a result for each of its
				// cells
				AppHealth health = this.apps.failedStart(ex);
				Console.line("[failed start] " + first.stack().id() + " heap " + first.heap() + ": " + health.status()
						+ " (" + health.cause() + ")");
				cells.forEach((cell) -> finished(summaries, CellSummary.failed(cell, health, this.settings)));
				continue;
			}
			try (A app = started) {
				// with the trials' Actuator readings from the start: the scrape's own
				// code compiles for its first 20 s or more
				try (CellMonitor monitor = app.monitorQuietly(first.workload())) {
					app.warmedUp(WarmUpPlan.warmUpGently(this.settings, app.target(), workloads, warmupConcurrency,
							this.runPrefix));
				}
				warnIfUnsteady(app);
				app.keepServing();
				afterUnmeasuredLoad.run();
				this.hooks.started(app, startedStacks.add(first.stack()));
				Map<Workload, Double> base = BaseLatency.measure(this.settings, app.target(), workloads,
						this.runPrefix);
				afterUnmeasuredLoad.run();
				List<Workload> unrehearsed = new ArrayList<>(workloads);
				for (Cell cell : cells) {
					if (unrehearsed.remove(cell.workload())) {
						rehearse(app, cell.workload(), warmupConcurrency, unrehearsed.size(),
								WrkCrossCheck.precedesATrial(this.settings, cells, cell.workload()));
						afterUnmeasuredLoad.run();
					}
					if (this.rateSearch != null && this.rateSearch.searches(cell)) {
						searchRate(summaries, cell, app, base, ++begun, total, workloads, warmupConcurrency,
								afterUnmeasuredLoad);
						continue;
					}
					finished(summaries, runCell(cell, app, base, ++begun, total, workloads, warmupConcurrency,
							afterUnmeasuredLoad, cell == cells.get(cells.size() - 1)));
				}
				this.hooks.stopping(app);
			}
		}
		this.apps.done();
		return summaries;
	}

	/**
	 * Groups cells by the app JVM that serves them: one per stack, heap and app CPUs, and
	 * workload when each gets its own.
	 * @param cells the cells, in run order
	 * @param perWorkload whether each workload gets its own JVM ({@code bench.fork})
	 * @return the cells of each app start, in order of their first cell
	 */
	static List<List<Cell>> forks(List<Cell> cells, boolean perWorkload) {
		Map<String, List<Cell>> forks = new LinkedHashMap<>();
		cells.forEach(
				(cell) -> forks
					.computeIfAbsent(cell.stack().id() + "/" + cell.heap() + "/" + cell.appCpus()
							+ (perWorkload ? "/" + cell.workload().id() : ""), (key) -> new ArrayList<>())
					.add(cell));
		return List.copyOf(forks.values());
	}

	/**
	 * Keeps a finished cell; a cell measured again (a capacity rung's confirmation)
	 * replaces its summary with the one over all its trials.
	 */
	private void finished(List<CellSummary> summaries, CellSummary summary) {
		int index = summaries.stream().map(CellSummary::cell).toList().indexOf(summary.cell());
		if (index >= 0) {
			summaries.set(index, summary);
		}
		else {
			summaries.add(summary);
		}
		this.hooks.cellFinished(summary);
	}

	/**
	 * Warms the app up again after a restart; an app that dies under the warm-up load
	 * (e.g. a small heap at a high concurrency) is restarted once, without a second
	 * warm-up, so its cells are measured rather than run against a dead port.
	 */
	private void warmUp(A app, List<Workload> workloads, int concurrency) {
		app.warmedUp(WarmUpPlan.warmUp(this.settings, app.target(), workloads, concurrency, this.runPrefix));
		app.keepServing();
	}

	/**
	 * Warms a workload up at the cells' concurrency right before its first cell, with
	 * what {@link WarmUpPlan#rehearsalAllowance} leaves it; nothing when the bound is
	 * used up or 0. When wrk will follow the trials, one unmeasured wrk run opens it
	 * ({@link WrkCrossCheck#warmUp}).
	 */
	private void rehearse(A app, Workload workload, int concurrency, int workloadsAfter, boolean crossChecked) {
		long allowance = WarmUpPlan.rehearsalAllowance(this.settings, app.warmUps(), workloadsAfter);
		if (allowance <= 0 || !app.target().alive()) {
			return;
		}
		List<WarmUp> all = new ArrayList<>(app.warmUps());
		// with the trials' Actuator readings: the JIT compiles for what the trials send
		try (CellMonitor monitor = app.monitorQuietly(workload)) {
			if (crossChecked) {
				// and for what wrk sends after each trial
				this.measurer.warmCrossCheck(app, workload, concurrency);
			}
			all.add(WarmUpPlan.rehearse(app.target(), workload, concurrency, allowance, this.runPrefix));
		}
		app.warmedUp(all);
		app.keepServing();
		this.hooks.warmedUpMore(app);
	}

	/**
	 * Says at once, not only in the report, when a JIT run used its whole allowance: the
	 * cells after it will measure a JIT still at work, each trial's JIT figure will show
	 * how much, and a longer bound is the remedy.
	 */
	private void warnIfUnsteady(A app) {
		app.warmUps()
			.stream()
			.map((run) -> unsteady(app.target().stack(), run, this.settings.warmup().toSeconds()))
			.flatMap(Optional::stream)
			.forEach(Console::line);
	}

	/**
	 * Words the warning for a warm-up run that ended on its allowance.
	 * @param stack the app's stack
	 * @param run the run
	 * @param boundSeconds the warm-up bound of the app start (s)
	 * @return the console line, empty for a steady run
	 */
	static Optional<String> unsteady(Stack stack, WarmUp run, long boundSeconds) {
		if (run.steady()) {
			return Optional.empty();
		}
		return Optional.of(String
			.format("[warm-up] %s %s: not steady within its %d s of the %d s bound (%s); its cells will measure a JIT "
					+ "still at work, this machine is too slow for the bound: a longer -Dbench.warmup gives it time",
					stack.id(), run.workload(), Math.round(run.seconds()), boundSeconds, run.describe()));
	}

	/**
	 * Runs a cell's trials, each followed by its wrk run for a closed cell with the
	 * cross-check on, and summarises them.
	 */
	private CellSummary runCell(Cell cell, A app, Map<Workload, Double> base, int index, int total,
			List<Workload> workloads, int warmupConcurrency, Runnable afterUnmeasuredLoad, boolean lastOfStart) {
		Double baseMs = base.get(cell.workload());
		double idealMs = this.settings.downstreamMs(cell.workload()) + ((baseMs != null) ? Math.max(0, baseMs) : 0);
		List<TrialFigures> trials = new ArrayList<>();
		List<CrossCheck.Pair> pairs = new ArrayList<>();
		boolean crossChecks = this.settings.crossChecksWithWrk() && cell.load() == LoadModel.CLOSED;
		int threads = 0;
		for (int number = 1; number <= this.settings.trials(); number++) {
			Trial trial = trial(cell, number, app, idealMs, index, total);
			threads = trial.run().threads();
			TrialFigures figures = measure(trial, index, total);
			trials.add(figures);
			if (crossChecks && app.target().alive() && !figures.health().needsRestart()) {
				Optional.ofNullable(this.measurer.crossCheck(trial, figures)).ifPresent(pairs::add);
			}
			// no restart after the start's last trial: the app is stopped anyway
			restartIfNeeded(app, figures, lastOfStart && number == this.settings.trials(), workloads, warmupConcurrency,
					afterUnmeasuredLoad);
		}
		CellSummary summary = CellSummary.of(cell, trials, this.settings, baseMs, app.threadCap(), threads,
				Machine.cores());
		if (!pairs.isEmpty()) {
			summary = summary.withCrossCheck(WrkCrossCheck.of(cell, pairs));
		}
		this.measurer.archive(summary);
		return summary;
	}

	/**
	 * Runs an open cell as a search over its rate ({@link RateSearch}): each rung one
	 * trial of the cell at the rung's rate, its own cell in the results.
	 */
	private void searchRate(List<CellSummary> summaries, Cell cell, A app, Map<Workload, Double> base, int index,
			int total, List<Workload> workloads, int warmupConcurrency, Runnable afterUnmeasuredLoad) {
		Double baseMs = base.get(cell.workload());
		double idealMs = this.settings.downstreamMs(cell.workload()) + ((baseMs != null) ? Math.max(0, baseMs) : 0);
		// each rate's trials so far: a confirmation makes its cell one of two trials
		Map<Integer, List<TrialFigures>> byRate = new LinkedHashMap<>();
		Settle.AppGauge gauge = new Settle.AppGauge(cell.workload());
		this.rateSearch.search(cell, idealMs, new RateSearch.Rungs() {

			@Override
			public RateSearch.Rung run(int rate, int number, double threadsForMs) {
				Cell rung = cell.withRate(rate);
				Trial trial = trial(rung, number, app, Math.max(idealMs, threadsForMs), index, total);
				TrialFigures figures = measure(trial, index, total);
				List<TrialFigures> trials = byRate.computeIfAbsent(rate, (key) -> new ArrayList<>());
				trials.add(figures);
				CellSummary summary = CellSummary.of(rung, List.copyOf(trials), MatrixRunner.this.settings, baseMs,
						app.threadCap(), trial.run().threads(), Machine.cores());
				finished(summaries, summary);
				// the search goes on after a failing rung: the app comes back for the
				// next
				restartIfNeeded(app, figures, false, workloads, warmupConcurrency, afterUnmeasuredLoad);
				return new RateSearch.Rung(trial, figures);
			}

			@Override
			public double inFlight() {
				return gauge.read(app.target().actuatorUri());
			}

			@Override
			public GatlingCheck.Run openCheck(List<Integer> rates) {
				return MatrixRunner.this.measurer.openCheck(cell, app, rates);
			}

		});
	}

	/**
	 * Plans one trial of a cell and says so.
	 */
	private Trial trial(Cell cell, int number, A app, double idealMs, int index, int total) {
		String runId = RunId.of(this.runPrefix, cell.id(), "-t" + number);
		ScenarioPlan.Run run = ScenarioPlan.trial(this.settings, app.target().baseUri(), cell, idealMs, runId);
		// a capacity rung's confirmation runs beyond the cell's trials
		String of = (number <= this.settings.trials()) ? number + "/" + this.settings.trials()
				: number + " (confirmation)";
		Console.line(String.format("[cell %d/%d] %s %s %s, trial %s: %d threads%s (elapsed %s)", index, total,
				cell.stack().id(), cell.workload().id(), cell.loadLabel(), of, run.threads(), app.where(),
				Console.elapsed(Duration.between(this.benchStart, Instant.now()))));
		Path runDir = this.settings.outputDir().resolve("runs").resolve(cell.id()).resolve("trial-" + number);
		return new Trial(cell, number, run, runDir, app);
	}

	/**
	 * Measures a trial and prints its figures.
	 */
	private TrialFigures measure(Trial trial, int index, int total) {
		TrialFigures figures = this.measurer.measure(trial);
		Console.line(String.format(java.util.Locale.ROOT,
				"[cell %d/%d] %s trial %d: %.1f req/s, p99 %.0f ms, %d requests, %d errors, app %s", index, total,
				trial.cell().id(), trial.number(), figures.throughput(), figures.p99Ms(), figures.requests(),
				figures.errors(), figures.health().status()));
		return figures;
	}

	/**
	 * Restarts and warms up an app that ran out of memory, thrashed or crashed, unless it
	 * is stopped anyway.
	 */
	private void restartIfNeeded(A app, TrialFigures figures, boolean stopsAnyway, List<Workload> workloads,
			int warmupConcurrency, Runnable afterUnmeasuredLoad) {
		if (figures.health().needsRestart() && !stopsAnyway) {
			Console.line("[restart] " + app.target().stack().id() + ": " + figures.health().status() + " ("
					+ figures.health().cause() + ")");
			this.hooks.stopping(app);
			app.restart();
			warmUp(app, workloads, warmupConcurrency);
			afterUnmeasuredLoad.run();
			this.hooks.started(app, false);
		}
	}

}
