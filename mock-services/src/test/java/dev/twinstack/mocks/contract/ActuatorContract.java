package dev.twinstack.mocks.contract;

import dev.twinstack.mocks.MockServices;
import dev.twinstack.mocks.MockServicesOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
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
 * The actuator endpoints the benchmark reads, and only those. An app runs it with a
 * subclass in its own package (where {@code @SpringBootTest} finds its application) that
 * names its application and its downstream pool's gauges, which are the HTTP client's
 * own.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@DirtiesContext
public abstract class ActuatorContract {

	private static final MockServices mocks = MockServices.start(MockServicesOptions.forTests());

	private WebTestClient client;

	/**
	 * The app's {@code application} tag on every metric.
	 * @return e.g. {@code mvc-app}
	 */
	protected abstract String applicationName();

	/**
	 * The gauge of downstream connections in use: what the bench's faults scenario waits
	 * to see back at 0.
	 * @return the metric's name and tag, as {@code /actuator/metrics/} takes them
	 */
	protected abstract String connectionsInUseMetric();

	/**
	 * The gauge of downstream connections open and idle in the pool.
	 * @return the metric's name and tag, as {@code /actuator/metrics/} takes them
	 */
	protected abstract String connectionsIdleMetric();

	/**
	 * One request through the whole stack before the first test, as in
	 * {@link ProfileEndpointContract}: a fresh WireMock server and a cold app can take
	 * longer than the downstream timeout on a loaded machine.
	 */
	@BeforeAll
	static void warmUp(@LocalServerPort int port) {
		// whatever the outcome: each test asserts its own
		AppUnderTest.client(port).post().uri("/profiles/1").exchange();
	}

	@BeforeEach
	void connect(@LocalServerPort int port) {
		this.client = AppUnderTest.client(port);
	}

	@DynamicPropertySource
	static void mockServices(DynamicPropertyRegistry registry) {
		AppUnderTest.useMocks(registry, mocks);
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
		String metrics = AppUnderTest.prometheus(this.client);
		assertThat(metrics).contains("jvm_memory_used_bytes", "http_server_requests", "http_client_requests",
				"application=\"" + applicationName() + "\"");
	}

	@Test
	void downstreamConnectionPoolGaugesShowTheConnectionsInUseAndIdle() {
		this.client.post().uri("/profiles/42").exchange().expectStatus().isCreated();
		this.client.get()
			.uri("/actuator/metrics/" + connectionsInUseMetric())
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.measurements[0].value")
			.isEqualTo(0.0);
		this.client.get()
			.uri("/actuator/metrics/" + connectionsIdleMetric())
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
