package dev.twinstack.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Creates folders that look like JDKs to {@link Jdk#read}: {@code bin/java} and a
 * {@code release} file.
 */
final class FakeJdks {

	private FakeJdks() {
	}

	static Path create(Path parent, String name, String version, String vendor) {
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

}
