package dev.twinstack.mocks.contract;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * The bad inputs of {@link BadInputFuzzTests}, as jqwik arbitraries: each generates
 * requests that break the endpoint contract in one way, with the answer the app must
 * give. Whatever a generator could produce that is accidentally valid is filtered out.
 */
final class BadInputs {

	static final Pattern VALID_CUSTOMER_ID = Pattern.compile("[1-9][0-9]{0,8}");

	static final Pattern VALID_REQUEST_ID = Pattern.compile("[A-Za-z0-9._:-]{1,64}");

	static final String CUSTOMER_ID_DETAIL = "customerId must be a whole number from 1 to 999999999, got '";

	static final String QUERY_DETAILS = "fanout must be one of \\[sequential, parallel\\], got '.*'"
			+ "|fanout must be given at most once, got \\d+ values; accepted: \\[sequential, parallel\\]"
			+ "|unknown query parameter '.*'; accepted: \\[fanout\\]|query string must be name=value pairs .*";

	static final String REQUEST_ID_PREFIX = "X-Request-Id must be 1 to 64 characters from A-Z a-z 0-9 . _ : -, got '";

	static final String REQUEST_ID_DETAIL = Pattern.quote(REQUEST_ID_PREFIX) + ".*'";

	static final String BODY_DETAIL = "POST /profiles/\\{customerId\\} takes no request body, got .+";

	private static final List<String> MONGO_OPERATORS = List.of("{\"$gt\":\"\"}", "{\"$ne\":null}", "{\"$gt\":0}",
			"{\"$where\":\"sleep(5000)\"}", "{\"$regex\":\".*\"}", "$gt", "[$ne]", "{\"$in\":[1,2]}");

	private BadInputs() {
	}

	/** Invalid, empty, overlong, non-ASCII and operator customer ids, URL-encoded. */
	static Arbitrary<BadRequest> customerIds() {
		Arbitrary<String> ids = Arbitraries.oneOf(
				Arbitraries.strings().withCharRange(' ', '~').ofMinLength(1).ofMaxLength(20),
				Arbitraries.strings()
					.withCharRange('\u00a0', '\ud7ff')
					.withCharRange('\ue000', '\ufffd')
					.ofMinLength(1)
					.ofMaxLength(12),
				Arbitraries.strings().numeric().ofMinLength(10).ofMaxLength(1500),
				Arbitraries.longs().between(-2_000_000_000L, 0).map(String::valueOf),
				Arbitraries.longs().between(1_000_000_000L, Long.MAX_VALUE).map(String::valueOf),
				Arbitraries.integers().between(1, 99_999_999).map((id) -> "0" + id),
				Arbitraries.integers().between(1, 999_999_999).map((id) -> id + ".0"), Arbitraries.of(MONGO_OPERATORS),
				Arbitraries.of("", ".", "..", "../42", "1e3", "+1", "0x1F", " 42", "42 ", "\u0664\u0662",
						"\uff14\uff12", "\ud835\udfd2", "\u0000", "null", "NaN", "\ud83d\ude00"));
		return ids.filter((id) -> !VALID_CUSTOMER_ID.matcher(id).matches())
			.map((id) -> BadRequest.post("customerId", "/profiles/" + encode(id), Set.of(400, 404),
					Pattern.quote(CUSTOMER_ID_DETAIL + id + "'") + "|" + BadRequest.SERVER + "|"
							+ BadRequest.NOT_FOUND));
	}

	/**
	 * Unknown, repeated and malformed query parameters and fanout values; percent-encoded
	 * ones through the JDK client, malformed ones on a plain socket.
	 */
	static Arbitrary<BadRequest> queries() {
		Arbitrary<String> values = Arbitraries.oneOf(Arbitraries.strings().alpha().ofMaxLength(12),
				Arbitraries.strings().withCharRange('\u00a0', '\u07ff').ofMinLength(1).ofMaxLength(6),
				Arbitraries.of(MONGO_OPERATORS), Arbitraries.of("sideways", "PARALLEL", "Sequential", "parallel ",
						" sequential", "parallel,sequential", "true", "1", "null"));
		Arbitrary<String> encoded = Arbitraries.oneOf(values.map((value) -> "fanout=" + encode(value)),
				values.map((value) -> "fanout=parallel&fanout=" + encode(value)),
				Combinators.combine(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(10), values)
					.as((name, value) -> encode(name) + "=" + encode(value) + "&fanout=parallel"),
				Arbitraries.of("fanout", "fanout=", "fanout=parallel&fanout=sequential", "fanout=parallel&fanout",
						"FANOUT=parallel", "fan%6Fut=sideways", "fanout%5B%24ne%5D=x", "fanout=parallel&",
						"fanout=parallel&foo", "foo", "foo=", "%24where=1", "fanout=parallel%00"));
		Arbitrary<BadRequest> wellFormed = encoded.filter((query) -> !acceptableQuery(query))
			.map((query) -> BadRequest.post("query", "/profiles/42?" + query, Set.of(400), QUERY_DETAILS));
		Arbitrary<BadRequest> malformed = Arbitraries
			.of("%zz", "fanout=%zz", "fanout=%", "fanout=%C3", "fanout=%FF", "=x", "=", "%=parallel", "fanout=%G1",
					"fanout[$ne]=x", "fanout={\"$gt\":\"\"}", "fanout=par allel", "fanout=\u00e9")
			.map((query) -> BadRequest
				.post("query", "/profiles/42?" + query, Set.of(400), QUERY_DETAILS + "|" + BadRequest.SERVER)
				.sentRaw());
		return Arbitraries.oneOf(wellFormed, wellFormed, malformed);
	}

