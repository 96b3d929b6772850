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

}
