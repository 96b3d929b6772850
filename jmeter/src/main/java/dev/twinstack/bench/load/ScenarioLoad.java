package dev.twinstack.bench.load;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.Supplier;

import dev.twinstack.monitoring.ActuatorMetricsClient;

import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.process.AppProcess;
import dev.twinstack.bench.process.CpuPlacement;
import dev.twinstack.bench.process.MockServicesProcess;
import dev.twinstack.bench.settings.BenchSettings;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;

/**
 * The unmeasured loads around the cells of one app start: the warm-up until steady, and
 * the base latency of each workload at concurrency 1 (the app's own time per request,
 * which the ideal latency adds to the downstream wait); and the {@link ScenarioPlan.Run}
 * of a measured trial.
 */
public final class ScenarioLoad {

	/**
	 * The highest concurrency of a warm-up: enough to warm the JIT and every pool;
	 * overload cells beyond it are not rehearsed (a small heap would die in the warm-up).
	 */
	public static final int MAX_WARMUP_CONCURRENCY = 1000;

	/** The longest wait for one reading of the app's meters. */
	private static final Duration METRICS_TIMEOUT = Duration.ofSeconds(5);

	private ScenarioLoad() {
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
	 * its own CPUs before the second. Each run also reads the CPU per request of the app,
	 * the load generator and the mocks over its last rounds ({@link WarmUp#cpu()}): the
	 * JIT run's are the demands at low concurrency the queueing model is calibrated with.
	 * Each run may use what is left of the bound but {@link #rehearsalSeconds()} for each
	 * run after it ({@link #allowance}). Results are discarded but the rounds'
	 * throughputs, which the report shows.
	 * @param settings the bench settings (the warm-up bound per app start)
	 * @param app the running app
	 * @param placement where the app runs, lent every CPU for the JIT runs
	 * @param mocks the running mock-services, whose CPU each run's demands include
	 * @param workloads the workloads its cells will run
	 * @param concurrency the concurrency, e.g. the highest of its cells
	 * @param runPrefix prefix of the request ids
	 * @return each warm-up run, in order (empty when the bound is 0)
	 */
	public static List<WarmUp> warmUp(BenchSettings settings, AppProcess app, CpuPlacement placement,
			MockServicesProcess mocks, List<Workload> workloads, int concurrency, String runPrefix) {
		return warmUp(settings, LoadTarget.of(app), placement, mocks, workloads, concurrency, runPrefix);
	}

	/**
	 * Warms an app up as
	 * {@link #warmUp(BenchSettings, AppProcess, CpuPlacement, MockServicesProcess, List, int, String)}
	 * does; a remote target is not lent any CPU, and its CPU per request is not read.
	 * @param settings the bench settings (the warm-up bound per app start)
	 * @param app the app
	 * @param placement where the app runs, {@code null} for a remote target
	 * @param mocks the running mock-services, {@code null} when they run elsewhere
	 * @param workloads the workloads its cells will run
	 * @param concurrency the concurrency, e.g. the highest of its cells
	 * @param runPrefix prefix of the request ids
	 * @return each warm-up run, in order (empty when the bound is 0)
	 */
	public static List<WarmUp> warmUp(BenchSettings settings, LoadTarget app, CpuPlacement placement,
			MockServicesProcess mocks, List<Workload> workloads, int concurrency, String runPrefix) {
		return warmUp(settings, app, placement, mocks, workloads, concurrency, runPrefix, false);
	}

	/**
	 * Warms the app up at the gentle concurrency only: the JIT runs of
	 * {@link #warmUp(BenchSettings, AppProcess, CpuPlacement, MockServicesProcess, List, int, String)},
	 * each workload's run at the cells' concurrency left to {@link #rehearse}, right
	 * before the workload's first cell, with {@link #rehearsalSeconds()} of the bound
	 * kept for each ({@link #allowance}). Why: C2 compiles each method for the types it
	 * has seen, so code warmed on another workload meets new classes in the next cell's
	 * first trial and is thrown away and compiled again there (docs/design.md,
	 * "Rehearsals").
	 * @param settings the bench settings (the warm-up bound per app start)
	 * @param app the running app
	 * @param placement where the app runs, lent every CPU for the JIT runs
	 * @param mocks the running mock-services, whose CPU each run's demands include
	 * @param workloads the workloads its cells will run
	 * @param concurrency the concurrency, e.g. the highest of its cells
	 * @param runPrefix prefix of the request ids
	 * @return each JIT run, in order (empty when the bound is 0 or no workload has one)
	 */
	public static List<WarmUp> warmUpGently(BenchSettings settings, AppProcess app, CpuPlacement placement,
			MockServicesProcess mocks, List<Workload> workloads, int concurrency, String runPrefix) {
		return warmUp(settings, LoadTarget.of(app), placement, mocks, workloads, concurrency, runPrefix, true);
	}

	/**
	 * Warms an app up at the gentle concurrency only, as
	 * {@link #warmUpGently(BenchSettings, AppProcess, CpuPlacement, MockServicesProcess, List, int, String)}
	 * does; a remote target is not lent any CPU, and its CPU per request is not read.
	 * @param settings the bench settings (the warm-up bound per app start)
	 * @param app the app, started by the bench or elsewhere
	 * @param placement where the app runs, {@code null} for a remote target
	 * @param mocks the running mock-services, {@code null} when they run elsewhere
	 * @param workloads the workloads its cells will run
	 * @param concurrency the concurrency, e.g. the highest of its cells
	 * @param runPrefix prefix of the request ids
	 * @return each JIT run, in order (empty when the bound is 0 or no workload has one)
	 */
	public static List<WarmUp> warmUpGently(BenchSettings settings, LoadTarget app, CpuPlacement placement,
			MockServicesProcess mocks, List<Workload> workloads, int concurrency, String runPrefix) {
		return warmUp(settings, app, placement, mocks, workloads, concurrency, runPrefix, true);
	}

	/**
	 * Warms one workload up at the cells' concurrency, right before its first cell, until
	 * steady with a quiet JIT or the allowance is used (the run {@link #warmUpGently}
	 * leaves out), with the app lent every CPU as for the JIT runs. Why lent: at the
	 * cells' concurrency the app's own threads keep its one core busy and its compiler
	 * threads get little of it (docs/design.md, "Placement").
	 * @param app the running app
	 * @param placement where the app runs, lent every CPU for the run
	 * @param mocks the running mock-services
	 * @param workload the workload of the next cell
	 * @param concurrency the concurrency, e.g. the highest of the workload's cells
	 * @param allowanceSeconds the most time the run may take (s), at least
	 * {@link WarmUp#RAMP_UP_SECONDS} + {@link WarmUp#ROUND_SECONDS}
	 * @param runPrefix prefix of the request ids
	 * @return the run
	 */
	public static WarmUp rehearse(AppProcess app, CpuPlacement placement, MockServicesProcess mocks, Workload workload,
			int concurrency, long allowanceSeconds, String runPrefix) {
		return rehearse(LoadTarget.of(app), placement, mocks, workload, concurrency, allowanceSeconds, runPrefix);
	}

	/**
	 * Warms one workload up at the cells' concurrency, as
	 * {@link #rehearse(AppProcess, CpuPlacement, MockServicesProcess, Workload, int, long, String)}
	 * does, also for a remote target.
	 * @param app the app, started by the bench or elsewhere
	 * @param placement where the app runs, lent every CPU for the run; {@code null} for a
	 * remote target
	 * @param mocks the running mock-services, {@code null} when they run elsewhere
	 * @param workload the workload of the next cell
	 * @param concurrency the concurrency, e.g. the highest of the workload's cells
	 * @param allowanceSeconds the most time the run may take (s)
	 * @param runPrefix prefix of the request ids
	 * @return the run
	 */
	public static WarmUp rehearse(LoadTarget app, CpuPlacement placement, MockServicesProcess mocks, Workload workload,
			int concurrency, long allowanceSeconds, String runPrefix) {
		WarmUp warmUp = onEveryCpu(app, placement,
				(everyCpu) -> warmUp(app, mocks, workload, concurrency,
						Math.max(WarmUp.RAMP_UP_SECONDS + WarmUp.ROUND_SECONDS, allowanceSeconds),
						runPrefix + "-" + workload.id(), everyCpu));
		Console.line(String.format("[warm-up] %s %s c=%d, before its cells: %s", app.stack().id(), workload.id(),
				concurrency, warmUp.describe()));
		return warmUp;
	}

	/**
	 * The rounds of the warm-up bound kept for each run after the one starting: at least
	 * a rehearsal at the cells' concurrency gets them. Why 5, not {@link WarmUp#WINDOW}:
	 * with 3, most rehearsals ended with the compiler still busy; sharing the bound
	 * equally cut the gentle JIT runs short (docs/design.md, "Rehearsals").
	 */
	static final int REHEARSAL_ROUNDS = 5;

	/**
	 * The seconds of the warm-up bound a run at the cells' concurrency gets at least.
	 * @return {@link WarmUp#RAMP_UP_SECONDS} + {@link #REHEARSAL_ROUNDS} rounds + 1 (s)
	 */
	public static long rehearsalSeconds() {
		return WarmUp.RAMP_UP_SECONDS + REHEARSAL_ROUNDS * WarmUp.ROUND_SECONDS + 1;
	}

	/**
	 * The runs of a warm-up, in order: per workload its JIT run at the gentle concurrency
	 * where that is below the given one, then (unless {@code gentleOnly}) its run at the
	 * given concurrency.
	 * @param workloads the workloads
	 * @param concurrency the cells' concurrency
	 * @param gentleOnly whether the runs at the cells' concurrency are left to
	 * {@link #rehearse}
	 * @return (workload, concurrency) per run
	 */
	static List<Map.Entry<Workload, Integer>> runs(List<Workload> workloads, int concurrency, boolean gentleOnly) {
		List<Map.Entry<Workload, Integer>> runs = new ArrayList<>();
		for (Workload workload : workloads) {
			int jit = WarmUp.jitConcurrency(workload, concurrency);
			if (jit < concurrency) {
				runs.add(Map.entry(workload, jit));
			}
			if (!gentleOnly) {
				runs.add(Map.entry(workload, concurrency));
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
	public static long allowance(long remainingSeconds, long runsAfter) {
		return Math.max(WarmUp.RAMP_UP_SECONDS + WarmUp.ROUND_SECONDS,
				remainingSeconds - runsAfter * rehearsalSeconds());
	}

	/**
	 * What is left of the warm-up bound of an app start after the runs so far.
	 * @param settings the bench settings (the bound)
	 * @param done the warm-up runs of this app start so far
	 * @return the seconds left, 0 or less when the bound is used up
	 */
	public static long remainingSeconds(BenchSettings settings, List<WarmUp> done) {
		return settings.warmup().toSeconds() - Math.round(done.stream().mapToDouble(WarmUp::seconds).sum());
	}

	private static List<WarmUp> warmUp(BenchSettings settings, LoadTarget app, CpuPlacement placement,
			MockServicesProcess mocks, List<Workload> workloads, int concurrency, String runPrefix,
			boolean gentleOnly) {
		List<Map.Entry<Workload, Integer>> runs = runs(workloads, concurrency, gentleOnly);
		List<WarmUp> warmUps = new ArrayList<>();
		long remaining = settings.warmup().toSeconds();
		long deferred = gentleOnly ? workloads.size() : 0;
		for (int i = 0; i < runs.size() && remaining > 0; i++) {
			Workload workload = runs.get(i).getKey();
			int runConcurrency = runs.get(i).getValue();
			long allowance = allowance(remaining, runs.size() - i - 1 + deferred);
			boolean jitRun = runConcurrency < concurrency;
			String prefix = runPrefix + "-" + i;
			WarmUp warmUp = onEveryCpu(app, jitRun ? placement : null,
					(everyCpu) -> warmUp(app, mocks, workload, runConcurrency, allowance, prefix, everyCpu));
			warmUps.add(warmUp);
			Console.line(String.format("[warm-up] %s %s c=%d: %s", app.stack().id(), workload.id(), runConcurrency,
					warmUp.describe()));
			remaining -= Math.round(warmUp.seconds());
			if (!app.alive()) {
				break;
			}
		}
		return warmUps;
	}

	/**
	 * Runs a warm-up with the app lent every CPU of the machine, and puts it back on its
	 * own CPUs after; without a placement (a remote target), or when the app cannot be
	 * moved, runs it where the app is.
	 * @param app the app
	 * @param placement where the app runs, {@code null} for none to lend
	 * @param run the warm-up, told whether the app was lent every CPU
	 * @return the warm-up's result
	 */
	private static WarmUp onEveryCpu(LoadTarget app, CpuPlacement placement, Function<Boolean, WarmUp> run) {
		if (placement == null || app.process() == null || !placement.widenApp(app.process().pid())) {
			return run.apply(false);
		}
		try {
			return run.apply(true);
		}
		finally {
			if (app.alive()) {
				placement.pinApp(app.process().pid());
			}
		}
	}

	private static WarmUp warmUp(LoadTarget app, MockServicesProcess mocks, Workload workload, int concurrency,
			long allowanceSeconds, String runPrefix, boolean everyCpu) {
		LongAdder successes = new LongAdder();
		// a second past the last round: the run must outlast the round it would end in
		long hold = Math.max(WarmUp.ROUND_SECONDS, allowanceSeconds - WarmUp.RAMP_UP_SECONDS) + 1;
		ScenarioPlan.Run run = new ScenarioPlan.Run(base(app), workload, LoadModel.CLOSED, concurrency, 0, 0,
				Duration.ofSeconds(WarmUp.RAMP_UP_SECONDS), Duration.ofSeconds(hold),
				RunId.of(runPrefix, "warmup-" + app.stack().id() + "-" + workload.id(), ""));
		// read once on the idle app: a meter it does not have leaves the throughput alone
		boolean jitMeter = compilationMs(app).isPresent();
		if (!jitMeter) {
			Console.line("[warm-up] " + app.stack().id() + ": no jvm.compilation.time at " + app.actuatorUri()
					+ ", the throughput alone decides when the warm-up is steady");
		}
		// a remote app's or mocks' CPU cannot be read from here
		long[] pids = (app.process() != null && mocks != null)
				? new long[] { app.process().pid(), ProcessHandle.current().pid(), mocks.process().pid() } : null;
		Rounds rounds = new Rounds(successes, jitMeter ? () -> compilationMs(app) : null,
				() -> (pids != null) ? cpuMs(pids) : null);
		long started = System.nanoTime();
		LoadGenerator.run(ScenarioPlan.counted(run, successes), ScenarioPlan.ENGINE_PROPERTIES, app.process(),
				run.timeLimit(), rounds::steady);
		double seconds = (System.nanoTime() - started) / 1e9;
		return new WarmUp(workload.id(), concurrency, rounds.throughputs(), rounds.jitMs(), seconds, rounds.steady(),
				everyCpu, rounds.cpu());
	}

	/**
	 * Reads the CPU time each process has used since it started (user + system, from
	 * {@code /proc/<pid>/stat} on Linux through {@link ProcessHandle.Info}).
	 * @param pids the processes
	 * @return ms of CPU per process, in order; {@code null} when any is not known
	 */
	private static double[] cpuMs(long[] pids) {
		double[] ms = new double[pids.length];
		for (int i = 0; i < pids.length; i++) {
			Optional<Duration> cpu = ProcessHandle.of(pids[i]).flatMap((handle) -> handle.info().totalCpuDuration());
			if (cpu.isEmpty()) {
				return null;
			}
			ms[i] = cpu.get().toNanos() / 1e6;
		}
		return ms;
	}

	/**
	 * Reads the app's total JIT compilation time (Micrometer's
	 * {@code jvm.compilation.time}) from its Actuator, on the management port.
	 * @param app the app
	 * @return the time (ms); empty when not read: no such meter, no answer within
	 * {@link #METRICS_TIMEOUT}, or an error
	 */
	private static OptionalDouble compilationMs(LoadTarget app) {
		try {
			double value = new ActuatorMetricsClient(app.actuatorUri(), METRICS_TIMEOUT)
				.value("jvm.compilation.time", null, null)
				.get(METRICS_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
			return Double.isNaN(value) ? OptionalDouble.empty() : OptionalDouble.of(value);
		}
		catch (ExecutionException | TimeoutException ex) {
			return OptionalDouble.empty();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return OptionalDouble.empty();
		}
	}

	/**
	 * The rounds of one warm-up run: after the ramp-up, every
	 * {@link WarmUp#ROUND_SECONDS} s the successful requests and the app's JIT
	 * compilation time of the last round; asked every 250 ms by the watch of the run
	 * whether they are steady. A round whose JIT reading fails is recorded as not read
	 * ({@code null}); the next read round gets the compilation rate since the last
	 * reading, so no compilation goes unseen. The processes' CPU times are read at the
	 * same instants, for the demands of the last rounds.
	 */
	private static final class Rounds {

		private final LongAdder successes;

		private final Supplier<OptionalDouble> compilationMs;

		private final Supplier<double[]> cpuMs;

		private final List<Double> throughputs = new ArrayList<>();

		/**
		 * Per round: its successful requests, then each process's CPU ms; null unread.
		 */
		private final List<double[]> cpuRounds = new ArrayList<>();

		private double[] lastCpuMs;

		private final List<Double> jitMs = new ArrayList<>();

		private double lastCompilationMs = Double.NaN;

		private long lastCompilationAt;

		private final long start = System.nanoTime();

		private long roundStart = -1;

		private long roundSuccesses;

		private boolean steady;

		/**
		 * @param successes the run's successful requests so far
		 * @param compilationMs reads the app's total compilation time; {@code null} when
		 * the app has no such meter
		 * @param cpuMs reads the CPU time of the app, the load generator and the mocks
		 * (ms), {@code null} when not known
		 */
		Rounds(LongAdder successes, Supplier<OptionalDouble> compilationMs, Supplier<double[]> cpuMs) {
			this.successes = successes;
			this.compilationMs = compilationMs;
			this.cpuMs = cpuMs;
		}

		synchronized boolean steady() {
			long now = System.nanoTime();
			if (this.roundStart < 0) {
				if (now - this.start >= WarmUp.RAMP_UP_SECONDS * 1_000_000_000L) {
					this.roundStart = now;
					this.roundSuccesses = this.successes.sum();
					readCompilation(now);
					this.lastCpuMs = this.cpuMs.get();
				}
				return false;
			}
			double elapsed = (now - this.roundStart) / 1e9;
			if (elapsed >= WarmUp.ROUND_SECONDS) {
				long total = this.successes.sum();
				this.throughputs.add((total - this.roundSuccesses) / elapsed);
				if (this.compilationMs != null) {
					this.jitMs.add(readCompilation(now));
				}
				double[] cpu = this.cpuMs.get();
				this.cpuRounds.add((cpu != null && this.lastCpuMs != null) ? new double[] { total - this.roundSuccesses,
						cpu[0] - this.lastCpuMs[0], cpu[1] - this.lastCpuMs[1], cpu[2] - this.lastCpuMs[2] } : null);
				this.lastCpuMs = cpu;
				this.roundStart = now;
				this.roundSuccesses = total;
				this.steady = WarmUp.isSteady(this.throughputs, this.jitMs);
			}
			return this.steady;
		}

		synchronized List<Double> throughputs() {
			return List.copyOf(this.throughputs);
		}

		/**
		 * Returns the CPU per request over the last {@link WarmUp#WINDOW} rounds.
		 * @return the demands, {@code null} when a round of them was not read or none
		 * completed a request
		 */
		synchronized WarmUp.Cpu cpu() {
			if (this.cpuRounds.size() < WarmUp.WINDOW) {
				return null;
			}
			double[] sum = new double[4];
			for (double[] round : this.cpuRounds.subList(this.cpuRounds.size() - WarmUp.WINDOW,
					this.cpuRounds.size())) {
				if (round == null) {
					return null;
				}
				for (int i = 0; i < sum.length; i++) {
					sum[i] += round[i];
				}
			}
			// the JIT rounds are ms per round length at the rate since the last reading;
			// an unread round of the window leaves the JIT's share unknown
			Double jit = null;
			if (this.jitMs.size() >= WarmUp.WINDOW) {
				List<Double> window = this.jitMs.subList(this.jitMs.size() - WarmUp.WINDOW, this.jitMs.size());
				if (window.stream().allMatch(Objects::nonNull)) {
					jit = window.stream().mapToDouble(Double::doubleValue).sum();
				}
			}
			return WarmUp.Cpu.of(sum[1], jit, sum[2], sum[3], (long) sum[0]);
		}

		synchronized List<Double> jitMs() {
			return Collections.unmodifiableList(new ArrayList<>(this.jitMs));
		}

		/**
		 * Reads the compilation time and returns the compilation of one round at the rate
		 * since the last reading.
		 * @param now when the round ended ({@link System#nanoTime()})
		 * @return ms per {@link WarmUp#ROUND_SECONDS} s, {@code null} when not read now
		 * or before
		 */
		private Double readCompilation(long now) {
			if (this.compilationMs == null) {
				return null;
			}
			OptionalDouble reading = this.compilationMs.get();
			if (reading.isEmpty()) {
				return null;
			}
			Double round = Double.isNaN(this.lastCompilationMs) ? null
					: (reading.getAsDouble() - this.lastCompilationMs) * WarmUp.ROUND_SECONDS * 1e9
							/ (now - this.lastCompilationAt);
			this.lastCompilationMs = reading.getAsDouble();
			this.lastCompilationAt = now;
			return round;
		}

	}

	/**
	 * Measures each workload's base latency: one client, back to back, for the baseline
	 * time (at least three downstream waits), after the warm-up.
	 * @param settings the bench settings (baseline time, downstream latencies)
	 * @param app the running app
	 * @param workloads the workloads
	 * @param runPrefix prefix of the request ids
	 * @return per workload, the median latency at concurrency 1 minus the downstream wait
	 * (ms); missing when the baseline is off or a request failed
	 */
	public static Map<Workload, Double> baseLatencies(BenchSettings settings, AppProcess app, List<Workload> workloads,
			String runPrefix) {
		return baseLatencies(settings, LoadTarget.of(app), workloads, runPrefix);
	}

	/**
	 * Measures each workload's base latency as
	 * {@link #baseLatencies(BenchSettings, AppProcess, List, String)} does.
	 * @param settings the bench settings (baseline time, downstream latencies)
	 * @param app the app, started by the bench or elsewhere
	 * @param workloads the workloads
	 * @param runPrefix prefix of the request ids
	 * @return per workload, the median latency at concurrency 1 minus the downstream wait
	 * (ms)
	 */
	public static Map<Workload, Double> baseLatencies(BenchSettings settings, LoadTarget app, List<Workload> workloads,
			String runPrefix) {
		Map<Workload, Double> base = new LinkedHashMap<>();
		if (settings.baseline().isZero()) {
			return base;
		}
		for (Workload workload : workloads) {
			double downstreamMs = settings.downstreamMs(workload);
			long seconds = Math.max(settings.baseline().toSeconds(), (long) Math.ceil(3 * downstreamMs / 1000));
			ScenarioPlan.Run run = new ScenarioPlan.Run(base(app), workload, LoadModel.CLOSED, 1, 0, 0,
					Duration.ofSeconds(1), Duration.ofSeconds(seconds),
					RunId.of(runPrefix, "base-" + app.stack().id() + "-" + workload.id(), ""));
			TestPlanStats stats = LoadGenerator.run(ScenarioPlan.plan(run), ScenarioPlan.ENGINE_PROPERTIES,
					app.process(), run.timeLimit());
			if (stats.overall().samplesCount() > 0 && stats.overall().errorsCount() == 0) {
				double medianMs = stats.overall().sampleTime().median().toNanos() / 1e6;
				base.put(workload, medianMs - downstreamMs);
				Console.line(String.format(java.util.Locale.ROOT,
						"[base latency] %s %s: median %.1f ms at c=1, %.1f ms beyond the downstream wait",
						app.stack().id(), workload.id(), medianMs, medianMs - downstreamMs));
			}
		}
		return base;
	}

	/**
	 * Returns the load of one measured trial: {@link #rampUp(LoadModel)}, then the hold
	 * (closed, open) or the requests (count).
	 * @param settings the bench settings (duration, request count)
	 * @param app the running app
	 * @param cell the cell
	 * @param idealLatencyMs the cell's ideal latency, which sizes the open model's
	 * threads (ms)
	 * @param runId the trial's request id prefix
	 * @return the run
	 */
	public static ScenarioPlan.Run trial(BenchSettings settings, AppProcess app, Cell cell, double idealLatencyMs,
			String runId) {
		return trial(settings, LoadTarget.of(app), cell, idealLatencyMs, runId);
	}

	/**
	 * Returns the load of one measured trial.
	 * @param settings the bench settings (duration, request count)
	 * @param app the app, started by the bench or elsewhere
	 * @param cell the cell
	 * @param idealLatencyMs the cell's ideal latency, which sizes the open model's
	 * threads (ms)
	 * @param runId the trial's request id prefix
	 * @return the run
	 */
	public static ScenarioPlan.Run trial(BenchSettings settings, LoadTarget app, Cell cell, double idealLatencyMs,
			String runId) {
		int threads = (cell.load() == LoadModel.OPEN) ? OpenModel.maxThreads(cell.rate(), idealLatencyMs)
				: cell.concurrency();
		return new ScenarioPlan.Run(base(app), cell.workload(), cell.load(), threads, cell.rate(),
				(cell.load() == LoadModel.COUNT) ? settings.requests(cell) : 0, rampUp(cell.load()),
				settings.duration(), runId);
	}

	/**
	 * Returns a measured trial's ramp-up: none for the count model (every thread starts
	 * at once, like {@code ab}), {@value CompositePlan#RAMP_UP_SECONDS} s otherwise.
	 * @param load the load model
	 * @return the ramp-up
	 */
	public static Duration rampUp(LoadModel load) {
		return (load == LoadModel.COUNT) ? Duration.ZERO : Duration.ofSeconds(CompositePlan.RAMP_UP_SECONDS);
	}

	private static String base(LoadTarget app) {
		return app.baseUri();
	}

}
