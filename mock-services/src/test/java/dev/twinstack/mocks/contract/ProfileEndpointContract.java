package dev.twinstack.mocks.contract;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.FutureTask;

import com.github.tomakehurst.wiremock.http.Fault;
import dev.twinstack.mocks.Downstream;
import dev.twinstack.mocks.MockServices;
import dev.twinstack.mocks.MockServicesOptions;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.util.UriComponentsBuilder;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The endpoint contract of the README, end to end: the app on a random port, the WireMock
 * services of mock-services, mongo-java-server; what is stored is read from MongoDB
 * itself. An app runs it with a subclass in its own package (where
 * {@code @SpringBootTest} finds its application) that names its application class.
 */
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "app.downstream.timeout=1s")
@DirtiesContext
public abstract class ProfileEndpointContract {

	/**
	 * This class's mocks: started with each subclass's Spring context and stopped after
	 * it, so the next subclass (another stack) gets its own.
	 */
	private static MockServices mocks;

	private static final ParameterizedTypeReference<Map<String, Object>> JSON_OBJECT = new ParameterizedTypeReference<>() {
	};

	private static final String INVALID_REQUEST = "urn:twinstack:problem:invalid-request";

	private static final String DOWNSTREAM_ERROR = "urn:twinstack:problem:downstream-error";

	/**
	 * The problem's detail, after the service's name, when a downstream answer breaks
	 * off.
	 */
	private static final Map<Fault, String> BROKEN_OFF = Map.of(Fault.EMPTY_RESPONSE,
			"could not be reached: Connection closed before the answer was complete", Fault.MALFORMED_RESPONSE_CHUNK,
			"could not be reached: Connection closed before the answer was complete", Fault.RANDOM_DATA_THEN_CLOSE,
			"could not be reached: Connection closed before the answer was complete");

	private static final String DOWNSTREAM_TIMEOUT = "urn:twinstack:problem:downstream-timeout";

	/** When a service stubbed to be late answers (ms), 3 × the 1 s downstream timeout. */
	private static final int LATE_ANSWER_MS = 3000;

	/** An ISO-8601 UTC instant to the millisecond, as in the README's example. */
	private static final String MILLISECOND_INSTANT = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";

	private WebTestClient client;

	/**
	 * The app under test.
	 * @return its Spring Boot application class
	 */
	protected abstract Class<?> application();

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

	/**
	 * One request through the whole stack before the first test: a fresh WireMock server
	 * compiles its response templates and the app opens its first connections, which on a
	 * cold JVM can take longer than the 1 s downstream timeout of these tests.
	 */
	@BeforeAll
	static void warmUp(@LocalServerPort int port) {
		// whatever the outcome: each test asserts its own, and resetMocksAndDatabase()
		// drops what this stored
		client(port).post().uri("/profiles/1").exchange();
	}

	@BeforeEach
	void resetMocksAndDatabase(@LocalServerPort int port) {
		this.client = client(port);
		resetMocksAndDatabase();
	}

	private void resetMocksAndDatabase() {
		mocks.resetStubs();
		mocks.deleteStoredDocuments(AppUnderTest.PROFILES);
	}

	@Test
	void storesAndReturnsComposedProfileWithSequentialFanout() {
		assertStoresAndReturnsComposedProfile("?fanout=sequential", "sequential");
		assertStoresAndReturnsComposedProfile("", "sequential");
	}

	@Test
	void storesAndReturnsComposedProfileWithParallelFanout() {
		assertStoresAndReturnsComposedProfile("?fanout=parallel", "parallel");
	}

