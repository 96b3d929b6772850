package dev.twinstack.bench.report;

import java.util.List;
import java.util.Map;

import dev.twinstack.bench.load.EngineWindow;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.ResultsFixture;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report's line on remote load engines: each one's share of the samples and the
 * windows every engine covered.
 */
class ReportEnginesTests {

	private static final List<String> ENGINES = List.of("127.0.0.2:1099", "127.0.0.3:1099");

	@Test
	void namesEachEnginesShareAndTheWindowsTheyAllCovered() {
		List<CellResult> trials = List.of(trial(600, 400, new EngineWindow(1_000, 5_100, 700, 650)),
				trial(500, 500, new EngineWindow(2_000, 6_200, 1_700, 1_600)));
		assertThat(ReportWriter.engines(ENGINES, trials)).isEqualTo("127.0.0.2:1099 55.0 %, 127.0.0.3:1099 45.0 % "
				+ "of 2,000 samples; each engine ran the whole plan with its share of the threads or rate; warm-up and "
				+ "base latency ran in the bench's JVM; the per-second figures (steady throughput) count the window "
				+ "every engine covered: 4.1–4.2 s per trial, the engines starting 0.7–1.7 s apart; latency "
				+ "percentiles take every sample");
	}

	@Test
	void saysNothingOfWindowsWhenNoTrialHasOne() {
		assertThat(ReportWriter.engines(ENGINES, List.of(trial(1, 1, null))))
			.endsWith("warm-up and base latency ran in the bench's JVM");
	}

	private static CellResult trial(long first, long second, EngineWindow window) {
		CellResult t = ResultsFixture.cell(Stack.WEBFLUX, 20, first + second, 0, 40, null);
		return new CellResult(t.cell(), t.runId(), t.startedAt(), t.finishedAt(), t.durationSeconds(), t.load(),
				t.latency(), t.throughput(), null, t.server(), t.cpu(), t.gc(), t.pools(), null, t.ceiling(), null,
				t.jtl(), null, t.metricsCsv(), null, null, Map.of(ENGINES.get(0), first, ENGINES.get(1), second),
				window, null);
	}

}
