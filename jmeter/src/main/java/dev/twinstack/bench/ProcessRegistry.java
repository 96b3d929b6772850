package dev.twinstack.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps every {@link JavaProcess} the bench started until it is stopped, and stops the
 * ones still running when the JVM exits (normally, on an exception or on SIGTERM/Ctrl-C),
 * so an interrupted bench leaves no JVM behind.
 */
final class ProcessRegistry {

	private static final Logger logger = LoggerFactory.getLogger(ProcessRegistry.class);

	private static final Set<JavaProcess> running = new LinkedHashSet<>();

	private static boolean hookInstalled;

	private ProcessRegistry() {
	}

	static synchronized void register(JavaProcess process) {
		if (!hookInstalled) {
			Runtime.getRuntime().addShutdownHook(new Thread(ProcessRegistry::stopAll, "bench-process-reaper"));
			hookInstalled = true;
		}
		running.add(process);
	}

	static synchronized void unregister(JavaProcess process) {
		running.remove(process);
	}

	/**
	 * Returns the processes started and not yet stopped.
	 * @return the running processes, in start order
	 */
	static synchronized List<JavaProcess> running() {
		return List.copyOf(running);
	}

	/**
	 * Stops every process still registered, newest first.
	 */
	static void stopAll() {
		List<JavaProcess> processes = new ArrayList<>(running());
		java.util.Collections.reverse(processes);
		for (JavaProcess process : processes) {
			logger.warn("Stopping {} (pid {}) left running", process.role(), process.pid());
			process.stop();
		}
	}

}
