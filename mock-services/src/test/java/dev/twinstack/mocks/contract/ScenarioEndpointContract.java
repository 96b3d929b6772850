package dev.twinstack.mocks.contract;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.twinstack.mocks.Downstream;
import dev.twinstack.mocks.Latency;
import dev.twinstack.mocks.MockServices;
import dev.twinstack.mocks.MockServicesOptions;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static dev.twinstack.mocks.contract.ScenarioExpectations.CPU_LIGHT_SEED_42_SHA256;
import static dev.twinstack.mocks.contract.ScenarioExpectations.DOWNSTREAM_ERROR;
import static dev.twinstack.mocks.contract.ScenarioExpectations.DOWNSTREAM_TIMEOUT;
import static dev.twinstack.mocks.contract.ScenarioExpectations.INVALID_REQUEST;
import static dev.twinstack.mocks.contract.Problems.assertProblem;
import static dev.twinstack.mocks.contract.ScenarioExpectations.PAYLOAD_SHA256;
import static dev.twinstack.mocks.contract.ScenarioExpectations.PAYLOAD_SIZE;
import static dev.twinstack.mocks.contract.ScenarioExpectations.expectedCpuLight;
import static dev.twinstack.mocks.contract.ScenarioExpectations.headers;
import static dev.twinstack.mocks.contract.ScenarioExpectations.sha256;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scenario endpoints of the README, end to end; the slow service of mock-services
 * answers after 50 ms instead of 1 s to keep the suite fast. An app runs it with a
 * subclass in its own package (where {@code @SpringBootTest} finds its application) that
 * shows its HTTP server's own evidence of how the large payload left it (zero-copy or a
 * copy through user space), which only the stack itself can see.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "app.downstream.timeout=1s")
@DirtiesContext
@ExtendWith(OutputCaptureExtension.class)
public abstract class ScenarioEndpointContract {

	/** The large payload's transfers, by way, on {@code /actuator/prometheus}. */
	private static final String TRANSFERS = "scenarios_payload_transfers_total";

	static final Latency SLOW_LATENCY = Latency.parse("50ms");

	/** Large-payload requests a client pipelines before it hangs up. */
	private static final int PIPELINED = 100;

	/**
	 * This class's mocks: started with each subclass's Spring context and stopped after
	 * it, so the next subclass (another stack) gets its own.
	 */
	private static MockServices mocks;

	private int port;

	private WebTestClient client;

	/** Forgets the evidence of earlier responses. */
	protected abstract void resetTransferEvidence();

	/**
	 * Asserts the stack's evidence that the last response's body left it with zero-copy
	 * ({@code sendfile(2)}), not through a buffer of the application's.
	 * @param bytes the body's length
	 */
	protected abstract void assertZeroCopyEvidence(int bytes);

	/**
	 * Asserts the stack's evidence that the last response's body was copied through user
	 * space.
	 * @param bytes the body's length
	 */
	protected abstract void assertCopyEvidence(int bytes);

