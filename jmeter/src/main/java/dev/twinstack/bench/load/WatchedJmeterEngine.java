package dev.twinstack.bench.load;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.process.JavaProcess;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jorphan.collections.HashTree;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedJmeterEngine;
import us.abstracta.jmeter.javadsl.core.engines.TestStopper;

/**
 * JMeter embedded in this JVM, watched while it runs (when the process under load exits,
 * and every 250 ms; never before 500 ms after the start, so the stop reaches running
 * threads): it stops the load as soon as the process under load has exited (requests to a
 * dead port fail at once, so the rest of the run would measure nothing), and when the run
 * outlives its time limit (a graceful stop, then a hard one 10 s later), so no run can
 * hang the bench. The statistics of a stopped run are kept.
 */
final class WatchedJmeterEngine extends EmbeddedJmeterEngine {

	private static final Logger logger = LoggerFactory.getLogger(WatchedJmeterEngine.class);

	private static final Duration FIRST_CHECK = Duration.ofMillis(500);

	private static final Duration CHECK_EVERY = Duration.ofMillis(250);

	private static final Duration HARD_STOP_AFTER = Duration.ofSeconds(10);

	private final JavaProcess target;

	private final Duration limit;

	private final BooleanSupplier stopWhen;

	/**
	 * Creates the engine.
	 * @param target the process under load, {@code null} for none
	 * @param limit the longest the run may take, {@code null} for no limit
	 */
	WatchedJmeterEngine(JavaProcess target, Duration limit) {
		this(target, limit, null);
	}

	/**
	 * Creates the engine that also stops the load (gracefully) once a condition holds.
	 * @param target the process under load, {@code null} for none
	 * @param limit the longest the run may take, {@code null} for no limit
	 * @param stopWhen checked at every watch (every 250 ms), {@code null} for none
	 */
	WatchedJmeterEngine(JavaProcess target, Duration limit, BooleanSupplier stopWhen) {
		this.target = target;
		this.limit = limit;
		this.stopWhen = stopWhen;
	}

	@Override
	protected TestRunner buildTestRunner(HashTree testPlanTree, HashTree rootTree, TestStopper testStopper) {
		TestRunner runner = super.buildTestRunner(testPlanTree, rootTree, testStopper);
		return new TestRunner() {

			@Override
			protected void runTest() {
				ScheduledExecutorService watch = Executors.newSingleThreadScheduledExecutor((task) -> {
					Thread thread = new Thread(task, "jmeter-watch");
					thread.setDaemon(true);
					return thread;
				});
				Watch state = new Watch(runner, Instant.now());
				watch.scheduleWithFixedDelay(state::check, FIRST_CHECK.toMillis(), CHECK_EVERY.toMillis(),
						TimeUnit.MILLISECONDS);
				// the moment the target exits, not at the next check: every thread of a
				// big load loops on refused connections until it is stopped
				CompletableFuture<?> exit = (WatchedJmeterEngine.this.target != null)
						? WatchedJmeterEngine.this.target.onExit()
							.thenRun(() -> watch.schedule(state::check,
									Math.max(0, FIRST_CHECK.minus(state.elapsed()).toMillis()), TimeUnit.MILLISECONDS))
						: null;
				try {
					runner.run();
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
				runner.stop();
			}

		};
	}

	/**
	 * What the watch of one run has done so far.
	 */
	private final class Watch {

		private final TestRunner runner;

		private final Instant start;

		private boolean stopped;

		private boolean hardStopped;

		Watch(TestRunner runner, Instant start) {
			this.runner = runner;
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
			JavaProcess target = WatchedJmeterEngine.this.target;
			Duration limit = WatchedJmeterEngine.this.limit;
			if (!this.stopped && target != null && !target.isAlive()) {
				Console.line(String.format(Locale.ROOT,
						"    %s (pid %d) exited with code %s %.1f s into the load: " + "stopping the load",
						target.role(), target.pid(), target.exitCode(), elapsed.toMillis() / 1000.0));
				stop();
			}
			else if (!this.stopped && WatchedJmeterEngine.this.stopWhen != null
					&& WatchedJmeterEngine.this.stopWhen.getAsBoolean()) {
				stop();
			}
			else if (limit != null && elapsed.compareTo(limit) > 0) {
				if (!this.stopped) {
					Console.line("    the load ran past its limit of " + limit.toSeconds() + " s: stopping it");
					stop();
				}
				else if (!this.hardStopped && elapsed.compareTo(limit.plus(HARD_STOP_AFTER)) > 0) {
					logger.warn("JMeter still running {} s after a stop: stopping its threads now",
							HARD_STOP_AFTER.toSeconds());
					this.hardStopped = true;
					StandardJMeterEngine.stopEngineNow();
				}
			}
		}

		private void stop() {
			this.stopped = true;
			this.runner.stop();
		}

	}

}
