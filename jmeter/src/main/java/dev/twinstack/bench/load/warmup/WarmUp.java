package dev.twinstack.bench.load.warmup;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

import dev.twinstack.bench.matrix.Workload;

/**
 * The warm-up of one workload on one app start: load at the cell's highest concurrency
 * until the throughput stops rising, as JMH repeats warm-up iterations before it
 * measures. One closed run, {@value #RAMP_UP_SECONDS} s of ramp-up, then its successful
 * requests counted in rounds of {@value #ROUND_SECONDS} s; the workload is <b>steady</b>
 * once the last {@value #WINDOW} rounds lie within {@value #TOLERANCE_PERCENT} % of each
 * other ((max − min) / max), do not rise round after round by more than half that, and
 * the app's JIT compiler is quiet: its compilation time (Micrometer's
 * {@code jvm.compilation.time}, elapsed ms summed over the compiler threads) over those
 * rounds is at most {@value #JIT_QUIET_PERCENT} % of their length. Throughput alone can
 * look steady while the JIT still works: at a concurrency where Little's law caps the
 * throughput it stays flat while the CPU per request falls (docs/design.md, "What
 * watching the app costs"). The warm-up stops once steady, or when its time is used up
 * (its allowance, a share of the app start's warm-up bound, then reported).
 *
 * @param workload the workload's id
 * @param concurrency the warm-up's JMeter threads
 * @param rounds throughput of each round, in order (req/s: successful requests completed
 * in the round over its length)
 * @param jitMs the app's JIT compilation time in each round (ms), in order; {@code null}
 * for a round whose reading failed (its JIT is not known quiet); empty when the app has
 * no such meter (then only the throughput decides)
 * @param seconds the warm-up's wall time (s)
 * @param steady whether the last rounds were steady; {@code false} when the run's
 * allowance, its share of the bound, ended it first
 * @param everyCpu whether the app ran on every CPU of the machine for this run, rather
 * than on its own (see {@link #JIT_CONCURRENCY_WAITING})
 * @param cpu the CPU per request of the app, the load generator and mock-services over
 * the last {@link #WINDOW} rounds, {@code null} when not read; the queueing model's
 * demands at this run's (low) concurrency
 */
