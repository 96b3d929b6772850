package dev.twinstack.monitoring;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.fail;

/**
 * Installs the Debian packages a test needs with
 * {@code monitoring/src/test/scripts/ensure-debian-packages.sh}, read from the test
 * classpath (this module's test-jar carries it to jmeter's tests); fails the test with
 * the script's message when they cannot be installed (never skips it).
 */
public final class DebianPackages {

	/** The script's name on the test classpath. */
	static final String SCRIPT = "ensure-debian-packages.sh";

	private DebianPackages() {
	}

	/**
	 * Installs the packages that are missing.
	 * @param packages Debian package names, e.g. {@code chromium}
	 * @throws AssertionError when a package cannot be installed (the script's last line
	 * says why), installing takes longer than 15 minutes, or the script cannot run
	 */
	public static void ensure(String... packages) {
		Path script = null;
		try {
			script = copyOfScript();
			List<String> command = new ArrayList<>(List.of("bash", script.toString()));
			command.addAll(List.of(packages));
			Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!process.waitFor(15, TimeUnit.MINUTES)) {
				process.destroyForcibly();
				fail("Installing " + List.of(packages) + " took longer than 15 minutes");
			}
			if (process.exitValue() != 0) {
				String[] lines = output.strip().split("\n");
				fail("Packages " + List.of(packages) + " are needed and could not be installed: "
						+ lines[lines.length - 1]);
			}
		}
		catch (IOException ex) {
			fail("Could not run " + SCRIPT + ": " + ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			fail("Interrupted while installing " + List.of(packages));
		}
		finally {
			deleteQuietly(script);
		}
	}

	private static Path copyOfScript() throws IOException {
		try (InputStream in = DebianPackages.class.getResourceAsStream("/" + SCRIPT)) {
			if (in == null) {
				throw new IOException(SCRIPT + " is not on the test classpath");
			}
			Path copy = Files.createTempFile("twinstack-", "-" + SCRIPT);
			Files.write(copy, in.readAllBytes());
			return copy;
		}
	}

	private static void deleteQuietly(Path file) {
		if (file != null) {
			try {
				Files.deleteIfExists(file);
			}
			catch (IOException ex) {
				// a temporary file left behind is harmless
			}
		}
	}

}
