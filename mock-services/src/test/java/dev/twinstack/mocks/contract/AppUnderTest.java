package dev.twinstack.mocks.contract;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.twinstack.mocks.Downstream;
import dev.twinstack.mocks.MockServices;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the contract reaches an app under test, whichever stack it runs on: its settings
 * pointing at the mock services, a client for its port, its stored profiles.
 */
final class AppUnderTest {

	/** The collection the composite endpoint stores its documents in. */
	static final String PROFILES = "profiles";

	/**
	 * The downstream timeout the endpoint and scenario contracts run the apps with
	 * ({@code app.downstream.timeout=1s}).
	 */
	static final Duration DOWNSTREAM_TIMEOUT = Duration.ofSeconds(1);

	/**
	 * How much later than {@link #DOWNSTREAM_TIMEOUT} a 504 may come (ms): the app's own
	 * work and a loaded 2-core machine's scheduling. Less than the timeout itself, so a
	 * timeout applied twice (2 s or more) fails.
	 */
	static final Duration TIMEOUT_ALLOWANCE = Duration.ofMillis(800);

	private AppUnderTest() {
	}

	/**
	 * Asserts that a 504 came at the downstream timeout: not before it, and within
	 * {@link #TIMEOUT_ALLOWANCE} after it.
	 * @param startNanos {@link System#nanoTime()} when the request was sent
	 * @param description what was asked, for the failure message
	 */
	static void assertAnsweredAtTheTimeout(long startNanos, String description) {
		assertThat(Duration.ofNanos(System.nanoTime() - startNanos)).as("504 of %s", description)
			.isBetween(DOWNSTREAM_TIMEOUT, DOWNSTREAM_TIMEOUT.plus(TIMEOUT_ALLOWANCE));
	}

	/**
	 * Points an app started by {@code @SpringBootTest} at the mock services: the three
	 * composite services, the slow service and MongoDB.
	 * @param registry the test's dynamic properties
	 * @param mocks the running mock services
	 */
	static void useMocks(DynamicPropertyRegistry registry, MockServices mocks) {
		settings(mocks).forEach((name, value) -> registry.add(name, () -> value));
	}

	/**
	 * Starts an app on a random port, pointed at the mock services.
	 * @param application the app's Spring Boot application class
	 * @param mocks the running mock services, or {@code null} to leave the app's own
	 * settings
	 * @param settings more settings ({@code name=value}), which replace the defaults
	 * @return the running app, to be closed by the caller
	 */
	static ConfigurableApplicationContext start(Class<?> application, MockServices mocks, String... settings) {
		Map<String, String> all = new LinkedHashMap<>((mocks != null) ? settings(mocks) : Map.of());
		all.put("server.port", "0");
		for (String setting : settings) {
			String[] nameValue = setting.split("=", 2);
			all.put(nameValue[0], nameValue[1]);
		}
		List<String> arguments = new ArrayList<>();
		all.forEach((name, value) -> arguments.add("--" + name + "=" + value));
		return new SpringApplicationBuilder(application).run(arguments.toArray(String[]::new));
	}

	/**
	 * Returns the port a running app listens on.
	 * @param app the app
	 * @return its HTTP port
	 */
	static int port(ConfigurableApplicationContext app) {
		return app.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
	}

	/**
	 * A client of the app on the loopback address.
	 * @param port the app's port
	 * @return a client that waits up to 10 s for an answer
	 */
	static WebTestClient client(int port) {
		return WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + port)
			.responseTimeout(Duration.ofSeconds(10))
			.build();
	}

	/**
	 * The app's metrics as Prometheus scrapes them.
	 * @param client a client of the app
	 * @return the text of {@code /actuator/prometheus}
	 */
	static String prometheus(WebTestClient client) {
		return client.get()
			.uri("/actuator/prometheus")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(String.class)
			.returnResult()
			.getResponseBody();
	}

	/**
	 * The profiles the app stored, as MongoDB holds them.
	 * @param mocks the running mock services
	 * @return the stored documents
	 */
	static List<Map<String, Object>> storedProfiles(MockServices mocks) {
		return mocks.storedDocuments(PROFILES);
	}

	private static Map<String, String> settings(MockServices mocks) {
		return Map.of("app.downstream.customers-url", mocks.baseUrl(Downstream.CUSTOMERS).toString(),
				"app.downstream.orders-url", mocks.baseUrl(Downstream.ORDERS).toString(),
				"app.downstream.recommendations-url", mocks.baseUrl(Downstream.RECOMMENDATIONS).toString(),
				"app.downstream.slow-url", mocks.baseUrl(Downstream.SLOW).toString(), "spring.mongodb.uri",
				mocks.mongoUri());
	}

}
