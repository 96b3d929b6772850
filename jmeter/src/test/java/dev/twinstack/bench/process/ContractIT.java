package dev.twinstack.bench.process;

import java.net.URI;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.measure.storage.ProfileStore;
import dev.twinstack.bench.settings.BenchSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's endpoint contract, run against both apps at once: the real jars, each in
 * its own JVM, on one mock-services process; every stack runs: mvc-app as {@code mvc} and
 * {@code mvc-vt}, webflux-app as {@code webflux}, {@code coroutines} and
 * {@code webflux-vt}, on the JDK the bench chooses (21 or newer, so that the
 * virtual-thread stacks run on virtual threads). For the same input every stack must give
 * the same status, content type and body (ignoring the generated {@code id} and
 * {@code composedAt}, which both give to the millisecond), and a failed request must
 * store nothing.
 */
class ContractIT {

	/** Ids whose downstream answers the tests replace with faults (priority 1 stubs). */
	private static final long ORDERS_500 = 900_000_001L;

	private static final long CUSTOMERS_SLOW = 900_000_002L;

	private static final long RECOMMENDATIONS_RESET = 900_000_003L;

	private static final long ORDERS_EMPTY = 900_000_004L;

	private static final long CUSTOMERS_MALFORMED = 900_000_005L;

	private static final long RECOMMENDATIONS_RANDOM = 900_000_006L;

	/**
	 * {@code composedAt}: an ISO-8601 UTC instant to the millisecond (README's example).
	 */
	private static final String MILLISECOND_INSTANT = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";

	private static final String INVALID_REQUEST = "urn:twinstack:problem:invalid-request";

	private static final String DOWNSTREAM_ERROR = "urn:twinstack:problem:downstream-error";

	private static final String DOWNSTREAM_TIMEOUT = "urn:twinstack:problem:downstream-timeout";

	private static final Path LOGS = Path.of("target", "contract-logs");

	private static MockServicesProcess mocks;

	private static ProfileStore store;

	private static ContractClient mvc;

	private static ContractClient webflux;

	private static ContractClient coroutines;

	private static ContractClient mvcVt;

	private static ContractClient webfluxVt;

	@BeforeAll
	static void startMocksAndApps() {
		Map<String, String> properties = new HashMap<>();
		System.getProperties().stringPropertyNames().forEach((name) -> properties.put(name, System.getProperty(name)));
		properties.put("bench.latency", "10ms");
		BenchSettings settings = BenchSettings.from(properties);
		// on an older JDK mvc-vt would answer from platform threads, and pass
		assertThat(settings.jdk().runs(Stack.MVC_VT) && settings.jdk().runs(Stack.WEBFLUX_VT))
			.as("the JDK the bench chose, %s, runs the virtual-thread stacks", settings.jdk().version())
			.isTrue();
		mocks = MockServicesProcess.start(settings, LOGS.resolve("mock-services.log"));
		store = new ProfileStore(mocks.mongoUri());
		Map<String, String> overrides = Map.of("app.downstream.timeout", "1s");
		mvc = new ContractClient(
				AppProcess.start(Stack.MVC, settings, mocks, LOGS.resolve("mvc-app.log"), overrides, "health"));
		webflux = new ContractClient(
				AppProcess.start(Stack.WEBFLUX, settings, mocks, LOGS.resolve("webflux-app.log"), overrides, "health"));
		coroutines = new ContractClient(AppProcess.start(Stack.COROUTINES, settings, mocks,
				LOGS.resolve("webflux-app-coroutines.log"), overrides, "health"));
		mvcVt = new ContractClient(
				AppProcess.start(Stack.MVC_VT, settings, mocks, LOGS.resolve("mvc-app-vt.log"), overrides, "health"));
		webfluxVt = new ContractClient(AppProcess.start(Stack.WEBFLUX_VT, settings, mocks,
				LOGS.resolve("webflux-app-vt.log"), overrides, "health"));
		stub(mocks.ordersUrl(), "/customers/" + ORDERS_500 + "/orders", "{\"status\":500}");
		stub(mocks.customersUrl(), "/customers/" + CUSTOMERS_SLOW,
				"{\"status\":200,\"jsonBody\":{},\"fixedDelayMilliseconds\":3000}");
		stub(mocks.recommendationsUrl(), "/customers/" + RECOMMENDATIONS_RESET + "/recommendations",
				"{\"fault\":\"CONNECTION_RESET_BY_PEER\"}");
		stub(mocks.ordersUrl(), "/customers/" + ORDERS_EMPTY + "/orders", "{\"fault\":\"EMPTY_RESPONSE\"}");
		stub(mocks.customersUrl(), "/customers/" + CUSTOMERS_MALFORMED, "{\"fault\":\"MALFORMED_RESPONSE_CHUNK\"}");
		stub(mocks.recommendationsUrl(), "/customers/" + RECOMMENDATIONS_RANDOM + "/recommendations",
				"{\"fault\":\"RANDOM_DATA_THEN_CLOSE\"}");
	}

