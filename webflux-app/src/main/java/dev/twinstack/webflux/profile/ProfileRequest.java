package dev.twinstack.webflux.profile;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

import org.springframework.http.HttpHeaders;

/**
 * A validated request for a composed profile.
 *
 * @param customerId the customer id, 1 to 999999999
 * @param fanout how to call the downstream services
 * @param requestId the caller's {@code X-Request-Id}, or a generated UUID
 */
public record ProfileRequest(long customerId, Fanout fanout, String requestId) {

	/** Name of the optional request header carrying the caller's request id. */
	public static final String REQUEST_ID_HEADER = "X-Request-Id";

	static final String FANOUT_PARAMETER = "fanout";

	private static final Pattern CUSTOMER_ID = Pattern.compile("[1-9][0-9]{0,8}");

	private static final Pattern REQUEST_ID = Pattern.compile("[A-Za-z0-9._:-]{1,64}");

	private static final String NO_BODY = "POST /profiles/{customerId} takes no request body";

	/**
	 * Validates the raw request parts as the endpoint contract says.
	 * @param customerId the raw path variable
	 * @param queryParams all query parameters; only {@code fanout} is accepted
	 * @param requestIdHeader the {@code X-Request-Id} header, or {@code null} when absent
	 * @return the validated request
	 * @throws InvalidRequestException naming the first invalid part and the accepted
	 * values
	 */
	public static ProfileRequest of(String customerId, Map<String, List<String>> queryParams, String requestIdHeader) {
		return new ProfileRequest(parseCustomerId(customerId), parseFanout(queryParams),
				parseRequestId(requestIdHeader));
	}

	private static long parseCustomerId(String customerId) {
		if (customerId == null || !CUSTOMER_ID.matcher(customerId).matches()) {
			throw new InvalidRequestException(
					"customerId must be a whole number from 1 to 999999999, got '" + customerId + "'");
		}
		return Long.parseLong(customerId);
	}

	private static Fanout parseFanout(Map<String, List<String>> queryParams) {
		for (String name : queryParams.keySet()) {
			if (!FANOUT_PARAMETER.equals(name)) {
				throw new InvalidRequestException(
						"unknown query parameter '" + name + "'; accepted: [" + FANOUT_PARAMETER + "]");
			}
		}
		List<String> values = queryParams.getOrDefault(FANOUT_PARAMETER, List.of());
		if (values.isEmpty()) {
			return Fanout.SEQUENTIAL;
		}
		if (values.size() > 1) {
			throw new InvalidRequestException("fanout must be given at most once, got " + values.size()
					+ " values; accepted: " + Fanout.ACCEPTED);
		}
		String value = (values.get(0) != null) ? values.get(0) : "";
		Fanout fanout = Fanout.fromValue(value);
		if (fanout == null) {
			throw new InvalidRequestException("fanout must be one of " + Fanout.ACCEPTED + ", got '" + value + "'");
		}
		return fanout;
	}

	/**
	 * The detail of the problem for a query string that is not
	 * {@code application/x-www-form-urlencoded} (e.g. {@code %zz}, {@code =x}), which the
	 * HTTP server or framework fails to parse before {@link #of} could see it.
	 * @param rawQuery the query string as received
	 * @return the detail, naming the problem and the accepted form
	 */
	public static String malformedQueryDetail(String rawQuery) {
		return "query string must be name=value pairs of percent-encoded UTF-8 separated by '&', got '" + rawQuery
				+ "'";
	}

	/**
	 * Rejects a request body: the endpoint reads none, so a body means the caller
	 * misunderstood the API (e.g. sent the id as JSON) or pads the request. Checked after
	 * {@link #of}, so a bad id, query or request id is reported first.
	 * @param headers the request headers
	 * @throws InvalidRequestException when {@code Content-Length} is above 0 or a
	 * {@code Transfer-Encoding} is given
	 */
	public static void requireNoBody(HttpHeaders headers) {
		String transferEncoding = headers.getFirst(HttpHeaders.TRANSFER_ENCODING);
		if (transferEncoding != null) {
			throw new InvalidRequestException(
					NO_BODY + ", got Transfer-Encoding '" + transferEncoding + "'; accepted: no body");
		}
		String contentLength = headers.getFirst(HttpHeaders.CONTENT_LENGTH);
		if (contentLength != null && !"0".equals(contentLength.strip())) {
			throw new InvalidRequestException(
					NO_BODY + ", got Content-Length '" + contentLength + "'; accepted: no body or Content-Length 0");
		}
	}

	/**
	 * A random (version 4) UUID from {@link ThreadLocalRandom}. {@code UUID.randomUUID()}
	 * reads {@code /dev/urandom} under a JVM-wide lock ({@code NativePRNG}): a blocking
	 * call on the event loop that BlockHound reports. A request id needs uniqueness, not
	 * cryptographic strength.
	 */
	static String randomUuid() {
		ThreadLocalRandom random = ThreadLocalRandom.current();
		long mostSigBits = (random.nextLong() & ~0xF000L) | 0x4000L;
		long leastSigBits = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
		return new UUID(mostSigBits, leastSigBits).toString();
	}

	private static String parseRequestId(String requestIdHeader) {
		if (requestIdHeader == null) {
			return randomUuid();
		}
		if (!REQUEST_ID.matcher(requestIdHeader).matches()) {
			throw new InvalidRequestException(REQUEST_ID_HEADER
					+ " must be 1 to 64 characters from A-Z a-z 0-9 . _ : -, got '" + requestIdHeader + "'");
		}
		return requestIdHeader;
	}

}
