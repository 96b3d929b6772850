package dev.twinstack.bench.compare;

/**
 * An input of the comparison is wrong (a folder, a results.json, an option). The message
 * is the user-facing one-line error naming the problem.
 */
class CompareException extends RuntimeException {

	CompareException(String message) {
		super(message, null, false, false);
	}

}
