package dev.twinstack.mocks.contract;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;

import dev.twinstack.mocks.MockServices;
import dev.twinstack.mocks.MockServicesOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The app's security defaults, on the running app: it listens on the loopback address
 * unless told otherwise, exposes only the actuator endpoints the bench reads
 * ({@code health}, {@code metrics}, {@code prometheus}), and never logs the password of
 * its MongoDB connection string. An app runs it with a subclass that names its
 * application class.
 */
@ExtendWith(OutputCaptureExtension.class)
public abstract class SecurityContract {

	private static final String PASSWORD = "s3cr3t-Pa55word";

	/**
	 * A user with a password, on a port where nothing listens: every database call fails.
	 */
	private static final String MONGODB_URI = "mongodb://twinuser:" + PASSWORD + "@127.0.0.1:1/twinstack";

	/**
	 * Another loopback address: Linux routes all of 127.0.0.0/8 to the loopback
	 * interface.
	 */
	private static final String OTHER_LOOPBACK = "127.0.0.2";

	private static final List<String> HIDDEN_ENDPOINTS = List.of("env", "heapdump", "shutdown", "beans", "configprops",
			"threaddump", "loggers", "mappings", "conditions", "scheduledtasks", "caches", "info", "sbom", "startup",
			"httpexchanges", "auditevents", "logfile");

	private final HttpClient http = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	/**
	 * The app under test.
	 * @return its Spring Boot application class
	 */
	protected abstract Class<?> application();

	@Test
	void configuredAddressIsLoopback() throws IOException {
		List<PropertySource<?>> yaml = new YamlPropertySourceLoader().load("application.yml",
				new ClassPathResource("application.yml"));
		Object address = yaml.get(0).getProperty("server.address");
		assertThat(address).isNotNull();
		assertThat(InetAddress.getByName(address.toString()).isLoopbackAddress()).as("server.address %s", address)
			.isTrue();
	}

	@Test
	void listensOnLoopbackOnlyExposesOnlyBenchEndpointsAndNeverLogsThePassword(CapturedOutput output) throws Exception {
		try (MockServices mocks = MockServices.start(MockServicesOptions.forTests());
				ConfigurableApplicationContext app = AppUnderTest.start(application(), mocks,
						"spring.mongodb.uri=" + MONGODB_URI, "app.database.timeout=500ms")) {
			int port = AppUnderTest.port(app);
			assertThat(canConnect("127.0.0.1", port)).isTrue();
			assertThat(canConnect(OTHER_LOOPBACK, port)).as("reachable on %s", OTHER_LOOPBACK).isFalse();

			// the database is unreachable: the app logs its failures, never the password
			HttpResponse<String> profile = send("POST", port, "/profiles/42");
			assertThat(profile.statusCode()).isEqualTo(503);
			HttpResponse<String> health = send("GET", port, "/actuator/health");
			assertThat(health.statusCode()).isEqualTo(503);
			assertThat(profile.body() + health.body()).doesNotContain(PASSWORD);

			assertThat(send("GET", port, "/actuator/metrics").statusCode()).isEqualTo(200);
			assertThat(send("GET", port, "/actuator/prometheus").statusCode()).isEqualTo(200);
			for (String endpoint : HIDDEN_ENDPOINTS) {
				assertThat(send("GET", port, "/actuator/" + endpoint).statusCode()).as(endpoint).isEqualTo(404);
			}
			assertThat(send("POST", port, "/actuator/shutdown").statusCode()).isEqualTo(404);
			assertThat(app.isRunning()).isTrue();
		}
		assertThat(output.getAll()).contains("MongoDB: mongodb://twinuser:****@127.0.0.1:1/twinstack")
			.contains("127.0.0.1:1")
			.contains("Database unavailable")
			.doesNotContain(PASSWORD);
	}

	@Test
	void listensOnAllAddressesOnlyWhenTold() throws Exception {
		try (ConfigurableApplicationContext app = AppUnderTest.start(application(), null, "server.address=0.0.0.0",
				"spring.mongodb.uri=" + MONGODB_URI)) {
			assertThat(canConnect(OTHER_LOOPBACK, AppUnderTest.port(app))).as("reachable on %s", OTHER_LOOPBACK)
				.isTrue();
		}
	}

	private static boolean canConnect(String host, int port) throws IOException {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(InetAddress.getByName(host), port), 2000);
			return true;
		}
		catch (ConnectException ex) {
			return false;
		}
	}

	private HttpResponse<String> send(String method, int port, String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
			.method(method, BodyPublishers.noBody())
			.timeout(Duration.ofSeconds(10))
			.build();
		return this.http.send(request, BodyHandlers.ofString());
	}

}
