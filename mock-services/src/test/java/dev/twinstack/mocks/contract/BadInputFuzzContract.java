package dev.twinstack.mocks.contract;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;

import dev.twinstack.mocks.MockServices;
import dev.twinstack.mocks.MockServicesOptions;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.MediaType;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bad input, fuzzed with jqwik against the running app (on a random port, the mock
 * services, mongo-java-server): invalid, empty, overlong, non-ASCII and MongoDB operator
 * customer ids, fanouts and request ids; path traversal; wrong methods; unknown and
 * malformed query parameters; request targets that are no URI; oversized header fields,
 * request lines and bodies. The property, for every input: a 4xx RFC 9457 problem whose
 * {@code detail} names the problem, never a 5xx, never a stored document.
 * <p>
 * jqwik is its own JUnit Platform engine, without Spring's test context: the app is
 * started before the first property and stopped after the container. Requests go through
 * the JDK HttpClient, which sends the target as given; what it refuses to send goes
 * through {@link RawHttp}. The HTTP server rejects some requests before Spring sees them
 * (Tomcat: an encoded {@code /}, {@code %zz} or {@code ..} above the root in the path,
 * characters outside RFC 3986; Reactor Netty: a request line it cannot decode, a target
 * that is no valid URI; both: request line and header fields over their limits): the apps
 * answer those with problems too, with the HTTP server's reason as detail.
 * <p>
 * An app runs it with a subclass that names its application class.
 */
public abstract class BadInputFuzzContract {

	/** Distinct bad inputs every run must try, at least. */
	static final int MIN_DISTINCT_INPUTS = 200;

	private static final Logger logger = LoggerFactory.getLogger(BadInputFuzzContract.class);

	private static final Set<String> inputs = ConcurrentHashMap.newKeySet();

	private static final AtomicInteger closedWithoutAnswer = new AtomicInteger();

	private static final Map<Integer, Integer> statuses = new ConcurrentSkipListMap<>();

	private static final Map<String, Integer> categories = new ConcurrentSkipListMap<>();

	private static MockServices mocks;

	private static ConfigurableApplicationContext app;

	private static HttpClient http;

	private static int port;

	/**
	 * The app under test.
	 * @return its Spring Boot application class
	 */
	protected abstract Class<?> application();

	/**
	 * More settings of the app under test, e.g. {@code app.stack=coroutines}.
	 * @return {@code name=value} pairs; none by default
	 */
	protected String[] settings() {
		return new String[0];
	}

	/**
	 * The port of the app under test, once a property or example has started it.
	 * @return its HTTP port
	 */
	protected static int port() {
		return port;
	}