	/**
	 * Invalid X-Request-Id values: too long, empty, wrong characters, operators,
	 * non-ASCII.
	 */
	static Arbitrary<BadRequest> requestIds() {
		Arbitrary<String> ids = Arbitraries.oneOf(
				Arbitraries.strings().withCharRange('!', '~').ofMinLength(1).ofMaxLength(70),
				Arbitraries.strings().alpha().ofMinLength(65).ofMaxLength(2000),
				Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(10).map((id) -> id + " " + id),
				Arbitraries.of(MONGO_OPERATORS), Arbitraries.of("", "a,b", "a;b", "<script>", "'; DROP TABLE x; --"));
		Arbitrary<BadRequest> ascii = ids.filter((id) -> !VALID_REQUEST_ID.matcher(id).matches())
			.map((id) -> BadRequest
				.post("X-Request-Id", "/profiles/42", Set.of(400), Pattern.quote(REQUEST_ID_PREFIX + id + "'"))
				.withHeaders(List.of("X-Request-Id: " + id)));
		Arbitrary<BadRequest> nonAscii = Arbitraries.strings()
			.withCharRange('\u00a0', '\ud7ff')
			.ofMinLength(1)
			.ofMaxLength(8)
			.map((id) -> BadRequest
				.post("X-Request-Id", "/profiles/42", Set.of(400), REQUEST_ID_DETAIL + "|" + BadRequest.SERVER)
				.withHeaders(List.of("X-Request-Id: " + id))
				.sentRaw());
		Arbitrary<BadRequest> twice = Arbitraries.strings()
			.alpha()
			.ofMinLength(1)
			.ofMaxLength(8)
			.map((id) -> BadRequest.post("X-Request-Id", "/profiles/42", Set.of(400), REQUEST_ID_DETAIL)
				.withHeaders(List.of("X-Request-Id: " + id, "X-Request-Id: " + id + "2")));
		return Arbitraries.oneOf(ascii, ascii, nonAscii, twice);
	}

	/** Methods other than POST on the endpoint's path, some with a body. */
	static Arbitrary<BadRequest> methods() {
		Arbitrary<String> methods = Arbitraries.of("GET", "PUT", "DELETE", "PATCH", "TRACE", "post", "FOO", "PROPFIND");
		Arbitrary<String> targets = Arbitraries.integers()
			.between(1, 999_999_999)
			.map((id) -> "/profiles/" + id)
			.flatMap((path) -> Arbitraries.of(path, path + "?fanout=parallel", path + "?fanout=sideways"));
		Arbitrary<BadRequest> plain = Combinators.combine(methods, targets)
			.as((method, target) -> BadRequest.post("method", target, Set.of(405), "(?i).*method.*")
				.withMethod(method));
		Arbitrary<BadRequest> connect = targets
			.map((target) -> BadRequest.post("method", target, Set.of(405), "(?i).*method.*")
				.withMethod("CONNECT")
				.sentRaw());
		return Arbitraries.oneOf(plain, plain, plain, connect,
				plain.map((request) -> request.withBody("fanout=parallel".getBytes(StandardCharsets.US_ASCII), false)
					.withHeaders(List.of("Content-Type: application/x-www-form-urlencoded"))));
	}

	/** Path traversal, plain, percent-encoded and double-encoded, on a plain socket. */
	static Arbitrary<BadRequest> traversals() {
		Arbitrary<String> steps = Arbitraries
			.of("../", "..%2f", "%2e%2e%2f", "%2e%2e/", ".%2e/", "..;/", "..%5c", "%2e%2e%5c", "%252e%252e%252f",
					"..%c0%af", "....//", "./")
			.list()
			.ofMinSize(1)
			.ofMaxSize(4)
			.map((list) -> String.join("", list));
		Arbitrary<String> ends = Arbitraries.of("etc/passwd", "actuator/env", "actuator/shutdown", "actuator/heapdump",
				"42", "profiles/42", "..", "%2e%2e", "WEB-INF/web.xml", "");
		return Combinators.combine(Arbitraries.of("/profiles/", "/profiles/42/", "/"), steps, ends)
			.as((start, step, end) -> start + step + end)
			.map((target) -> BadRequest
				.post("traversal", target, Set.of(400, 404),
						BadRequest.SERVER + "|" + BadRequest.NOT_FOUND + "|" + Pattern.quote(CUSTOMER_ID_DETAIL)
								+ ".*'")
				.sentRaw());
	}

