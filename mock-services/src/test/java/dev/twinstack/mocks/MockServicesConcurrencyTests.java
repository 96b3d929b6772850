package dev.twinstack.mocks;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.LongSummaryStatistics;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Proves that a delayed response holds no server thread: 1000 requests delayed by 1 s
 * each, all in flight at once, complete in a few seconds, whereas 8 container threads per
 * service sleeping through the delay would need at least 1000 / (4 × 8) ≈ 31 s.
 */
class MockServicesConcurrencyTests {

	private static final int REQUESTS = 1000;

	private static final int CONTAINER_THREADS = MockServicesOptions.MIN_CONTAINER_THREADS;

	private static final Logger logger = LoggerFactory.getLogger(MockServicesConcurrencyTests.class);

	private static final JsonMapper json = JsonMapper.builder().build();

	@Test
	void serves1000ConcurrentDelayedRequestsWithoutHoldingThreads() throws Exception {
		MockServicesOptions options = MockServicesOptions.forTests()
			.withLatency(Latency.parse("1s"))
			.withLatency(Downstream.SLOW, Latency.parse("1s"))
			.withThreads(MockServicesOptions.DEFAULT_ASYNC_THREADS, CONTAINER_THREADS);
		try (MockServices mocks = MockServices.start(options)) {
			HttpClient http = HttpClient.newBuilder()
				.version(HttpClient.Version.HTTP_1_1)
				.connectTimeout(Duration.ofSeconds(10))
				.build();
			fire(http, mocks, 150).get(30, TimeUnit.SECONDS); // warms up JIT and
																// connections
			long started = System.nanoTime();
			List<CompletableFuture<Result>> results = new ArrayList<>(REQUESTS);
			CompletableFuture<Void> all = fire(http, mocks, REQUESTS, results);
			all.get(60, TimeUnit.SECONDS);
			Duration batch = Duration.ofNanos(System.nanoTime() - started);
			LongSummaryStatistics millis = results.stream()
				.mapToLong((future) -> Duration.ofNanos(future.join().nanos()).toMillis())
				.summaryStatistics();
			logger.info("{} concurrent requests delayed by 1 s each completed in {} ms (each took {} to {} ms)",
					REQUESTS, batch.toMillis(), millis.getMin(), millis.getMax());

			for (CompletableFuture<Result> future : results) {
				Result result = future.join();
				assertThat(result.response().statusCode()).isEqualTo(200);
				JsonNode body = json.readTree(result.response().body());
				long id = body.has("customerId") ? body.get("customerId").asLong() : body.get("id").asLong();
				assertThat(id).isEqualTo(result.id());
				assertThat(Duration.ofNanos(result.nanos())).isGreaterThanOrEqualTo(Duration.ofMillis(990));
			}
			assertThat(batch).isLessThan(Duration.ofSeconds(10));
		}
	}

	private static CompletableFuture<Void> fire(HttpClient http, MockServices mocks, int requests) {
		return fire(http, mocks, requests, new ArrayList<>(requests));
	}

	private static CompletableFuture<Void> fire(HttpClient http, MockServices mocks, int requests,
			List<CompletableFuture<Result>> results) {
		for (int i = 0; i < requests; i++) {
			long id = i + 1;
			Downstream service = Downstream.values()[i % Downstream.values().length];
			HttpRequest request = HttpRequest.newBuilder(mocks.baseUrl(service).resolve(path(service, id)))
				.timeout(Duration.ofSeconds(30))
				.build();
			long sent = System.nanoTime();
			results.add(http.sendAsync(request, BodyHandlers.ofString())
				.thenApply((response) -> new Result(id, response, System.nanoTime() - sent)));
		}
		return CompletableFuture.allOf(results.toArray(CompletableFuture[]::new));
	}

	private static String path(Downstream service, long id) {
		return switch (service) {
			case CUSTOMERS -> "/customers/" + id;
			case ORDERS -> "/customers/" + id + "/orders";
			case RECOMMENDATIONS -> "/customers/" + id + "/recommendations";
			case SLOW -> "/slow/" + id;
		};
	}

	private record Result(long id, HttpResponse<String> response, long nanos) {
	}

}
