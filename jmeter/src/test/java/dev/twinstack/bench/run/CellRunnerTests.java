package dev.twinstack.bench.run;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.twinstack.bench.load.JtlAnalysis;
import dev.twinstack.bench.load.ThroughputStats;
import dev.twinstack.monitoring.TimeSeries;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The window a trial's CPU shares are judged on.
 */
class CellRunnerTests {

	private static final Instant START = Instant.parse("2026-11-21T10:00:00Z");

	/** One reading a second at 0.5 s, 1.5 s, … 9.5 s: 40 % busy, 95 % from 2.5 s. */
	private static TimeSeries readings() {
		List<TimeSeries.Row> rows = new ArrayList<>();
		for (int i = 0; i < 10; i++) {
			rows.add(new TimeSeries.Row(START.plusMillis(500 + i * 1000L), new double[] { (i < 2) ? 0.4 : 0.95 }));
		}
		return new TimeSeries(List.of("machine_cpu"), rows);
	}

	private static JtlAnalysis samples(long firstStartMs, long lastEndMs) {
		return new JtlAnalysis(null, ThroughputStats.NONE, List.of(), 0, START.toEpochMilli() + firstStartMs,
				START.toEpochMilli() + lastEndMs);
	}

	@Test
	void steadyWindowLeavesOutTheRampUpLikeTheSteadyThroughput() {
		// JMeter's first sample at 0.2 s, 1 s ramp-up: the readings from 2.5 s to 7.5 s
		TimeSeries steady = CellRunner.steadyWindow(readings(), samples(200, 8000), Duration.ofSeconds(1), START, 7.8);
		assertThat(steady.rows()).hasSize(6);
		assertThat(steady.summary("machine_cpu").mean()).isCloseTo(0.95, org.assertj.core.api.Assertions.within(1e-9));
	}

	@Test
	void countRunWithoutRampUpLeavesOutOnlyItsFirstSecond() {
		// the count model starts every thread at once: first sample at 0.2 s, the
		// readings
		// from 1.5 s to 7.5 s
		TimeSeries steady = CellRunner.steadyWindow(readings(), samples(200, 8000), Duration.ZERO, START, 7.8);
		assertThat(steady.rows()).hasSize(7);
		assertThat(steady.rows().get(0).time()).isEqualTo(START.plusMillis(1500));
	}

	@Test
	void shortRunIsJudgedOverItsWholeLoad() {
		// a 2.8 s count run: two readings after its first second, so the whole load from
		// JMeter's start counts (0.5 s to 2.5 s)
		TimeSeries whole = CellRunner.steadyWindow(readings(), samples(200, 3000), Duration.ZERO, START, 2.8);
		assertThat(whole.rows()).hasSize(3);
		assertThat(whole.summary("machine_cpu").mean()).isLessThan(0.95);
	}

}