	private void assertStoresAndReturnsComposedProfile(String query, String fanout) {
		resetMocksAndDatabase();
		String requestId = "test-" + fanout + "-000042";
		Instant before = Instant.now();
		String json = this.client.post()
			.uri("/profiles/42" + query)
			.header("X-Request-Id", requestId)
			.exchange()
			.expectStatus()
			.isCreated()
			.expectHeader()
			.contentType(MediaType.APPLICATION_JSON)
			.expectBody(String.class)
			.returnResult()
			.getResponseBody();
		Map<String, Object> body = JsonMapper.shared().readValue(json, new TypeReference<>() {
		});

		assertThat(body.keySet()).containsExactly("id", "requestId", "customerId", "fanout", "customer", "orders",
				"recommendations", "composedAt");
		assertThat((String) body.get("id")).matches("[0-9a-f]{24}");
		assertThat(body).containsEntry("requestId", requestId)
			.containsEntry("customerId", 42)
			.containsEntry("fanout", fanout);
		assertThat(body.get("customer"))
			.isEqualTo(Map.of("id", 42, "name", "Customer 42", "email", "customer42@example.com", "tier", "gold",
					"address", Map.of("street", "42 Main Street", "city", "Springfield", "country", "US"),
					"memberSince", "2015-06-01"));
		assertThat((List<?>) body.get("orders")).hasSize(8)
			.first()
			.isEqualTo(Map.of("orderId", "42-1", "status", "DELIVERED", "total", 142.9, "items", 3));
		assertThat(json).contains("\"total\":142.90");
		assertThat((List<?>) body.get("recommendations")).hasSize(10)
			.first()
			.isEqualTo(Map.of("sku", "SKU-42-01", "title", "Recommended item 1 for customer 42", "score", 0.97));
		assertThat((String) body.get("composedAt")).matches(MILLISECOND_INSTANT);
		Instant composedAt = Instant.parse((String) body.get("composedAt"));
		assertThat(composedAt).isBetween(before.minusMillis(1), Instant.now());

		// the answer is the stored document
		assertThat(stored()).hasSize(1);
		Map<String, Object> document = stored().get(0);
		assertThat(document).containsEntry("_id", body.get("id"))
			.containsEntry("requestId", requestId)
			.containsEntry("customerId", 42L)
			.containsEntry("fanout", fanout)
			.containsEntry("composedAt", composedAt);
		assertThat(document.get("customer")).asInstanceOf(InstanceOfAssertFactories.MAP)
			.containsEntry("name", "Customer 42")
			.extracting("address")
			.asInstanceOf(InstanceOfAssertFactories.MAP)
			.containsEntry("street", "42 Main Street");
		assertThat(document.get("orders")).asInstanceOf(InstanceOfAssertFactories.LIST).hasSize(8);
		Map<?, ?> firstOrder = (Map<?, ?>) ((List<?>) document.get("orders")).get(0);
		assertThat(new BigDecimal(firstOrder.get("total").toString())).isEqualByComparingTo("142.90");
		assertThat(document.get("recommendations")).asInstanceOf(InstanceOfAssertFactories.LIST).hasSize(10);
	}

	@Test
	void generatesRequestIdWhenHeaderMissing() {
		Map<String, Object> body = this.client.post()
			.uri("/profiles/7?fanout=parallel")
			.exchange()
			.expectStatus()
			.isCreated()
			.expectBody(JSON_OBJECT)
			.returnResult()
			.getResponseBody();
		assertThat((String) body.get("requestId"))
			.matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
		assertThat(stored()).singleElement()
			.satisfies((document) -> assertThat(document).containsEntry("requestId", body.get("requestId")));
	}

	@Test
	void returns400ForInvalidCustomerId() {
		for (String customerId : List.of("abc", "0", "-1", "01", "1000000000", "1.5", "\uff14\uff12", "é")) {
			String path = UriComponentsBuilder.fromPath("/profiles/{id}")
				.encode()
				.buildAndExpand(customerId)
				.toUriString();
			assertProblem(this.client.post().uri("/profiles/{id}", customerId).exchange(), HttpStatus.BAD_REQUEST,
					INVALID_REQUEST, "customerId must be a whole number from 1 to 999999999, got '" + customerId + "'",
					path, null);
		}
	}

	@Test
	void returns400ForUnknownFanout() {
		assertProblem(this.client.post().uri("/profiles/42?fanout=sideways").exchange(), HttpStatus.BAD_REQUEST,
				INVALID_REQUEST, "fanout must be one of [sequential, parallel], got 'sideways'", "/profiles/42", null);
		assertProblem(this.client.post().uri("/profiles/42?fanout=PARALLEL").exchange(), HttpStatus.BAD_REQUEST,
				INVALID_REQUEST, "fanout must be one of [sequential, parallel], got 'PARALLEL'", "/profiles/42", null);
	}

	@Test
	void returns400ForUnknownQueryParameter() {
		assertProblem(this.client.post().uri("/profiles/42?fanout=parallel&foo=bar").exchange(), HttpStatus.BAD_REQUEST,
				INVALID_REQUEST, "unknown query parameter 'foo'; accepted: [fanout]", "/profiles/42", null);
	}

	@Test
	void returns400ForInvalidRequestId() {
		for (String requestId : List.of("a".repeat(65), "a b", "{\"$gt\":\"\"}")) {
			assertProblem(this.client.post().uri("/profiles/42").header("X-Request-Id", requestId).exchange(),
					HttpStatus.BAD_REQUEST, INVALID_REQUEST,
					"X-Request-Id must be 1 to 64 characters from A-Z a-z 0-9 . _ : -, got '" + requestId + "'",
					"/profiles/42", null);
		}
	}

