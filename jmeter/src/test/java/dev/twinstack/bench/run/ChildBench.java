package dev.twinstack.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * A bench in a JVM of its own, as {@code ./mvnw verify -Pbench} runs it: the test
 * classpath, main class {@link BenchRunner}, settings as {@code -D} properties, its
 * console in a file next to its output folder. For the tests that signal or kill it and
 * its children; {@link #close()} kills whatever is left.
 */
final class ChildBench implements AutoCloseable {

	private static final List<String> FORWARDED = List.of("bench.mockServicesJar", "bench.mvcJar", "bench.webfluxJar",
			"bench.javaHome");

	private final Process process;

	private final Path console;

	private ChildBench(Process process, Path console) {
		this.process = process;
		this.console = console;
	}

	/**
	 * Starts a bench.
	 * @param outputDir its output folder
	 * @param settings {@code bench.*} properties
	 * @return the running bench
	 * @throws IOException when the JVM cannot start
	 */
	static ChildBench start(Path outputDir, Map<String, String> settings) throws IOException {
		return start(outputDir, settings, Map.of());
	}

	/**
	 * Starts a bench with some of its environment variables replaced.
	 * @param outputDir its output folder
	 * @param settings {@code bench.*} properties
	 * @param environment variables to set in its environment, e.g. {@code PATH}
	 * @return the running bench
	 * @throws IOException when the JVM cannot start
	 */
	static ChildBench start(Path outputDir, Map<String, String> settings, Map<String, String> environment)
			throws IOException {
		Files.createDirectories(outputDir);
		List<String> command = new ArrayList<>();
		if (ignoresSigint()) {
			// started from a shell without job control: a JVM keeps an ignored SIGINT
			// ignored, so give the child the default disposition back
			command.addAll(List.of("env", "--default-signal=INT"));
		}
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.add("-Xmx1g");
		command.add("-cp");
		// Failsafe sets java.class.path to the test classpath (its own JVM starts from a
		// manifest-only jar)
		command.add(System.getProperty("java.class.path"));
		FORWARDED.stream()
			.filter((name) -> System.getProperty(name) != null)
			.forEach((name) -> command.add("-D" + name + "=" + System.getProperty(name)));
		settings.forEach((name, value) -> command.add("-D" + name + "=" + value));
		command.add("-Dbench.outputDir=" + outputDir.toAbsolutePath());
		command.add(BenchRunner.class.getName());
		Path console = outputDir.resolveSibling(outputDir.getFileName() + "-console.log");
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console.toFile());
		builder.environment().putAll(environment);
		Process process = builder.start();
		return new ChildBench(process, console);
	}

	/**
	 * Waits for a console line matching a pattern (the n-th such line).
	 * @param regex the pattern, found anywhere in the line
	 * @param occurrence 1 for the first matching line
	 * @param timeout the longest wait
	 * @return the match
	 * @throws AssertionError with the console when the bench exits or the time runs out
	 */
	Matcher awaitLine(String regex, int occurrence, Duration timeout) {
		Pattern pattern = Pattern.compile(regex);
		Matcher[] found = new Matcher[1];
		try {
			Awaitility.await(regex)
				.atMost(timeout)
				.pollInterval(Duration.ofMillis(100))
				.failFast("the bench exited", () -> !this.process.isAlive() && find(pattern, occurrence) == null)
				.until(() -> (found[0] = find(pattern, occurrence)) != null);
		}
		catch (ConditionTimeoutException | org.awaitility.core.TerminalFailureException ex) {
			throw new AssertionError(
					"No console line /" + regex + "/ (#" + occurrence + ") within " + timeout.toSeconds() + " s"
							+ (this.process.isAlive() ? "" : " (the bench exited)") + ":\n" + console());
		}
		return found[0];
	}

	/**
	 * Returns the bench's running descendants: mock-services, the apps, anything they
	 * spawned.
	 * @return the descendants now
	 */
	List<ProcessHandle> descendants() {
		return this.process.descendants().toList();
	}

	/**
	 * Sends a signal to the bench JVM.
	 * @param name e.g. {@code INT}
	 */
	void signal(String name) {
		kill(name, this.process.pid());
	}

	/**
	 * Sends SIGTERM ({@link Process#destroy()}).
	 */
	void terminate() {
		this.process.destroy();
	}

	/**
	 * Waits for the bench JVM to exit.
	 * @param timeout the longest wait
	 * @return {@code true} when it exited
	 */
	boolean awaitExit(Duration timeout) {
		try {
			return this.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	int exitCode() {
		return this.process.exitValue();
	}

	/**
	 * Returns everything the bench printed so far.
	 * @return the console
	 */
	String console() {
		try {
			return Files.readString(this.console, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public void close() {
		List<ProcessHandle> left = descendants();
		this.process.destroyForcibly();
		left.forEach(ProcessHandle::destroyForcibly);
	}

	/**
	 * Sends a signal to a process with {@code kill}.
	 * @param name e.g. {@code KILL}
	 * @param pid the process
	 */
	static void kill(String name, long pid) {
		try {
			Process kill = new ProcessBuilder("kill", "-" + name, String.valueOf(pid)).inheritIO().start();
			if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
				throw new AssertionError("kill -" + name + " " + pid + " failed");
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new AssertionError(ex);
		}
	}

	private Matcher find(Pattern pattern, int occurrence) {
		int seen = 0;
		for (String line : console().lines().toList()) {
			Matcher matcher = pattern.matcher(line);
			if (matcher.find() && ++seen == occurrence) {
				return matcher;
			}
		}
		return null;
	}

	/**
	 * Tells whether this JVM ignores SIGINT (bit 2 of {@code SigIgn} in
	 * {@code /proc/self/status}), which its children would inherit.
	 */
	private static boolean ignoresSigint() {
		try {
			return Files.readAllLines(Path.of("/proc/self/status"))
				.stream()
				.filter((line) -> line.startsWith("SigIgn:"))
				.map((line) -> Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16))
				.anyMatch((mask) -> (mask & 0b10) != 0);
		}
		catch (IOException ex) {
			return false;
		}
	}

}
