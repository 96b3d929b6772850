package dev.twinstack.bench.settings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class ToolTests {

	@Test
	void aMissingToolSaysInOneLineWhatItsFeatureLacks() {
		Tool wrk = Tool.missing("cross-check", "wrk", "wrk not found on the PATH",
				"JMeter's figures are not checked against a second load generator");
		assertThat(wrk.available()).isFalse();
		assertThat(wrk.line()).isEqualTo("cross-check: off, wrk not found on the PATH; "
				+ "JMeter's figures are not checked against a second load generator");
		Tool found = Tool.found("cross-check", "wrk", Path.of("/opt/homebrew/bin/wrk"));
		assertThat(found.available()).isTrue();
		assertThat(found.line()).isEqualTo("cross-check: on, wrk at /opt/homebrew/bin/wrk");
	}

	@Test
	void findsTheFirstExecutableOfThatNameOnTheSearchPath(@TempDir Path folder) throws IOException {
		Path plain = Files.createDirectory(folder.resolve("plain"));
		Files.writeString(plain.resolve("taskset"), "not executable");
		Path bin = Files.createDirectory(folder.resolve("bin"));
		Path taskset = Files.writeString(bin.resolve("taskset"), "#!/bin/sh\n");
		Files.setPosixFilePermissions(taskset, PosixFilePermissions.fromString("rwxr-xr-x"));
		assertThat(Tool.onPath("taskset", plain + ":" + bin)).contains(taskset);
		assertThat(Tool.onPath("taskset", plain.toString())).isEmpty();
		assertThat(Tool.onPath("taskset", null)).isEmpty();
	}

}
