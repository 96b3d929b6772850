package dev.twinstack.bench.run;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import dev.twinstack.bench.measure.LoopbackProbe;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.settings.Machine;
import dev.twinstack.bench.settings.Tool;
import org.apache.jmeter.util.JMeterUtils;

/**
 * Describes the machine and JVM running the bench.
 */
final class EnvironmentProbe {

	private static final String GIT_PROPERTIES = "/git.properties";

	private static final Duration GIT_TIMEOUT = Duration.ofSeconds(10);

	private EnvironmentProbe() {
	}

	/**
	 * Describes the machine, this JVM and the optional commands found.
	 * @param tools the optional commands the run looked for ({@link Tools})
	 * @return the environment
	 */
	static BenchResults.Environment describe(List<Tool> tools) {
		long totalMemory = -1;
		if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
			totalMemory = os.getTotalMemorySize() / (1024 * 1024);
		}
		double[] loopback = LoopbackProbe.micros();
		String os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " ("
				+ System.getProperty("os.arch") + ")";
		return new BenchResults.Environment(System.getProperty("java.version"), System.getProperty("java.vendor"),
				Machine.cores(), totalMemory, os,
				"jmeter-java-dsl (Apache JMeter " + JMeterUtils.getJMeterVersion() + ", embedded)",
				ManagementFactory.getRuntimeMXBean().getInputArguments(), (loopback != null) ? loopback[0] : null,
				(loopback != null) ? loopback[1] : null, commit(), tools);
	}

	/**
	 * Reads the commit of the working tree the bench runs in: {@code git rev-parse HEAD}
	 * in the bench's working directory, {@code -dirty} appended when
	 * {@code git status --porcelain --untracked-files=no} lists a change; without git or
	 * outside a clone, the commit this module was built from ({@link #builtFrom()}). Why
	 * not the build's record alone: git-commit-id-maven-plugin 9.x reads the main
	 * worktree's HEAD in a linked git worktree (git-commit-id/git-commit-id-maven-plugin
	 * issue 882), so runs from a worktree recorded another commit.
	 * @return the full commit id, {@code -dirty} appended when the working tree had
	 * changes; {@code null} when neither git nor the build knows it
	 */
	static String commit() {
		String live = workingTree(Path.of("").toAbsolutePath());
		return (live != null) ? live : builtFrom();
	}

	/**
	 * Asks git for the commit of the working tree that holds a folder.
	 * @param folder a folder inside the working tree
	 * @return the full commit id, {@code -dirty} appended when a tracked file changed;
	 * {@code null} when git is missing, fails, or the folder is in no clone
	 */
	static String workingTree(Path folder) {
		String head = git(folder, "rev-parse", "HEAD");
		if (head == null || !head.strip().matches("[0-9a-f]{40}")) {
			return null;
		}
		String status = git(folder, "status", "--porcelain", "--untracked-files=no");
		if (status == null) {
			return null;
		}
		return head.strip() + (status.isBlank() ? "" : "-dirty");
	}

	/**
	 * Runs one git command and returns what it printed.
	 * @return its standard output, {@code null} when it could not run, failed, or had not
	 * exited {@link #GIT_TIMEOUT} after closing its output
	 */
	private static String git(Path folder, String... arguments) {
		List<String> command = new ArrayList<>();
		command.add("git");
		command.addAll(List.of(arguments));
		Process process;
		try {
			process = new ProcessBuilder(command).directory(folder.toFile())
				.redirectError(ProcessBuilder.Redirect.DISCARD)
				.start();
		}
		catch (IOException ex) {
			return null;
		}
		try {
			byte[] out = process.getInputStream().readAllBytes();
			if (!process.waitFor(GIT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS) || process.exitValue() != 0) {
				return null;
			}
			return new String(out, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			return null;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return null;
		}
		finally {
			process.destroyForcibly();
		}
	}

	/**
	 * Reads the commit this module was built from, in the {@code git.properties} that
	 * git-commit-id-maven-plugin writes at build time.
	 * @return the full commit id, {@code -dirty} appended when the working tree had
	 * changes; {@code null} when the build ran outside a git clone
	 */
	static String builtFrom() {
		Properties git = new Properties();
		try (InputStream in = EnvironmentProbe.class.getResourceAsStream(GIT_PROPERTIES)) {
			if (in == null) {
				return null;
			}
			git.load(in);
		}
		catch (IOException ex) {
			return null;
		}
		String id = git.getProperty("git.commit.id");
		if (id == null || id.isBlank()) {
			return null;
		}
		return id + (Boolean.parseBoolean(git.getProperty("git.dirty")) ? "-dirty" : "");
	}

}
