package dev.twinstack.bench.report.seeds;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.List;

/**
 * How this machine's figures compare with a write-up's finding, by the rule the report's
 * verdict uses for stacks: a difference counts only when the two sets of trials do not
 * overlap (one's highest below the other's lowest); otherwise it is a tie within the
 * trial spread.
 */
final class SeedFindings {

	private SeedFindings() {
	}

	/**
	 * Where one set of values lies against another.
	 */
	enum Change {

		/** Every value of the first is below every value of the second. */
		LOWER,

		/** Every value of the first is above every value of the second. */
		HIGHER,

		/** The ranges overlap: no difference beyond the spread. */
		SAME;

		/**
		 * Returns the opposite change.
		 * @return {@code HIGHER} for {@code LOWER} and back; {@code SAME} for itself
		 */
		Change opposite() {
			return switch (this) {
				case LOWER -> HIGHER;
				case HIGHER -> LOWER;
				case SAME -> SAME;
			};
		}

	}

	/**
	 * How this machine's result stands to the write-up's finding.
	 */
	enum Verdict {

		/** Every part of the finding holds here, beyond the trial spread. */
		AGREES("agrees"),

		/** At least one part goes the other way here, beyond the trial spread. */
		DISAGREES("disagrees"),

		/** No part goes the other way, but some part lies within the trial spread. */
		TIE("ties within the trial spread");

		private final String words;

		Verdict(String words) {
			this.words = words;
		}

		/**
		 * Returns the verdict in words.
		 * @return e.g. {@code agrees}
		 */
		String words() {
			return this.words;
		}

	}

	/**
	 * Compares two sets of values by their ranges.
	 * @param first the values of the first (e.g. the trials of one cell)
	 * @param second the values of the second
	 * @return {@link Change#LOWER} or {@link Change#HIGHER} when the ranges do not
	 * overlap, else {@link Change#SAME}
	 * @throws IllegalArgumentException when either set is empty
	 */
	static Change compare(List<Double> first, List<Double> second) {
		if (first.isEmpty() || second.isEmpty()) {
			throw new IllegalArgumentException("nothing to compare: " + first + " against " + second);
		}
		double firstMax = first.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
		double firstMin = first.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
		double secondMax = second.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
		double secondMin = second.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
		if (firstMax < secondMin) {
			return Change.LOWER;
		}
		if (firstMin > secondMax) {
			return Change.HIGHER;
		}
		return Change.SAME;
	}

	/**
	 * Judges this machine's changes against the write-up's, part by part.
	 * @param measured this machine's change of each part
	 * @param written the write-up's change of the same parts
	 * @return {@link Verdict#DISAGREES} when a part goes the other way,
	 * {@link Verdict#AGREES} when every part goes the same way, else {@link Verdict#TIE}
	 */
	static Verdict judge(List<Change> measured, List<Change> written) {
		if (measured.size() != written.size()) {
			throw new IllegalArgumentException("parts differ: " + measured + " against " + written);
		}
		boolean allSame = true;
		for (int i = 0; i < measured.size(); i++) {
			Change here = measured.get(i);
			Change there = written.get(i);
			if (here != Change.SAME && here == there.opposite() && there != Change.SAME) {
				return Verdict.DISAGREES;
			}
			if (here != there) {
				allSame = false;
			}
		}
		return allSame ? Verdict.AGREES : Verdict.TIE;
	}

	/**
	 * Returns the mean of values.
	 * @param values at least one value
	 * @return the mean
	 */
	static double mean(List<Double> values) {
		return values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
	}

	/**
	 * Describes values as their mean and range.
	 * @param values at least one value
	 * @param format the format of one value, e.g. {@code %.1f s}: a number ({@code %…f})
	 * then its unit
	 * @return e.g. {@code 6.4 s (6.1–6.9 s)}, or the one value
	 */
	static String meanAndRange(List<Double> values, String format) {
		double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
		double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
		// the range's low end without the unit: 6.0–8.0 s
		String number = format.substring(0, format.indexOf('f') + 1);
		return (values.size() == 1) ? fmt(format, values.get(0))
				: fmt(format, mean(values)) + " (" + fmt(number, min) + "–" + fmt(format, max) + ")";
	}

}
