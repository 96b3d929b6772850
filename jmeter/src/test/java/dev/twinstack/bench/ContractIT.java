package dev.twinstack.bench;

import java.net.URI;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's endpoint contract, run against both apps at once: the real jars, each in
 * its own JVM, on one mock-services process. For the same input both stacks must give the
 * same status, content type and body (ignoring the generated {@code id} and
 * {@code composedAt}), and a failed request must store nothing.
 */
class ContractIT {

	/** Ids whose downstream answers the tests replace with faults (priority 1 stubs). */
	private static final long ORDERS_500 = 900_000_001L;

	private static final long CUSTOMERS_SLOW = 900_000_002L;

	private static final long RECOMMENDATIONS_RESET = 900_000_003L;

	private static final long ORDERS_EMPTY = 900_000_004L;

	private static final long CUSTOMERS_MALFORMED = 900_000_005L;

	private static final long RECOMMENDATIONS_RANDOM = 900_000_006L;

	private static final Path LOGS = Path.of("target", "contract-logs");

	private static MockServicesProcess mocks;

	private static ProfileStore store;

	private static ContractClient mvc;

	private static ContractClient webflux;

	@BeforeAll
	static void startMocksAndApps() {
		Map<String, String> properties = new HashMap<>();
		System.getProperties().stringPropertyNames().forEach((name) -> properties.put(name, System.getProperty(name)));
		properties.put("bench.latency", "10ms");
		BenchSettings settings = BenchSettings.from(properties);
		mocks = MockServicesProcess.start(settings, LOGS.resolve("mock-services.log"));
		store = new ProfileStore(mocks.mongoUri());
		Map<String, String> overrides = Map.of("app.downstream.timeout", "1s");
		mvc = new ContractClient(AppProcess.start(Stack.MVC, settings, mocks, LOGS.resolve("mvc-app.log"), overrides,
				"actuator/health"));
		webflux = new ContractClient(AppProcess.start(Stack.WEBFLUX, settings, mocks, LOGS.resolve("webflux-app.log"),
				overrides, "actuator/health"));
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
	void bothStacksStoreAndReturnTheSameDocument(String query) {
		String run = "contract-ok" + query.length();
		ContractClient.Answer fromMvc = mvc.post("/profiles/42" + query, run + "-mvc");
		ContractClient.Answer fromWebflux = webflux.post("/profiles/42" + query, run + "-webflux");
		for (ContractClient.Answer answer : List.of(fromMvc, fromWebflux)) {
			assertThat(answer.status()).as(answer.toString()).isEqualTo(201);
			assertThat(answer.contentType()).startsWith("application/json");
			assertThat(answer.body().path("id").asText()).matches("[0-9a-f]{24}");
			assertThat(answer.body().path("composedAt").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");
		}
		assertThat(fromMvc.body().path("requestId").asText()).isEqualTo(run + "-mvc");
		assertThat(fromWebflux.body().path("requestId").asText()).isEqualTo(run + "-webflux");
		assertThat(store.countRun(run)).as("stored documents").isEqualTo(2);
		assertThat(withoutGenerated(fromWebflux)).isEqualTo(withoutGenerated(fromMvc));
		assertThat(fromMvc.body().fieldNames()).toIterable()
			.containsExactly("id", "requestId", "customerId", "fanout", "customer", "orders", "recommendations",
					"composedAt");
	}

	@ParameterizedTest
	@ValueSource(strings = { "/profiles/abc", "/profiles/0", "/profiles/01", "/profiles/1000000000",
			"/profiles/42?fanout=sideways", "/profiles/42?foo=1", "/profiles/" + ORDERS_500,
			"/profiles/" + ORDERS_500 + "?fanout=parallel", "/profiles/" + RECOMMENDATIONS_RESET,
			"/profiles/" + CUSTOMERS_SLOW, "/profiles/" + CUSTOMERS_SLOW + "?fanout=parallel",
			"/profiles/" + ORDERS_EMPTY, "/profiles/" + CUSTOMERS_MALFORMED, "/profiles/" + RECOMMENDATIONS_RANDOM })
	void bothStacksAnswerTheSameProblemAndStoreNothing(String path) {
		ContractClient.Answer fromMvc = mvc.post(path, "contract-err-mvc");
		ContractClient.Answer fromWebflux = webflux.post(path, "contract-err-webflux");
		assertSameProblem(fromMvc, fromWebflux);
		assertThat(fromMvc.status()).isIn(400, 502, 504);
		assertThat(store.countRun("contract-err")).as("stored documents").isZero();
	}

	@Test
	void bothStacksRejectABadRequestIdTheSameWay() {
		String tooLong = "x".repeat(65);
		assertSameProblem(mvc.post("/profiles/42", tooLong), webflux.post("/profiles/42", tooLong));
	}

	@Test
	void bothStacksAnswer404And405AsProblems() {
		for (ContractClient.Answer answer : List.of(mvc.post("/nothing-here/42", "contract-404"),
				webflux.post("/nothing-here/42", "contract-404"))) {
			assertThat(answer.status()).isEqualTo(404);
			assertThat(answer.contentType()).startsWith("application/problem+json");
		}
		for (ContractClient.Answer answer : List.of(mvc.get("/profiles/42"), webflux.get("/profiles/42"))) {
			assertThat(answer.status()).isEqualTo(405);
			assertThat(answer.contentType()).startsWith("application/problem+json");
		}
	}

	@Test
	void bothStacksAnswer503WhenTheDatabaseIsDown() {
		int closedPort = FreePorts.allocate(1).get(0);
		Map<String, String> overrides = Map.of("spring.mongodb.uri", "mongodb://127.0.0.1:" + closedPort + "/twinstack",
				"app.database.timeout", "1s", "management.endpoint.health.probes.enabled", "true");
		BenchSettings settings = BenchSettings.fromSystemProperties();
		try (AppProcess mvcWithoutDatabase = AppProcess.start(Stack.MVC, settings, mocks,
				LOGS.resolve("mvc-app-no-database.log"), overrides, "actuator/health/liveness");
				AppProcess webfluxWithoutDatabase = AppProcess.start(Stack.WEBFLUX, settings, mocks,
						LOGS.resolve("webflux-app-no-database.log"), overrides, "actuator/health/liveness")) {
			ContractClient.Answer fromMvc = new ContractClient(mvcWithoutDatabase).post("/profiles/42", "contract-503");
			ContractClient.Answer fromWebflux = new ContractClient(webfluxWithoutDatabase).post("/profiles/42",
					"contract-503");
			assertSameProblem(fromMvc, fromWebflux);
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