	/** Starts the mocks and the app before the first property of the container. */
	@BeforeProperty
	void startAppOnce() throws Exception {
		if (app != null) {
			return;
		}
		// a second subclass in the same JVM counts its own inputs
		inputs.clear();
		statuses.clear();
		categories.clear();
		closedWithoutAnswer.set(0);
		mocks = MockServices.start(MockServicesOptions.forTests());
		app = AppUnderTest.start(application(), mocks, settings());
		port = AppUnderTest.port(app);
		http = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(5))
			.build();
		// the control: a valid request is stored, so "nothing stored" below can fail
		BadRequest valid = BadRequest.post("valid", "/profiles/42", Set.of(201), "");
		assertThat(send(valid).status()).isEqualTo(201);
		assertThat(storedProfiles()).isOne();
		dropProfiles();
	}

	@AfterContainer
	static void stopAppAndCountInputs() {
		try {
			logger.info(
					"Bad-input fuzzing: {} distinct inputs; answers by status {}; by category {}; connections "
							+ "closed before the answer (sent again) {}",
					inputs.size(), statuses, categories, closedWithoutAnswer.get());
		}
		finally {
			if (app != null) {
				app.close();
				app = null;
			}
			if (mocks != null) {
				mocks.close();
				mocks = null;
			}
		}
		assertThat(inputs).as("distinct bad inputs tried").hasSizeGreaterThanOrEqualTo(MIN_DISTINCT_INPUTS);
	}

	@Property(tries = 80)
	void rejectsInvalidCustomerIds(@ForAll("customerIds") BadRequest request) throws Exception {
		assertRejected(request);
	}

	@Property(tries = 60)
	void rejectsUnknownAndMalformedQueryParameters(@ForAll("queries") BadRequest request) throws Exception {
		assertRejected(request);
	}

	@Property(tries = 50)
	void rejectsInvalidRequestIds(@ForAll("requestIds") BadRequest request) throws Exception {
		assertRejected(request);
	}

	@Property(tries = 40)
	void rejectsWrongMethods(@ForAll("methods") BadRequest request) throws Exception {
		assertRejected(request);
	}

	@Property(tries = 40)
	void rejectsPathTraversal(@ForAll("traversals") BadRequest request) throws Exception {
		assertRejected(request);
	}

	@Property(tries = 50)
	void rejectsMalformedRequestTargets(@ForAll("rawTargets") BadRequest request) throws Exception {
		assertRejected(request);
	}

	/**
	 * Found by the fuzzer in CI: Tomcat let it through and Spring's path parser failed
	 * (500).
	 */
	@Example
	void rejectsAnIncompleteEscapeInAPathParameter() throws Exception {
		for (String target : List.of("/profiles/;%", "/profiles/42;%", "/profiles/;a=%z")) {
			assertRejected(BadRequest.post("raw target", target, Set.of(400), BadRequest.SERVER).sentRaw());
		}
	}

	/** Found by the fuzzer: Tomcat refuses WEB-INF itself, with a bare "Not Found". */
	@Example
	void rejectsATraversalIntoWebInf() throws Exception {
		for (String target : List.of("/profiles/../WEB-INF/web.xml", "/profiles/%2e%2e/WEB-INF/web.xml",
				"/WEB-INF/web.xml")) {
			assertRejected(BadRequest
				.post("traversal", target, Set.of(400, 404), BadRequest.SERVER + "|" + BadRequest.NOT_FOUND)
				.sentRaw());
		}
	}

	@Property(tries = 30)
	void rejectsOversizedHeadersAndBodies(@ForAll("oversized") BadRequest request) throws Exception {
		assertRejected(request);
	}

	@Provide
	Arbitrary<BadRequest> customerIds() {
		return BadInputs.customerIds();
	}

	@Provide
	Arbitrary<BadRequest> queries() {
		return BadInputs.queries();
	}

	@Provide
	Arbitrary<BadRequest> requestIds() {
		return BadInputs.requestIds();
	}

	@Provide
	Arbitrary<BadRequest> methods() {
		return BadInputs.methods();
	}

	@Provide
	Arbitrary<BadRequest> traversals() {
		return BadInputs.traversals();
	}

	@Provide
	Arbitrary<BadRequest> rawTargets() {
		return BadInputs.rawTargets();
	}

	@Provide
	Arbitrary<BadRequest> oversized() {
		return BadInputs.oversized();
	}

	private static void assertRejected(BadRequest request) throws Exception {
		inputs.add(request.key());
		categories.merge(request.category(), 1, Integer::sum);
		Answer answer = send(request);
		statuses.merge(answer.status(), 1, Integer::sum);
		String description = request + " -> " + answer;
		assertThat(answer.status()).as(description).isBetween(400, 499).isIn(request.statuses());
		assertThat(answer.contentType()).as(description).isNotEmpty();
		assertThat(MediaType.parseMediaType(answer.contentType())).as(description)
			.matches((type) -> type.equalsTypeAndSubtype(MediaType.APPLICATION_PROBLEM_JSON),
					"application/problem+json");
		Map<String, Object> problem = JsonMapper.shared().readValue(answer.body(), new TypeReference<>() {
		});
		assertThat(problem).as(description).containsEntry("status", answer.status()).containsKey("title");
		assertThat((String) problem.get("detail")).as(description).isNotBlank().matches(request.detail());
		assertThat(answer.body()).as(description).doesNotContain("\tat ", "at org.", "at java.");
		long stored = storedProfiles();
		if (stored > 0) {
			// so that the next tries are judged on their own
			dropProfiles();
		}
		assertThat(stored).as("profiles stored after " + description).isZero();
	}

	/**
	 * Sends the request; retried up to twice when the connection closed before any answer
	 * arrived. A server that rejects a request it has not read to the end (e.g. header
	 * fields over the limit) writes its answer and closes the connection; the unread
	 * bytes make the close a TCP reset, which can discard the answer on the client's side
	 * (RFC 9112 section 9.6, lingering close). A server that never answers fails all
	 * three tries.
	 */
	private static Answer send(BadRequest request) throws IOException, InterruptedException {
		for (int attempt = 1;; attempt++) {
			try {
				return sendOnce(request);
			}
			catch (IOException ex) {
				if (attempt == 3) {
					throw ex;
				}
				closedWithoutAnswer.incrementAndGet();
			}
		}
	}

	private static Answer sendOnce(BadRequest request) throws IOException, InterruptedException {
		if (request.raw()) {
			RawHttp.Response response = RawHttp.send(port, RawHttp.request(port, request.method(), request.target(),
					request.headers(), request.body(), request.chunked()));
			return new Answer(response.status(), response.headers().getOrDefault("content-type", ""), response.body());
		}
		HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + request.target()))
			.timeout(Duration.ofSeconds(10));
		for (String header : request.headers()) {
			int colon = header.indexOf(':');
			builder.header(header.substring(0, colon), header.substring(colon + 1).strip());
		}
		BodyPublisher body = BodyPublishers.noBody();
		if (request.body() != null) {
			body = request.chunked() ? BodyPublishers.fromPublisher(BodyPublishers.ofByteArray(request.body()))
					: BodyPublishers.ofByteArray(request.body());
		}
		HttpResponse<String> response = http.send(builder.method(request.method(), body).build(),
				BodyHandlers.ofString(StandardCharsets.UTF_8));
		return new Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
				response.body());
	}

	private static void dropProfiles() {
		mocks.deleteStoredDocuments(AppUnderTest.PROFILES);
	}

	private static long storedProfiles() {
		return AppUnderTest.storedProfiles(mocks).size();
	}

	private record Answer(int status, String contentType, String body) {

		@Override
		public String toString() {
			String shown = (this.body.length() > 300) ? this.body.substring(0, 300) + "…" : this.body;
			return this.status + " " + this.contentType + " " + shown;
		}

	}

}
