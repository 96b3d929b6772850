package dev.twinstack.bench.analysis;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.twinstack.monitoring.TimeSeries;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The app's time per request split by its own timers: the arithmetic of the rises, the
 * database lock's utilization law, and what it declines to compute.
 */
class AppStagesTests {

	private static final Instant T0 = Instant.parse("2026-11-28T06:00:00Z");

	private static final List<String> COLUMNS = List.of("app_served", "app_served_seconds", "app_client_calls",
			"app_client_seconds", "app_insert_commands", "app_insert_seconds", "mocks_inserts", "mocks_insert_busy_ms");

	@Test
	void splitsTheResidenceIntoCallsInsertAndTheRest() {
		// 10 s, 8,000 requests of 0.4 s each, 24,000 calls of 0.118 s, 8,000 inserts of
		// 0.029 s; the database busy 2 s of the 10
		TimeSeries window = series(row(0, 1000, 100, 3000, 300, 1000, 20, 1000, 50),
				row(5, 5000, 1700, 15000, 1716, 5000, 136, 5000, 1050),
				row(10, 9000, 3300, 27000, 3132, 9000, 252, 9000, 2050));
		AppStages stages = AppStages.of(window);
		assertThat(stages.requests()).isEqualTo(8000);
		assertThat(stages.residenceMs()).isCloseTo(400, within(1e-9));
		assertThat(stages.callsPerRequest()).isEqualTo(3);
		assertThat(stages.callMs()).isCloseTo(118, within(1e-9));
		assertThat(stages.downstreamMs()).isCloseTo(354, within(1e-9));
		assertThat(stages.insertMs()).isCloseTo(29, within(1e-9));
		assertThat(stages.databaseMs()).isCloseTo(29, within(1e-9));
		assertThat(stages.otherMs()).isCloseTo(17, within(1e-9));
		assertThat(stages.lockBusy()).isCloseTo(0.2, within(1e-9));
		assertThat(stages.lockMsPerInsert()).isCloseTo(0.25, within(1e-9));
		assertThat(stages.describe(100)).isEqualTo("3 downstream calls of 118 ms each (configured 100), 29 ms in "
				+ "the insert (the embedded database's write lock 20 % busy), 17 ms elsewhere in the app");
	}

	@Test
	void skipsUnreadValuesAndLeavesTheLockOutWithoutTheMocksMeter() {
		TimeSeries window = series(row(0, 0, 0, 0, 0, 0, 0, Double.NaN, Double.NaN),
				row(1, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN),
				row(2, 100, 31, 300, 30.3, 100, 0.2, Double.NaN, Double.NaN));
		AppStages stages = AppStages.of(window);
		assertThat(stages.residenceMs()).isCloseTo(310, within(1e-9));
		assertThat(stages.callMs()).isCloseTo(101, within(1e-9));
		assertThat(stages.otherMs()).isCloseTo(5, within(1e-9));
		assertThat(stages.lockBusy()).isNull();
		assertThat(stages.lockMsPerInsert()).isNull();
		assertThat(stages.describe(100)).doesNotContain("lock");
	}

	@Test
	void computesNothingWithoutRequestsTimersOrAfterARestart() {
		assertThat(AppStages.of(series(row(0, 5, 1, 15, 1.5, 5, 0.1, 5, 1), row(1, 5, 1, 15, 1.5, 5, 0.1, 5, 1))))
			.isNull();
		assertThat(AppStages.of(new TimeSeries(List.of("app_served", "app_served_seconds"),
				List.of(new TimeSeries.Row(T0, new double[] { 0, 0 }),
						new TimeSeries.Row(T0.plusSeconds(1), new double[] { 10, 3 })))))
			.isNull();
		// the app restarted: its counters went back
		assertThat(
				AppStages.of(series(row(0, 500, 150, 1500, 150, 500, 10, 5, 1), row(1, 10, 3, 30, 3, 10, 0.2, 15, 2))))
			.isNull();
		assertThat(AppStages.of(series(row(0, 0, 0, 0, 0, 0, 0, 0, 0)))).isNull();
	}

	@Test
	void takesTheMedianOfEachFigureOverTheTrials() {
		AppStages a = new AppStages(100, 400, 3, 118, 1, 29, 0.2, 0.25);
		AppStages b = new AppStages(120, 420, 3, 120, 1, 31, null, null);
		AppStages c = new AppStages(110, 380, 3, 110, 1, 20, 0.1, 0.2);
		AppStages median = AppStages.median(Arrays.asList(a, null, b, c));
		assertThat(median.requests()).isEqualTo(110);
		assertThat(median.residenceMs()).isEqualTo(400);
		assertThat(median.callMs()).isEqualTo(118);
		assertThat(median.insertMs()).isEqualTo(29);
		assertThat(median.lockBusy()).isCloseTo(0.15, within(1e-9));
		assertThat(AppStages.median(Arrays.asList(null, null))).isNull();
	}

	private static TimeSeries series(TimeSeries.Row... rows) {
		return new TimeSeries(COLUMNS, new ArrayList<>(List.of(rows)));
	}

	private static TimeSeries.Row row(int second, double... values) {
		return new TimeSeries.Row(T0.plusSeconds(second), values);
	}

}