	@DynamicPropertySource
	static void mockServices(DynamicPropertyRegistry registry) {
		if (mocks == null) {
			mocks = MockServices.start(MockServicesOptions.forTests().withLatency(Downstream.SLOW, SLOW_LATENCY));
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

	/** A cold JVM's first downstream call can take longer than the 1 s timeout. */
	@BeforeAll
	static void warmUp(@LocalServerPort int port) {
		client(port).get().uri("/scenarios/slow-io/1").exchange();
	}

	@BeforeEach
	void resetMocks(@LocalServerPort int port) {
		this.port = port;
		this.client = client(port);
		mocks.resetStubs();
		mocks.setLatency(Downstream.SLOW, SLOW_LATENCY);
		resetTransferEvidence();
	}

	@Test
	void cpuLightAnswersTheSameBytesForASeedInBothStacks() {
		for (long seed : List.of(1L, 42L, 999999999L)) {
			String body = cpuLight("?seed=" + seed);
			assertThat(body).isEqualTo(expectedCpuLight(seed));
			assertThat(body.length()).as("about 1 KB").isBetween(900, 1100);
		}
		assertThat(sha256(cpuLight("?seed=42").getBytes(StandardCharsets.UTF_8))).isEqualTo(CPU_LIGHT_SEED_42_SHA256);
	}

	@Test
	void cpuLightUsesSeed1WhenSeedIsMissing() {
		assertThat(cpuLight("")).isEqualTo(expectedCpuLight(1));
	}

	@Test
	void cpuLightReturns400ForInvalidSeed() {
		for (String seed : List.of("0", "-1", "abc", "01", "1000000000", "1.5", "")) {
			assertProblem(this.client.get().uri("/scenarios/cpu-light?seed={seed}", seed).exchange(),
					HttpStatus.BAD_REQUEST, INVALID_REQUEST,
					"seed must be a whole number from 1 to 999999999, got '" + seed + "'", "/scenarios/cpu-light",
					null);
		}
		assertProblem(this.client.get().uri("/scenarios/cpu-light?seed=1&seed=2").exchange(), HttpStatus.BAD_REQUEST,
				INVALID_REQUEST,
				"seed must be given at most once, got 2 values; accepted: a whole number from 1 to 999999999",
				"/scenarios/cpu-light", null);
		assertProblem(this.client.get().uri("/scenarios/cpu-light?seed=1&foo=bar").exchange(), HttpStatus.BAD_REQUEST,
				INVALID_REQUEST, "unknown query parameter 'foo'; accepted: [seed]", "/scenarios/cpu-light", null);
	}

	@Test
	void largePayloadGoesOutWithZeroCopy() {
		for (String query : List.of("", "?zeroCopy=true")) {
			double before = transfers("zero-copy");
			// the probe counts every response, so the metrics' own answer comes before it
			resetTransferEvidence();
			assertLargePayload(query);
			assertZeroCopyEvidence(PAYLOAD_SIZE);
			assertThat(transfers("zero-copy")).isEqualTo(before + 1);
		}
	}

	@Test
	void largePayloadGoesOutThroughAUserSpaceCopy() {
		double before = transfers("copy");
		resetTransferEvidence();
		assertLargePayload("?zeroCopy=false");
		assertCopyEvidence(PAYLOAD_SIZE);
		assertThat(transfers("copy")).isEqualTo(before + 1);
	}

	/**
	 * HEAD gets the headers without a body: the server closes the connection right after
	 * the empty line that ends them.
	 */
	@Test
	void largePayloadAnswersHeadWithHeadersOnly() throws IOException {
		double before = transfers("zero-copy") + transfers("copy");
		for (String query : List.of("", "?zeroCopy=false")) {
			try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), this.port)) {
				socket.setSoTimeout(10_000);
				socket.getOutputStream()
					.write(("HEAD /scenarios/large-payload" + query
							+ " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
						.getBytes(StandardCharsets.US_ASCII));
				InputStream in = socket.getInputStream();
				assertThat(headers(in)).as(query)
					.startsWith("HTTP/1.1 200")
					.containsIgnoringCase("content-length: 102400");
				assertThat(in.readAllBytes().length).as("body bytes after HEAD" + query).isZero();
			}
		}
		assertThat(transfers("zero-copy") + transfers("copy")).isEqualTo(before);
	}

	@Test
	void largePayloadReturns400ForInvalidZeroCopy() {
		for (String zeroCopy : List.of("yes", "TRUE", "")) {
			assertProblem(this.client.get().uri("/scenarios/large-payload?zeroCopy={zeroCopy}", zeroCopy).exchange(),
					HttpStatus.BAD_REQUEST, INVALID_REQUEST,
					"zeroCopy must be one of [true, false], got '" + zeroCopy + "'", "/scenarios/large-payload", null);
		}
		for (String query : List.of("?foo=bar", "?zeroCopy=false&foo=bar")) {
			assertProblem(this.client.get().uri("/scenarios/large-payload" + query).exchange(), HttpStatus.BAD_REQUEST,
					INVALID_REQUEST, "unknown query parameter 'foo'; accepted: [zeroCopy]", "/scenarios/large-payload",
					null);
		}
	}

