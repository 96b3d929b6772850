package dev.twinstack.monitoring;

import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Readings taken at successive instants: named columns of {@code double}s ({@code NaN}
 * for a missing reading), one row per instant, oldest first. Immutable.
 */
public final class TimeSeries {

	private final List<String> columns;

	private final List<Row> rows;

	/**
	 * One row of readings.
	 *
	 * @param time when the readings were taken
	 * @param values one value per column, {@code NaN} when missing
	 */
	public record Row(Instant time, double[] values) {

		/**
		 * Returns the value of a column.
		 * @param index the column's index
		 * @return the value, {@code NaN} when missing
		 */
		public double value(int index) {
			return this.values[index];
		}

	}

	/**
	 * Creates a series.
	 * @param columns the column names
	 * @param rows the rows, oldest first, each with one value per column
	 * @throws IllegalArgumentException when a row has the wrong number of values
	 */
	public TimeSeries(List<String> columns, List<Row> rows) {
		this.columns = List.copyOf(columns);
		for (Row row : rows) {
			if (row.values().length != columns.size()) {
				throw new IllegalArgumentException("row at " + row.time() + " has " + row.values().length
						+ " values for " + columns.size() + " columns");
			}
		}
		this.rows = List.copyOf(rows);
	}

	/**
	 * Returns the column names.
	 * @return the names, in order
	 */
	public List<String> columns() {
		return this.columns;
	}

	/**
	 * Returns the rows.
	 * @return the rows, oldest first
	 */
	public List<Row> rows() {
		return this.rows;
	}

	/**
	 * Returns the index of a column.
	 * @param column the column name
	 * @return its index
	 * @throws IllegalArgumentException when there is no such column
	 */
	public int indexOf(String column) {
		int index = this.columns.indexOf(column);
		if (index < 0) {
			throw new IllegalArgumentException("no column '" + column + "'; columns are " + this.columns);
		}
		return index;
	}

	/**
	 * Returns the values of one column.
	 * @param column the column name
	 * @return the values, oldest first, {@code NaN} where missing
	 */
	public double[] column(String column) {
		int index = indexOf(column);
		return this.rows.stream().mapToDouble((row) -> row.value(index)).toArray();
	}

	/**
	 * Returns the rows taken in a time window.
	 * @param from the window's start (inclusive)
	 * @param to the window's end (inclusive)
	 * @return a series of those rows
	 */
	public TimeSeries between(Instant from, Instant to) {
		return new TimeSeries(this.columns,
				this.rows.stream().filter((row) -> !row.time().isBefore(from) && !row.time().isAfter(to)).toList());
	}

	/**
	 * Summarizes one column.
	 * @param column the column name
	 * @return its peak, mean and last value
	 */
	public SeriesSummary summary(String column) {
		return SeriesSummary.of(column(column));
	}

	/**
	 * Summarizes every column.
	 * @return the summaries by column name, in column order
	 */
	public Map<String, SeriesSummary> summaries() {
		Map<String, SeriesSummary> summaries = new LinkedHashMap<>();
		this.columns.forEach((column) -> summaries.put(column, summary(column)));
		return summaries;
	}

	@Override
	public String toString() {
		return "TimeSeries" + this.columns + " × " + this.rows.size() + " rows" + (this.rows.isEmpty() ? ""
				: " from " + this.rows.get(0).time() + ": " + Arrays.toString(this.rows.get(0).values()));
	}

}
