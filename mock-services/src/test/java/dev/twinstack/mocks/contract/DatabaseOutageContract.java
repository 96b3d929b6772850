package dev.twinstack.mocks.contract;

import java.time.Duration;
import java.util.Map;

import dev.twinstack.mocks.MockServices;
import dev.twinstack.mocks.MockServicesOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * MongoDB going away and coming back: 503 within the database timeout, then 201 again
 * without a restart. An app runs it with a subclass in its own package, where
 * {@code @SpringBootTest} finds its application.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "app.database.timeout=1s")
@DirtiesContext
public abstract class DatabaseOutageContract {

	/**
	 * This class's mocks: started with each subclass's Spring context and stopped after
	 * it, so the next subclass (another stack) gets its own.
	 */
	private static MockServices mocks;

	private static final ParameterizedTypeReference<Map<String, Object>> JSON_OBJECT = new ParameterizedTypeReference<>() {
	};

	private static final Duration RECOVERY_LIMIT = Duration.ofSeconds(15);

	private WebTestClient client;

	@BeforeEach
	void connect(@LocalServerPort int port) {
		this.client = AppUnderTest.client(port);
	}

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

	@Test
	void returns503WhenDatabaseIsDown() throws InterruptedException {
		// a stored profile first, so that the driver holds pooled connections when
		// MongoDB goes away
		post().expectStatus().isCreated();

		mocks.stopMongo();
		for (String fanout : new String[] { "sequential", "parallel" }) {
			long start = System.nanoTime();
			Map<String, Object> problem = post(fanout).expectStatus()
				.isEqualTo(HttpStatus.SERVICE_UNAVAILABLE)
				.expectHeader()
				.contentType(MediaType.APPLICATION_PROBLEM_JSON)
				.expectBody(JSON_OBJECT)
				.returnResult()
				.getResponseBody();
			assertThat(Duration.ofNanos(System.nanoTime() - start)).as(fanout).isLessThan(Duration.ofSeconds(3));
			assertThat(problem).isEqualTo(Map.of("type", "urn:twinstack:problem:database-unavailable", "title",
					"Service Unavailable", "status", 503, "detail",
					"database unavailable: the insert was not acknowledged", "instance", "/profiles/42"));
		}

		mocks.startMongo();
		long deadline = System.nanoTime() + RECOVERY_LIMIT.toNanos();
		int failures = 0;
		while (true) {
			EntityExchangeResult<String> result = post().expectBody(String.class).returnResult();
			if (result.getStatus() == HttpStatus.CREATED) {
				break;
			}
			// while the driver finds out about the restart, only 503 problems are
			// acceptable
			assertThat(result.getStatus()).as(result.getResponseBody()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
			assertThat(result.getResponseBody()).contains("urn:twinstack:problem:database-unavailable");
			failures++;
			assertThat(System.nanoTime()).as("201 again within %s (%d failures)", RECOVERY_LIMIT, failures)
				.isLessThan(deadline);
			Thread.sleep(200);
		}
		// MongoDB came back empty: exactly the profile stored after the restart
		assertThat(AppUnderTest.storedProfiles(mocks)).hasSize(1);
	}

	private WebTestClient.ResponseSpec post() {
		return post("sequential");
	}

	private WebTestClient.ResponseSpec post(String fanout) {
		return this.client.post().uri("/profiles/42?fanout=" + fanout).exchange();
	}

}
