package dev.twinstack.mocks;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;

import com.github.tomakehurst.wiremock.http.Request;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

/**
 * The admin API the bench injects faults through: open to loopback clients, closed to
 * every other one.
 */
class MockServicesAdminApiTests {

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

	@Test
	void aFaultAddedThroughTheAdminApiAppliesUntilItIsRemoved() throws Exception {
		URI admin = mocks.baseUrl(Downstream.ORDERS).resolve("/__admin/mappings");
		String fault = "{\"priority\":1,\"request\":{\"method\":\"GET\",\"urlPathPattern\":\"/customers/[0-9]*7/orders\"},"
				+ "\"response\":{\"status\":503}}";
		HttpResponse<String> added = http.send(HttpRequest.newBuilder(admin)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(fault))
			.build(), BodyHandlers.ofString());
		assertThat(added.statusCode()).isEqualTo(201);
		String id = JsonMapper.builder().build().readTree(added.body()).get("id").asString();
		assertThat(fetch("/customers/17/orders").statusCode()).isEqualTo(503);
		assertThat(fetch("/customers/18/orders").statusCode()).isEqualTo(200);
		HttpResponse<String> removed = http.send(HttpRequest.newBuilder(URI.create(admin + "/" + id)).DELETE().build(),
				BodyHandlers.ofString());
		assertThat(removed.statusCode()).isEqualTo(200);
		assertThat(fetch("/customers/17/orders").statusCode()).isEqualTo(200);
	}

	@Test
	void aForwardedAdminRequestIsRejectedEvenFromLoopback() throws Exception {
		HttpResponse<String> response = http
			.send(HttpRequest.newBuilder(mocks.baseUrl(Downstream.ORDERS).resolve("/__admin/mappings"))
				.header("X-Forwarded-For", "127.0.0.1")
				.GET()
				.build(), BodyHandlers.ofString());
		assertThat(response.statusCode()).isEqualTo(401);
	}

	@Test
	void theCustomersAdminApiStopsAndStartsMongoDb() throws Exception {
		URI mongo = mocks.baseUrl(Downstream.CUSTOMERS).resolve("/__admin/ext/mongo");
		HttpResponse<String> stopped = http.send(
				HttpRequest.newBuilder(URI.create(mongo + "/stop")).POST(HttpRequest.BodyPublishers.noBody()).build(),
				BodyHandlers.ofString());
		assertThat(stopped.statusCode()).isEqualTo(200);
		assertThat(stopped.body()).containsPattern("\"running\"\\s*:\\s*false");
		assertThat(mocks.isMongoRunning()).isFalse();
		assertThat(acceptsConnections(mocks.mongoAddress())).isFalse();
		HttpResponse<String> started = http.send(
				HttpRequest.newBuilder(URI.create(mongo + "/start")).POST(HttpRequest.BodyPublishers.noBody()).build(),
				BodyHandlers.ofString());
		assertThat(started.statusCode()).isEqualTo(200);
		assertThat(started.body()).containsPattern("\"running\"\\s*:\\s*true");
		assertThat(acceptsConnections(mocks.mongoAddress())).isTrue();
		assertThat(http.send(HttpRequest.newBuilder(mongo).GET().build(), BodyHandlers.ofString()).body())
			.containsPattern("\"running\"\\s*:\\s*true")
			.containsPattern("\"inserts\"\\s*:\\s*\\d+")
			.containsPattern("\"insertBusyMs\"\\s*:\\s*[0-9.]+");
	}

	@Test
	void onlyLoopbackClientsMayStopMongoDbAndOnlyOnTheCustomersService() throws Exception {
		HttpResponse<String> forwarded = http
			.send(HttpRequest.newBuilder(mocks.baseUrl(Downstream.CUSTOMERS).resolve("/__admin/ext/mongo/stop"))
				.header("X-Forwarded-For", "10.0.0.7")
				.POST(HttpRequest.BodyPublishers.noBody())
				.build(), BodyHandlers.ofString());
		assertThat(forwarded.statusCode()).isEqualTo(401);
		HttpResponse<String> onOrders = http
			.send(HttpRequest.newBuilder(mocks.baseUrl(Downstream.ORDERS).resolve("/__admin/ext/mongo/stop"))
				.POST(HttpRequest.BodyPublishers.noBody())
				.build(), BodyHandlers.ofString());
		assertThat(onOrders.statusCode()).isEqualTo(404);
		assertThat(mocks.isMongoRunning()).isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "127.0.0.1", "127.1.2.3", "0:0:0:0:0:0:0:1", "::1", "[::1]" })
	void loopbackClientsMayUseTheAdminApi(String address) {
		assertThat(new LoopbackAdminAuthenticator().authenticate(requestFrom(address, null))).isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "10.0.0.7", "192.168.1.20", "2001:db8::1", "localhost", "example.com", "" })
	void otherClientsMayNot(String address) {
		assertThat(new LoopbackAdminAuthenticator().authenticate(requestFrom(address, null))).isFalse();
	}

	@Test
	void aForwardedForHeaderIsNeverTrusted() {
		assertThat(new LoopbackAdminAuthenticator().authenticate(requestFrom("127.0.0.1", "127.0.0.1"))).isFalse();
	}

	@Test
	void theStubsStayOpenToForwardedRequests() throws Exception {
		HttpResponse<String> response = http
			.send(HttpRequest.newBuilder(mocks.baseUrl(Downstream.ORDERS).resolve("/customers/42/orders"))
				.header("X-Forwarded-For", "10.0.0.7")
				.GET()
				.build(), BodyHandlers.ofString());
		assertThat(response.statusCode()).isEqualTo(200);
	}

	private static Request requestFrom(String address, String forwardedFor) {
		Request request = mock(Request.class);
		given(request.getClientIp()).willReturn(address);
		given(request.getHeader("X-Forwarded-For")).willReturn(forwardedFor);
		return request;
	}

	private static boolean acceptsConnections(String mongoAddress) {
		URI address = URI.create(mongoAddress);
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(address.getHost(), address.getPort()), 2000);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static HttpResponse<String> fetch(String path) throws IOException, InterruptedException {
		return http.send(HttpRequest.newBuilder(mocks.baseUrl(Downstream.ORDERS).resolve(path))
			.timeout(Duration.ofSeconds(5))
			.GET()
			.build(), BodyHandlers.ofString());
	}

}
