package dev.twinstack.bench.run;

import java.nio.file.Path;
import java.util.Map;

import dev.twinstack.bench.settings.FakeJdks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class EstimateTests {

	@TempDir
	Path dir;

	@Test
	void profilesFitTheirTimeBudgetsOnTwoCores() {
		assertThat(Estimate.seconds(FakeJdks.settings(Map.of(), this.dir))).isLessThanOrEqualTo(120);
		// issue 10 asks for 20 minutes: four warmed-up stacks on composite, estimated at
		// 21 (the estimate was 22 for the 23:24-24:54 measured with cpu-light, whose
		// cells measured the load generator on 2 cores)
		assertThat(Estimate.seconds(FakeJdks.settings(Map.of("bench.profile", "standard"), this.dir)))
			.isBetween(18 * 60L, 21 * 60L);
		// four stacks on every axis: 84-87 min measured with three, a third more with
		// coroutines
		assertThat(Estimate.seconds(FakeJdks.settings(Map.of("bench.profile", "full"), this.dir)))
			.isLessThanOrEqualTo(120 * 60);
	}

	@Test
	void seedsProfileFitsFifteenMinutesOnTwoCores() {
		// six app starts (two stacks × the default heap, 128 MB and 64 MB), each warmed
		// up for at most 60 s; ten count cells of three trials; five memory readings
		// per stack
		assertThat(Estimate.seconds(FakeJdks.settings(Map.of("bench.profile", "seeds"), this.dir))).isBetween(8 * 60L,
				15 * 60L);
	}

	@Test
	void faultsScenarioFitsItsTimeBudgetOnTwoCores() {
		assertThat(Estimate.seconds(
				FakeJdks.settings(Map.of("bench.scenarios", "faults", "bench.stacks", "mvc,mvc-vt,webflux"), this.dir)))
			.as("3 stacks on 2 cores")
			.isBetween(8 * 60L, 12 * 60L);
		// coroutines, a fourth app with the same faults: a third more
		assertThat(Estimate.seconds(FakeJdks.settings(Map.of("bench.scenarios", "faults"), this.dir)))
			.as("4 stacks on 2 cores")
			.isBetween(10 * 60L, 16 * 60L);
	}

}
