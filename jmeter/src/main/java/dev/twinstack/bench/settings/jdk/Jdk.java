package dev.twinstack.bench.settings.jdk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

import dev.twinstack.bench.matrix.Stack;

/**
 * A JDK installation the bench can start its JVMs with.
 *
 * @param home the installation folder (holds {@code bin/java} and {@code release})
 * @param version the full version, e.g. {@code 25.0.3} ({@code JAVA_VERSION} of the
 * {@code release} file)
 * @param feature the feature release, e.g. {@code 25}
 * @param vendor who built it, e.g. {@code Eclipse Adoptium} ({@code IMPLEMENTOR}), or
 * {@code unknown}
 * @param source how it was chosen, e.g. {@code -Dbench.javaHome}, {@code JAVA_HOME},
 * {@code newest JDK >= 21 in /usr/lib/jvm}, {@code the Maven JVM}
 */
public record Jdk(Path home, String version, int feature, String vendor, String source) {

	/**
	 * Reads the {@code release} file of a JDK folder.
	 * @param home the folder
	 * @param source how it was chosen, for the report
	 * @return the JDK, or empty when the folder has no {@code bin/java} or no readable
	 * {@code JAVA_VERSION}
	 */
	public static Optional<Jdk> read(Path home, String source) {
		Path release = home.resolve("release");
		if (!Files.isRegularFile(release) || !Files.isRegularFile(home.resolve("bin").resolve("java"))) {
			return Optional.empty();
		}
		Properties properties = new Properties();
		try (var reader = Files.newBufferedReader(release)) {
			properties.load(reader);
		}
		catch (IOException | IllegalArgumentException ex) {
			return Optional.empty();
		}
		String version = unquote(properties.getProperty("JAVA_VERSION"));
		if (version == null) {
			return Optional.empty();
		}
		int feature = feature(version);
		if (feature < 1) {
			return Optional.empty();
		}
		String vendor = Optional.ofNullable(unquote(properties.getProperty("IMPLEMENTOR"))).orElse("unknown");
		return Optional.of(new Jdk(home.toAbsolutePath().normalize(), version, feature, vendor, source));
	}

	/**
	 * Returns the {@code java} launcher of this JDK.
	 * @return {@code <home>/bin/java}
	 */
	public Path java() {
		return this.home.resolve("bin").resolve("java");
	}

	/**
	 * Tells whether a stack can run on this JDK.
	 * @param stack the stack
	 * @return {@code true} when the feature release is at least the stack's minimum
	 */
	public boolean runs(Stack stack) {
		return this.feature >= stack.minimumJava();
	}

	/**
	 * Describes the JDK for the report.
	 * @return e.g. {@code 25.0.3 (Eclipse Adoptium), /usr/lib/jvm/temurin-25-jdk-amd64}
	 */
	public String describe() {
		return this.version + " (" + this.vendor + "), " + this.home;
	}

	/**
	 * The feature release of {@code 17.0.15}, {@code 21}, {@code 1.8.0_412}: 17, 21, 8.
	 */
	public static int feature(String version) {
		String[] parts = version.split("[.+_-]");
		try {
			int first = Integer.parseInt(parts[0]);
			return (first == 1 && parts.length > 1) ? Integer.parseInt(parts[1]) : first;
		}
		catch (NumberFormatException ex) {
			return -1;
		}
	}

	private static String unquote(String value) {
		if (value == null) {
			return null;
		}
		String trimmed = value.trim();
		if (trimmed.length() >= 2 && trimmed.startsWith("\"") && trimmed.endsWith("\"")) {
			trimmed = trimmed.substring(1, trimmed.length() - 1);
		}
		return trimmed.isEmpty() ? null : trimmed;
	}

}
