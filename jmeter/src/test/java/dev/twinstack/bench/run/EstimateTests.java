package dev.twinstack.bench.run;

import java.nio.file.Path;
import java.util.Map;

import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.FakeJdks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class EstimateTests {

	@TempDir
	Path dir;

	@Test
	void profilesFitTheirTimeBudgetsOnTwoCores() {
		assertThat(Estimate.seconds(FakeJdks.settings(Map.of(), this.dir), true)).isLessThanOrEqualTo(120);
		// issue 10 asked for 20 minutes with four JVMs, one per stack on composite
		// sequential, each warmed up until steady (125 s on average, at most 180 s), then
		// three 10 s trials, each followed by a drained wrk run: estimated at 17.3, 15:24
		// and 16:55 measured at 6069aca and bed6c2c; issue 27 allows 25 minutes with
		// webflux-vt, a fifth JVM: estimated at 21.6
		assertThat(Estimate.seconds(FakeJdks.settings(Map.of("bench.profile", "standard"), this.dir), true))
			.isBetween(17 * 60L, 25 * 60L);
		// five stacks on every axis: 84-87 min measured with three, a third more with
		// coroutines, as much again with webflux-vt: estimated at 138
		assertThat(Estimate.seconds(FakeJdks.settings(Map.of("bench.profile", "full"), this.dir), true))
			.isLessThanOrEqualTo(145 * 60);
		// issue 28 allows 30 minutes for the capacity search of five stacks: per stack an
		// app start, a 60 s warm-up, about eight rungs and two confirmation trials of
		// 14.5 s, then Gatling
		assertThat(Estimate.seconds(FakeJdks.settings(Map.of("bench.profile", "capacity"), this.dir), true))
			.isBetween(15 * 60L, 25 * 60L);
	}

	@Test
	void countsEachWrkRunWithItsDrain() {
		BenchSettings standard = FakeJdks.settings(Map.of("bench.profile", "standard"), this.dir);
		BenchSettings without = FakeJdks.settings(Map.of("bench.profile", "standard", "bench.crosscheck", "none"),
				this.dir);
		// standard: one closed cell per stack, composite sequential (3 × 100 ms
		// downstream: a 3 s drain); a wrk warm-up and a wrk run after each trial, each
		// ramp-up + hold + drain, then 1 s for the stored count
		assertThat(standard.cells()).allMatch((cell) -> cell.load() == LoadModel.CLOSED);
		long perRun = 1 + standard.duration().toSeconds() + 3 + 1;
		assertThat(Estimate.seconds(standard, true) - Estimate.seconds(without, true))
			.isEqualTo(standard.cells().size() * (1 + standard.trials()) * perRun);
	}

	@Test
	void countsNoWrkRunWhenWrkIsNotFound() {
		BenchSettings standard = FakeJdks.settings(Map.of("bench.profile", "standard"), this.dir);
		BenchSettings without = FakeJdks.settings(Map.of("bench.profile", "standard", "bench.crosscheck", "none"),
				this.dir);
		assertThat(standard.crossChecksWithWrk()).isTrue();
		// asked for, but wrk is not on the PATH: the bench runs no cross-check
		assertThat(Estimate.seconds(standard, false)).isEqualTo(Estimate.seconds(without, true))
			.isLessThan(Estimate.seconds(standard, true));
	}

	@Test
	void seedsProfileFitsEighteenMinutesOnTwoCores() {
		// ten app starts (two stacks: cpu-light on the default heap, each fanout of
		// composite on 128 MB and 64 MB), each warmed up for at most 60 s; ten count
		// cells of three trials; five memory readings per stack: 16.6 min estimated
		// (12-13
		// measured with six starts, one per stack and heap)
		assertThat(Estimate.seconds(FakeJdks.settings(Map.of("bench.profile", "seeds"), this.dir))).isBetween(8 * 60L,
				18 * 60L);
	}

	@Test
	void faultsScenarioFitsItsTimeBudgetOnTwoCores() {
		assertThat(Estimate.seconds(
				FakeJdks.settings(Map.of("bench.scenarios", "faults", "bench.stacks", "mvc,mvc-vt,webflux"), this.dir)))
			.as("3 stacks on 2 cores")
			.isBetween(8 * 60L, 12 * 60L);
		// coroutines and webflux-vt, a fourth and fifth app with the same faults: two
		// thirds more
		assertThat(Estimate.seconds(FakeJdks.settings(Map.of("bench.scenarios", "faults"), this.dir)))
			.as("5 stacks on 2 cores")
			.isBetween(13 * 60L, 20 * 60L);
	}

}