	@Test
	void slowIoReturnsTheSlowServicesAnswer() {
		long start = System.nanoTime();
		this.client.get()
			.uri("/scenarios/slow-io/42")
			.exchange()
			.expectStatus()
			.isOk()
			.expectHeader()
			.contentType(MediaType.APPLICATION_JSON)
			.expectBody(String.class)
			.isEqualTo("{\"id\":42,\"waitedMs\":50}");
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(50));
	}

	@Test
	void slowIoReturns504WhenSlowerThanTheTimeout() {
		mocks.setLatency(Downstream.SLOW, Latency.parse("3s"));
		long start = System.nanoTime();
		assertProblem(this.client.get().uri("/scenarios/slow-io/42").exchange(), HttpStatus.GATEWAY_TIMEOUT,
				DOWNSTREAM_TIMEOUT, "slow service did not answer within 1000 ms", "/scenarios/slow-io/42", "slow");
		AppUnderTest.assertAnsweredAtTheTimeout(start, "slow-io");
	}

	@Test
	void slowIoReturns502WhenTheSlowServiceAnswers500() {
		mocks.server(Downstream.SLOW).stubFor(any(anyUrl()).willReturn(aResponse().withStatus(500)));
		assertProblem(this.client.get().uri("/scenarios/slow-io/42").exchange(), HttpStatus.BAD_GATEWAY,
				DOWNSTREAM_ERROR, "slow service answered HTTP 500", "/scenarios/slow-io/42", "slow");
	}

	@Test
	void slowIoReturns400ForInvalidCustomerId() {
		for (String customerId : List.of("abc", "0", "01", "1000000000")) {
			assertProblem(this.client.get().uri("/scenarios/slow-io/{id}", customerId).exchange(),
					HttpStatus.BAD_REQUEST, INVALID_REQUEST,
					"customerId must be a whole number from 1 to 999999999, got '" + customerId + "'",
					"/scenarios/slow-io/" + customerId, null);
		}
		assertProblem(this.client.get().uri("/scenarios/slow-io/42?fanout=parallel").exchange(), HttpStatus.BAD_REQUEST,
				INVALID_REQUEST, "unknown query parameter 'fanout'; accepted: []", "/scenarios/slow-io/42", null);
	}

	/**
	 * A client that hangs up while the answer is still going out is no server error:
	 * {@value #PIPELINED} large-payload requests pipelined on one connection (about 10 MB
	 * of answers, more than the socket buffers hold) with nothing read, so the server is
	 * blocked writing when the client resets the connection; the app logs no ERROR line
	 * and no stack trace.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "", "?zeroCopy=false" })
	void clientThatHangsUpMidAnswerIsNoServerError(String query, CapturedOutput output) throws Exception {
		double transfersBefore = transfers("zero-copy") + transfers("copy");
		double answeredBefore = answered("/scenarios/large-payload");
		int logStart = output.getAll().length();
		try (Socket socket = new Socket()) {
			socket.setReceiveBufferSize(4096);
			socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), this.port), 2000);
			String request = "GET /scenarios/large-payload" + query + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
			socket.getOutputStream().write(request.repeat(PIPELINED).getBytes(StandardCharsets.US_ASCII));
			socket.getOutputStream().flush();
			// the server is blocked, writing, once no further answer starts for 300 ms
			AtomicReference<Double> previous = new AtomicReference<>(Double.NaN);
			double started = Awaitility.await("answers to stop starting")
				.atMost(Duration.ofSeconds(10))
				.pollInterval(Duration.ofMillis(300))
				.until(() -> transfers("zero-copy") + transfers("copy"), (now) -> now.equals(previous.getAndSet(now)));
			assertThat(started - transfersBefore).as("answers started before the server blocked")
				.isBetween(1.0, PIPELINED - 1.0);
			socket.setSoLinger(true, 0); // close with a reset, as a client that gives up
		}
		Awaitility.await("every started answer to end")
			.atMost(Duration.ofSeconds(10))
			.pollInterval(Duration.ofMillis(50))
			.until(() -> answered("/scenarios/large-payload") - answeredBefore >= transfers("zero-copy")
					+ transfers("copy") - transfersBefore);
		String log = output.getAll().substring(logStart);
		assertThat(log).doesNotContainPattern("\\bERROR\\b").doesNotContainPattern("(?m)^\\s+at ");
	}

	private String cpuLight(String query) {
		return this.client.get()
			.uri("/scenarios/cpu-light" + query)
			.exchange()
			.expectStatus()
			.isOk()
			.expectHeader()
			.contentType(MediaType.APPLICATION_JSON)
			.expectBody(String.class)
			.returnResult()
			.getResponseBody();
	}

	private void assertLargePayload(String query) {
		byte[] body = this.client.get()
			.uri("/scenarios/large-payload" + query)
			.exchange()
			.expectStatus()
			.isOk()
			.expectHeader()
			.contentType(MediaType.APPLICATION_OCTET_STREAM)
			.expectHeader()
			.contentLength(PAYLOAD_SIZE)
			.expectBody(byte[].class)
			.returnResult()
			.getResponseBody();
		assertThat(body).as(query).hasSize(PAYLOAD_SIZE);
		assertThat(sha256(body)).as(query).isEqualTo(PAYLOAD_SHA256);
	}

	/** The large payload's transfers one way so far, as Prometheus scrapes them. */
	private double transfers(String transfer) {
		String metrics = AppUnderTest.prometheus(this.client);
		Matcher sample = Pattern
			.compile("^" + TRANSFERS + "\\{[^}]*transfer=\"" + Pattern.quote(transfer) + "\"[^}]*} (\\S+)$",
					Pattern.MULTILINE)
			.matcher(metrics);
		assertThat(sample.find()).as("%s{transfer=\"%s\"} in %s", TRANSFERS, transfer, metrics).isTrue();
		return Double.parseDouble(sample.group(1));
	}

	/**
	 * Requests to a path the app has finished answering (or given up on), whatever the
	 * outcome, from {@code http.server.requests}.
	 */
	private double answered(String uri) {
		String metrics = AppUnderTest.prometheus(this.client);
		Matcher sample = Pattern
			.compile("^http_server_requests_seconds_count\\{[^}]*uri=\"" + Pattern.quote(uri) + "\"[^}]*} (\\S+)$",
					Pattern.MULTILINE)
			.matcher(metrics);
		double sum = 0;
		while (sample.find()) {
			sum += Double.parseDouble(sample.group(1));
		}
		return sum;
	}

	private static WebTestClient client(int port) {
		return AppUnderTest.client(port);
	}

}
