package dev.twinstack.bench.load.engine;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.process.JavaProcess;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedJmeterEngine.TestRunner;

/**
 * A JMeter run watched while it runs (when the process under load exits, and every 250
 * ms; never before 500 ms after the start, so the stop reaches running threads): it stops
 * the load as soon as the process under load has exited (requests to a dead port fail at
 * once, so the rest of the run would measure nothing), once a condition holds, and when
 * the run outlives its time limit (a stop, then a hard one 10 s later), so no run can
 * hang the bench. The statistics of a stopped run are kept.
 */
final class WatchedRunner extends TestRunner {

	private static final Logger logger = LoggerFactory.getLogger(WatchedRunner.class);

	private static final Duration FIRST_CHECK = Duration.ofMillis(500);

	private static final Duration CHECK_EVERY = Duration.ofMillis(250);

	private static final Duration HARD_STOP_AFTER = Duration.ofSeconds(10);

	private final TestRunner runner;

	private final JavaProcess target;

	private final Duration limit;

	private final BooleanSupplier stopWhen;

	private final Consumer<WatchedRunner> hardStop;

	private volatile Thread thread;

	private volatile boolean abandoned;

	/**
	 * Creates the watch of a run.
	 * @param runner the engine's runner
	 * @param target the process under load, {@code null} for none
	 * @param limit the longest the run may take, {@code null} for no limit
	 * @param stopWhen checked at every watch, {@code null} for none
	 * @param hardStop what stops the run when the stop was not enough
	 */
	WatchedRunner(TestRunner runner, JavaProcess target, Duration limit, BooleanSupplier stopWhen,
			Consumer<WatchedRunner> hardStop) {
		this.runner = runner;
		this.target = target;
		this.limit = limit;
		this.stopWhen = stopWhen;
		this.hardStop = hardStop;
	}

	@Override
	protected void runTest() {
		this.thread = Thread.currentThread();
		ScheduledExecutorService watch = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread watcher = new Thread(task, "jmeter-watch");
			watcher.setDaemon(true);
			return watcher;
		});
		Watch state = new Watch(Instant.now());
		watch.scheduleWithFixedDelay(state::check, FIRST_CHECK.toMillis(), CHECK_EVERY.toMillis(),
				TimeUnit.MILLISECONDS);
		// the moment the target exits, not at the next check: every thread of a big load
		// loops on refused connections until it is stopped
		CompletableFuture<?> exit = (this.target != null) ? this.target.onExit()
			.thenRun(() -> watch.schedule(state::check, Math.max(0, FIRST_CHECK.minus(state.elapsed()).toMillis()),
					TimeUnit.MILLISECONDS))
				: null;
		try {
			this.runner.run();
		}
		finally {
			if (exit != null) {
				exit.cancel(false);
			}
			watch.shutdownNow();
		}
	}

	@Override
	public void stop() {
		this.runner.stop();
	}

	/**
	 * Stops waiting for the run: interrupts the thread that waits for its end (a remote
	 * run whose engines never report their end).
	 */
	void abandon() {
		this.abandoned = true;
		Thread running = this.thread;
		if (running != null) {
			running.interrupt();
		}
	}

	/**
	 * Tells whether the watch stopped waiting for the run's end.
	 * @return {@code true} after {@link #abandon()}
	 */
	boolean abandoned() {
		return this.abandoned;
	}

	/**
	 * What the watch of one run has done so far.
	 */
	private final class Watch {

		private final Instant start;

		private boolean stopped;

		private boolean hardStopped;

		Watch(Instant start) {
			this.start = start;
		}

		Duration elapsed() {
			return Duration.between(this.start, Instant.now());
		}

		synchronized void check() {
			try {
				checkNow();
			}
			catch (RuntimeException ex) {
				// a failed check must not end the watch
				logger.warn("Could not check the load: {}", ex.toString());
			}
		}

		private void checkNow() {
			Duration elapsed = elapsed();
			JavaProcess target = WatchedRunner.this.target;
			Duration limit = WatchedRunner.this.limit;
			if (!this.stopped && target != null && !target.isAlive()) {
				Console.line(String.format(Locale.ROOT,
						"    %s (pid %d) exited with code %s %.1f s into the load: " + "stopping the load",
						target.role(), target.pid(), target.exitCode(), elapsed.toMillis() / 1000.0));
				stop();
			}
			else if (!this.stopped && WatchedRunner.this.stopWhen != null
					&& WatchedRunner.this.stopWhen.getAsBoolean()) {
				stop();
			}
			else if (limit != null && elapsed.compareTo(limit) > 0) {
				if (!this.stopped) {
					Console.line("    the load ran past its limit of " + limit.toSeconds() + " s: stopping it");
					stop();
				}
				else if (!this.hardStopped && elapsed.compareTo(limit.plus(HARD_STOP_AFTER)) > 0) {
					logger.warn("JMeter still running {} s after a stop: stopping it now", HARD_STOP_AFTER.toSeconds());
					this.hardStopped = true;
					WatchedRunner.this.hardStop.accept(WatchedRunner.this);
				}
			}
		}

		private void stop() {
			this.stopped = true;
			WatchedRunner.this.runner.stop();
		}

	}

}