public record WarmUp(String workload, int concurrency, List<Double> rounds, List<Double> jitMs, double seconds,
		boolean steady, boolean everyCpu, Cpu cpu) {

	/**
	 * A warm-up run without a CPU reading.
	 * @param workload the workload's id
	 * @param concurrency the run's JMeter threads
	 * @param rounds throughput of each round (req/s)
	 * @param jitMs JIT compilation time of each round (ms)
	 * @param seconds the run's wall time (s)
	 * @param steady whether the last rounds were steady
	 * @param everyCpu whether the app ran on every CPU
	 */
	public WarmUp(String workload, int concurrency, List<Double> rounds, List<Double> jitMs, double seconds,
			boolean steady, boolean everyCpu) {
		this(workload, concurrency, rounds, jitMs, seconds, steady, everyCpu, null);
	}

	/**
	 * CPU per request over a warm-up run's last rounds, each process's CPU time over them
	 * (user + system, {@link ProcessHandle.Info#totalCpuDuration()}) divided by the
	 * requests completed in them: the service demands of the utilization law (D = B / C,
	 * busy time over completions). The app's figure is net of its JIT compilation over
	 * the same rounds (Micrometer's {@code jvm.compilation.time}, taken as CPU time:
	 * during the JIT run the compiler threads have every CPU of the machine): compilation
	 * is a warm-up cost, not a cost of serving, and in a JIT run cut short by the warm-up
	 * bound it would otherwise count as demand (docs/design.md, "The warm-up").
	 *
	 * @param appMs the app's CPU per request net of JIT compilation (ms of one core)
	 * @param jitMs the JIT's compilation time per request over the same rounds (ms),
	 * {@code null} when not read (then {@code appMs} includes it)
	 * @param loadGeneratorMs the load generator's (the bench's JVM) CPU per request (ms)
	 * @param mocksMs mock-services' CPU per request (ms)
	 * @param requests the requests the figures are taken over
	 * @param idle the processes' CPU per second with no load right before the run,
	 * {@code null} when not read
	 */
	public record Cpu(double appMs, Double jitMs, double loadGeneratorMs, double mocksMs, long requests, Idle idle) {

		/**
		 * CPU per request without an idle reading.
		 * @param appMs the app's CPU per request net of JIT compilation (ms)
		 * @param jitMs the JIT's compilation time per request (ms), {@code null} when not
		 * read
		 * @param loadGeneratorMs the load generator's CPU per request (ms)
		 * @param mocksMs mock-services' CPU per request (ms)
		 * @param requests the requests the figures are taken over
		 */
		public Cpu(double appMs, Double jitMs, double loadGeneratorMs, double mocksMs, long requests) {
			this(appMs, jitMs, loadGeneratorMs, mocksMs, requests, null);
		}

		/**
		 * @param reading the idle reading before the run, {@code null} for none
		 * @return these figures with it
		 */
		public Cpu withIdle(Idle reading) {
			return new Cpu(this.appMs, this.jitMs, this.loadGeneratorMs, this.mocksMs, this.requests, reading);
		}

		/**
		 * Computes the demands from CPU times and a request count.
		 * @param appCpuMs the app's CPU time over the rounds (ms)
		 * @param jitMs the app's JIT compilation time over the same rounds (ms),
		 * {@code null} when not read
		 * @param loadGeneratorCpuMs the load generator's (ms)
		 * @param mocksCpuMs mock-services' (ms)
		 * @param requests requests completed over the same rounds
		 * @return the demands, {@code null} without a request
		 */
		public static Cpu of(double appCpuMs, Double jitMs, double loadGeneratorCpuMs, double mocksCpuMs,
				long requests) {
			if (requests <= 0) {
				return null;
			}
			double serving = Math.max(0, appCpuMs - ((jitMs != null) ? jitMs : 0));
			return new Cpu(serving / requests, (jitMs != null) ? jitMs / requests : null, loadGeneratorCpuMs / requests,
					mocksCpuMs / requests, requests);
		}

	}

	/**
	 * The CPU each process used per second with no load, the app's monitor still
	 * scraping: the per-second background (timers, scrapes, JFR, a quiet JIT) that a
	 * load's CPU per request spreads over its requests, the intercept U<sub>0</sub> of
	 * the utilization law U = U<sub>0</sub> + X · D (docs/design.md, "Calibration where
	 * the cells run").
	 *
	 * @param seconds how long it was read (s)
	 * @param appMsPerSecond the app's CPU (ms per s)
	 * @param loadGeneratorMsPerSecond the bench JVM's, the monitor's included (ms per s)
	 * @param mocksMsPerSecond mock-services' (ms per s)
	 */
	public record Idle(double seconds, double appMsPerSecond, double loadGeneratorMsPerSecond,
			double mocksMsPerSecond) {
	}

	/**
	 * These figures with another CPU reading.
	 * @param reading the CPU per request, {@code null} for none
	 * @return the run with it
	 */
	public WarmUp withCpu(Cpu reading) {
		return new WarmUp(this.workload, this.concurrency, this.rounds, this.jitMs, this.seconds, this.steady,
				this.everyCpu, reading);
	}

	/** Ramp-up of the warm-up run, before its first round (s). */
	static final int RAMP_UP_SECONDS = 1;

	/** One round (s). */
	public static final int ROUND_SECONDS = 5;

	/** The rounds that must agree. */
	public static final int WINDOW = 3;

	/** How far apart the rounds of the window may be (%). */
	public static final double TOLERANCE_PERCENT = 5;

	/**
	 * The most JIT compilation time over the window's rounds, as a share of their length
	 * (%). A warm app under the monitor's once-a-second scrape compiles a few percent of
	 * the time, a JIT still at work 50 % or more (docs/design.md, "The warm-up").
	 */
	public static final double JIT_QUIET_PERCENT = 5;

	/**
	 * The most JIT compilation time over one trial, as a share of its length (%), of an
	 * app whose JIT is done: above it the trial measured a JIT still at work. Above
	 * {@link #JIT_QUIET_PERCENT}: one trial is a single round, with no window to average
	 * it, and a warm app's single rounds read more (docs/design.md, "The warm-up").
	 */
	public static final double TRIAL_JIT_PERCENT = 10;

	/**
	 * The JIT run's concurrency for a workload that waits downstream. Linux's scheduler
	 * shares a core by thread: a couple of compiler threads against hundreds of busy
	 * request threads get little of it, so the JIT run is gentle and lends the app every
	 * CPU of the machine (docs/design.md, "Placement").
	 */
	public static final int JIT_CONCURRENCY_WAITING = 50;

	/**
	 * The JIT run's concurrency for a workload with no downstream wait (cpu-light): each
	 * client keeps a request thread busy, so a few leave the compiler threads a share.
	 */
	public static final int JIT_CONCURRENCY_BUSY = 4;

	/**
	 * Returns the concurrency at which the JIT of an app warms up fastest for a workload:
	 * enough requests to make its code hot, few enough busy threads to leave the compiler
	 * threads CPU.
	 * @param workload the workload
	 * @param concurrency the cells' concurrency
	 * @return {@link #JIT_CONCURRENCY_WAITING} or {@link #JIT_CONCURRENCY_BUSY}, at most
	 * {@code concurrency}
	 */
	public static int jitConcurrency(Workload workload, int concurrency) {
		int jit = (workload.latenciesPerRequest() > 0) ? JIT_CONCURRENCY_WAITING : JIT_CONCURRENCY_BUSY;
		return Math.min(jit, concurrency);
	}

	/**
	 * Tells whether rounds so far are steady: the last {@link #WINDOW} within
	 * {@link #TOLERANCE_PERCENT} % of their highest, not rising throughout the window by
	 * more than half the tolerance (a slow climb is a JIT still at work), and the JIT
	 * compiling for at most {@link #JIT_QUIET_PERCENT} % of the window. A round of the
	 * window whose JIT reading failed leaves the JIT not known quiet: not steady.
	 * @param rounds throughput of each round so far (req/s)
	 * @param jitMs JIT compilation time of each round so far (ms), {@code null} for a
	 * failed reading; empty when the app has no such meter
	 * @return {@code true} when steady
	 */
	public static boolean isSteady(List<Double> rounds, List<Double> jitMs) {
		if (rounds.size() < WINDOW) {
			return false;
		}
		if (!jitQuiet(jitMs)) {
			return false;
		}
		List<Double> window = rounds.subList(rounds.size() - WINDOW, rounds.size());
		double max = window.stream().mapToDouble(Double::doubleValue).max().orElse(0);
		double min = window.stream().mapToDouble(Double::doubleValue).min().orElse(0);
		if (max <= 0 || (max - min) / max * 100 > TOLERANCE_PERCENT) {
			return false;
		}
		boolean rising = true;
		for (int i = 1; i < window.size(); i++) {
			rising &= window.get(i) > window.get(i - 1);
		}
		double rise = (window.get(window.size() - 1) - window.get(0)) / max * 100;
		return !(rising && rise > TOLERANCE_PERCENT / 2);
	}

	/**
	 * Tells whether the JIT readings of the last {@link #WINDOW} rounds say it was quiet:
	 * none failed, and they add up to at most {@link #JIT_QUIET_PERCENT} % of the rounds.
	 * @param jitMs compilation time of each round (ms), {@code null} when not read; empty
	 * when the app has no such meter (nothing then says it was not quiet)
	 */
	private static boolean jitQuiet(List<Double> jitMs) {
		return unreadJitRounds(jitMs) == 0 && jitPercent(jitMs) <= JIT_QUIET_PERCENT;
	}

	/**
	 * Returns the JIT compilation time over the read rounds among the last
	 * {@link #WINDOW} as a share of their length.
	 * @param jitMs compilation time of each round (ms), {@code null} when not read
	 * @return the share (%), 0 when no round of the window was read
	 */
	static double jitPercent(List<Double> jitMs) {
		List<Double> read = window(jitMs).stream().filter(Objects::nonNull).toList();
		if (read.isEmpty()) {
			return 0;
		}
		double sum = read.stream().mapToDouble(Double::doubleValue).sum();
		return sum / (read.size() * ROUND_SECONDS * 1000.0) * 100;
	}

	/**
	 * Counts the rounds among the last {@link #WINDOW} whose JIT reading failed.
	 * @param jitMs compilation time of each round (ms), {@code null} when not read
	 * @return how many of the window's rounds were not read
	 */
	static long unreadJitRounds(List<Double> jitMs) {
		return window(jitMs).stream().filter(Objects::isNull).count();
	}

	private static List<Double> window(List<Double> values) {
		return values.subList(Math.max(0, values.size() - WINDOW), values.size());
	}

	/**
	 * Returns the warm-up in words, for progress lines and the report.
	 * @return e.g.
	 * {@code 7 rounds, 35 s: steady at 1160 req/s (last 3 within 2.1 %, JIT 0.4 % of the time)},
	 * followed by the CPU per request where it was read
	 */
	public String describe() {
		if (this.rounds.isEmpty()) {
			return "no round";
		}
		double last = this.rounds.get(this.rounds.size() - 1);
		List<Double> window = this.rounds.subList(Math.max(0, this.rounds.size() - WINDOW), this.rounds.size());
		double max = window.stream().mapToDouble(Double::doubleValue).max().orElse(0);
		double min = window.stream().mapToDouble(Double::doubleValue).min().orElse(0);
		String spread = (max > 0)
				? String.format(Locale.ROOT, "last %d within %.1f %%", window.size(), (max - min) / max * 100)
				: "no successful request";
		long unread = unreadJitRounds(this.jitMs);
		String jit = this.jitMs.isEmpty() ? "" : String.format(Locale.ROOT, ", JIT %.1f %% of the time%s",
				jitPercent(this.jitMs), (unread > 0) ? ", not read in " + unread + " of them" : "");
		String cpu = (this.cpu == null) ? ""
				: String.format(Locale.ROOT, "; CPU per request: app %.2f ms%s, JMeter %.2f ms, mocks %.2f ms",
						this.cpu.appMs(),
						(this.cpu.jitMs() != null) ? String.format(Locale.ROOT, " (+ JIT %.2f ms)", this.cpu.jitMs())
								: "",
						this.cpu.loadGeneratorMs(), this.cpu.mocksMs())
						+ ((this.cpu == null || this.cpu.idle() == null) ? ""
								: String.format(Locale.ROOT,
										"; idle before it: app %.0f ms/s, JMeter %.0f ms/s, mocks %.0f ms/s",
										this.cpu.idle().appMsPerSecond(), this.cpu.idle().loadGeneratorMsPerSecond(),
										this.cpu.idle().mocksMsPerSecond()));
		return String.format(Locale.ROOT, "%d round%s, %.0f s%s: %s at %.0f req/s (%s%s)%s", this.rounds.size(),
				(this.rounds.size() == 1) ? "" : "s", this.seconds, this.everyCpu ? " on every CPU" : "",
				this.steady ? "steady" : "allowance used", last, spread, jit, cpu);
	}

}
