package dev.twinstack.bench.settings;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import dev.twinstack.bench.settings.jdk.Jdk;
import dev.twinstack.bench.settings.jdk.JdkSelector;

/**
 * Creates folders that look like JDKs to {@link Jdk#read}: {@code bin/java} and a
 * {@code release} file.
 */
public final class FakeJdks {

	private FakeJdks() {
	}

	public static Path create(Path parent, String name, String version, String vendor) {
		try {
			Path home = parent.resolve(name);
			Files.createDirectories(home.resolve("bin"));
			Files.writeString(home.resolve("bin/java"), "#!/bin/sh\n");
			Files.writeString(home.resolve("release"),
					"IMPLEMENTOR=\"" + vendor + "\"\nJAVA_VERSION=\"" + version + "\"\nOS_NAME=\"Linux\"\n");
			return home;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * A JDK selector that finds a Temurin 25 in the folder's {@code jvm} subfolder (the
	 * Maven JVM a JDK 17).
	 * @param dir a temporary folder
	 * @return the selector by {@code bench.javaHome} value
	 */
	static Function<String, JdkSelector> jdk25(Path dir) {
		Path new25 = create(dir.resolve("jvm"), "temurin-25", "25.0.3", "Eclipse Adoptium");
		create(dir, "jdk17", "17.0.15", "Debian");
		return (property) -> new JdkSelector(property, null, List.of(dir.resolve("jvm")), new25);
	}

	/**
	 * A JDK selector that finds nothing but the Maven JVM, a JDK 17.
	 * @param dir a temporary folder
	 * @return the selector by {@code bench.javaHome} value
	 */
	static Function<String, JdkSelector> jdk17(Path dir) {
		Path old17 = create(dir, "jdk17", "17.0.15", "Debian");
		return (property) -> new JdkSelector(property, null, List.of(), old17);
	}

	/**
	 * Reads settings on a machine whose JDK is a fake Temurin 25, for the tests of other
	 * packages ({@code BenchSettings.from(properties, jdks)} is package-private).
	 * @param properties the {@code bench.*} properties
	 * @param dir a temporary folder
	 * @return the settings
	 */
	public static BenchSettings settings(Map<String, String> properties, Path dir) {
		Path jdk = create(dir, "jdk25", "25.0.3", "Eclipse Adoptium");
		return BenchSettings.from(properties, (property) -> new JdkSelector(property, null, List.of(), jdk));
	}

}
