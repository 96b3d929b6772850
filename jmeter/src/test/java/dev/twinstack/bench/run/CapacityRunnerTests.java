package dev.twinstack.bench.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.twinstack.bench.analysis.capacity.Capacity;
import dev.twinstack.bench.load.ErrorsPerSecond;
import dev.twinstack.bench.load.JtlAnalysis;
import dev.twinstack.bench.load.LatencyStats;
import dev.twinstack.bench.load.ScheduledLatency;
import dev.twinstack.bench.load.opencheck.OpenCheckPlan;
import dev.twinstack.bench.load.opencheck.OpenCheckResult;
import dev.twinstack.bench.load.opencheck.OpenCheckStep;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.measure.storage.Storage;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.FakeJdks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The capacity search's open-model check: Gatling's figures set beside the bench's
 * intended ones of the same rungs, a failed check said, and what Gatling is sent.
 */
class CapacityRunnerTests {

	private static final LatencyStats SERVICE = new LatencyStats(3000, 1, 310, 20, 305, 310, 315, 320, 340, 380, 450,
			420, 900, 1000);

	private static final LatencyStats INTENDED = new LatencyStats(3000, 1, 400, 90, 320, 330, 340, 350, 500, 700, 900,
			1400, 1900, 2000);

	@TempDir
	Path dir;

	@Test
	void setsGatlingsFiguresBesideTheBenchsIntendedOnesOfTheSameRungs() {
		List<List<Integer>> asked = new ArrayList<>();
		Map<Integer, LatencyStats> intended = Map.of(255, stats(300, 330), 510, stats(500, 700), 340, stats(1, 1));
		Capacity.Gatling check = CapacityRunner.check(List.of(255, 510), intended, gatling((rates) -> {
			asked.add(rates);
			return new GatlingCheck.Run(
					new OpenCheckResult("r1-g", 9_000, 9_000, null, List.of(step(255, 295, 320), step(510, 480, 560))),
					new Storage(9_000, 9_000));
		}));
		assertThat(asked).containsExactly(List.of(255, 510));
		assertThat(check.checks()).containsExactly(new Capacity.Check(255, 300, 330, 295, 320),
				new Capacity.Check(510, 500, 700, 480, 560));
		assertThat(check.checks().get(0).agrees()).isTrue();
		// 700 ÷ 560 = 1.25
		assertThat(check.checks().get(1).agrees()).isFalse();
		assertThat(check.storage()).isEqualTo(new Storage(9_000, 9_000));
		assertThat(check.notChecked()).isNull();
	}

	@Test
	void aCheckThatCannotRunIsSaidNotFailed() {
		Capacity.Gatling check = CapacityRunner.check(List.of(510), Map.of(510, stats(500, 700)), gatling((rates) -> {
			throw new BenchException("open-check is not built (open-check/target/classes is missing): run ./mvnw "
					+ "package first\nmore lines");
		}));
		assertThat(check.notChecked())
			.isEqualTo("open-check is not built (open-check/target/classes is missing): run ./mvnw package first");
		assertThat(check.checks()).isEmpty();
		assertThat(check.line()).startsWith("Gatling not checked: open-check is not built");
	}

	@Test
	void comparesWithTheLatencyFromTheIntendedSendTime() {
		JtlAnalysis scheduled = new JtlAnalysis(SERVICE, null, List.of(), 0, 0, 0, null, null, Map.of(),
				ErrorsPerSecond.NONE, new ScheduledLatency(INTENDED, 3000, 30, 250));
		assertThat(CapacityRunner.intended(scheduled)).isEqualTo(INTENDED);
		// a JTL without a schedule: from the actual send
		assertThat(CapacityRunner.intended(new JtlAnalysis(SERVICE, null, List.of(), 0, 0, 0))).isEqualTo(SERVICE);
	}

	@Test
	void sendsAWarmUpThenEachRateForARungWithItsRampLeftOut() {
		BenchSettings settings = FakeJdks.settings(Map.of("bench.profile", "capacity"), this.dir);
		Cell cell = settings.cells().get(0);
		OpenCheckPlan plan = GatlingCheck.plan(settings, cell, "http://127.0.0.2:8081", "r1-g", List.of(255, 510));
		assertThat(plan.warmUp()).isEqualTo(new OpenCheckPlan.Step(255, GatlingCheck.WARM_UP_SECONDS));
		// a rung: 1 s ramp-up, 10 s hold
		assertThat(plan.steps()).containsExactly(new OpenCheckPlan.Step(255, 11), new OpenCheckPlan.Step(510, 11));
		assertThat(plan.skipSeconds()).isEqualTo(1);
		assertThat(plan.path()).isEqualTo(cell.workload().path());
		assertThat(plan.requestIdPrefix()).isEqualTo("r1-g");
	}

	private static LatencyStats stats(double p50, double p99) {
		return new LatencyStats(1000, 1, p50, 10, p50, p50, p50, p50, p99, p99, p99, p99, p99, p99);
	}

	private static OpenCheckStep step(double rate, double p50, double p99) {
		return new OpenCheckStep(rate, 11, 1, (long) rate, (long) rate * 10, (long) rate * 10, 0, p50, p99, p99);
	}

	/** Rungs whose only use is the open-model check. */
	private static MatrixRunner.RateSearch.Rungs gatling(
			java.util.function.Function<List<Integer>, GatlingCheck.Run> check) {
		return new MatrixRunner.RateSearch.Rungs() {

			@Override
			public MatrixRunner.RateSearch.Rung run(int rate, int number, double latencyMs) {
				throw new AssertionError("no rung runs in this test");
			}

			@Override
			public GatlingCheck.Run openCheck(List<Integer> rates) {
				return check.apply(rates);
			}

		};
	}

}
