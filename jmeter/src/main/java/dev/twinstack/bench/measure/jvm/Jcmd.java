package dev.twinstack.bench.measure.jvm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs {@code jcmd} (of the JDK a JVM runs on) against that JVM. A missing or failing
 * {@code jcmd} is warned of once per run (per {@code jcmd}, and per command that fails);
 * the repeats go to the debug log: every full GC before a reading would repeat them.
 */
public final class Jcmd {

	private static final Logger logger = LoggerFactory.getLogger(Jcmd.class);

	/** The longest one command may take (a full GC of a large heap included). */
	static final Duration TIMEOUT = Duration.ofSeconds(60);

	/** The warnings given so far, by {@code jcmd} path and kind of failure. */
	private static final Set<String> warned = ConcurrentHashMap.newKeySet();

	private Jcmd() {
	}

	/**
	 * Runs a full garbage collection in a JVM ({@code jcmd <pid> GC.run}) and waits for
	 * it.
	 * @param launcher the {@code java} launcher the JVM runs on: its JDK's {@code jcmd}
	 * is used
	 * @param pid the JVM's process id
	 * @return {@code true} when the collection ran; {@code false} when {@code jcmd} is
	 * missing (a JRE) or failed
	 */
	public static boolean gc(Path launcher, long pid) {
		return run(launcher, pid, "GC.run").isPresent();
	}

	/**
	 * Runs one {@code jcmd} command against a JVM and waits for it, at most
	 * {@link #TIMEOUT}; a failure is logged with jcmd's output.
	 * @param launcher the {@code java} launcher the JVM runs on: its JDK's {@code jcmd}
	 * is used
	 * @param pid the JVM's process id
	 * @param command the command and its arguments, e.g. {@code JFR.start},
	 * {@code name=x}
	 * @return jcmd's output (stdout and stderr) when it exited with 0; empty when
	 * {@code jcmd} is missing (a JRE), failed or timed out
	 */
	public static Optional<String> run(Path launcher, long pid, String... command) {
		Path jcmd = launcher.resolveSibling("jcmd");
		if (!Files.isExecutable(jcmd)) {
			warnOnce(jcmd + " missing", jcmd + " not found: no " + String.join(" ", command));
			return Optional.empty();
		}
		String failure = jcmd + " " + command[0] + " failed";
		List<String> line = new ArrayList<>(List.of(jcmd.toString(), String.valueOf(pid)));
		line.addAll(List.of(command));
		Path output = null;
		try {
			// output to a file: a pipe read to its end would wait past the timeout
			output = Files.createTempFile("jcmd-", ".txt");
			Process process = new ProcessBuilder(line).redirectErrorStream(true)
				.redirectOutput(output.toFile())
				.start();
			if (!process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
				process.destroyForcibly();
				warnOnce(failure, String.join(" ", line) + " took more than " + TIMEOUT.toSeconds() + " s: stopped");
				return Optional.empty();
			}
			String text = Files.readString(output, StandardCharsets.UTF_8);
			if (process.exitValue() != 0) {
				warnOnce(failure, String.join(" ", line) + " exited with " + process.exitValue() + ": " + text.strip());
				return Optional.empty();
			}
			return Optional.of(text);
		}
		catch (IOException ex) {
			warnOnce(failure, String.join(" ", line) + " failed: " + ex.getMessage());
			return Optional.empty();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Optional.empty();
		}
		finally {
			if (output != null) {
				output.toFile().delete();
			}
		}
	}

	/**
	 * Logs a warning the first time a kind of failure happens, at debug level after.
	 * @param kind the {@code jcmd} and the kind of failure
	 * @param message what happened
	 */
	private static void warnOnce(String kind, String message) {
		if (warned.add(kind)) {
			logger.warn("{} (said once per run; repeats at debug level)", message);
		}
		else {
			logger.debug(message);
		}
	}

}
