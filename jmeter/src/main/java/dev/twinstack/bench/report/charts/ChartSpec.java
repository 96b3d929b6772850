package dev.twinstack.bench.report.charts;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One chart of the report, drawn twice from the same data: as a PNG for report.md
 * (XChart) and live in index.html (Chart.js).
 *
 * @param id file and element name, e.g. {@code throughput-sequential}
 * @param title the chart's title
 * @param xLabel the x axis title
 * @param yLabel the y axis title
 * @param categories the x axis categories (e.g. concurrency levels), or {@code null} for
 * a numeric x axis
 * @param series the lines
 */
public record ChartSpec(String id, String title, String xLabel, String yLabel, List<String> categories,
		List<Series> series) {

	/**
	 * One line of a chart, or, on a chart of categories, a set of bars or of marks. With
	 * categories, {@code y} has one value per category and {@code x} is empty. A
	 * {@code null} value is a gap.
	 *
	 * @param name the legend text
	 * @param color the line colour, {@code #rrggbb}
	 * @param dash {@code solid}, {@code dash} or {@code dot}
	 * @param x the x values
	 * @param y the y values
	 * @param kind {@code null} for a line, {@link #BAR} for bars, {@link #TICK} for a
	 * short horizontal mark at each value (e.g. the trials' min and max), {@link #MARK}
	 * for a diamond at each value (e.g. a ceiling)
	 */
	public record Series(String name, String color, String dash, List<Double> x, List<Double> y,
			@JsonInclude(JsonInclude.Include.NON_NULL) String kind) {

		/** Bars, one per category. */
		public static final String BAR = "bar";

		/** A short horizontal mark per category. */
		public static final String TICK = "tick";

		/** A diamond per category. */
		public static final String MARK = "mark";

		/**
		 * A line.
		 * @param name the legend text
		 * @param color the line colour, {@code #rrggbb}
		 * @param dash {@code solid}, {@code dash} or {@code dot}
		 * @param x the x values
		 * @param y the y values
		 */
		public Series(String name, String color, String dash, List<Double> x, List<Double> y) {
			this(name, color, dash, x, y, null);
		}

	}

	/**
	 * Tells whether the chart draws bars (one level, a bar per stack) rather than lines.
	 * @return {@code true} when a series is {@link Series#BAR}
	 */
	public boolean bars() {
		return this.series.stream().anyMatch((series) -> Series.BAR.equals(series.kind()));
	}

	/**
	 * Tells whether the chart has at least one point to draw.
	 * @return {@code true} when a series has a non-null value
	 */
	public boolean hasData() {
		return this.series.stream().anyMatch((line) -> line.y().stream().anyMatch((value) -> value != null));
	}

}
