package dev.twinstack.bench.settings;

/**
 * A bench setting or prerequisite is wrong. The message is the user-facing error: it
 * names the property, the bad value and the accepted values.
 */
public class BenchConfigException extends RuntimeException {

	/**
	 * Creates the exception.
	 * @param message the user-facing error
	 */
	public BenchConfigException(String message) {
		super(message, null, false, false);
	}

	/**
	 * Creates the error of a value that is not accepted.
	 * @param property the property, e.g. {@code bench.stacks}
	 * @param value the value given
	 * @param accepted what is accepted, read after "must be"
	 * @return e.g. {@code bench.trials must be a whole number from 1 to 20, got '0'}
	 */
	public static BenchConfigException invalid(String property, String value, String accepted) {
		return new BenchConfigException(property + " must be " + accepted + ", got '" + value + "'");
	}

}
