package dev.twinstack.bench.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs {@code jcmd} (of the JDK a JVM runs on) against that JVM.
 */
public final class Jcmd {

	private static final Logger logger = LoggerFactory.getLogger(Jcmd.class);

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
		Path jcmd = launcher.resolveSibling("jcmd");
		if (!Files.isExecutable(jcmd)) {
			logger.warn("{} not found: no full GC", jcmd);
			return false;
		}
		try {
			Process process = new ProcessBuilder(jcmd.toString(), String.valueOf(pid), "GC.run")
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
			if (!process.waitFor(60, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				return false;
			}
			return process.exitValue() == 0;
		}
		catch (IOException ex) {
			logger.warn("jcmd {} GC.run failed: {}", pid, ex.getMessage());
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

}
