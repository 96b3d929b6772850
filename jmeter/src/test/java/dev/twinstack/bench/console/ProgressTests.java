package dev.twinstack.bench.console;

import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ProgressTests {

	private static final Instant T0 = Instant.parse("2026-11-21T13:00:00Z");

	@Test
	void estimatesFromThePlanThenFromMeasuredCells() {
		// 4 cells of 31 s (+6 s collection each), 2 apps of 20 s (+20 s start each)
		Progress progress = new Progress(T0, 4, 31, 20, 2);
		assertThat(progress.status(T0)).isEqualTo("elapsed 0:00, ETA 3:48");
		progress.appStarting(T0);
		progress.cellStarted(T0.plusSeconds(40));
		assertThat(progress.status(T0.plusSeconds(50))).isEqualTo("elapsed 0:50, ETA 2:58");
		progress.cellFinished(T0.plusSeconds(90));
		// measured: 50 s per cell; 3 cells and one app left
		assertThat(progress.status(T0.plusSeconds(90))).isEqualTo("elapsed 1:30, ETA 3:10");
	}

}
