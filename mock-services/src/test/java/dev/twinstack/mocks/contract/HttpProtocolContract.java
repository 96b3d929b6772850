package dev.twinstack.mocks.contract;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import dev.twinstack.mocks.MockServices;
import dev.twinstack.mocks.MockServicesOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The protocol edge of the contract: what RFC 9110 and RFC 9112 say of the request line,
 * header fields, {@code Host}, HTTP versions and message framing, sent on a plain socket
 * to {@code POST /profiles/42}, which stores a document whenever it answers 201. Every
 * request the RFCs reject is rejected with a 4xx or 5xx RFC 9457 problem and stores
 * nothing; every request they accept gets the same answer as a well-formed one. The few
 * answers where Tomcat and Reactor Netty still differ are written down in the README
 * ("Protocol edge") and asserted per {@link #server() server}.
 * <p>
 * An app runs it with a subclass in its own package (where {@code @SpringBootTest} finds
 * its application) that names its HTTP server.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@DirtiesContext
public abstract class HttpProtocolContract {

	/**
	 * This class's mocks: started with each subclass's Spring context and stopped after
	 * it, so the next subclass (another stack) gets its own.
	 */
	private static MockServices mocks;

	private static final String TARGET = "/profiles/42";

	private int port;

	/**
	 * The HTTP server the app runs on.
	 * @return the server
	 */
	protected abstract HttpServer server();

	@DynamicPropertySource
	static void mockServices(DynamicPropertyRegistry registry) {
		if (mocks == null) {
			mocks = MockServices.start(MockServicesOptions.forTests());
		}
		AppUnderTest.useMocks(registry, mocks);
	}

	@AfterAll
	static void stopMocks() {
		if (mocks != null) {
			mocks.close();
			mocks = null;
		}
	}

	@BeforeEach
	void emptyDatabase(@LocalServerPort int port) {
		this.port = port;
		mocks.deleteStoredDocuments(AppUnderTest.PROFILES);
	}

	/**
	 * RFC 9112 section 3.2: a server MUST answer 400 to an HTTP/1.1 request without Host.
	 */
	@Test
	void rejectsAnHttp11RequestWithoutHost() {
		assertRejected("POST /profiles/42 HTTP/1.1\r\nConnection: close\r\n\r\n", 400);
		assertRejected("POST http://127.0.0.1/profiles/42 HTTP/1.1\r\nConnection: close\r\n\r\n", 400);
	}

	/** RFC 9112 section 3.2: more than one Host field line is a 400. */
	@Test
	void rejectsMoreThanOneHost() {
		assertRejected(request("POST /profiles/42 HTTP/1.1", "Host: a.example", "Host: b.example"), 400);
		assertRejected(request("POST /profiles/42 HTTP/1.1", "Host: a.example", "Host: a.example"), 400);
	}

	/** RFC 9112 section 3.2: a Host with an invalid field value is a 400. */
	@Test
	void rejectsAnInvalidHost() {
		for (String host : List.of("exa mple", "a/b", "user@a.example", "a.example:port")) {
			assertRejected(request("POST /profiles/42 HTTP/1.1", "Host: " + host), 400);
		}
	}

	/**
	 * HTTP/1.0 does not require Host; an empty Host is what a client sends for a target
	 * without authority (RFC 9110 section 7.2).
	 */
	@Test
	void acceptsHttp10WithoutHostAndAnEmptyHost() {
		assertStored("POST /profiles/42 HTTP/1.0\r\n\r\n");
		assertStored(new String(request("POST /profiles/42 HTTP/1.1", "Host:"), StandardCharsets.ISO_8859_1));
	}

	/** RFC 9112 section 3.2.2: a server MUST accept the absolute-form. */
	@Test
	void acceptsTheAbsoluteForm() {
		assertStored(new String(request("POST http://127.0.0.1:" + this.port + "/profiles/42 HTTP/1.1"),
				StandardCharsets.ISO_8859_1));
	}

	/**
	 * RFC 9112 section 3.2.2: with the absolute-form, the server MUST ignore Host.
	 * Reactor Netty does; Tomcat 11 rejects a Host that names another authority, and has
	 * no setting to allow it any more.
	 */
	@Test
	void answersAnAbsoluteFormWhoseHostNamesAnotherAuthorityAsItsServerDoes() {
		String request = new String(request("POST http://other.example/profiles/42 HTTP/1.1", "Host: 127.0.0.1"),
				StandardCharsets.ISO_8859_1);
		if (server() == HttpServer.TOMCAT) {
			assertRejected(request, 400);
		}
		else {
			assertStored(request);
		}
	}

	/** RFC 9112 section 5.1: whitespace between a field name and the colon is a 400. */
	@Test
	void rejectsWhitespaceBeforeTheColon() {
		assertRejected(request("POST /profiles/42 HTTP/1.1", "X-Request-Id : abc"), 400);
		assertRejected(request("POST /profiles/42 HTTP/1.1", "X-Padding\t: abc"), 400);
	}

	/**
	 * RFC 9112 section 2.2: whitespace between the start-line and the first field is
	 * rejected (or the line ignored; both servers reject it).
	 */
	@Test
	void rejectsWhitespaceBeforeTheFirstField() {
		assertRejected("POST /profiles/42 HTTP/1.1\r\n X-Padding: abc\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
				400);
	}

	/**
	 * RFC 9110 section 5: a field name is a token, a field value has no control
	 * characters; a line without a colon is no field line.
	 */
	@Test
	void rejectsMalformedFieldLines() {
		for (String line : List.of("X(Padding): abc", ": abc", "X-Padding abc", "X-Padding: a\u0001b",
				"X-Padding: a\rb", "X-Padding: a\u0000b")) {
			assertRejected(request("POST /profiles/42 HTTP/1.1", line), 400);
		}
	}

	/**
	 * RFC 9112 section 5.2: obs-fold is rejected or replaced by a space; both servers
	 * replace it, so the folded request id reaches the endpoint as {@code abc def}.
	 */
	@Test
	void unfoldsObsoleteLineFolding() {
		RawHttp.Response folded = RawHttp.send(this.port,
				request("POST /profiles/42 HTTP/1.1", "X-Request-Id: abc", " def"));
		assertThat(folded.status()).as(folded.toString()).isEqualTo(400);
		assertThat(problem(folded)).containsEntry("type", "urn:twinstack:problem:invalid-request")
			.containsEntry("detail", "X-Request-Id must be 1 to 64 characters from A-Z a-z 0-9 . _ : -, got 'abc def'");
		assertThat(stored()).isZero();
		assertStored(new String(request("POST /profiles/42 HTTP/1.1", "X-Padding: abc", "\tdef"),
				StandardCharsets.ISO_8859_1));
	}

	/**
	 * Versions other than HTTP/1.1 and HTTP/1.0 get 505 (RFC 9110 section 15.6.6). A
	 * major version the server does not speak, such as {@code HTTP/9.9}, is what RFC 9110
	 * section 2.5 names the case for 505; Tomcat's {@code Http11Processor} answers 505 to
	 * any well-formed version but those two, and webflux-app's {@code ProtocolRules} does
	 * the same in front of Reactor Netty. For HTTP/1.2, RFC 9110 section 2.5 says a
	 * server SHOULD process it as HTTP/1.1; Tomcat does not, and Reactor Netty answered
	 * it as {@code HTTP/1.2 201}, so both refuse it.
	 */
	@Test
	void answers505ToVersionsOtherThanHttp11AndHttp10() {
		for (String version : List.of("HTTP/1.2", "HTTP/2.0", "HTTP/3.0", "HTTP/9.9")) {
			assertRejected(request("POST /profiles/42 " + version), 505);
		}
	}

	/**
	 * RFC 9112 section 2.3: the version is {@code HTTP/DIGIT.DIGIT}, and the name
	 * {@code HTTP} is case-sensitive. A lower-case {@code http/1.1} gets a 400 problem
	 * from both, with a status line from Reactor Netty; Tomcat answers it, now and then,
	 * HTTP/0.9-style (the problem alone), the one answer the README writes down per
	 * server here.
	 */
	@Test
	void rejectsMalformedVersions() {
		assertRejected(request("POST /profiles/42 FOO/1.1"), 400);
		for (String version : List.of("http/1.1", "Http/1.0")) {
			byte[] request = request("POST /profiles/42 " + version);
			if (server() == HttpServer.TOMCAT) {
				assertProblemWithOrWithoutStatusLine(RawHttp.send(this.port, request), 400);
			}
			else {
				assertRejected(request, 400);
			}
		}
	}

	/**
	 * Documented per server: {@code HTTP/1.10}, which is no {@code HTTP/DIGIT.DIGIT}.
	 * Tomcat answers 505, Reactor Netty's decoder 400.
	 */
	@Test
	void answersATwoDigitMinorVersionAsItsServerDoes() {
		assertRejected(request("POST /profiles/42 HTTP/1.10"), (server() == HttpServer.TOMCAT) ? 505 : 400);
	}

	/**
	 * Documented per server: a request line without a version. Tomcat answers a 400
	 * problem, usually HTTP/0.9-style (the problem alone, no status line); Reactor Netty
	 * answers a 400 problem.
	 */
	@Test
	void answersARequestLineWithoutVersionAsItsServerDoes() {
		RawHttp.Response response = RawHttp.send(this.port, bytes("POST /profiles/42\r\n\r\n"));
		if (server() == HttpServer.TOMCAT) {
			assertProblemWithOrWithoutStatusLine(response, 400);
		}
		else {
			assertThat(response.status()).as(response.toString()).isEqualTo(400);
			assertThat(problem(response)).containsEntry("status", 400);
		}
		assertThat(stored()).isZero();
	}

	/**
	 * Documented per server: the HTTP/2 connection preface on a server that speaks
	 * HTTP/1.1 only. Tomcat closes the connection without an answer, Reactor Netty
	 * answers 505.
	 */
	@Test
	void answersTheHttp2PrefaceAsItsServerDoes() {
		RawHttp.Response response = RawHttp.send(this.port, bytes("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"));
		if (server() == HttpServer.TOMCAT) {
			assertThat(response.status()).as(response.toString()).isEqualTo(-1);
			assertThat(response.body()).isEmpty();
		}
		else {
			assertThat(response.status()).as(response.toString()).isEqualTo(505);
		}
		assertThat(stored()).isZero();
	}

	/**
	 * Documented per server: RFC 9112 section 2.2 lets a recipient accept a bare LF as a
	 * line end. Tomcat does, Reactor Netty rejects it.
	 */
	@Test
	void answersBareLineFeedsAsItsServerDoes() {
		String request = "POST /profiles/42 HTTP/1.1\nHost: 127.0.0.1\nConnection: close\n\n";
		if (server() == HttpServer.TOMCAT) {
			assertStored(request);
		}
		else {
			assertRejected(request, 400);
		}
	}

	/** RFC 9112 section 3.2: a target outside RFC 3986's characters is a 400. */
	@Test
	void rejectsCharactersOutsideRfc3986InTheTarget() {
		for (String target : List.of("/profiles/42;\u00e9", "/profiles/42\"", "/profiles/42\u007f",
				"/profiles/42\u0001", "/profiles\\42", "/profiles/42?fanout=parallel&\u00e9")) {
			assertRejected(request("POST " + target + " HTTP/1.1"), 400);
		}
	}

	/**
	 * RFC 9112 section 3.2: a target is in origin-form or absolute-form ({@code *} only
	 * for OPTIONS, authority-form only for CONNECT).
	 */
	@Test
	void rejectsTargetsInNeitherOriginNorAbsoluteForm() {
		for (String target : List.of("profiles/42", "*", "127.0.0.1:80")) {
			assertRejected(request("POST " + target + " HTTP/1.1"), 400);
		}
	}

	/** RFC 9110 section 9.3.7: {@code OPTIONS *} asks about the server as a whole. */
	@Test
	void answersOptionsAsteriskWithTheServersMethods() {
		RawHttp.Response response = RawHttp.send(this.port, request("OPTIONS * HTTP/1.1"));
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		assertThat(response.headers()).containsEntry("allow", "GET, HEAD, POST, PUT, DELETE, OPTIONS");
		assertThat(response.body()).isEmpty();
	}

	/** RFC 9112 section 2.2: an empty line before the request line is ignored. */
	@Test
	void ignoresAnEmptyLineBeforeTheRequestLine() {
		assertStored("\r\nPOST /profiles/42 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
	}

	/**
	 * RFC 9112 section 6.1: Content-Length with Transfer-Encoding may be rejected, and
	 * the connection MUST be closed after the answer: the request pipelined behind it is
	 * never answered. The answer is read to the connection's end, so nothing may follow
	 * the 400, however it is framed (Content-Length or chunked).
	 */
	@Test
	void rejectsContentLengthWithTransferEncodingAndClosesTheConnection() {
		RawHttp.Response response = RawHttp.send(this.port,
				bytes("POST /profiles/42 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n"
						+ "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
						+ "GET /scenarios/cpu-light HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"));
		assertThat(response.status()).as(response.toString()).isEqualTo(400);
		assertThat(response.headers()).containsEntry("connection", "close");
		assertThat(response.body()).doesNotContain("HTTP/1.1 200", "\"seed\"");
		assertThat(response.rest()).as("sent after the 400").isEmpty();
		assertThat(problem(response)).containsEntry("status", 400);
		assertThat(stored()).isZero();
	}

	/** RFC 9112 section 6.3: an invalid or conflicting Content-Length is a 400. */
	@Test
	void rejectsInvalidOrConflictingContentLengths() {
		for (List<String> lengths : List.of(List.of("Content-Length: 0", "Content-Length: 5"),
				List.of("Content-Length: abc"), List.of("Content-Length: -1"), List.of("Content-Length: +0"))) {
			assertRejected(request("POST /profiles/42 HTTP/1.1", lengths.toArray(String[]::new)), 400);
		}
	}

	/**
	 * RFC 9112 section 6.1: a transfer coding the server does not understand SHOULD get
	 * 501; chunked not last is a 400.
	 */
	@Test
	void answers501ToTransferCodingsOtherThanChunked() {
		for (String codings : List.of("foo", "identity", "gzip, chunked")) {
			assertRejected(bytes("POST /profiles/42 HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: " + codings
					+ "\r\nConnection: close\r\n\r\n0\r\n\r\n"), 501);
		}
		assertRejected(bytes("POST /profiles/42 HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked, gzip"
				+ "\r\nConnection: close\r\n\r\n0\r\n\r\n"), 400);
	}

	/** RFC 9110 section 10.1.1: an expectation other than 100-continue may get 417. */
	@Test
	void answers417ToAnUnknownExpectation() {
		assertRejected(request("POST /profiles/42 HTTP/1.1", "Expect: something-else"), 417);
	}

	/** RFC 9110 section 9.1: a method is a token. */
	@Test
	void rejectsAMethodThatIsNoToken() {
		assertRejected(request("PO(ST /profiles/42 HTTP/1.1"), 400);
	}

	private void assertRejected(String request, int status) {
		assertRejected(bytes(request), status);
	}

	private void assertRejected(byte[] request, int status) {
		RawHttp.Response response = RawHttp.send(this.port, request);
		String description = new String(request, StandardCharsets.ISO_8859_1).replace("\r\n", "\\r\\n") + " -> "
				+ response;
		assertThat(response.status()).as(description).isEqualTo(status);
		assertThat(problem(response)).as(description).containsEntry("status", status).containsKey("detail");
		assertThat(stored()).as("stored after " + description).isZero();
	}

	/**
	 * A problem, either as an HTTP/1.1 answer or HTTP/0.9-style (the JSON alone, no
	 * status line or fields: Tomcat's answer when it could not read the version).
	 */
	private static void assertProblemWithOrWithoutStatusLine(RawHttp.Response response, int status) {
		if (response.status() != -1) {
			assertThat(response.status()).as(response.toString()).isEqualTo(status);
		}
		Map<String, Object> problem = JsonMapper.shared().readValue(response.body(), new TypeReference<>() {
		});
		assertThat(problem).as(response.toString()).containsEntry("status", status);
		assertThat(stored()).isZero();
	}

	private void assertStored(String request) {
		RawHttp.Response response = RawHttp.send(this.port, bytes(request));
		assertThat(response.status()).as(request.replace("\r\n", "\\r\\n") + " -> " + response).isEqualTo(201);
		assertThat(stored()).as("stored after " + request).isOne();
		mocks.deleteStoredDocuments(AppUnderTest.PROFILES);
	}

	private static Map<String, Object> problem(RawHttp.Response response) {
		assertThat(MediaType.parseMediaType(response.headers().getOrDefault("content-type", "text/plain")))
			.as(response.toString())
			.matches((type) -> type.equalsTypeAndSubtype(MediaType.APPLICATION_PROBLEM_JSON), "a problem");
		return JsonMapper.shared().readValue(response.body(), new TypeReference<>() {
		});
	}

	private byte[] request(String requestLine, String... headerLines) {
		return RawHttp.request(this.port, requestLine, headerLines);
	}

	private static byte[] bytes(String request) {
		return request.getBytes(StandardCharsets.UTF_8);
	}

	private static int stored() {
		return AppUnderTest.storedProfiles(mocks).size();
	}

}
