package dev.twinstack.bench.analysis;

import dev.twinstack.bench.load.opencheck.OpenCheckStep;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OpenCrossCheckTests {

	@Test
	void agreesUpToTenPercentEitherWayOnP50() {
		assertThat(OpenCrossCheck.flags(110, 400, 100, 400)).isFalse();
		assertThat(OpenCrossCheck.flags(90, 400, 100, 400)).isFalse();
		assertThat(OpenCrossCheck.flags(110.2, 400, 100, 400)).isTrue();
		assertThat(OpenCrossCheck.flags(89.8, 400, 100, 400)).isTrue();
	}

	@Test
	void agreesUpToTenPercentEitherWayOnP99() {
		assertThat(OpenCrossCheck.flags(300, 440, 300, 400)).isFalse();
		assertThat(OpenCrossCheck.flags(300, 360, 300, 400)).isFalse();
		assertThat(OpenCrossCheck.flags(300, 441, 300, 400)).isTrue();
		assertThat(OpenCrossCheck.flags(300, 359, 300, 400)).isTrue();
	}

	@Test
	void flagsACellWithoutGatlingFigures() {
		OpenCrossCheck check = new OpenCrossCheck(300, 400, 0, 0);

		assertThat(check.p50Ratio()).isNaN();
		assertThat(check.agrees()).isFalse();
	}

	@Test
	void comparesWithAGatlingStepAndSaysSo() {
		OpenCheckStep step = new OpenCheckStep(300, 12, 2, 600, 3000, 3000, 0, 312.4, 402.1, 455);

		OpenCrossCheck within = OpenCrossCheck.of(318.6, 390.0, step);
		OpenCrossCheck outside = OpenCrossCheck.of(318.6, 480.0, step);

		assertThat(within.p50Ratio()).isCloseTo(1.02, org.assertj.core.api.Assertions.within(0.005));
		assertThat(within.describe()).isEqualTo("bench ÷ Gatling: p50 1.02, p99 0.97 (Gatling p50 312 ms, p99 402 ms)");
		assertThat(outside.agrees()).isFalse();
		assertThat(outside.describe()).endsWith("p99 1.19 (Gatling p50 312 ms, p99 402 ms) — outside ±10 %");
	}

}