	@AfterAll
	static void stopEverything() {
		ProcessRegistry.stopAll();
		if (store != null) {
			store.close();
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "?fanout=sequential", "?fanout=parallel" })
	void allStacksStoreAndReturnTheSameDocument(String query) {
		String run = "contract-ok" + query.length();
		ContractClient.Answer fromMvc = mvc.post("/profiles/42" + query, run + "-mvc");
		ContractClient.Answer fromWebflux = webflux.post("/profiles/42" + query, run + "-webflux");
		ContractClient.Answer fromCoroutines = coroutines.post("/profiles/42" + query, run + "-coroutines");
		ContractClient.Answer fromMvcVt = mvcVt.post("/profiles/42" + query, run + "-mvc-vt");
		ContractClient.Answer fromWebfluxVt = webfluxVt.post("/profiles/42" + query, run + "-webflux-vt");
		for (ContractClient.Answer answer : List.of(fromMvc, fromWebflux, fromCoroutines, fromMvcVt, fromWebfluxVt)) {
			assertThat(answer.status()).as(answer.toString()).isEqualTo(201);
			assertThat(answer.contentType()).startsWith("application/json");
			assertThat(answer.body().path("id").asText()).matches("[0-9a-f]{24}");
			assertThat(answer.body().path("composedAt").asText()).matches(MILLISECOND_INSTANT);
		}
		assertThat(fromMvc.body().path("requestId").asText()).isEqualTo(run + "-mvc");
		assertThat(fromWebflux.body().path("requestId").asText()).isEqualTo(run + "-webflux");
		assertThat(fromCoroutines.body().path("requestId").asText()).isEqualTo(run + "-coroutines");
		assertThat(fromMvcVt.body().path("requestId").asText()).isEqualTo(run + "-mvc-vt");
		assertThat(fromWebfluxVt.body().path("requestId").asText()).isEqualTo(run + "-webflux-vt");
		assertThat(store.countRun(run)).as("stored documents").isEqualTo(5);
		assertThat(withoutGenerated(fromWebflux)).isEqualTo(withoutGenerated(fromMvc));
		assertThat(withoutGenerated(fromCoroutines)).isEqualTo(withoutGenerated(fromMvc));
		assertThat(withoutGenerated(fromMvcVt)).isEqualTo(withoutGenerated(fromMvc));
		assertThat(withoutGenerated(fromWebfluxVt)).isEqualTo(withoutGenerated(fromMvc));
		assertThat(fromMvc.body().fieldNames()).toIterable()
			.containsExactly("id", "requestId", "customerId", "fanout", "customer", "orders", "recommendations",
					"composedAt");
	}

	@ParameterizedTest
	@CsvSource({ "/profiles/abc, 400, " + INVALID_REQUEST, "/profiles/0, 400, " + INVALID_REQUEST,
			"/profiles/01, 400, " + INVALID_REQUEST, "/profiles/1000000000, 400, " + INVALID_REQUEST,
			"/profiles/42?fanout=sideways, 400, " + INVALID_REQUEST, "/profiles/42?foo=1, 400, " + INVALID_REQUEST,
			"/profiles/" + ORDERS_500 + ", 502, " + DOWNSTREAM_ERROR,
			"/profiles/" + ORDERS_500 + "?fanout=parallel, 502, " + DOWNSTREAM_ERROR,
			"/profiles/" + RECOMMENDATIONS_RESET + ", 502, " + DOWNSTREAM_ERROR,
			"/profiles/" + CUSTOMERS_SLOW + ", 504, " + DOWNSTREAM_TIMEOUT,
			"/profiles/" + CUSTOMERS_SLOW + "?fanout=parallel, 504, " + DOWNSTREAM_TIMEOUT,
			"/profiles/" + ORDERS_EMPTY + ", 502, " + DOWNSTREAM_ERROR,
			"/profiles/" + CUSTOMERS_MALFORMED + ", 502, " + DOWNSTREAM_ERROR,
			"/profiles/" + RECOMMENDATIONS_RANDOM + ", 502, " + DOWNSTREAM_ERROR })
	void allStacksAnswerTheSameProblemAndStoreNothing(String path, int status, String type) {
		ContractClient.Answer fromMvc = mvc.post(path, "contract-err-mvc");
		ContractClient.Answer fromWebflux = webflux.post(path, "contract-err-webflux");
		assertSameProblem(fromMvc, fromWebflux);
		assertSameProblem(fromMvc, coroutines.post(path, "contract-err-coroutines"));
		assertSameProblem(fromMvc, mvcVt.post(path, "contract-err-mvc-vt"));
		assertSameProblem(fromMvc, webfluxVt.post(path, "contract-err-webflux-vt"));
		assertThat(fromMvc.status()).as(path).isEqualTo(status);
		assertThat(fromMvc.body().path("type").asText()).as(path).isEqualTo(type);
		assertThat(store.countRun("contract-err")).as("stored documents").isZero();
	}

