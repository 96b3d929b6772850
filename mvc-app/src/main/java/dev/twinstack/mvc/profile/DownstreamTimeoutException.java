package dev.twinstack.mvc.profile;

/**
 * A downstream call that took longer than {@code app.downstream.timeout} (→ 504).
 */
public class DownstreamTimeoutException extends RuntimeException {

	private final String service;

	/**
	 * Creates the exception.
	 * @param service the downstream service: {@code customers}, {@code orders} or
	 * {@code recommendations}
	 * @param timeoutMillis the timeout that was exceeded (ms)
	 */
	public DownstreamTimeoutException(String service, long timeoutMillis) {
		super(service + " service did not answer within " + timeoutMillis + " ms");
		this.service = service;
	}

	/**
	 * The downstream service that timed out.
	 * @return {@code customers}, {@code orders} or {@code recommendations}
	 */
	public String getService() {
		return this.service;
	}

}
