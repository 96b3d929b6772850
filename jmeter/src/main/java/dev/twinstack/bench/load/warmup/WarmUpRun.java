package dev.twinstack.bench.load.warmup;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.Supplier;

import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.load.LoadTarget;
import dev.twinstack.bench.load.RunId;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.load.engine.LoadGenerator;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.process.CpuPlacement;
import dev.twinstack.monitoring.ActuatorMetricsClient;

/**
 * One warm-up run, as {@link WarmUpPlan} decides it: a closed load in rounds until
 * {@link WarmUp#isSteady steady} or its allowance is used, reading the app's JIT
 * compilation from its Actuator and, for an app the bench started, the CPU time of the
 * app, the load generator and the mocks.
 */
final class WarmUpRun {

	/** The longest wait for one reading of the app's meters. */
	private static final Duration METRICS_TIMEOUT = Duration.ofSeconds(5);

	private WarmUpRun() {
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
	static WarmUp onEveryCpu(LoadTarget app, CpuPlacement placement, Function<Boolean, WarmUp> run) {
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

	/**
	 * Runs one warm-up until steady or its allowance is used.
	 * @param app the app
	 * @param workload the workload
	 * @param concurrency the run's clients
	 * @param allowanceSeconds the most time the run may take (s)
	 * @param runPrefix prefix of the request ids
	 * @param everyCpu whether the app was lent every CPU for the run
	 * @return the run
	 */
	static WarmUp run(LoadTarget app, Workload workload, int concurrency, long allowanceSeconds, String runPrefix,
			boolean everyCpu) {
		LongAdder successes = new LongAdder();
		// a second past the last round: the run must outlast the round it would end in
		long hold = Math.max(WarmUp.ROUND_SECONDS, allowanceSeconds - WarmUp.RAMP_UP_SECONDS) + 1;
		ScenarioPlan.Run run = new ScenarioPlan.Run(app.baseUri(), workload, LoadModel.CLOSED, concurrency, 0, 0,
				Duration.ofSeconds(WarmUp.RAMP_UP_SECONDS), Duration.ofSeconds(hold),
				RunId.of(runPrefix, "warmup-" + app.stack().id() + "-" + workload.id(), ""));
		// read once on the idle app: a meter it does not have leaves the throughput alone
		boolean jitMeter = compilationMs(app).isPresent();
		if (!jitMeter) {
			Console.line("[warm-up] " + app.stack().id() + ": no jvm.compilation.time at " + app.actuatorUri()
					+ ", the throughput alone decides when the warm-up is steady");
		}
		// a remote app's or mocks' CPU cannot be read from here
		long[] pids = (app.process() != null && app.mocks() != null)
				? new long[] { app.process().pid(), ProcessHandle.current().pid(), app.mocks().pid() } : null;
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
	 * Reads the CPU the app, the load generator and the mocks use per second with no
	 * load, the monitor still running.
	 * @param app the app
	 * @param seconds how long to read (s)
	 * @return the reading, {@code null} when a process's CPU is not known (a remote app)
	 */
	static WarmUp.Idle idle(LoadTarget app, long seconds) {
		if (app.process() == null || app.mocks() == null) {
			return null;
		}
		long[] pids = { app.process().pid(), ProcessHandle.current().pid(), app.mocks().pid() };
		double[] before = cpuMs(pids);
		long started = System.nanoTime();
		try {
			Thread.sleep(seconds * 1000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return null;
		}
		double[] after = cpuMs(pids);
		double elapsed = (System.nanoTime() - started) / 1e9;
		if (before == null || after == null) {
			return null;
		}
		return new WarmUp.Idle(elapsed, (after[0] - before[0]) / elapsed, (after[1] - before[1]) / elapsed,
				(after[2] - before[2]) / elapsed);
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

}
