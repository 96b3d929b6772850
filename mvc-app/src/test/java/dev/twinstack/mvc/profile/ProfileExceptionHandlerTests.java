package dev.twinstack.mvc.profile;

import java.io.IOException;
import java.net.SocketException;
import java.net.URI;
import java.util.List;

import org.apache.catalina.connector.ClientAbortException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.web.client.ResourceAccessException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How {@link ProfileExceptionHandler} logs what it did not expect: a client that went
 * away is one DEBUG line, anything else an ERROR with its stack trace. webflux-app's
 * {@code ProfileExceptionHandlerTests} holds it to the same with Reactor Netty's
 * exceptions.
 */
@ExtendWith(OutputCaptureExtension.class)
class ProfileExceptionHandlerTests {

	private static final String LOGGER = ProfileExceptionHandler.class.getName();

	private final LoggingSystem loggingSystem = LoggingSystem.get(getClass().getClassLoader());

	private final ProfileExceptionHandler handler = new ProfileExceptionHandler();

	private final MockHttpServletRequest request = new MockHttpServletRequest("POST", "/profiles/42");

	@BeforeEach
	void logDebug() {
		this.loggingSystem.setLogLevel(LOGGER, LogLevel.DEBUG);
		this.request.setQueryString("fanout=parallel");
	}

	@AfterEach
	void restoreLevel() {
		this.loggingSystem.setLogLevel(LOGGER, null);
	}

	@Test
	void clientThatWentAwayIsOneDebugLineAndNothingWrittenOnceTheAnswerBegan(CapturedOutput output) {
		for (Exception hangUp : clientHangUps()) {
			MockHttpServletResponse response = new MockHttpServletResponse();
			response.setCommitted(true);
			int logStart = output.getAll().length();

			assertThat(this.handler.unexpected(hangUp, this.request, response)).as(hangUp.toString()).isNull();

			String log = output.getAll().substring(logStart);
			assertThat(log).as(hangUp.toString())
				.contains("DEBUG")
				.contains("Client went away on /profiles/42: " + hangUp)
				.doesNotContainPattern("\\bERROR\\b")
				.doesNotContainPattern("(?m)^\\s+at ");
			assertThat(log.strip().lines()).as(hangUp.toString()).hasSize(1);
		}
	}

	@Test
	void clientThatWentAwayBeforeTheAnswerStillGetsTheProblem(CapturedOutput output) {
		ResponseEntity<ProblemDetail> answer = this.handler.unexpected(
				new ClientAbortException(new IOException("Connection reset by peer")), this.request,
				new MockHttpServletResponse());
		assertInternalError(answer);
		assertThat(output.getAll()).doesNotContainPattern("\\bERROR\\b").doesNotContainPattern("(?m)^\\s+at ");
	}

	@Test
	void unexpectedErrorIsAnErrorWithItsStackTrace(CapturedOutput output) {
		assertInternalError(this.handler.unexpected(new IllegalStateException("no such state"), this.request,
				new MockHttpServletResponse()));
		assertThat(output.getAll()).containsPattern("ERROR.*Unexpected error on /profiles/42")
			.contains("java.lang.IllegalStateException: no such state")
			.containsPattern("(?m)^\\s+at dev\\.twinstack\\.mvc\\.profile\\.ProfileExceptionHandlerTests");
	}

	/** A reset by a downstream service is the app's problem, not a client's hang-up. */
	@Test
	void downstreamResetIsAnError(CapturedOutput output) {
		Exception downstreamReset = new ResourceAccessException(
				"I/O error on GET request for \"http://127.0.0.1:9082/customers/42/orders\": Connection reset by peer",
				new SocketException("Connection reset by peer"));
		assertInternalError(this.handler.unexpected(downstreamReset, this.request, new MockHttpServletResponse()));
		assertThat(output.getAll()).containsPattern("ERROR.*Unexpected error on /profiles/42")
			.doesNotContain("Client went away");
	}

	/** What Tomcat reports when the client's connection is gone. */
	private static List<Exception> clientHangUps() {
		return List.of(new ClientAbortException(new IOException("Broken pipe")),
				new ClientAbortException(new IOException("Connection reset by peer")),
				new IOException("Connection reset by peer"), new IOException("Broken pipe"));
	}

	private static void assertInternalError(ResponseEntity<ProblemDetail> answer) {
		assertThat(answer).isNotNull();
		assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.INTERNAL_SERVER_ERROR);
		ProblemDetail problem = answer.getBody();
		assertThat(problem).isNotNull();
		assertThat(problem.getStatus()).isEqualTo(500);
		assertThat(problem.getType()).isEqualTo(ProfileExceptionHandler.INTERNAL_ERROR);
		assertThat(problem.getDetail()).isEqualTo("internal error; see the application log");
		assertThat(problem.getInstance()).isEqualTo(URI.create("/profiles/42"));
	}

}
