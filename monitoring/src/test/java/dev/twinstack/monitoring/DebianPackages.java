package dev.twinstack.monitoring;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.fail;

/**
 * Finds the commands a test needs where users install them: on the {@code PATH} first (a
 * brew-installed {@code wrk}, a {@code google-chrome}, a {@code chromedriver} built
 * anywhere); only when none is there, installs the Debian package that holds it with
 * {@code monitoring/src/test/scripts/ensure-debian-packages.sh}, read from the test
 * classpath (this module's test-jar carries it to jmeter's tests), where apt-get can.
 * Fails the test with a message naming the command and how to install it when neither
 * works (never skips it).
 */
public final class DebianPackages {

	/** The script's name on the test classpath. */
	static final String SCRIPT = "ensure-debian-packages.sh";

	private DebianPackages() {
	}

	/**
	 * Returns the first of a command's names found on the {@code PATH}, installing its
	 * Debian package first when none is.
	 * @param debianPackage the Debian package that holds it, e.g. {@code chromium}
	 * @param names the command's names, the preferred first, e.g. {@code chromium},
	 * {@code chromium-browser}, {@code google-chrome}
	 * @return the command's path
	 * @throws AssertionError when it is not on the {@code PATH} and cannot be installed
	 */
	public static Path command(String debianPackage, String... names) {
		Optional<Path> found = onPath(System.getenv("PATH"), names);
		if (found.isPresent()) {
			return found.get();
		}
		ensure(debianPackage);
		// apt-get puts it in /usr/bin, which a PATH without it still lacks
		return onPath(System.getenv("PATH") + File.pathSeparator + "/usr/bin", names)
			.orElseThrow(() -> new AssertionError("Debian package " + debianPackage + " is installed but none of "
					+ List.of(names) + " is on the PATH or in /usr/bin"));
	}

	/**
	 * Finds the first of several command names in a search path.
	 * @param searchPath folders separated by {@link File#pathSeparator}, {@code null} for
	 * none
	 * @param names the names, the preferred first
	 * @return the first executable file found, by name then by folder
	 */
	public static Optional<Path> onPath(String searchPath, String... names) {
		if (searchPath == null) {
			return Optional.empty();
		}
		List<String> folders = Arrays.stream(searchPath.split(Pattern.quote(File.pathSeparator)))
			.filter((folder) -> !folder.isBlank())
			.toList();
		for (String name : names) {
			for (String folder : folders) {
				Path file = Path.of(folder, name);
				if (Files.isRegularFile(file) && Files.isExecutable(file)) {
					return Optional.of(file);
				}
			}
		}
		return Optional.empty();
	}

	/**
	 * Installs the packages that are missing, with apt-get (as root or through
	 * {@code sudo -n}); prefer {@link #command} for a command, which looks on the
	 * {@code PATH} first.
	 * @param packages Debian package names, e.g. {@code chromium}
	 * @throws AssertionError when a package cannot be installed (the script's last line
	 * says why: e.g. not a Debian system, no root), installing takes longer than 15
	 * minutes, or the script cannot run
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
				fail("Packages " + List.of(packages) + " are needed (not found on the PATH) and could not be "
						+ "installed: " + lines[lines.length - 1]);
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
