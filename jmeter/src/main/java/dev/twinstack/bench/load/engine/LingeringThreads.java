package dev.twinstack.bench.load.engine;

import java.time.Duration;
import java.util.Locale;
import java.util.function.IntSupplier;

import dev.twinstack.bench.process.BenchException;

/**
 * Makes sure no JMeter sampler thread outlives its run. A thread of the plugins' dynamic
 * thread groups can be started while the engine decides the group is done (the
 * {@code ConcurrencyThreadGroup} checks its thread set and its starter thread apart);
 * such a thread reads the JMeter properties of the next run and loads its target, so one
 * run would measure another's traffic. JMeter counts live sampler threads in
 * {@code JMeterContextService.getNumberOfThreads()}; this waits until it reaches zero,
 * stops the rest, and refuses to go on while any remains.
 */
final class LingeringThreads {

	private static final Duration POLL = Duration.ofMillis(50);

	private LingeringThreads() {
	}

	/**
	 * Waits until no sampler thread is alive.
	 * @param live the number of live sampler threads
	 * @param wait how long they may take to end by themselves (a request in flight ends
	 * within its response timeout)
	 * @param stopNow stops them at once (interrupts them)
	 * @param grace how long they may take to end once stopped
	 * @throws BenchException when threads are still alive after both waits, naming how
	 * many
	 */
	static void awaitNone(IntSupplier live, Duration wait, Runnable stopNow, Duration grace) {
		if (ended(live, wait)) {
			return;
		}
		stopNow.run();
		if (!ended(live, grace)) {
			throw new BenchException(String.format(Locale.ROOT,
					"%d JMeter threads still run %.1f s after their run ended, stopped or not: they would load the next run",
					live.getAsInt(), wait.plus(grace).toMillis() / 1000.0));
		}
	}

	private static boolean ended(IntSupplier live, Duration wait) {
		long deadline = System.nanoTime() + wait.toNanos();
		while (live.getAsInt() > 0) {
			if (System.nanoTime() - deadline > 0) {
				return false;
			}
			try {
				Thread.sleep(POLL.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new BenchException("interrupted while waiting for JMeter's threads to end", ex);
			}
		}
		return true;
	}

}
