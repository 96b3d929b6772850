package dev.twinstack.bench.load.warmup;

import java.util.ArrayList;
import java.util.List;

import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.load.LoadTarget;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.process.CpuPlacement;
import dev.twinstack.bench.settings.BenchSettings;

/**
 * Where the warm-up is decided: its concurrency, its runs (a gentle JIT run per workload,
 * then the workload's run at the cells' concurrency right before its first cell, the
 * rehearsal), and each run's share of the app start's warm-up bound. Each run goes on
 * until {@link WarmUp#isSteady steady} or its allowance is used ({@link WarmUpRun}). The
 * same for an app the bench started and for a remote target, which is not lent any CPU
 * and whose CPU per request is not read.
 */
public final class WarmUpPlan {

	/**
	 * The highest concurrency of a warm-up: enough to warm the JIT and every pool;
	 * overload cells beyond it are not rehearsed (a small heap would die in the warm-up).
	 */
	public static final int MAX_WARMUP_CONCURRENCY = 1000;

	/** The warm-up's concurrency when no cell of the app start has one (open cells). */
	static final int OPEN_CELLS_CONCURRENCY = 100;

	/**
	 * The rounds of the warm-up bound kept for each run after the one starting: at least
	 * a rehearsal at the cells' concurrency gets them. Why 5, not {@link WarmUp#WINDOW}:
	 * with 3, most rehearsals ended with the compiler still busy; sharing the bound
	 * equally cut the gentle JIT runs short (docs/design.md, "Rehearsals").
	 */
	static final int REHEARSAL_ROUNDS = 5;

	/**
	 * The rounds of a calibration run: the {@link WarmUp#WINDOW} its CPU per request is
	 * read over, after a JIT run that already made the code hot (docs/design.md,
	 * "Calibration where the cells run").
	 */
	static final int CALIBRATION_ROUNDS = WarmUp.WINDOW;

	/**
	 * The idle reading before a calibration run (s): the processes' CPU per second with
	 * no load, the per-second background the load's CPU per request spreads over its
	 * requests.
	 */
	static final int IDLE_SECONDS = 2;

	private WarmUpPlan() {
	}

	/**
	 * Returns the concurrency an app start is warmed up at: the highest of its cells, at
	 * most {@link #MAX_WARMUP_CONCURRENCY}; {@value #OPEN_CELLS_CONCURRENCY} when none
	 * has one.
	 * @param cells the cells of the app start
	 * @return the concurrency
	 */
	public static int concurrency(List<Cell> cells) {
		int highest = cells.stream().mapToInt(Cell::concurrency).max().orElse(0);
		return (highest > 0) ? Math.min(highest, MAX_WARMUP_CONCURRENCY) : OPEN_CELLS_CONCURRENCY;
	}

	/**
	 * Warms the app up, workload after workload, each in closed runs that stop once the
	 * throughput, taken in rounds of {@link WarmUp#ROUND_SECONDS} s, is steady and the
	 * JIT quiet ({@link WarmUp#isSteady}) or the run's share of the warm-up bound is
	 * used. Where the workload's {@link WarmUp#jitConcurrency JIT concurrency} is below
	 * the given one, a first run at it lets the JIT finish, then a second one at the
	 * given concurrency grows the app's pools and proves the throughput steady there: at
	 * the cells' concurrency a 1-core app's busy request threads starve its compiler
	 * threads (see {@link WarmUp#JIT_CONCURRENCY_WAITING}); the first run lends the app
	 * every CPU of the machine ({@link CpuPlacement#widenApp}), and the app is back on
	 * its own CPUs before the rest. Each run also reads the CPU per request of the app,
	 * the load generator and the mocks over its last rounds ({@link WarmUp#cpu()}). For
	 * an app the bench started, a calibration run of {@link #CALIBRATION_ROUNDS} rounds
	 * follows the JIT run at its concurrency on the app's own cores: its CPU per request
	 * is the queueing model's demand at low load where the cells run (the JIT run's is
	 * another placement's). Each run may use what is left of the bound but
	 * {@link #rehearsalSeconds()} for each run after it and {@link #calibrationSeconds()}
	 * for each calibration run after it ({@link #allowance}). Results are discarded but
	 * the rounds' throughputs, which the report shows.
	 * @param settings the bench settings (the warm-up bound per app start)
	 * @param app the app
	 * @param workloads the workloads its cells will run
	 * @param concurrency the concurrency, e.g. the highest of its cells
	 * @param runPrefix prefix of the request ids
	 * @return each warm-up run, in order (empty when the bound is 0)
	 */
	public static List<WarmUp> warmUp(BenchSettings settings, LoadTarget app, List<Workload> workloads, int concurrency,
			String runPrefix) {
		return warmUp(settings, app, workloads, concurrency, runPrefix, false);
	}

