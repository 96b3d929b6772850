package dev.twinstack.bench.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A JVM started from a jar ({@code java [jvm args] -jar <jar> [program args]}), with
 * stdout and stderr written to a log file. Registered with {@link ProcessRegistry} until
 * stopped.
 */
public final class JavaProcess {

	private static final Logger logger = LoggerFactory.getLogger(JavaProcess.class);

	/** Longest wait for a process to exit after SIGTERM, before SIGKILL (s). */
	static final int STOP_SECONDS = 15;

	static final Duration STOP_TIMEOUT = Duration.ofSeconds(STOP_SECONDS);

	private static final int LOG_TAIL_LINES = 30;

	private final String role;

	private final List<String> command;

	/** Where the {@code java} launcher stands in the command: after its prefix. */
	private final int launcherIndex;

	private final Path log;

	private final Process process;

	/** The process's descendants when its stop was requested, {@code null} before. */
	private List<ProcessHandle> descendants;

	private JavaProcess(String role, List<String> command, int launcherIndex, Path log, Process process) {
		this.role = role;
		this.command = command;
		this.launcherIndex = launcherIndex;
		this.log = log;
		this.process = process;
	}

	/**
	 * Starts a JVM with the {@code java} of the running JVM. Adds
	 * {@code -Dvisualvm.display.name=twinstack-<role>} so VisualVM shows a readable name.
	 * @param role short name, e.g. {@code mvc-app}
	 * @param jvmArgs JVM options
	 * @param jar the jar to run
	 * @param programArgs arguments after the jar
	 * @param log the file that receives stdout and stderr
	 * @return the started process
	 */
	public static JavaProcess start(String role, List<String> jvmArgs, Path jar, List<String> programArgs, Path log) {
		return start(Path.of(System.getProperty("java.home"), "bin", "java"), role, jvmArgs, jar, programArgs, log);
	}

	/**
	 * Starts a JVM with the given {@code java} launcher. Adds
	 * {@code -Dvisualvm.display.name=twinstack-<role>} so VisualVM shows a readable name,
	 * unless the JVM options name it already.
	 * @param java the {@code java} launcher of the JDK to run on
	 * @param role short name, e.g. {@code mvc-app}
	 * @param jvmArgs JVM options
	 * @param jar the jar to run
	 * @param programArgs arguments after the jar
	 * @param log the file that receives stdout and stderr
	 * @return the started process
	 */
	static JavaProcess start(Path java, String role, List<String> jvmArgs, Path jar, List<String> programArgs,
			Path log) {
		return start(List.of(), java, role, jvmArgs, jar, programArgs, log);
	}

	/**
	 * Starts a JVM with the given {@code java} launcher behind a command prefix that
	 * execs it (e.g. {@code taskset -c 1}: the JVM keeps the prefix's pid); see
	 * {@link #start(Path, String, List, Path, List, Path)}.
	 * @param prefix the command's prefix, empty for none
	 * @param java the {@code java} launcher of the JDK to run on
	 * @param role short name, e.g. {@code mvc-app}
	 * @param jvmArgs JVM options
	 * @param jar the jar to run
	 * @param programArgs arguments after the jar
	 * @param log the file that receives stdout and stderr
	 * @return the started process
	 */
	static JavaProcess start(List<String> prefix, Path java, String role, List<String> jvmArgs, Path jar,
			List<String> programArgs, Path log) {
		return start(prefix, java, role, jvmArgs, jar, programArgs, Map.of(), log);
	}

	/**
	 * Starts a JVM as {@link #start(List, Path, String, List, Path, List, Path)} does,
	 * with environment variables added: for a value that must not show in the command
	 * line, which is logged and recorded (a password).
	 * @param prefix the command's prefix, empty for none
	 * @param java the {@code java} launcher of the JDK to run on
	 * @param role short name, e.g. {@code mvc-app}
	 * @param jvmArgs JVM options
	 * @param jar the jar to run
	 * @param programArgs arguments after the jar
	 * @param environment variables added to this JVM's environment
	 * @param log the file that receives stdout and stderr
	 * @return the started process
	 */
	static JavaProcess start(List<String> prefix, Path java, String role, List<String> jvmArgs, Path jar,
			List<String> programArgs, Map<String, String> environment, Path log) {
		List<String> command = new ArrayList<>(prefix);
		command.add(java.toString());
		if (jvmArgs.stream().noneMatch((arg) -> arg.startsWith("-Dvisualvm.display.name="))) {
			command.add("-Dvisualvm.display.name=twinstack-" + role);
		}
		command.addAll(jvmArgs);
		command.add("-jar");
		command.add(jar.toString());
		command.addAll(programArgs);
		return launch(role, command, prefix.size(), environment, log);
	}

	/**
	 * Starts a JVM running a main class from a class path, with the {@code java} of the
	 * running JVM (e.g. a load agent from this module's jars), named for VisualVM like
	 * {@link #start(String, List, Path, List, Path)}.
	 * @param role short name, e.g. {@code load-agent-1}
	 * @param jvmArgs JVM options
	 * @param classpath the class path
	 * @param mainClass the class whose {@code main} runs
	 * @param programArgs the main class's arguments
	 * @param log the file that receives stdout and stderr
	 * @return the started process
	 */
	public static JavaProcess startMain(String role, List<String> jvmArgs, String classpath, String mainClass,
			List<String> programArgs, Path log) {
		return startMain(List.of(), role, jvmArgs, classpath, mainClass, programArgs, log);
	}

