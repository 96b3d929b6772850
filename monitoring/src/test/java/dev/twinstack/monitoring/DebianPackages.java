package dev.twinstack.monitoring;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.fail;

/**
 * Installs the Debian packages a test needs, with
 * {@code src/test/scripts/ensure-debian-packages.sh}; fails the test with the script's
 * message when they cannot be installed (never skips it).
 */
final class DebianPackages {

	static final Path SCRIPT = Path.of("src", "test", "scripts", "ensure-debian-packages.sh");

	private DebianPackages() {
	}

	static void ensure(String... packages) {
		List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toAbsolutePath().toString()));
		command.addAll(List.of(packages));
		try {
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
	}

}