	/**
	 * Warms the app up at the gentle concurrency only: the JIT and calibration runs of
	 * {@link #warmUp}, each workload's run at the cells' concurrency left to
	 * {@link #rehearse}, right before the workload's first cell, with
	 * {@link #rehearsalSeconds()} of the bound kept for each ({@link #allowance}). Why:
	 * C2 compiles each method for the types it has seen, so code warmed on another
	 * workload meets new classes in the next cell's first trial and is thrown away and
	 * compiled again there (docs/design.md, "Rehearsals").
	 * @param settings the bench settings (the warm-up bound per app start)
	 * @param app the app
	 * @param workloads the workloads its cells will run
	 * @param concurrency the concurrency, e.g. the highest of its cells
	 * @param runPrefix prefix of the request ids
	 * @return each JIT run, in order (empty when the bound is 0 or no workload has one)
	 */
	public static List<WarmUp> warmUpGently(BenchSettings settings, LoadTarget app, List<Workload> workloads,
			int concurrency, String runPrefix) {
		return warmUp(settings, app, workloads, concurrency, runPrefix, true);
	}

	/**
	 * Returns what a workload's rehearsal may take, right before its first cell: what is
	 * left of the warm-up bound but {@link #rehearsalSeconds()} for each workload still
	 * to come; none when the bound is used up or 0.
	 * @param settings the bench settings (the bound)
	 * @param done the warm-up runs of the app start so far
	 * @param workloadsAfter the workloads still to rehearse after this one
	 * @return the allowance (s), 0 for no rehearsal
	 */
	public static long rehearsalAllowance(BenchSettings settings, List<WarmUp> done, int workloadsAfter) {
		long remaining = remainingSeconds(settings, done);
		return (remaining <= 0) ? 0 : allowance(remaining, workloadsAfter);
	}

	/**
	 * Warms one workload up at the cells' concurrency, right before its first cell, until
	 * steady with a quiet JIT or the allowance is used (the run {@link #warmUpGently}
	 * leaves out), with the app lent every CPU as for the JIT runs. Why lent: at the
	 * cells' concurrency the app's own threads keep its one core busy and its compiler
	 * threads get little of it (docs/design.md, "Placement").
	 * @param app the app
	 * @param workload the workload of the next cell
	 * @param concurrency the concurrency, e.g. the highest of the workload's cells
	 * @param allowanceSeconds the most time the run may take (s), at least
	 * {@link WarmUp#RAMP_UP_SECONDS} + {@link WarmUp#ROUND_SECONDS}
	 * @param runPrefix prefix of the request ids
	 * @return the run
	 */
	public static WarmUp rehearse(LoadTarget app, Workload workload, int concurrency, long allowanceSeconds,
			String runPrefix) {
		WarmUp warmUp = WarmUpRun.onEveryCpu(app, app.placement(),
				(everyCpu) -> WarmUpRun.run(app, workload, concurrency,
						Math.max(WarmUp.RAMP_UP_SECONDS + WarmUp.ROUND_SECONDS, allowanceSeconds),
						runPrefix + "-" + workload.id(), everyCpu));
		Console.line(String.format("[warm-up] %s %s c=%d, before its cells: %s", app.stack().id(), workload.id(),
				concurrency, warmUp.describe()));
		return warmUp;
	}

	/**
	 * The seconds of the warm-up bound a run at the cells' concurrency gets at least.
	 * @return {@link WarmUp#RAMP_UP_SECONDS} + {@link #REHEARSAL_ROUNDS} rounds + 1 (s)
	 */
	public static long rehearsalSeconds() {
		return WarmUp.RAMP_UP_SECONDS + REHEARSAL_ROUNDS * WarmUp.ROUND_SECONDS + 1;
	}

	/**
	 * The seconds a calibration run takes, which each run before it keeps: the idle
	 * reading, {@link WarmUp#RAMP_UP_SECONDS}, {@link #CALIBRATION_ROUNDS} rounds + 1
	 * (s).
	 * @return the seconds
	 */
	public static long calibrationSeconds() {
		return IDLE_SECONDS + WarmUp.RAMP_UP_SECONDS + CALIBRATION_ROUNDS * WarmUp.ROUND_SECONDS + 1;
	}

	/** What a warm-up run is for. */
	enum Purpose {

		/** The gentle run that lets the JIT finish, the app lent every CPU. */
		JIT,

		/**
		 * A short run at the JIT run's concurrency on the app's own cores, right after
		 * the JIT run: the queueing model's demands at low load where the cells run.
		 */
		CALIBRATION,

		/** The run at the cells' concurrency, until steady. */
		CELLS

	}

