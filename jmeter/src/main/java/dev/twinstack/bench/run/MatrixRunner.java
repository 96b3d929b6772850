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
import dev.twinstack.bench.load.RunId;
import dev.twinstack.bench.load.ScenarioLoad;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.load.WarmUp;
import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.AppHealth;
import dev.twinstack.bench.measure.CellMonitor;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.process.CpuPlacement;
import dev.twinstack.bench.process.MockServicesProcess;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.results.TrialFigures;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.Machine;

/**
 * Runs the scenario matrix: one app start per (stack, heap, app CPUs) and, by default,
 * workload; its warm-up and base latencies, then every cell of that start {@code trials}
 * times; an app that ran out of memory, thrashed or crashed is restarted (and warmed up
 * again) before the next trial. What a trial measures is up to a {@link TrialMeasurer}.
 * <p>
 * By default ({@code bench.fork=workload}) each workload gets a fresh JVM, as JMH forks
 * one per benchmark (JMH's {@code @Fork} Javadoc; Shipilëv, "JMH: the lesser of two
 * evils"): C2 compiles each method for the types it has seen, so a JVM warmed on one
 * workload throws that code away when the next sends other types (docs/design.md, "A JVM
 * per workload"). The warm-up bound is per start, so each workload then gets all of it.
 */
final class MatrixRunner {

	private final BenchSettings settings;

	private final MockServicesProcess mocks;

	private final String runPrefix;

	private final TrialMeasurer measurer;

	private final Instant benchStart;

	private final Hooks hooks;

	/**
	 * What the bench does around each app start besides the matrix.
	 */
	interface Hooks {

		/**
		 * Called once the app is warmed up, before its base latencies.
		 * @param session the session
		 * @param firstOfStack whether this is the first start of its stack
		 */
		default void started(AppSession session, boolean firstOfStack) {
		}

		/**
		 * Called before the app stops (at the end of its cells, or to restart it).
		 * @param session the session
		 */
		default void stopping(AppSession session) {
		}

		/**
		 * Called when the app has been warmed up once more, before a workload's first
		 * cell; {@link AppSession#warmUps()} holds every warm-up run since its start.
		 * @param session the session
		 */
		default void warmedUpMore(AppSession session) {
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
		 * @param session the app
		 * @param workload the workload
		 * @param concurrency the cells' concurrency
		 */
		default void warmCrossCheck(AppSession session, Workload workload, int concurrency) {
		}

		/**
		 * Keeps what a reader needs of a finished cell's trial files, in less space.
		 * @param summary the cell over its trials
		 */
		default void archive(CellSummary summary) {
		}

	}

	/**
	 * One trial to measure.
	 *
	 * @param cell the cell
	 * @param number the trial's number, from 1
	 * @param run the load (JMeter plan parameters)
	 * @param runDir the trial's folder for the JTL and dashboard
	 * @param session the app
	 * @param mocks the mocks
	 */
	record Trial(Cell cell, int number, ScenarioPlan.Run run, Path runDir, AppSession session,
			MockServicesProcess mocks) {
	}

	MatrixRunner(BenchSettings settings, MockServicesProcess mocks, String runPrefix, TrialMeasurer measurer,
			Instant benchStart) {
		this(settings, mocks, runPrefix, measurer, benchStart, new Hooks() {
		});
	}

