package dev.twinstack.bench.measure;

import java.util.Arrays;
import java.util.List;

import dev.twinstack.monitoring.TimeSeries;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pool waits over a window: the peak and mean of each pool's gauge, nothing for a pool
 * the stack does not expose.
 */
class PoolWaitsTests {

	@Test
	void summarisesEachPoolsGaugeOverTheWindow() {
		TimeSeries window = new TimeSeries(PrometheusProbe.COLUMNS,
				List.of(row(0, 0, 4, 0, Double.NaN), row(1, 6, 10, 2, Double.NaN), row(2, 0, 8, 4, Double.NaN)));

		PoolWaits waits = PoolWaits.over(window);

		assertThat(waits).isEqualTo(new PoolWaits(6.0, 2.0, 10.0, 4.0, 2.0, null));
	}

	@Test
	void hasNoFiguresWhenNoPoolWasRead() {
		TimeSeries window = new TimeSeries(PrometheusProbe.COLUMNS,
				List.of(row(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN)));

		assertThat(PoolWaits.over(window)).isNull();
		assertThat(PoolWaits.over(new TimeSeries(List.of("app_cpu"), List.of()))).isNull();
	}

	@Test
	void aCellTakesTheHighestPeakAndTheMedianMeanOfItsTrials() {
		PoolWaits cell = PoolWaits.over(Arrays.asList(new PoolWaits(6.0, 2.0, 10.0, 4.0, 2.0, 200.0), null,
				new PoolWaits(9.0, 1.0, 12.0, 1.0, 0.5, 180.0), new PoolWaits(3.0, 3.0, 8.0, 0.0, 0.0, null)));

		assertThat(cell).isEqualTo(new PoolWaits(9.0, 2.0, 12.0, 4.0, 0.5, 200.0));
	}

	private static TimeSeries.Row row(int second, double mongoWait, double checkedOut, double pending, double busy) {
		return new TimeSeries.Row(GcCostTests.T0.plusSeconds(second), new double[] { 1, 1, 1, 1, mongoWait, checkedOut,
				pending, busy, Double.NaN, Double.NaN, Double.NaN, 0, 0, 0, 0 });
	}

}
