package dev.twinstack.bench.measure;

import java.util.List;

import dev.twinstack.monitoring.TimeSeries;

/**
 * A counter's rise between its first and last finite reading in a window.
 *
 * @param value the rise
 * @param ms the time between those readings (ms)
 */
public record CounterRise(double value, long ms) {

	/**
	 * Reads a counter's rise.
	 * @param window the readings
	 * @param column the counter's column
	 * @return the rise, {@code null} without the column, with fewer than 2 finite
	 * readings or when the counter went backwards (the process restarted)
	 */
	public static CounterRise of(TimeSeries window, String column) {
		if (!window.columns().contains(column)) {
			return null;
		}
		int index = window.indexOf(column);
		List<TimeSeries.Row> read = window.rows().stream().filter((row) -> Double.isFinite(row.value(index))).toList();
		if (read.size() < 2) {
			return null;
		}
		double rise = read.get(read.size() - 1).value(index) - read.get(0).value(index);
		long ms = read.get(read.size() - 1).time().toEpochMilli() - read.get(0).time().toEpochMilli();
		return (rise >= 0 && ms > 0) ? new CounterRise(rise, ms) : null;
	}

	/**
	 * @return the rise per second (per s)
	 */
	public double perSecond() {
		return this.value * 1000 / this.ms;
	}

}