	MatrixRunner(BenchSettings settings, MockServicesProcess mocks, String runPrefix, TrialMeasurer measurer,
			Instant benchStart, Hooks hooks) {
		this.settings = settings;
		this.mocks = mocks;
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
		java.util.Set<Stack> startedStacks = new java.util.HashSet<>();
		for (List<Cell> cells : forks(this.settings.cells(), this.settings.jvmPerWorkload())) {
			Cell first = cells.get(0);
			List<Workload> workloads = cells.stream().map(Cell::workload).distinct().toList();
			int warmupConcurrency = cells.stream().mapToInt(Cell::concurrency).max().orElse(0);
			warmupConcurrency = (warmupConcurrency > 0)
					? Math.min(warmupConcurrency, ScenarioLoad.MAX_WARMUP_CONCURRENCY) : 100;
			AppSession started;
			try {
				started = AppSession.start(first.stack(), first.heap(), CpuPlacement.detect(first.appCpus()),
						(workloads.size() == 1) ? first.workload() : null, this.settings, this.mocks, this.runPrefix);
			}
			catch (BenchException ex) {
				// e.g. a heap too small for the app to start: a result for each of its
				// cells
				AppHealth health = AppHealth.failedStart(ex.getMessage());
				Console.line("[failed start] " + first.stack().id() + " heap " + first.heap() + ": " + health.status()
						+ " (" + health.cause() + ")");
				cells.forEach((cell) -> finished(summaries, CellSummary.failed(cell, health, this.settings)));
				continue;
			}
			try (AppSession session = started) {
				// with the trials' Actuator readings from the start: the scrape's own
				// code compiles for its first 20 s or more
				try (CellMonitor monitor = CellMonitor.startQuietly(session.app(), this.mocks,
						first.workload().uriTag())) {
					session.warmedUp(ScenarioLoad.warmUpGently(this.settings, session.app(), session.placement(),
							this.mocks, workloads, warmupConcurrency, this.runPrefix));
				}
				warnIfUnsteady(session);
				restartIfDead(session);
				afterUnmeasuredLoad.run();
				this.hooks.started(session, startedStacks.add(first.stack()));
				Map<Workload, Double> base = ScenarioLoad.baseLatencies(this.settings, session.app(), workloads,
						this.runPrefix);
				afterUnmeasuredLoad.run();
				List<Workload> unrehearsed = new ArrayList<>(workloads);
				for (Cell cell : cells) {
					if (unrehearsed.remove(cell.workload())) {
						rehearse(session, cell.workload(), warmupConcurrency, unrehearsed.size(),
								WrkCrossCheck.precedesATrial(this.settings, cells, cell.workload()));
						afterUnmeasuredLoad.run();
					}
					finished(summaries, runCell(cell, session, base, summaries.size() + 1, total, workloads,
							warmupConcurrency, afterUnmeasuredLoad, cell == cells.get(cells.size() - 1)));
				}
				this.hooks.stopping(session);
			}
		}
		// this JVM back on every core: what runs after the matrix (the faults scenario,
		// the report) is not pinned
		CpuPlacement.detect(AppCpus.ALL).pinHarness(ProcessHandle.current().pid(), this.mocks.process().pid());
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

	private void finished(List<CellSummary> summaries, CellSummary summary) {
		summaries.add(summary);
		this.hooks.cellFinished(summary);
	}

	/**
	 * Warms the app up; an app that dies under the warm-up load (e.g. a small heap at a
	 * high concurrency) is restarted once, without a second warm-up, so its cells are
	 * measured rather than run against a dead port.
	 */
	private void warmUp(AppSession session, List<Workload> workloads, int concurrency) {
		session.warmedUp(ScenarioLoad.warmUp(this.settings, session.app(), session.placement(), this.mocks, workloads,
				concurrency, this.runPrefix));
		restartIfDead(session);
	}

	/**
	 * Warms a workload up at the cells' concurrency right before its first cell, with
	 * what is left of the warm-up bound but {@link ScenarioLoad#rehearsalSeconds()} for
	 * each workload still to come; nothing when the bound is used up or 0. When wrk will
	 * follow the trials, one unmeasured wrk run opens it ({@link WrkCrossCheck#warmUp}).
	 */
	private void rehearse(AppSession session, Workload workload, int concurrency, int workloadsAfter,
			boolean crossChecked) {
		long remaining = ScenarioLoad.remainingSeconds(this.settings, session.warmUps());
		if (remaining <= 0 || !session.app().process().isAlive()) {
			return;
		}
		List<WarmUp> all = new ArrayList<>(session.warmUps());
		// with the trials' Actuator readings: the JIT compiles for what the trials send
		try (CellMonitor monitor = CellMonitor.startQuietly(session.app(), this.mocks, workload.uriTag())) {
			if (crossChecked) {
				// and for what wrk sends after each trial
				this.measurer.warmCrossCheck(session, workload, concurrency);
			}
			all.add(ScenarioLoad.rehearse(session.app(), session.placement(), this.mocks, workload, concurrency,
					ScenarioLoad.allowance(remaining, workloadsAfter), this.runPrefix));
		}
		session.warmedUp(all);
		restartIfDead(session);
		this.hooks.warmedUpMore(session);
	}

	/**
	 * Says at once, not only in the report, when a JIT run used its whole allowance: the
	 * cells after it will measure a JIT still at work, each trial's JIT figure will show
	 * how much, and a longer bound is the remedy.
	 */
	private void warnIfUnsteady(AppSession session) {
		session.warmUps()
			.stream()
			.map((run) -> unsteady(session.app().stack(), run, this.settings.warmup().toSeconds()))
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

	private void restartIfDead(AppSession session) {
		if (!session.app().process().isAlive()) {
			Console.line("[restart] " + session.app().stack().id() + " died during the warm-up (" + session.deathCause()
					+ "): restarting it without a second warm-up");
			session.restart();
		}
	}

	private CellSummary runCell(Cell cell, AppSession session, Map<Workload, Double> base, int index, int total,
			List<Workload> workloads, int warmupConcurrency, Runnable afterUnmeasuredLoad, boolean lastOfSession) {
		Double baseMs = base.get(cell.workload());
		double idealMs = this.settings.downstreamMs(cell.workload()) + ((baseMs != null) ? Math.max(0, baseMs) : 0);
		List<TrialFigures> trials = new ArrayList<>();
		List<CrossCheck.Pair> pairs = new ArrayList<>();
		boolean crossChecks = this.settings.crossChecksWithWrk() && cell.load() == LoadModel.CLOSED;
		int threads = 0;
		for (int number = 1; number <= this.settings.trials(); number++) {
			String runId = RunId.of(this.runPrefix, cell.id(), "-t" + number);
			ScenarioPlan.Run run = ScenarioLoad.trial(this.settings, session.app(), cell, idealMs, runId);
			threads = run.threads();
			Console.line(String.format("[cell %d/%d] %s %s %s, trial %d/%d: %d threads (elapsed %s)", index, total,
					cell.stack().id(), cell.workload().id(), cell.loadLabel(), number, this.settings.trials(),
					run.threads(), Console.elapsed(Duration.between(this.benchStart, Instant.now()))));
			Path runDir = this.settings.outputDir().resolve("runs").resolve(cell.id()).resolve("trial-" + number);
			Trial trial = new Trial(cell, number, run, runDir, session, this.mocks);
			TrialFigures figures = this.measurer.measure(trial);
			trials.add(figures);
			Console.line(String.format(java.util.Locale.ROOT,
					"[cell %d/%d] %s trial %d: %.1f req/s, p99 %.0f ms, %d requests, %d errors, app %s", index, total,
					cell.id(), number, figures.throughput(), figures.p99Ms(), figures.requests(), figures.errors(),
					figures.health().status()));
			if (crossChecks && session.app().process().isAlive() && !figures.health().needsRestart()) {
				Optional.ofNullable(this.measurer.crossCheck(trial, figures)).ifPresent(pairs::add);
			}
			// no restart after the session's last trial: the app is stopped anyway
			if (figures.health().needsRestart() && !(lastOfSession && number == this.settings.trials())) {
				Console.line("[restart] " + cell.stack().id() + ": " + figures.health().status() + " ("
						+ figures.health().cause() + ")");
				this.hooks.stopping(session);
				session.restart();
				warmUp(session, workloads, warmupConcurrency);
				afterUnmeasuredLoad.run();
				this.hooks.started(session, false);
			}
		}
		CellSummary summary = CellSummary.of(cell, trials, this.settings, baseMs, session.app().threadCap(), threads,
				Machine.cores());
		if (!pairs.isEmpty()) {
			summary = summary.withCrossCheck(WrkCrossCheck.of(cell, pairs));
		}
		this.measurer.archive(summary);
		return summary;
	}

}
