package dev.twinstack.bench.measure.jvm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A missing or failing {@code jcmd} is warned of once per run, not once per call.
 */
class JcmdTests {

	@TempDir
	Path dir;

	private final Captured captured = new Captured();

	private Logger logger;

	private Level level;

	@BeforeEach
	void capture() {
		this.logger = (Logger) LogManager.getLogger(Jcmd.class.getName());
		this.level = this.logger.getLevel();
		this.captured.start();
		// before the level: the first appender of a logger gives it a configuration of
		// its
		// own, with its parent's level
		this.logger.addAppender(this.captured);
		this.logger.setLevel(Level.DEBUG);
	}

	@AfterEach
	void release() {
		this.logger.removeAppender(this.captured);
		this.captured.stop();
		this.logger.setLevel(this.level);
	}

	@Test
	void aMissingJcmdIsWarnedOfOnce() {
		Path launcher = this.dir.resolve("bin").resolve("java");
		for (int i = 0; i < 3; i++) {
			assertThat(Jcmd.gc(launcher, ProcessHandle.current().pid())).isFalse();
		}
		assertThat(this.captured.at(Level.WARN)).singleElement()
			.asString()
			.contains(launcher.resolveSibling("jcmd") + " not found: no GC.run", "said once per run");
		assertThat(this.captured.at(Level.DEBUG)).hasSize(2);
	}

	@Test
	void aFailingJcmdIsWarnedOfOncePerCommand() throws IOException {
		Path bin = Files.createDirectories(this.dir.resolve("bin"));
		Path jcmd = bin.resolve("jcmd");
		Files.writeString(jcmd, "#!/bin/sh\necho 'no such process' >&2\nexit 1\n");
		Files.setPosixFilePermissions(jcmd, PosixFilePermissions.fromString("rwxr-xr-x"));
		Path launcher = bin.resolve("java");
		for (int i = 0; i < 3; i++) {
			assertThat(Jcmd.gc(launcher, 1)).isFalse();
		}
		assertThat(Jcmd.run(launcher, 1, "JFR.start", "name=x")).isEmpty();
		assertThat(this.captured.at(Level.WARN)).hasSize(2)
			.satisfiesExactly((gc) -> assertThat(gc).contains(jcmd + " 1 GC.run exited with 1: no such process"),
					(jfr) -> assertThat(jfr).contains(jcmd + " 1 JFR.start name=x exited with 1"));
		assertThat(this.captured.at(Level.DEBUG)).hasSize(2);
	}

	/** The Jcmd logger's events. */
	private static final class Captured extends AbstractAppender {

		private final List<LogEvent> events = new CopyOnWriteArrayList<>();

		Captured() {
			super("captured-jcmd", null, null, true, Property.EMPTY_ARRAY);
		}

		@Override
		public void append(LogEvent event) {
			this.events.add(event.toImmutable());
		}

		List<String> at(Level level) {
			return this.events.stream()
				.filter((event) -> event.getLevel() == level)
				.map((event) -> event.getMessage().getFormattedMessage())
				.toList();
		}

	}

}
