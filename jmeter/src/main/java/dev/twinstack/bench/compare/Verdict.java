package dev.twinstack.bench.compare;

/**
 * What the candidate run's figure is against the baseline's, for the better direction of
 * its {@link Metric}.
 */
enum Verdict {

	/** The interval of the ratio lies wholly on the better side of 1. */
	BETTER,

	/** The interval of the ratio lies wholly on the worse side of 1. */
	WORSE,

	/** The interval contains 1. */
	NO_SIGNIFICANT_DIFFERENCE,

	/** Fewer than two trials on a side, or a value that is not positive: no interval. */
	NOT_TESTED

}
