package dev.twinstack.bench.settings;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An optional command the bench uses when it finds it, and what its absence costs. The
 * bench needs a JDK and nothing else: each missing tool turns one feature off, says so in
 * one line on the console and in the report's settings, and the run goes on.
 *
 * @param feature what the tool serves, e.g. {@code cross-check}
 * @param command the command, e.g. {@code wrk}
 * @param path where it was found, {@code null} when it was not
 * @param reason why the feature is off, e.g. {@code wrk not found on the PATH};
 * {@code null} when it is on
 * @param cost what the run lacks without it, in words; {@code null} when it is on
 */
public record Tool(String feature, String command, String path, String reason, String cost) {

	/**
	 * Returns a tool that was found.
	 * @param feature what it serves
	 * @param command the command
	 * @param path where it was found
	 * @return the tool, on
	 */
	public static Tool found(String feature, String command, Path path) {
		return new Tool(feature, command, path.toString(), null, null);
	}

	/**
	 * Returns a tool that is missing or cannot be used here.
	 * @param feature what it serves
	 * @param command the command
	 * @param reason why it cannot be used, e.g. {@code wrk not found on the PATH}
	 * @param cost what the run lacks without it
	 * @return the tool, off
	 */
	public static Tool missing(String feature, String command, String reason, String cost) {
		return new Tool(feature, command, null, reason, cost);
	}

	/**
	 * Returns whether the tool was found and its feature is on.
	 * @return {@code true} when on
	 */
	public boolean available() {
		return this.reason == null;
	}

	/**
	 * Returns the one line the console and the report show for the tool.
	 * @return e.g. {@code cross-check: off, wrk not found on the PATH (brew install wrk /
	 * apt-get install wrk); JMeter's figures are not checked against a second load
	 * generator} or {@code cross-check: on, wrk at /usr/bin/wrk}
	 */
	public String line() {
		return available() ? this.feature + ": on, " + this.command + " at " + this.path
				: this.feature + ": off, " + this.reason + "; " + this.cost;
	}

	/**
	 * Finds an executable command on the {@code PATH}.
	 * @param command the command's file name, e.g. {@code wrk}
	 * @return its path, empty when no folder of the {@code PATH} holds it
	 */
	public static Optional<Path> onPath(String command) {
		return onPath(command, System.getenv("PATH"));
	}

	/**
	 * Finds an executable command in a search path.
	 * @param command the command's file name
	 * @param searchPath folders separated by {@link File#pathSeparator}, {@code null} for
	 * none
	 * @return the first executable file of that name, empty when there is none
	 */
	public static Optional<Path> onPath(String command, String searchPath) {
		if (searchPath == null) {
			return Optional.empty();
		}
		return Arrays.stream(searchPath.split(Pattern.quote(File.pathSeparator)))
			.filter((folder) -> !folder.isBlank())
			.map((folder) -> in(folder, command))
			.flatMap(Optional::stream)
			.filter((file) -> Files.isRegularFile(file) && Files.isExecutable(file))
			.findFirst();
	}

	private static Optional<Path> in(String folder, String command) {
		try {
			return Optional.of(Path.of(folder, command));
		}
		catch (InvalidPathException ex) {
			return Optional.empty();
		}
	}

}