	/**
	 * Request targets of random printable ASCII, sent as they are: no valid URI in most
	 * cases.
	 */
	static Arbitrary<BadRequest> rawTargets() {
		return Arbitraries.strings()
			.withCharRange(' ', '~')
			.ofMinLength(1)
			.ofMaxLength(30)
			.filter((suffix) -> !VALID_CUSTOMER_ID.matcher(decode(suffix.split("[?#; /\\\\]", 2)[0])).matches())
			.map((suffix) -> BadRequest
				.post("raw target", "/profiles/" + suffix, Set.of(400, 404, 405),
						BadRequest.SERVER + "|" + BadRequest.NOT_FOUND + "|" + Pattern.quote(CUSTOMER_ID_DETAIL)
								+ ".*'|" + QUERY_DETAILS)
				.sentRaw());
	}

	/**
	 * Oversized header fields, request lines and bodies; bodies of any size on a request
	 * that takes none.
	 */
	static Arbitrary<BadRequest> oversized() {
		BadRequest valid = BadRequest.post("oversized", "/profiles/42", Set.of(431), BadRequest.SERVER);
		Arbitrary<BadRequest> requestId = Arbitraries.integers()
			.between(8_300, 40_000)
			.map((size) -> valid.withHeaders(List.of("X-Request-Id: " + "r".repeat(size))));
		Arbitrary<BadRequest> padding = Arbitraries.integers()
			.between(8_300, 40_000)
			.map((size) -> valid.withHeaders(List.of("X-Padding: " + "p".repeat(size))));
		Arbitrary<BadRequest> many = Arbitraries.integers().between(90, 400).map((count) -> {
			List<String> headers = new ArrayList<>();
			for (int i = 0; i < count; i++) {
				headers.add("X-Padding-" + i + ": " + "p".repeat(100));
			}
			return valid.withHeaders(Collections.unmodifiableList(headers));
		});
		Arbitrary<BadRequest> longTarget = Arbitraries.strings()
			.numeric()
			.ofMinLength(4_200)
			.ofMaxLength(20_000)
			.map((id) -> BadRequest.post("oversized", "/profiles/" + id, Set.of(400, 414, 431),
					BadRequest.SERVER + "|" + Pattern.quote(CUSTOMER_ID_DETAIL) + "\\d+'"));
		Arbitrary<BadRequest> bodies = Combinators
			.combine(Arbitraries.integers().between(1, 1 << 20), Arbitraries.of(true, false))
			.as((size, chunked) -> valid.withBody(repeat(size), chunked));
		return Arbitraries.oneOf(requestId, padding, many, longTarget,
				bodies.map((request) -> new BadRequest("body", request.method(), request.target(), request.headers(),
						request.body(), request.chunked(), false, Set.of(400), BadRequest.pattern(BODY_DETAIL))));
	}

	private static byte[] repeat(int size) {
		ByteArrayOutputStream body = new ByteArrayOutputStream(size);
		for (int i = 0; i < size; i++) {
			body.write('a' + (i % 26));
		}
		return body.toByteArray();
	}

	/**
	 * Percent-encodes every byte of the UTF-8 form except RFC 3986's unreserved
	 * characters.
	 */
	static String encode(String value) {
		StringBuilder encoded = new StringBuilder();
		for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
			char c = (char) (b & 0xff);
			if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-_.~".indexOf(c) >= 0) {
				encoded.append(c);
			}
			else {
				encoded.append('%').append(String.format("%02X", (int) c));
			}
		}
		return encoded.toString();
	}

	/** Decodes {@code %XX} sequences as far as they are valid, leaving the rest. */
	static String decode(String value) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if (c == '%' && i + 2 < value.length() && Character.digit(value.charAt(i + 1), 16) >= 0
					&& Character.digit(value.charAt(i + 2), 16) >= 0) {
				bytes.write(Integer.parseInt(value.substring(i + 1, i + 3), 16));
				i += 2;
			}
			else {
				bytes.write(c);
			}
		}
		return bytes.toString(StandardCharsets.UTF_8);
	}

	/**
	 * Whether a query string would pass the contract: only one fanout, with a valid
	 * value.
	 */
	static boolean acceptableQuery(String rawQuery) {
		List<String> fanouts = new ArrayList<>();
		for (String pair : rawQuery.split("&")) {
			if (pair.isEmpty()) {
				continue;
			}
			String[] nameValue = pair.split("=", 2);
			if (!"fanout".equals(decode(nameValue[0]))) {
				return false;
			}
			fanouts.add((nameValue.length > 1) ? decode(nameValue[1]) : "");
		}
		return fanouts.isEmpty() || (fanouts.size() == 1 && List.of("sequential", "parallel").contains(fanouts.get(0)));
	}

}
