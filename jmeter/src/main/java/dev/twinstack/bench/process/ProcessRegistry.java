package dev.twinstack.bench.process;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps every {@link JavaProcess} the bench started until it is stopped; the bench's
 * shutdown hook ({@link BenchShutdown}) stops the ones still running when the JVM exits
 * (normally, on an exception or on SIGTERM/Ctrl-C) and closes the registry, so no process
 * can start after that and an interrupted bench leaves no JVM behind.
 */
public final class ProcessRegistry {

	private static final Logger logger = LoggerFactory.getLogger(ProcessRegistry.class);

	private static final Set<JavaProcess> running = new LinkedHashSet<>();

	private static boolean closed;

	private ProcessRegistry() {
	}

	/**
	 * Registers a started process.
	 * @param process the process
	 * @throws BenchException when the JVM is shutting down: the caller must kill the
	 * process
	 */
	static synchronized void register(JavaProcess process) {
		if (closed) {
			throw new BenchException("the bench is stopping: " + process.role() + " is not started");
		}
		BenchShutdown.install();
		running.add(process);
	}

	static synchronized void unregister(JavaProcess process) {
		running.remove(process);
	}

	/**
	 * Refuses every later {@link #register(JavaProcess)}: called as the JVM shuts down.
	 */
	static synchronized void close() {
		closed = true;
	}

	/**
	 * Returns the processes started and not yet stopped.
	 * @return the running processes, in start order
	 */
	public static synchronized List<JavaProcess> running() {
		return List.copyOf(running);
	}

	/**
	 * Stops every process still registered: SIGTERM to all at once, then each is awaited
	 * (at most {@link JavaProcess#STOP_TIMEOUT} in all, then SIGKILL), newest first.
	 */
	public static void stopAll() {
		List<JavaProcess> processes = new ArrayList<>(running());
		Collections.reverse(processes);
		for (JavaProcess process : processes) {
			logger.warn("Stopping {} (pid {}) left running", process.role(), process.pid());
			process.requestStop();
		}
		processes.forEach(JavaProcess::stop);
	}

}
