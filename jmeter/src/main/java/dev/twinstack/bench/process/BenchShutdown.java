package dev.twinstack.bench.process;

import java.time.Duration;
import java.util.List;

import dev.twinstack.bench.console.Console;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bench JVM's shutdown hook, run on SIGINT (Ctrl-C), SIGTERM or any exit: when a
 * bench run is under way, it freezes the run's record (the cells finished so far), then
 * stops every process the bench started (SIGTERM to all, SIGKILL after
 * {@link JavaProcess#STOP_TIMEOUT}) and anything else this JVM spawned, and refuses new
 * ones, then writes the partial results, marked incomplete. A run already writing its
 * complete results is given a minute to finish.
 */
public final class BenchShutdown {

	private static final Logger logger = LoggerFactory.getLogger(BenchShutdown.class);

	/** What an interrupt is, as the results say it. */
	public static final String INTERRUPTED = "interrupted by SIGINT/SIGTERM";

	private static final Duration FINISH_WAIT = Duration.ofMinutes(1);

	private static boolean installed;

	private static volatile boolean started;

	private static volatile Run current;

	private BenchShutdown() {
	}

	/**
	 * Installs the hook, once per JVM.
	 */
	public static synchronized void install() {
		if (!installed) {
			Runtime.getRuntime().addShutdownHook(new Thread(BenchShutdown::shutdown, "bench-shutdown"));
			installed = true;
		}
	}

	/**
	 * A bench run the hook winds down. The run's record implements it: the hook sits with
	 * the processes it stops, below the orchestration that records the run.
	 */
	public interface Run {

		/**
		 * Stops the run as the hook begins: later cells are not recorded.
		 * @param what what happened, {@value BenchShutdown#INTERRUPTED}
		 * @return what writes the partial results once every process is stopped;
		 * {@code null} when the run was finishing or stopped already
		 */
		Runnable interrupt(String what);

		/**
		 * Waits until the bench's thread is done.
		 * @param timeout the longest wait
		 * @return {@code true} when it is done
		 */
		boolean awaitDone(Duration timeout);

	}

	/**
	 * Makes a run the one whose partial results the hook writes.
	 * @param record the run's record
	 */
	public static void watch(Run record) {
		install();
		current = record;
	}

	/**
	 * Forgets a run that has ended.
	 * @param record the run's record
	 */
	public static void unwatch(Run record) {
		if (current == record) {
			current = null;
		}
	}

	/**
	 * Tells whether the JVM is shutting down: what fails on the bench's thread then is
	 * the shutdown's doing, not a bench failure.
	 * @return {@code true} once the hook runs
	 */
	public static boolean inProgress() {
		return started;
	}

	private static void shutdown() {
		started = true;
		Run run = current;
		Runnable writePartial = (run != null) ? run.interrupt(INTERRUPTED) : null;
		if (writePartial != null) {
			// the bench's thread winds down on killed apps: its lines would only confuse
			Console.exclusiveTo(Thread.currentThread());
			Console.line("");
			Console.line("Bench " + INTERRUPTED + ": stopping mock-services and the apps");
		}
		ProcessRegistry.close();
		List<ProcessHandle> spawned = ProcessHandle.current().descendants().toList();
		ProcessRegistry.stopAll();
		spawned.stream().filter(ProcessHandle::isAlive).forEach((process) -> {
			logger.warn("Killing pid {} left running: {}", process.pid(), process.info().command().orElse("?"));
			process.destroyForcibly();
		});
		if (writePartial != null) {
			try {
				writePartial.run();
			}
			catch (RuntimeException ex) {
				Console.line("Could not write the partial results: " + ex.getMessage());
			}
		}
		else if (run != null && !run.awaitDone(FINISH_WAIT)) {
			logger.warn("The bench did not finish writing its results within {} s", FINISH_WAIT.toSeconds());
		}
	}

}
