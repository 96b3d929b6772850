package dev.twinstack.mvc.profile;

/**
 * A request that breaks the endpoint contract (→ 400); the message names the problem and
 * the accepted values.
 */
public class InvalidRequestException extends RuntimeException {

	/**
	 * Creates the exception.
	 * @param detail the problem and the accepted values, shown to the caller
	 */
	public InvalidRequestException(String detail) {
		super(detail);
	}

}
