package dev.twinstack.monitoring;

/**
 * Peak, mean and last value of one column of a {@link TimeSeries}, ignoring missing
 * ({@code NaN}) readings. Every figure is {@code null} when no reading exists.
 *
 * @param samples the number of readings summarized
 * @param peak the highest reading
 * @param mean the mean reading
 * @param atEnd the last reading
 */
public record SeriesSummary(int samples, Double peak, Double mean, Double atEnd) {

	/**
	 * Summarizes values.
	 * @param values the readings in time order, {@code NaN} for missing ones
	 * @return the summary
	 */
	public static SeriesSummary of(double[] values) {
		int count = 0;
		double peak = Double.NEGATIVE_INFINITY;
		double sum = 0;
		double last = Double.NaN;
		for (double value : values) {
			if (!Double.isNaN(value)) {
				count++;
				peak = Math.max(peak, value);
				sum += value;
				last = value;
			}
		}
		return (count == 0) ? new SeriesSummary(0, null, null, null)
				: new SeriesSummary(count, peak, sum / count, last);
	}

}
