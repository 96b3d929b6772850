package dev.twinstack.bench.measure;

import java.util.List;

/**
 * One measure over the trials of a cell: the median is quoted, min and max show the
 * spread.
 *
 * @param median the middle trial (the mean of the two middle ones for an even count)
 * @param min the lowest trial
 * @param max the highest trial
 * @param trials how many trials
 */
public record Spread(double median, double min, double max, int trials) {

	/**
	 * Summarises the trials' values.
	 * @param values one value per trial, at least one
	 * @return the spread
	 * @throws IllegalArgumentException without values
	 */
	public static Spread of(List<Double> values) {
		if (values.isEmpty()) {
			throw new IllegalArgumentException("no trials");
		}
		double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
		int n = sorted.length;
		double median = (n % 2 == 1) ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
		return new Spread(median, sorted[0], sorted[n - 1], n);
	}

	/**
	 * Returns the spread relative to the median.
	 * @return (max − min) / median, 0 when the median is 0
	 */
	public double relativeRange() {
		return (this.median != 0) ? (this.max - this.min) / Math.abs(this.median) : 0;
	}

}
