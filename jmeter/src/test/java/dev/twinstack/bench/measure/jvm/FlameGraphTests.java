package dev.twinstack.bench.measure.jvm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

import jdk.jfr.Recording;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Draws flame graphs from a real JFR recording of this JVM: one second spent in
 * {@link #firstHalfWork}, then one in {@link #secondHalfWork}, sampled by the JDK every
 * 10 ms as the bench's {@code settings=profile} does.
 */
class FlameGraphTests {

	@TempDir
	static Path dir;

	static Path recording;

	static Instant start;

	static Instant middle;

	static Instant end;

	static volatile long sink;

	@BeforeAll
	static void record() throws IOException {
		recording = dir.resolve("app.jfr");
		try (Recording jfr = new Recording()) {
			jfr.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
			jfr.start();
			start = Instant.now();
			firstHalfWork();
			middle = Instant.now();
			secondHalfWork();
			end = Instant.now();
			jfr.stop();
			jfr.dump(recording);
		}
	}

	@Test
	void drawsTheExecutionSamplesOfTheWindowAsASelfContainedPage() throws IOException {
		Path html = dir.resolve("runs/cell/trial-1/flame.html");

		FlameGraph.render(recording, start, end, "mvc-composite-sequential-c400: CPU", html);

		String page = Files.readString(html);
		assertThat(page).startsWith("<!DOCTYPE html>")
			.contains("mvc-composite-sequential-c400: CPU", "<canvas", "firstHalfWork", "secondHalfWork")
			.doesNotContain("<script src=", "<link ", "<img ");
		assertThat(html.resolveSibling("flame.html.part")).doesNotExist();
	}

	@Test
	void leavesOutTheSamplesOutsideTheWindow() throws IOException {
		Path second = dir.resolve("second.html");

		FlameGraph.render(recording, middle.plusMillis(100), end, "second", second);

		assertThat(Files.readString(second)).contains("secondHalfWork").doesNotContain("firstHalfWork");
	}

	@Test
	void refusesAnEmptyWindow() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> FlameGraph.render(recording, end, start, "none", dir.resolve("none.html")))
			.withMessageContaining("empty window");
	}

	private static void firstHalfWork() {
		spin(Duration.ofSeconds(1));
	}

	private static void secondHalfWork() {
		spin(Duration.ofSeconds(1));
	}

	private static void spin(Duration duration) {
		long until = System.nanoTime() + duration.toNanos();
		long x = 1;
		while (System.nanoTime() < until) {
			for (int i = 0; i < 10_000; i++) {
				x = x * 6364136223846793005L + 1442695040888963407L;
			}
		}
		sink = x;
	}

}
