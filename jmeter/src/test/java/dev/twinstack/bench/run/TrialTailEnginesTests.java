package dev.twinstack.bench.run;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.twinstack.bench.load.EngineWindow;
import dev.twinstack.bench.load.JtlAnalysis;
import dev.twinstack.bench.load.LoadStats;
import dev.twinstack.bench.load.ThroughputStats;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.ResultsFixture;
import dev.twinstack.monitoring.TimeSeries;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A trial's figures with remote engines: counted over the window every engine covers,
 * while JMeter in this JVM keeps its own.
 */
class TrialTailEnginesTests {

	private static final Instant START = Instant.parse("2026-11-24T10:00:00Z");

	/** JMeter's overall figures over the union of two engines' windows: 7.5 s. */
	private static final LoadStats UNION = LoadStats.of(300, 0, 7.54, 40, 40, 40, 40, 40, 40, 40);

	@Test
	void theCeilingOfARemoteRunIsJudgedInTheWindowEveryEngineCovers() {
		JtlAnalysis remote = new JtlAnalysis(null, ThroughputStats.of(List.of(49, 50, 50, 50)), List.of(), 0, at(1500),
				at(6000), new EngineWindow(at(1500), at(6000), 1500, 1500), engines(150, 150));
		assertThat(TrialTail.throughput(UNION, remote)).isEqualTo(49.75);
		// JMeter in this JVM: its own requests over its elapsed time, as before
		JtlAnalysis local = new JtlAnalysis(null, ThroughputStats.of(List.of(24, 37, 50)), List.of(), 0, at(0),
				at(3500));
		assertThat(TrialTail.throughput(UNION, local)).isEqualTo(UNION.throughput());
		// engines that never ran together: no whole second to count, JMeter's figure
		JtlAnalysis apart = new JtlAnalysis(null, ThroughputStats.NONE, List.of(), 0, at(3000), at(3000),
				new EngineWindow(at(3000), at(3000), 3000, 3000), engines(10, 10));
		assertThat(TrialTail.throughput(UNION, apart)).isEqualTo(UNION.throughput());
	}

	@Test
	void theSteadyReadingsOfARemoteRunLieInTheWindowEveryEngineCovers() {
		// the second engine's first request at 1.5 s, 1 s ramp-up: readings from 3.5 s to
		// the first engine's last end at 6 s
		JtlAnalysis remote = new JtlAnalysis(null, ThroughputStats.of(List.of(49, 50, 50, 50)), List.of(), 0, at(1500),
				at(6000), new EngineWindow(at(1500), at(6000), 1500, 1500), engines(150, 150));
		TimeSeries steady = TrialTail.steadyWindow(readings(), remote, Duration.ofSeconds(1), START, 7.54);
		assertThat(steady.rows()).extracting(TimeSeries.Row::time)
			.containsExactly(START.plusMillis(3500), START.plusMillis(4500), START.plusMillis(5500));
	}

	@Test
	void theProgressLineNamesTheWindowAndHowFarApartTheEnginesStarted() {
		CellResult template = ResultsFixture.cell(Stack.WEBFLUX, 20, 300, 0, 40, null);
		CellResult remote = new CellResult(template.cell(), template.runId(), template.startedAt(),
				template.finishedAt(), 5, UNION, template.latency(), ThroughputStats.of(List.of(49, 50, 50, 50)), null,
				template.server(), template.cpu(), template.gc(), template.pools(), null, template.ceiling(), null,
				template.jtl(), null, template.metricsCsv(), null, null, engines(152, 148),
				new EngineWindow(at(1500), at(6000), 1500, 1450), null);
		assertThat(TrialTail.engines(remote))
			.isEqualTo("; samples per engine 127.0.0.2:1099 152, 127.0.0.3:1099 148; every engine ran 4.5 s "
					+ "(they started 1.5 s apart): 50.0 req/s steady in that window");
		assertThat(TrialTail.engines(template)).isEmpty();
	}

	private static long at(long ms) {
		return START.toEpochMilli() + ms;
	}

	private static Map<String, Long> engines(long first, long second) {
		Map<String, Long> samples = new LinkedHashMap<>();
		samples.put("127.0.0.2:1099", first);
		samples.put("127.0.0.3:1099", second);
		return samples;
	}

	/** One reading a second at 0.5 s, 1.5 s, … 8.5 s. */
	private static TimeSeries readings() {
		List<TimeSeries.Row> rows = new ArrayList<>();
		for (int i = 0; i < 9; i++) {
			rows.add(new TimeSeries.Row(START.plusMillis(500 + i * 1000L), new double[] { 0.5 }));
		}
		return new TimeSeries(List.of("app_cpu"), rows);
	}

}
