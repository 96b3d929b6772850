package dev.twinstack.bench.analysis;

import java.util.List;

import org.apache.commons.math3.stat.StatUtils;

/**
 * The steady seconds of one trial: the requests completed in each whole second after the
 * first (which holds the ramp-up), the same seconds whose mean is the trial's steady
 * throughput.
 *
 * @param seconds how many steady seconds
 * @param mean their mean (req/s)
 * @param sd their sample standard deviation (req/s)
 */
public record SecondsNoise(int seconds, double mean, double sd) {

	/**
	 * Reads the steady seconds of a trial.
	 * @param perSecond the requests completed in each whole second of the trial, the
	 * first holding the ramp-up
	 * @return the noise, {@code null} with fewer than two steady seconds
	 */
	public static SecondsNoise of(List<Integer> perSecond) {
		if (perSecond.size() < 3) {
			return null;
		}
		double[] steady = perSecond.subList(1, perSecond.size()).stream().mapToDouble(Integer::doubleValue).toArray();
		return new SecondsNoise(steady.length, StatUtils.mean(steady), Math.sqrt(StatUtils.variance(steady)));
	}

	/**
	 * Returns the standard error of the trial's mean relative to it, were its seconds
	 * independent: sd ÷ mean ÷ √seconds.
	 * @return a fraction, 0 when the mean is 0
	 */
	public double relativeStandardError() {
		return (this.mean > 0) ? this.sd / this.mean / Math.sqrt(this.seconds) : 0;
	}

}
