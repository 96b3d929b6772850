package dev.twinstack.bench.report;

import java.util.List;

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
	 * One line of a chart. With categories, {@code y} has one value per category and
	 * {@code x} is empty. A {@code null} value is a gap.
	 *
	 * @param name the legend text
	 * @param color the line colour, {@code #rrggbb}
	 * @param dash {@code solid}, {@code dash} or {@code dot}
	 * @param x the x values
	 * @param y the y values
	 */
	public record Series(String name, String color, String dash, List<Double> x, List<Double> y) {

	}

	/**
	 * Tells whether the chart has at least one point to draw.
	 * @return {@code true} when a series has a non-null value
	 */
	public boolean hasData() {
		return this.series.stream().anyMatch((line) -> line.y().stream().anyMatch((value) -> value != null));
	}

}
