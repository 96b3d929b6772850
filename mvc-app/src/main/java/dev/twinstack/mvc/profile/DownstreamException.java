package dev.twinstack.mvc.profile;

/**
 * A downstream call that answered a non-2xx status, an unreadable body, or whose
 * connection failed (→ 502).
 */
public class DownstreamException extends RuntimeException {

	private final String service;

	/**
	 * Creates the exception.
	 * @param service the downstream service: {@code customers}, {@code orders} or
	 * {@code recommendations}
	 * @param detail what went wrong, shown to the caller
	 * @param cause the underlying failure, or {@code null}
	 */
	public DownstreamException(String service, String detail, Throwable cause) {
		super(detail, cause);
		this.service = service;
	}

	/**
	 * The downstream service that failed.
	 * @return {@code customers}, {@code orders} or {@code recommendations}
	 */
	public String getService() {
		return this.service;
	}

}