	/**
	 * One planned warm-up run.
	 *
	 * @param workload the workload
	 * @param concurrency its clients
	 * @param purpose what it is for
	 */
	record Planned(Workload workload, int concurrency, Purpose purpose) {
	}

	/**
	 * The runs of a warm-up, in order: per workload its JIT run at the gentle concurrency
	 * where that is below the given one, then (when {@code calibrate}) its calibration
	 * run at the same concurrency on the app's own cores, then (unless
	 * {@code gentleOnly}) its run at the given concurrency.
	 * @param workloads the workloads
	 * @param concurrency the cells' concurrency
	 * @param gentleOnly whether the runs at the cells' concurrency are left to
	 * {@link #rehearse}
	 * @param calibrate whether the CPU per request can be read (an app the bench started,
	 * its mocks too)
	 * @return the runs
	 */
	static List<Planned> runs(List<Workload> workloads, int concurrency, boolean gentleOnly, boolean calibrate) {
		List<Planned> runs = new ArrayList<>();
		for (Workload workload : workloads) {
			int jit = WarmUp.jitConcurrency(workload, concurrency);
			if (jit < concurrency) {
				runs.add(new Planned(workload, jit, Purpose.JIT));
				if (calibrate) {
					runs.add(new Planned(workload, jit, Purpose.CALIBRATION));
				}
			}
			if (!gentleOnly) {
				runs.add(new Planned(workload, concurrency, Purpose.CELLS));
			}
		}
		return runs;
	}

	/**
	 * The most a warm-up run may take: what is left of the bound but
	 * {@link #rehearsalSeconds()} for each run after it, and at least one round.
	 * @param remainingSeconds what is left of the warm-up bound (s)
	 * @param runsAfter the runs still to come after this one, here or in
	 * {@link #rehearse}
	 * @return the allowance (s)
	 */
	static long allowance(long remainingSeconds, long runsAfter) {
		return Math.max(WarmUp.RAMP_UP_SECONDS + WarmUp.ROUND_SECONDS,
				remainingSeconds - runsAfter * rehearsalSeconds());
	}

	/**
	 * What is left of the warm-up bound of an app start after the runs so far.
	 * @param settings the bench settings (the bound)
	 * @param done the warm-up runs of this app start so far
	 * @return the seconds left, 0 or less when the bound is used up
	 */
	static long remainingSeconds(BenchSettings settings, List<WarmUp> done) {
		return settings.warmup().toSeconds() - Math.round(done.stream().mapToDouble(WarmUp::seconds).sum());
	}

	private static List<WarmUp> warmUp(BenchSettings settings, LoadTarget app, List<Workload> workloads,
			int concurrency, String runPrefix, boolean gentleOnly) {
		// a remote app's or mocks' CPU cannot be read: no calibration
		List<Planned> runs = runs(workloads, concurrency, gentleOnly, app.process() != null && app.mocks() != null);
		List<WarmUp> warmUps = new ArrayList<>();
		long remaining = settings.warmup().toSeconds();
		long deferred = gentleOnly ? workloads.size() : 0;
		for (int i = 0; i < runs.size() && remaining > 0; i++) {
			Planned planned = runs.get(i);
			Workload workload = planned.workload();
			int runConcurrency = planned.concurrency();
			List<Planned> after = runs.subList(i + 1, runs.size());
			long calibrationsAfter = after.stream().filter((r) -> r.purpose() == Purpose.CALIBRATION).count();
			boolean calibration = planned.purpose() == Purpose.CALIBRATION;
			// a calibration run takes its rounds, no more: its CPU is read over all of
			// them
			long allowance = calibration ? calibrationSeconds() - IDLE_SECONDS - 1 : allowance(
					remaining - calibrationsAfter * calibrationSeconds(), after.size() - calibrationsAfter + deferred);
			String prefix = runPrefix + "-" + i;
			WarmUp.Idle idle = calibration ? WarmUpRun.idle(app, IDLE_SECONDS) : null;
			WarmUp run = WarmUpRun.onEveryCpu(app, (planned.purpose() == Purpose.JIT) ? app.placement() : null,
					(everyCpu) -> WarmUpRun.run(app, workload, runConcurrency, allowance, prefix, everyCpu));
			WarmUp warmUp = (idle != null && run.cpu() != null) ? run.withCpu(run.cpu().withIdle(idle)) : run;
			warmUps.add(warmUp);
			Console.line(String.format("[warm-up] %s %s c=%d%s: %s", app.stack().id(), workload.id(), runConcurrency,
					calibration ? ", calibration on the app's own cores" : "", warmUp.describe()));
			remaining -= Math.round(warmUp.seconds());
			if (!app.alive()) {
				break;
			}
		}
		return warmUps;
	}

}
