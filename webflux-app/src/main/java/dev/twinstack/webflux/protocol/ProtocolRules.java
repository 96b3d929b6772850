package dev.twinstack.webflux.protocol;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;

import org.springframework.http.HttpStatus;

/**
 * The RFC 9110 and RFC 9112 rules for a request's version, {@code Host} header field,
 * request target, {@code Expect} and {@code Transfer-Encoding} that Tomcat enforces
 * itself and Reactor Netty does not: without them, Reactor Netty answered 201 (and the
 * app stored a document) where Tomcat answers 400, 417, 501 or 505. Checked by
 * {@link MalformedRequestHandler} on every request Netty could decode; the README's
 * "Protocol edge" table lists the answers.
 */
final class ProtocolRules {

	/**
	 * {@code uri-host [ ":" port ]} (RFC 9110 section 7.2, RFC 3986 section 3.2.2): an IP
	 * literal or a reg-name, then an optional port of digits; empty is allowed.
	 */
	private static final Pattern HOST = Pattern
		.compile("(\\[[0-9A-Fa-f:.]+]|[A-Za-z0-9\\-._~!$&'()*+,;=%]*)(:[0-9]*)?");

	/** The characters a request target may contain (RFC 3986 section 2), '#' included. */
	private static final Pattern TARGET = Pattern.compile("[A-Za-z0-9\\-._~!$&'()*+,;=:@/?%#\\[\\]]+");

	/** The absolute-form (RFC 9112 section 3.2.2): a scheme, then an authority. */
	private static final Pattern ABSOLUTE_FORM = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*://.*");

	private ProtocolRules() {
	}

	/**
	 * Checks a decoded request.
	 * @param request the request line and header fields
	 * @return the first rule it breaks, or {@code null} when it breaks none
	 */
	static Violation check(HttpRequest request) {
		HttpVersion version = request.protocolVersion();
		// Netty's decoder hands out its HTTP_1_1 and HTTP_1_0 constants for the exact
		// spellings only; it reads any other (http/1.1) case-insensitively into a new
		// instance, so identity tells a misspelt name (RFC 9112 section 2.3: "HTTP" is
		// case-sensitive) from the version itself
		if (version != HttpVersion.HTTP_1_1 && version != HttpVersion.HTTP_1_0) {
			if (HttpVersion.HTTP_1_1.equals(version) || HttpVersion.HTTP_1_0.equals(version)) {
				return badRequest("the protocol name of the HTTP version must be 'HTTP' (case-sensitive)");
			}
			return new Violation(HttpStatus.HTTP_VERSION_NOT_SUPPORTED,
					"the HTTP server rejected the request: HTTP version must be HTTP/1.1 or HTTP/1.0, got '"
							+ version.text() + "'");
		}
		List<String> hosts = request.headers().getAll(HttpHeaderNames.HOST);
		if (hosts.size() > 1) {
			return badRequest("a request must not have more than one Host header field, got " + hosts.size());
		}
		if (hosts.isEmpty() && HttpVersion.HTTP_1_1.equals(version)) {
			return badRequest("an HTTP/1.1 request must have a Host header field");
		}
		if (hosts.size() == 1 && !HOST.matcher(hosts.get(0)).matches()) {
			return badRequest("Host must be host[:port], got '" + hosts.get(0) + "'");
		}
		String target = request.uri();
		if (!TARGET.matcher(target).matches()) {
			return new Violation(HttpStatus.BAD_REQUEST,
					"request target must consist of the ASCII characters of RFC 3986, got '" + target + "'");
		}
		if (!target.startsWith("/") && !ABSOLUTE_FORM.matcher(target).matches() && !isServerOptions(request)) {
			return new Violation(HttpStatus.BAD_REQUEST,
					"request target must be a path starting with '/' or an absolute URI, got '" + target + "'");
		}
		if (HttpVersion.HTTP_1_1.equals(version)) {
			for (String expectation : request.headers().getAll(HttpHeaderNames.EXPECT)) {
				if (!"100-continue".equalsIgnoreCase(expectation.trim())) {
					return new Violation(HttpStatus.EXPECTATION_FAILED,
							"the HTTP server rejected the request: Expect must be 100-continue, got '" + expectation
									+ "'");
				}
			}
		}
		for (String codings : request.headers().getAll(HttpHeaderNames.TRANSFER_ENCODING)) {
			for (String coding : codings.split(",")) {
				if (!"chunked".equals(coding.trim().toLowerCase(Locale.ROOT))) {
					return new Violation(HttpStatus.NOT_IMPLEMENTED,
							"the HTTP server rejected the request: transfer coding '" + coding.trim()
									+ "' is not implemented; accepted: chunked");
				}
			}
		}
		return null;
	}

	/**
	 * Whether the request is {@code OPTIONS *}, about the server as a whole (RFC 9110
	 * section 9.3.7), the only request whose target is {@code *}.
	 * @param request the request
	 * @return whether it asks for the server's options
	 */
	static boolean isServerOptions(HttpRequest request) {
		return "*".equals(request.uri()) && HttpMethod.OPTIONS.equals(request.method());
	}

	private static Violation badRequest(String reason) {
		return new Violation(HttpStatus.BAD_REQUEST, "the HTTP server rejected the request: " + reason);
	}

	/**
	 * A broken rule.
	 *
	 * @param status the answer's status
	 * @param detail the problem's detail
	 */
	record Violation(HttpStatus status, String detail) {

	}

}
