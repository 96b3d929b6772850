package dev.twinstack.mocks.contract;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.twinstack.mocks.MockServices;
import dev.twinstack.mocks.MockServicesOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Several requests on one connection, on a plain socket: each is answered, in order, even
 * when it arrives the moment the previous answer has (the client sends the next request
 * as soon as it has read the previous answer's header fields) or with the previous
 * request (pipelined). The first request is {@code /actuator/health}, which waits for
 * MongoDB (on Reactor Netty its answer is completed off the connection's event loop: the
 * case that went unanswered before WebFlux's {@code RequestGate}); the last asks to close
 * the connection, as a client's last request does.
 * <p>
 * An app runs it with a subclass in its own package, where {@code @SpringBootTest} finds
 * its application.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@DirtiesContext
public abstract class KeepAliveContract {

	/** Connections per test: the race the tests look for is lost only now and then. */
	private static final int ROUNDS = 20;

	/** Longest wait for an answer (ms). */
	private static final int READ_TIMEOUT_MILLIS = 5_000;

	private static final Pattern STATUS_LINE = Pattern.compile("HTTP/1\\.1 (\\d{3}) ");

	private static final MockServices mocks = MockServices.start(MockServicesOptions.forTests());

	private int port;

	@BeforeEach
	void findPort(@LocalServerPort int port) {
		this.port = port;
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
	void answersRequestSentRightAfterHeadAnswer() throws IOException {
		for (int round = 1; round <= ROUNDS; round++) {
			try (Socket socket = connect()) {
				send(socket, "HEAD /actuator/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
				assertThat(readHeaderFields(socket.getInputStream())).as("HEAD answer, round %d", round)
					.startsWith("HTTP/1.1 200 ");
				send(socket, "GET /scenarios/cpu-light HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
				assertThat(statuses(readToEnd(socket, round))).as("GET answer, round %d", round).containsExactly(200);
			}
		}
	}

	@Test
	void answersPipelinedRequestsInOrder() throws IOException {
		for (int round = 1; round <= ROUNDS; round++) {
			try (Socket socket = connect()) {
				send(socket, "GET /actuator/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
						+ "GET /scenarios/cpu-light HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
				String answers = readToEnd(socket, round);
				assertThat(statuses(answers)).as("answers, round %d", round).containsExactly(200, 200);
				assertThat(answers.indexOf("\"components\"")).as("the health answer comes first, round %d", round)
					.isBetween(0, answers.lastIndexOf("HTTP/1.1 200 "));
			}
		}
	}

	private Socket connect() throws IOException {
		Socket socket = new Socket(InetAddress.getLoopbackAddress(), this.port);
		socket.setSoTimeout(READ_TIMEOUT_MILLIS);
		return socket;
	}

	private static void send(Socket socket, String requests) throws IOException {
		socket.getOutputStream().write(requests.getBytes(StandardCharsets.US_ASCII));
		socket.getOutputStream().flush();
	}

	/** Reads up to the empty line after the header fields, not a byte further. */
	private static String readHeaderFields(InputStream in) throws IOException {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		while (!bytes.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
			int next = in.read();
			if (next < 0) {
				break;
			}
			bytes.write(next);
		}
		return bytes.toString(StandardCharsets.ISO_8859_1);
	}

	private static String readToEnd(Socket socket, int round) throws IOException {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		byte[] buffer = new byte[8192];
		InputStream in = socket.getInputStream();
		try {
			for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
				bytes.write(buffer, 0, read);
			}
		}
		catch (SocketTimeoutException ex) {
			fail("round %d: the connection was neither answered nor closed within %d ms; received: %s", round,
					READ_TIMEOUT_MILLIS, bytes.toString(StandardCharsets.ISO_8859_1));
		}
		return bytes.toString(StandardCharsets.ISO_8859_1);
	}

	private static List<Integer> statuses(String answers) {
		List<Integer> statuses = new ArrayList<>();
		Matcher matcher = STATUS_LINE.matcher(answers);
		while (matcher.find()) {
			statuses.add(Integer.parseInt(matcher.group(1)));
		}
		return statuses;
	}

}
