package dev.twinstack.mvc;

import java.time.Duration;

import dev.twinstack.mocks.Downstream;
import dev.twinstack.mocks.MockServices;
import dev.twinstack.mocks.MockServicesOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The actuator endpoints the benchmark reads, and only those.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@DirtiesContext
class ActuatorTests {

	/**
	 * Downstream connections in use: what the bench's faults scenario waits to see back
	 * at 0.
	 */
	private static final String CONNECTIONS_IN_USE = "httpcomponents.httpclient.pool.total.connections?tag=state:leased";

	/** Downstream connections open and idle in the pool. */
	private static final String CONNECTIONS_IDLE = "httpcomponents.httpclient.pool.total.connections?tag=state:available";

	private static final MockServices mocks = MockServices.start(MockServicesOptions.forTests());

	private final WebTestClient client;

	ActuatorTests(@LocalServerPort int port) {
		this.client = WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + port)
			.responseTimeout(Duration.ofSeconds(10))
			.build();
	}

	@DynamicPropertySource
	static void mockServices(DynamicPropertyRegistry registry) {
		registry.add("app.downstream.customers-url", () -> mocks.baseUrl(Downstream.CUSTOMERS).toString());
		registry.add("app.downstream.orders-url", () -> mocks.baseUrl(Downstream.ORDERS).toString());
		registry.add("app.downstream.recommendations-url", () -> mocks.baseUrl(Downstream.RECOMMENDATIONS).toString());
		registry.add("spring.mongodb.uri", mocks::mongoUri);
	}

	@AfterAll
	static void stopMocks() {
		mocks.close();
	}

	@Test
	void healthIsUpWithDatabase() {
		this.client.get()
			.uri("/actuator/health")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo("UP")
			.jsonPath("$.components.database.status")
			.isEqualTo("UP")
			.jsonPath("$.components.mongo")
			.doesNotExist();
	}

	@Test
	void prometheusExposesJvmAndHttpMetrics() {
		this.client.post().uri("/profiles/42").exchange().expectStatus().isCreated();
		String metrics = this.client.get()
			.uri("/actuator/prometheus")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(String.class)
			.returnResult()
			.getResponseBody();
		assertThat(metrics).contains("jvm_memory_used_bytes", "http_server_requests", "http_client_requests",
				"application=\"mvc-app\"");
	}

	@Test
	void downstreamConnectionPoolGaugesShowTheConnectionsInUseAndIdle() {
		this.client.post().uri("/profiles/42").exchange().expectStatus().isCreated();
		this.client.get()
			.uri("/actuator/metrics/" + CONNECTIONS_IN_USE)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.measurements[0].value")
			.isEqualTo(0.0);
		this.client.get()
			.uri("/actuator/metrics/" + CONNECTIONS_IDLE)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.measurements[0].value")
			.value((idle) -> assertThat(((Number) idle).doubleValue()).as("idle connections")
				.isGreaterThanOrEqualTo(1));
	}

	@Test
	void otherEndpointsAreNotExposed() {
		for (String endpoint : new String[] { "env", "heapdump", "shutdown", "beans", "configprops", "threaddump",
				"loggers" }) {
			this.client.get().uri("/actuator/" + endpoint).exchange().expectStatus().isNotFound();
		}
	}

}
