package dev.twinstack.mocks.contract;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One bad request of the fuzz suite and what the app must answer to it.
 *
 * @param category what is wrong, e.g. {@code customerId}
 * @param method the request method
 * @param target the request target as sent (not normalised, not encoded again)
 * @param headers header fields as {@code name: value} lines
 * @param body the request body, or {@code null} for none
 * @param chunked whether the body is sent chunked rather than with a
 * {@code Content-Length}
 * @param raw whether to send it on a plain socket ({@link RawHttp}) because no HTTP
 * client library sends it
 * @param statuses the acceptable statuses, all 4xx
 * @param detail what the problem's {@code detail} must match
 */
record BadRequest(String category, String method, String target, List<String> headers, byte[] body, boolean chunked,
		boolean raw, Set<Integer> statuses, Pattern detail) {

	/**
	 * Problems the HTTP server (Tomcat, Reactor Netty) reports before Spring sees the
	 * request.
	 */
	static final String SERVER = "the HTTP server rejected the request: .+|request target must .+"
			+ "|request line .*must not exceed \\d+ bytes .+|header fields must not exceed \\d+ bytes .+";

	/** Spring's own 404 for a path that is no endpoint. */
	static final String NOT_FOUND = "No endpoint [A-Za-z]+ /.*\\.";

	static BadRequest post(String category, String target, Set<Integer> statuses, String detail) {
		return new BadRequest(category, "POST", target, List.of(), null, false, false, statuses, pattern(detail));
	}

	static Pattern pattern(String regex) {
		return Pattern.compile(regex, Pattern.DOTALL);
	}

	BadRequest withHeaders(List<String> headers) {
		return new BadRequest(this.category, this.method, this.target, headers, this.body, this.chunked, this.raw,
				this.statuses, this.detail);
	}

	BadRequest withBody(byte[] body, boolean chunked) {
		return new BadRequest(this.category, this.method, this.target, this.headers, body, chunked, this.raw,
				this.statuses, this.detail);
	}

	BadRequest withMethod(String method) {
		return new BadRequest(this.category, method, this.target, this.headers, this.body, this.chunked, this.raw,
				this.statuses, this.detail);
	}

	BadRequest sentRaw() {
		return new BadRequest(this.category, this.method, this.target, this.headers, this.body, this.chunked, true,
				this.statuses, this.detail);
	}

	/**
	 * What makes two inputs distinct: everything that is sent.
	 * @return a key for counting distinct inputs
	 */
	String key() {
		int bodyHash = (this.body != null) ? Arrays.hashCode(this.body) : 0;
		int bodyLength = (this.body != null) ? this.body.length : -1;
		return this.method + " " + this.target + " " + this.headers + " body=" + bodyLength + "/" + bodyHash + "/"
				+ this.chunked;
	}

	@Override
	public String toString() {
		String text = this.category + ": " + this.method + " " + this.target + " " + this.headers + ((this.body != null)
				? " body " + this.body.length + " bytes" + (this.chunked ? " chunked" : "") : "");
		return (text.length() > 300) ? text.substring(0, 300) + "… (" + text.length() + " chars)" : text;
	}

	byte[] targetBytes() {
		return this.target.getBytes(StandardCharsets.UTF_8);
	}

}
