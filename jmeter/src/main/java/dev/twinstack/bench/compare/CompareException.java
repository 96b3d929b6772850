package dev.twinstack.bench.compare;

/**
 * An input of the comparison is wrong (a folder, a results.json, an option). The message
 * is the user-facing one-line error naming the problem.
 */
public class CompareException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	CompareException(String message) {
		super(message, null, false, false);
	}

}
