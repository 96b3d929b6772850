package dev.twinstack.mocks;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.serverError;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class MockServicesStubTests {

	static final JsonMapper json = JsonMapper.builder().build();

	static final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	static MockServices mocks;

	@BeforeAll
	static void startMocks() {
		mocks = MockServices.start(MockServicesOptions.forTests());
	}

	@AfterAll
	static void stopMocks() {
		mocks.close();
	}

	@AfterEach
	void resetStubsAndLatency() {
		mocks.resetStubs();
		for (Downstream service : Downstream.values()) {
			mocks.setLatency(service, Latency.NONE);
		}
	}

	@ParameterizedTest
	@ValueSource(longs = { 1, 42, 53, 123456789, 999999999 })
	void customersAnswerOneCustomerForAnyId(long id) throws Exception {
		HttpResponse<String> response = fetch(Downstream.CUSTOMERS, "/customers/" + id);
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
		JsonNode customer = json.readTree(response.body());
		assertThat(customer.get("id").isIntegralNumber()).isTrue();
		assertThat(customer.get("id").asLong()).isEqualTo(id);
		assertThat(customer.get("name").asString()).isEqualTo("Customer " + id);
		assertThat(customer.get("email").asString()).isEqualTo("customer" + id + "@example.com");
		assertThat(customer.get("tier").asString()).isEqualTo("gold");
		assertThat(customer.get("address").get("street").asString()).isEqualTo(id + " Main Street");
		assertThat(customer.get("address").get("city").asString()).isEqualTo("Springfield");
		assertThat(customer.get("address").get("country").asString()).isEqualTo("US");
		assertThat(customer.get("memberSince").asString()).isEqualTo("2015-06-01");
		assertThat(customer.propertyNames()).hasSize(6);
	}

	@ParameterizedTest
	@ValueSource(longs = { 1, 42, 53, 123456789, 999999999 })
	void ordersAnswerEightOrdersForAnyId(long id) throws Exception {
		HttpResponse<String> response = fetch(Downstream.ORDERS, "/customers/" + id + "/orders");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
		JsonNode body = json.readTree(response.body());
		assertThat(body.get("customerId").asLong()).isEqualTo(id);
		JsonNode orders = body.get("orders");
		assertThat(orders.size()).isEqualTo(8);
		for (int i = 0; i < orders.size(); i++) {
			JsonNode order = orders.get(i);
			assertThat(order.get("orderId").asString()).isEqualTo(id + "-" + (i + 1));
			assertThat(order.get("status").asString()).isIn("DELIVERED", "SHIPPED", "PROCESSING", "CANCELLED");
			assertThat(order.get("total").isNumber()).isTrue();
			assertThat(order.get("total").asDouble()).isPositive();
			assertThat(order.get("items").isIntegralNumber()).isTrue();
			assertThat(order.get("items").asInt()).isPositive();
		}
	}

	@ParameterizedTest
	@ValueSource(longs = { 1, 42, 53, 123456789, 999999999 })
	void recommendationsAnswerTenItemsForAnyId(long id) throws Exception {
		HttpResponse<String> response = fetch(Downstream.RECOMMENDATIONS, "/customers/" + id + "/recommendations");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
		JsonNode body = json.readTree(response.body());
		assertThat(body.get("customerId").asLong()).isEqualTo(id);
		JsonNode items = body.get("items");
		assertThat(items.size()).isEqualTo(10);
		for (int i = 0; i < items.size(); i++) {
			JsonNode item = items.get(i);
			assertThat(item.get("sku").asString()).isEqualTo(String.format("SKU-%d-%02d", id, i + 1));
			assertThat(item.get("title").asString()).isEqualTo("Recommended item " + (i + 1) + " for customer " + id);
			assertThat(item.get("score").asDouble()).isBetween(0.0, 1.0);
		}
	}

	@ParameterizedTest
	@ValueSource(longs = { 1, 42, 999999999 })
	void slowAnswersTheIdAndTheDelayItWaited(long id) throws Exception {
		mocks.setLatency(Downstream.SLOW, Latency.parse("150ms"));
		long started = System.nanoTime();
		HttpResponse<String> response = fetch(Downstream.SLOW, "/slow/" + id);
		Duration took = Duration.ofNanos(System.nanoTime() - started);
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
		assertThat(response.body()).isEqualTo("{\"id\":" + id + ",\"waitedMs\":150}");
		assertThat(took).isGreaterThanOrEqualTo(Duration.ofMillis(150));
	}

	@Test
	void slowReportsTheSampledDelayOfARandomLatency() throws Exception {
		mocks.setLatency(Downstream.SLOW, Latency.parse("uniform:50ms:250ms"));
		for (int i = 0; i < 5; i++) {
			long started = System.nanoTime();
			HttpResponse<String> response = fetch(Downstream.SLOW, "/slow/7?attempt=" + i);
			long tookMillis = Duration.ofNanos(System.nanoTime() - started).toMillis();
			JsonNode body = json.readTree(response.body());
			assertThat(body.get("id").asLong()).isEqualTo(7);
			long waitedMs = body.get("waitedMs").asLong();
			assertThat(waitedMs).isBetween(50L, 250L);
			assertThat(tookMillis).isGreaterThanOrEqualTo(waitedMs);
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "abc", "0", "007", "1000000000", "-1" })
	void slowAnswers404ForIdsOutsideTheRange(String id) throws Exception {
		assertThat(fetch(Downstream.SLOW, "/slow/" + id).statusCode()).isEqualTo(404);
	}

	@Test
	void orderTotalsDependOnTheIdAndTheOrder() throws Exception {
		JsonNode orders42 = json.readTree(fetch(Downstream.ORDERS, "/customers/42/orders").body()).get("orders");
		JsonNode orders43 = json.readTree(fetch(Downstream.ORDERS, "/customers/43/orders").body()).get("orders");
		assertThat(orders42.get(0).get("total").decimalValue())
			.isNotEqualTo(orders43.get(0).get("total").decimalValue());
		assertThat(orders42.get(0).get("total").decimalValue())
			.isNotEqualTo(orders42.get(1).get("total").decimalValue());
	}

	@Test
	void responsesHaveRealisticSizes() throws Exception {
		assertThat(fetch(Downstream.CUSTOMERS, "/customers/42").body().length()).isBetween(150, 400);
		assertThat(fetch(Downstream.ORDERS, "/customers/42/orders").body().length()).isBetween(400, 2000);
		assertThat(fetch(Downstream.RECOMMENDATIONS, "/customers/42/recommendations").body().length()).isBetween(600,
				3000);
	}

	@ParameterizedTest
	@ValueSource(strings = { "abc", "0", "007", "1000000000", "-1" })
	void answers404ForIdsThatAreNotValidCustomerIds(String id) throws Exception {
		assertThat(fetch(Downstream.CUSTOMERS, "/customers/" + id).statusCode()).isEqualTo(404);
		assertThat(fetch(Downstream.ORDERS, "/customers/" + id + "/orders").statusCode()).isEqualTo(404);
	}

	@Test
	void testStubsWinOverTheDefaultMappingsUntilReset() throws Exception {
		mocks.server(Downstream.ORDERS).stubFor(get(urlPathEqualTo("/customers/7/orders")).willReturn(serverError()));
		assertThat(fetch(Downstream.ORDERS, "/customers/7/orders").statusCode()).isEqualTo(500);
		assertThat(fetch(Downstream.ORDERS, "/customers/8/orders").statusCode()).isEqualTo(200);
		mocks.resetStubs();
		assertThat(fetch(Downstream.ORDERS, "/customers/7/orders").statusCode()).isEqualTo(200);
	}

	@Test
	void wireMocksOwnResetAllKeepsTheDefaultMappings() throws Exception {
		mocks.server(Downstream.CUSTOMERS).resetAll();
		assertThat(fetch(Downstream.CUSTOMERS, "/customers/5").statusCode()).isEqualTo(200);
	}

	/**
	 * A fixed 300 ms delays every response by 300 ms: none comes sooner (exact: WireMock
	 * schedules the answer that long after the request arrived), and the median of seven
	 * comes at most 100 ms later, the allowance of {@link #assertEachResponseWaited} for
	 * a loaded 2-core machine (the requests are warmed up first, as there). A delay
	 * applied twice (600 ms) fails, and so does one of 400 ms or more.
	 */
	@Test
	void fixedLatencyDelaysEveryResponse() throws Exception {
		// no latency yet: opens the connection, warms up the JIT
		for (int i = 0; i < 20; i++) {
			timeMillis(Downstream.CUSTOMERS, "/customers/" + (i + 1));
		}
		mocks.setLatency(Downstream.CUSTOMERS, Latency.parse("300ms"));
		long[] millis = new long[7];
		for (int i = 0; i < millis.length; i++) {
			millis[i] = timeMillis(Downstream.CUSTOMERS, "/customers/" + (i + 1));
		}
		assertThat(Arrays.stream(millis).min().orElseThrow()).as("shortest response time (ms)")
			.isGreaterThanOrEqualTo(300);
		Arrays.sort(millis);
		assertThat(millis[millis.length / 2]).as("median response time (ms)").isLessThanOrEqualTo(400);
	}

	/**
	 * 200 responses of uniform:200ms:400ms. The slow service reports the delay WireMock
	 * drew for each response ({@code waitedMs}), so the distribution is checked on the
	 * exact draws, without a timing allowance: every draw lies within [200, 400] ms and
	 * every fifth of the range holds more than 8 of them (40 expected; 8 or fewer happens
	 * with probability 5e-11 per fifth, binomial n = 200, p = 40/201), which a fixed
	 * delay, a narrower range or a peaked distribution misses. The clock only confirms
	 * that the client waited for each draw ({@link #assertEachResponseWaited}).
	 */
	@Test
	void uniformLatencyStaysWithinItsBoundsAndSpreadsAcrossThem() throws Exception {
		List<Delay> delays = sampleSlowDelays(Latency.parse("uniform:200ms:400ms"), 200);
		assertThat(delays).extracting(Delay::waitedMs).allSatisfy((ms) -> assertThat(ms).isBetween(200L, 400L));
		for (long from = 200; from < 400; from += 40) {
			long lo = from;
			long hi = (from == 360) ? 400 : from + 39;
			assertThat(delays).as("draws in [%d, %d] ms", lo, hi)
				.filteredOn((delay) -> delay.waitedMs() >= lo && delay.waitedMs() <= hi)
				.hasSizeGreaterThan(8);
		}
		assertEachResponseWaited(delays);
	}

	/**
	 * 200 responses of lognormal:200ms:0.1, checked on the exact draws the slow service
	 * reports. ln(draw) is normal with mean ln(200) and sd 0.1. Its sample median has sd
	 * 1.2533 × 0.1 / √200 = 0.0089: six of those (±0.053) put the median in [189.6,
	 * 210.9] ms, and rounding to whole ms widens that to [189, 212] ms. Its sample sd has
	 * sd 0.1 / √(2 × 199) = 0.005: six of those put it in [0.07, 0.13] (χ² with 199
	 * degrees of freedom: outside with probability below 1e-8), which a fixed delay (sd
	 * 0) or a sigma of 0.2 misses; rounding moves ln(draw) by at most 0.0025.
	 */
	@Test
	void logNormalLatencyCentresOnItsMedianWithItsSigma() throws Exception {
		List<Delay> delays = sampleSlowDelays(Latency.parse("lognormal:200ms:0.1"), 200);
		double[] logs = delays.stream().mapToDouble((delay) -> Math.log(delay.waitedMs())).sorted().toArray();
		double median = Math.exp((logs[99] + logs[100]) / 2);
		double mean = Arrays.stream(logs).average().orElseThrow();
		double sd = Math.sqrt(Arrays.stream(logs).map((x) -> (x - mean) * (x - mean)).sum() / (logs.length - 1));
		assertThat(median).as("median draw (ms)").isBetween(189.0, 212.0);
		assertThat(sd).as("sd of ln(draw)").isBetween(0.07, 0.13);
		assertEachResponseWaited(delays);
	}

	/**
	 * The client saw the drawn delays: no response came before its draw (exact: WireMock
	 * schedules the answer that long after the request arrived), and the median time
	 * beyond the draw is at most 100 ms. That time was 7 to 11 ms here (20 clients, a
	 * quiet 2-core machine) and 12 to 25 ms with both cores kept busy by other processes;
	 * 100 ms leaves four times that for a more loaded machine, the median ignores the odd
	 * stall (GC, scheduling), and it is half the median draw, so a delay applied twice
	 * (150 ms more at least) would show.
	 */
	private static void assertEachResponseWaited(List<Delay> delays) {
		assertThat(delays).allSatisfy(
				(delay) -> assertThat(delay.tookNanos()).as("response time (ns) of a %d ms draw", delay.waitedMs())
					.isGreaterThanOrEqualTo(delay.waitedMs() * 1_000_000));
		long[] beyond = delays.stream()
			.mapToLong((delay) -> delay.tookNanos() - delay.waitedMs() * 1_000_000)
			.sorted()
			.toArray();
		assertThat(Duration.ofNanos(beyond[beyond.length / 2])).as("median time beyond the draw")
			.isLessThanOrEqualTo(Duration.ofMillis(100));
	}

	/**
	 * Sends {@code count} requests to the slow service under the given latency, 20 at a
	 * time (delayed responses hold no WireMock thread), and returns each response's drawn
	 * delay and how long the client waited for it (about 2 s for 200 requests of 200 ms).
	 */
	private static List<Delay> sampleSlowDelays(Latency latency, int count) throws Exception {
		ExecutorService clients = Executors.newFixedThreadPool(20);
		try {
			sendSlow(clients, 100); // no latency yet: opens the connections, warms up the
									// JIT
			mocks.setLatency(Downstream.SLOW, latency);
			return sendSlow(clients, count);
		}
		finally {
			clients.shutdownNow();
		}
	}

	private static List<Delay> sendSlow(ExecutorService clients, int count) throws Exception {
		List<Future<Delay>> futures = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			String path = "/slow/" + (i + 1);
			futures.add(clients.submit(() -> {
				long started = System.nanoTime();
				HttpResponse<String> response = fetch(Downstream.SLOW, path);
				long took = System.nanoTime() - started;
				assertThat(response.statusCode()).isEqualTo(200);
				return new Delay(json.readTree(response.body()).get("waitedMs").asLong(), took);
			}));
		}
		List<Delay> delays = new ArrayList<>();
		for (Future<Delay> future : futures) {
			delays.add(future.get(30, TimeUnit.SECONDS));
		}
		return delays;
	}

	/**
	 * One response of the slow service.
	 *
	 * @param waitedMs the delay WireMock drew for it
	 * @param tookNanos how long the client waited for it
	 */
	record Delay(long waitedMs, long tookNanos) {

	}

	@Test
	void latencyGivenAtStartApplies() throws Exception {
		MockServicesOptions options = MockServicesOptions.forTests()
			.withLatency(Downstream.ORDERS, Latency.parse("250ms"));
		try (MockServices slow = MockServices.start(options)) {
			long started = System.nanoTime();
			HttpResponse<String> response = http.send(
					HttpRequest.newBuilder(slow.baseUrl(Downstream.ORDERS).resolve("/customers/3/orders")).build(),
					BodyHandlers.ofString());
			long millis = Duration.ofNanos(System.nanoTime() - started).toMillis();
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(millis).isBetween(250L, 2250L);
		}
	}

	@Test
	void baseUrlsAndMongoUriHaveTheDocumentedForm() {
		for (Downstream service : Downstream.values()) {
			assertThat(mocks.baseUrl(service).toString()).matches("http://127\\.0\\.0\\.1:\\d{2,5}");
			assertThat(mocks.baseUrl(service).getPort()).isEqualTo(mocks.server(service).port());
		}
		assertThat(mocks.baseUrl(Downstream.CUSTOMERS)).isNotEqualTo(mocks.baseUrl(Downstream.ORDERS));
		assertThat(mocks.mongoUri()).matches("mongodb://127\\.0\\.0\\.1:\\d{2,5}/twinstack");
	}

	@Test
	void aTakenPortFailsTheStartNamingServiceAndAddress() {
		int taken = mocks.server(Downstream.ORDERS).port();
		MockServicesOptions options = new MockServicesOptions("127.0.0.1", 0, 0, taken, 0, 0, Latency.NONE,
				Latency.NONE, Latency.NONE, Latency.NONE, 4, 8, MongoStorage.MEMORY, 75);
		assertThatIllegalStateException().isThrownBy(() -> MockServices.start(options).close())
			.withMessageStartingWith("recommendations service could not listen on 127.0.0.1:" + taken + ": ");
	}

	private static long timeMillis(Downstream service, String path) throws IOException, InterruptedException {
		long started = System.nanoTime();
		HttpResponse<String> response = fetch(service, path);
		assertThat(response.statusCode()).isEqualTo(200);
		return Duration.ofNanos(System.nanoTime() - started).toMillis();
	}

	private static HttpResponse<String> fetch(Downstream service, String path)
			throws IOException, InterruptedException {
		URI uri = mocks.baseUrl(service).resolve(path);
		HttpRequest request = HttpRequest.newBuilder(uri)
			.header("Accept", "application/json")
			.timeout(Duration.ofSeconds(10))
			.build();
		return http.send(request, BodyHandlers.ofString());
	}

}
