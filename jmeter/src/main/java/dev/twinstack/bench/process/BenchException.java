package dev.twinstack.bench.process;

/**
 * The bench could not complete: a process did not start or died, a wait ran out. The
 * message says what happened and, for a process, ends with the last lines of its log.
 */
public class BenchException extends RuntimeException {

	/**
	 * Creates the exception.
	 * @param message what went wrong
	 */
	public BenchException(String message) {
		super(message);
	}

	/**
	 * Creates the exception.
	 * @param message what went wrong
	 * @param cause the underlying failure
	 */
	public BenchException(String message, Throwable cause) {
		super(message, cause);
	}

}