	/**
	 * Starts a JVM running a main class from a class path behind a command prefix that
	 * execs it (e.g. {@code taskset -c 0}), as
	 * {@link #startMain(String, List, String, String, List, Path)} does.
	 * @param prefix the command's prefix, empty for none
	 * @param role short name, e.g. {@code open-check}
	 * @param jvmArgs JVM options
	 * @param classpath the class path
	 * @param mainClass the class whose {@code main} runs
	 * @param programArgs the main class's arguments
	 * @param log the file that receives stdout and stderr
	 * @return the started process
	 */
	public static JavaProcess startMain(List<String> prefix, String role, List<String> jvmArgs, String classpath,
			String mainClass, List<String> programArgs, Path log) {
		List<String> command = new ArrayList<>(prefix);
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.add("-Dvisualvm.display.name=twinstack-" + role);
		command.addAll(jvmArgs);
		command.add("-cp");
		command.add(classpath);
		command.add(mainClass);
		command.addAll(programArgs);
		return launch(role, command, prefix.size(), Map.of(), log);
	}

	private static JavaProcess launch(String role, List<String> command, int launcherIndex,
			Map<String, String> environment, Path log) {
		try {
			Files.createDirectories(log.getParent());
			ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
			builder.environment().putAll(environment);
			Process process = builder.start();
			JavaProcess started = new JavaProcess(role, List.copyOf(command), launcherIndex, log, process);
			try {
				ProcessRegistry.register(started);
			}
			catch (BenchException ex) {
				process.destroyForcibly();
				throw ex;
			}
			logger.info("Started {} (pid {}): {}", role, process.pid(), started.commandLine());
			return started;
		}
		catch (IOException ex) {
			throw new BenchException("Could not start " + role + ": " + ex.getMessage(), ex);
		}
	}

	/**
	 * Waits until the probe answers {@code true}; fails at once when the process exits.
	 * Exceptions thrown by the probe (e.g. connection refused) count as "not yet".
	 * @param what what is awaited, for messages, e.g. {@code GET /actuator/health = 200}
	 * @param timeout the longest wait
	 * @param probe the readiness check
	 * @throws BenchException with the last log lines when the process exits or the time
	 * runs out
	 */
	void awaitReady(String what, Duration timeout, Callable<Boolean> probe) {
		try {
			Awaitility.await(this.role + " ready")
				.atMost(timeout)
				.pollDelay(Duration.ofMillis(200))
				.pollInterval(Duration.ofMillis(250))
				.ignoreExceptions()
				.failFast(this.role + " exited", () -> !this.process.isAlive())
				.until(probe);
		}
		catch (TerminalFailureException ex) {
			throw new BenchException(this.role + " exited with code " + this.process.exitValue() + " before " + what
					+ "; last lines of " + this.log + ":\n" + logTail());
		}
		catch (ConditionTimeoutException ex) {
			throw new BenchException(this.role + " was not ready (" + what + ") within " + timeout.toSeconds()
					+ " s; last lines of " + this.log + ":\n" + logTail());
		}
	}

	/**
	 * Asks the process to stop (SIGTERM) without waiting, after noting its descendants so
	 * that {@link #stop()} can kill what the process leaves behind. Idempotent.
	 */
	void requestStop() {
		synchronized (this) {
			if (this.descendants == null) {
				this.descendants = this.process.descendants().toList();
			}
		}
		this.process.destroy();
	}

	/**
	 * Stops the process: SIGTERM, a bounded wait ({@value #STOP_SECONDS} s), then
	 * SIGKILL; then SIGKILL to whatever it spawned that still runs. Idempotent.
	 */
	public void stop() {
		try {
			boolean wasAlive = this.process.isAlive();
			requestStop();
			if (wasAlive) {
				if (!this.process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
					logger.warn("{} (pid {}) did not stop within {} s: killing it", this.role, pid(),
							STOP_TIMEOUT.toSeconds());
					this.process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
				}
				logger.info("Stopped {} (pid {}, exit code {})", this.role, pid(),
						this.process.isAlive() ? "?" : this.process.exitValue());
			}
			List<ProcessHandle> left;
			synchronized (this) {
				left = this.descendants;
			}
			left.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
		}
		catch (InterruptedException ex) {
			this.process.destroyForcibly();
			Thread.currentThread().interrupt();
		}
		finally {
			ProcessRegistry.unregister(this);
		}
	}

	/**
	 * Returns the last lines of the log file.
	 * @return up to 30 lines
	 */
	public String logTail() {
		try {
			List<String> lines = new String(Files.readAllBytes(this.log), StandardCharsets.UTF_8).lines().toList();
			return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
		}
		catch (IOException ex) {
			return "(log unreadable: " + ex.getMessage() + ")";
		}
	}

	/**
	 * Returns the command line, quoted so it can be pasted into a POSIX shell.
	 * @return the command line
	 */
	public String commandLine() {
		return this.command.stream().map(JavaProcess::shellQuote).collect(Collectors.joining(" "));
	}

	public String role() {
		return this.role;
	}

	public Path log() {
		return this.log;
	}

	public long pid() {
		return this.process.pid();
	}

	public boolean isAlive() {
		return this.process.isAlive();
	}

	/**
	 * Returns a future completed when the process exits.
	 * @return the future
	 */
	public CompletableFuture<Process> onExit() {
		return this.process.onExit();
	}

	/**
	 * Returns the {@code java} launcher the process runs on.
	 * @return e.g. {@code /usr/lib/jvm/java-17-openjdk-amd64/bin/java}
	 */
	public Path launcher() {
		// the java command itself, behind any prefix (e.g. taskset -c 1)
		return Path.of(this.command.get(this.launcherIndex));
	}

	/**
	 * Returns the exit code of a process that ended.
	 * @return the exit code, {@code null} while it runs
	 */
	public Integer exitCode() {
		return this.process.isAlive() ? null : this.process.exitValue();
	}

	public static String shellQuote(String arg) {
		return arg.matches("[A-Za-z0-9_./:=,+@%-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'";
	}

}