	@Test
	void returns502WhenDownstreamAnswers500() {
		for (Downstream service : Downstream.composite()) {
			for (String fanout : List.of("sequential", "parallel")) {
				mocks.resetStubs();
				mocks.server(service).stubFor(any(anyUrl()).willReturn(aResponse().withStatus(500)));
				assertProblem(this.client.post().uri("/profiles/42?fanout=" + fanout).exchange(),
						HttpStatus.BAD_GATEWAY, DOWNSTREAM_ERROR, service + " service answered HTTP 500",
						"/profiles/42", service.serviceName());
			}
		}
	}

	/**
	 * The bench's gauge of the requests in progress (its {@code app_in_flight}): the
	 * server observation's long-task timer counts a request under its method while it
	 * runs, whatever runs the handler, and no longer once it is answered.
	 */
	@Test
	void countsARequestInProgressUnderItsMethodInTheLongTaskTimer() throws Exception {
		// answered 502, or 504 on a loaded machine: either way after 700 ms in the app
		mocks.server(Downstream.ORDERS)
			.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(500).withFixedDelay(700)));
		// On a thread of its own, not CompletableFuture's default executor: the JDK
		// HttpClient under mvc-app's WebTestClient delivers its answers there, which from
		// JDK 25 on is always the common pool (one worker on 2 CPUs): a POST blocked on
		// it
		// would keep its own answer and every scrape's from being delivered.
		FutureTask<Void> request = new FutureTask<>(
				() -> this.client.post().uri("/profiles/42").exchange().expectStatus().is5xxServerError(), null);
		Thread sender = new Thread(request, "in-flight-post");
		sender.start();
		double most = 0;
		while (!request.isDone()) {
			most = Math.max(most, activePosts(AppUnderTest.prometheus(this.client)));
			Thread.sleep(50);
		}
		request.get();
		assertThat(most).as("POSTs in progress at the most").isEqualTo(1.0);
		assertThat(activePosts(AppUnderTest.prometheus(this.client))).as("POSTs in progress once answered").isZero();
	}

	/** The count of POSTs in progress on a text page of {@code /actuator/prometheus}. */
	private static double activePosts(String page) {
		return page.lines()
			.filter((line) -> line.startsWith("http_server_requests_active_seconds_count{")
					&& line.contains("method=\"POST\""))
			.mapToDouble((line) -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
			.sum();
	}

	@Test
	void returns502WhenDownstreamAnswersUnreadableBody() {
		mocks.server(Downstream.RECOMMENDATIONS).stubFor(any(anyUrl()).willReturn(okJson("{\"items\": 42")));
		for (String fanout : List.of("sequential", "parallel")) {
			assertProblem(this.client.post().uri("/profiles/42?fanout=" + fanout).exchange(), HttpStatus.BAD_GATEWAY,
					DOWNSTREAM_ERROR, "recommendations service answered an unreadable body", "/profiles/42",
					"recommendations");
		}
	}

	@Test
	void returns502WhenDownstreamResetsConnection() {
		mocks.server(Downstream.ORDERS)
			.stubFor(any(anyUrl()).willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
		for (String fanout : List.of("sequential", "parallel")) {
			Map<String, Object> problem = problem(this.client.post().uri("/profiles/42?fanout=" + fanout).exchange(),
					HttpStatus.BAD_GATEWAY);
			assertThat(problem).containsEntry("type", DOWNSTREAM_ERROR)
				.containsEntry("instance", "/profiles/42")
				.containsEntry("service", "orders");
			assertThat((String) problem.get("detail")).startsWith("orders service could not be reached: ");
		}
	}

	@ParameterizedTest
	@EnumSource(value = Fault.class, names = { "EMPTY_RESPONSE", "MALFORMED_RESPONSE_CHUNK", "RANDOM_DATA_THEN_CLOSE" })
	void returns502InTheContractsWordsWhenDownstreamBreaksOff(Fault fault, CapturedOutput output) {
		mocks.server(Downstream.ORDERS).stubFor(any(anyUrl()).willReturn(aResponse().withFault(fault)));
		for (String fanout : List.of("sequential", "parallel")) {
			Map<String, Object> problem = problem(this.client.post().uri("/profiles/42?fanout=" + fanout).exchange(),
					HttpStatus.BAD_GATEWAY);
			assertThat(problem).containsEntry("type", DOWNSTREAM_ERROR)
				.containsEntry("instance", "/profiles/42")
				.containsEntry("service", "orders");
			assertThat((String) problem.get("detail")).as(fault + " " + fanout)
				.isEqualTo("orders service " + BROKEN_OFF.get(fault));
		}
		// an expected failure, answered as a problem: neither the app's "unexpected
		// failure" nor Reactor Netty's per-connection warning (each with a stack trace)
		assertThat(output.getOut()).doesNotContain("Unexpected failure")
			.doesNotContainPattern("WARN[^\\n]*r\\.netty\\.http\\.client\\.HttpClientConnect");
	}

	@Test
	void returns502WhenDownstreamIsUnreachable() throws IOException {
		int closedPort;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			closedPort = socket.getLocalPort();
		}
		try (ConfigurableApplicationContext app = AppUnderTest.start(application(), mocks,
				"app.downstream.orders-url=http://127.0.0.1:" + closedPort)) {
			WebTestClient unreachable = client(AppUnderTest.port(app));
			for (String fanout : List.of("sequential", "parallel")) {
				assertProblem(unreachable.post().uri("/profiles/42?fanout=" + fanout).exchange(),
						HttpStatus.BAD_GATEWAY, DOWNSTREAM_ERROR,
						"orders service could not be reached: Connection refused", "/profiles/42", "orders");
			}
		}
	}

	/**
	 * A downstream service that answers after {@value #LATE_ANSWER_MS} ms, past the 1 s
	 * timeout: 504 at the timeout ({@link AppUnderTest#assertAnsweredAtTheTimeout}), and
	 * nothing stored, checked again once the late answers have arrived, so that a
	 * document stored on a late answer would show.
	 */
	@Test
	void returns504WhenDownstreamTimesOut() throws InterruptedException {
		long lastStart = 0;
		for (Downstream service : Downstream.composite()) {
			for (String fanout : List.of("sequential", "parallel")) {
				mocks.resetStubs();
				mocks.server(service).stubFor(any(anyUrl()).willReturn(okJson("{}").withFixedDelay(LATE_ANSWER_MS)));
				long start = System.nanoTime();
				assertProblem(this.client.post().uri("/profiles/42?fanout=" + fanout).exchange(),
						HttpStatus.GATEWAY_TIMEOUT, DOWNSTREAM_TIMEOUT,
						service + " service did not answer within 1000 ms", "/profiles/42", service.serviceName());
				AppUnderTest.assertAnsweredAtTheTimeout(start, service + " " + fanout);
				lastStart = start;
			}
		}
		// the last late answer arrives LATE_ANSWER_MS after its request; the app's
		// work on it, if any, within another second
		long sinceLastStartMs = Duration.ofNanos(System.nanoTime() - lastStart).toMillis();
		Thread.sleep(Math.max(0, LATE_ANSWER_MS + 1000 - sinceLastStartMs));
		assertThat(stored()).as("stored profiles once the late answers have arrived").isEmpty();
	}

	@Test
	void returns406AndStoresNothingWhenJsonIsNotAccepted() {
		this.client.post()
			.uri("/profiles/42")
			.accept(MediaType.TEXT_HTML)
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.NOT_ACCEPTABLE);
		assertNothingStored();
	}

	@Test
	void returns404ProblemForUnknownPath() {
		Map<String, Object> problem = problem(this.client.post().uri("/nothing-here/42").exchange(),
				HttpStatus.NOT_FOUND);
		assertThat(problem).containsEntry("title", "Not Found").containsEntry("instance", "/nothing-here/42");
		assertNothingStored();
	}

	@Test
	void returns405ProblemForWrongMethod() {
		Map<String, Object> problem = problem(this.client.get().uri("/profiles/42").exchange(),
				HttpStatus.METHOD_NOT_ALLOWED);
		assertThat(problem).containsEntry("title", "Method Not Allowed").containsEntry("instance", "/profiles/42");
		assertNothingStored();
	}

	private void assertProblem(WebTestClient.ResponseSpec response, HttpStatus status, String type, String detail,
			String instance, String service) {
		Problems.assertProblem(response, status, type, detail, instance, service);
		assertNothingStored();
	}

	private static Map<String, Object> problem(WebTestClient.ResponseSpec response, HttpStatus status) {
		return Problems.problem(response, status);
	}

	private void assertNothingStored() {
		assertThat(stored()).as("stored profiles").isEmpty();
	}

	private List<Map<String, Object>> stored() {
		return AppUnderTest.storedProfiles(mocks);
	}

	private static WebTestClient client(int port) {
		return AppUnderTest.client(port);
	}

}