	@Test
	void allStacksRejectABadRequestIdTheSameWay() {
		String tooLong = "x".repeat(65);
		ContractClient.Answer fromMvc = mvc.post("/profiles/42", tooLong);
		assertSameProblem(fromMvc, webflux.post("/profiles/42", tooLong));
		assertSameProblem(fromMvc, coroutines.post("/profiles/42", tooLong));
		assertSameProblem(fromMvc, mvcVt.post("/profiles/42", tooLong));
		assertSameProblem(fromMvc, webfluxVt.post("/profiles/42", tooLong));
		// docs/contract.md: a bad X-Request-Id (1 to 64 characters) is an invalid request
		assertThat(fromMvc.status()).isEqualTo(400);
		assertThat(fromMvc.body().path("type").asText()).isEqualTo(INVALID_REQUEST);
	}

	@Test
	void allStacksAnswer404And405AsProblems() {
		for (ContractClient.Answer answer : List.of(mvc.post("/nothing-here/42", "contract-404"),
				webflux.post("/nothing-here/42", "contract-404"), coroutines.post("/nothing-here/42", "contract-404"),
				mvcVt.post("/nothing-here/42", "contract-404"), webfluxVt.post("/nothing-here/42", "contract-404"))) {
			assertThat(answer.status()).isEqualTo(404);
			assertThat(answer.contentType()).startsWith("application/problem+json");
		}
		for (ContractClient.Answer answer : List.of(mvc.get("/profiles/42"), webflux.get("/profiles/42"),
				coroutines.get("/profiles/42"), mvcVt.get("/profiles/42"), webfluxVt.get("/profiles/42"))) {
			assertThat(answer.status()).isEqualTo(405);
			assertThat(answer.contentType()).startsWith("application/problem+json");
		}
	}

	@Test
	void allStacksAnswer503WhenTheDatabaseIsDown() {
		int closedPort = FreePorts.allocate(1).get(0);
		Map<String, String> overrides = Map.of("spring.mongodb.uri", "mongodb://127.0.0.1:" + closedPort + "/twinstack",
				"app.database.timeout", "1s", "management.endpoint.health.probes.enabled", "true");
		BenchSettings settings = BenchSettings.fromSystemProperties();
		try (AppProcess mvcWithoutDatabase = AppProcess.start(Stack.MVC, settings, mocks,
				LOGS.resolve("mvc-app-no-database.log"), overrides, "health/liveness");
				AppProcess webfluxWithoutDatabase = AppProcess.start(Stack.WEBFLUX, settings, mocks,
						LOGS.resolve("webflux-app-no-database.log"), overrides, "health/liveness");
				AppProcess coroutinesWithoutDatabase = AppProcess.start(Stack.COROUTINES, settings, mocks,
						LOGS.resolve("webflux-app-coroutines-no-database.log"), overrides, "health/liveness");
				AppProcess mvcVtWithoutDatabase = AppProcess.start(Stack.MVC_VT, settings, mocks,
						LOGS.resolve("mvc-app-vt-no-database.log"), overrides, "health/liveness");
				AppProcess webfluxVtWithoutDatabase = AppProcess.start(Stack.WEBFLUX_VT, settings, mocks,
						LOGS.resolve("webflux-app-vt-no-database.log"), overrides, "health/liveness")) {
			ContractClient.Answer fromMvc = new ContractClient(mvcWithoutDatabase).post("/profiles/42", "contract-503");
			ContractClient.Answer fromWebflux = new ContractClient(webfluxWithoutDatabase).post("/profiles/42",
					"contract-503");
			assertSameProblem(fromMvc, fromWebflux);
			assertSameProblem(fromMvc,
					new ContractClient(coroutinesWithoutDatabase).post("/profiles/42", "contract-503"));
			assertSameProblem(fromMvc, new ContractClient(mvcVtWithoutDatabase).post("/profiles/42", "contract-503"));
			assertSameProblem(fromMvc,
					new ContractClient(webfluxVtWithoutDatabase).post("/profiles/42", "contract-503"));
			assertThat(fromMvc.status()).isEqualTo(503);
			assertThat(fromMvc.body().path("type").asText()).isEqualTo("urn:twinstack:problem:database-unavailable");
		}
	}

	private static void assertSameProblem(ContractClient.Answer fromMvc, ContractClient.Answer fromWebflux) {
		assertThat(fromMvc.contentType()).as(fromMvc.toString()).startsWith("application/problem+json");
		assertThat(fromWebflux.contentType()).as(fromWebflux.toString()).startsWith("application/problem+json");
		assertThat(fromWebflux.status()).as("status").isEqualTo(fromMvc.status());
		assertThat(fromWebflux.body()).as("problem").isEqualTo(fromMvc.body());
		assertThat(fromMvc.body().path("type").asText()).startsWith("urn:twinstack:problem:");
		assertThat(fromMvc.body().path("detail").asText()).isNotBlank();
	}

	private static ObjectNode withoutGenerated(ContractClient.Answer answer) {
		ObjectNode body = answer.body().deepCopy();
		body.remove(List.of("id", "requestId", "composedAt"));
		return body;
	}

	private static void stub(String serviceUrl, String urlPath, String response) {
		ContractClient.addStub(URI.create(serviceUrl + "/__admin/mappings"),
				"{\"priority\":1,\"request\":{\"method\":\"GET\",\"urlPath\":\"" + urlPath + "\"},\"response\":"
						+ response + "}");
	}

}
