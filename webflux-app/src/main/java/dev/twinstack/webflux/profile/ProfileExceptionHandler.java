package dev.twinstack.webflux.profile;

import java.net.URI;
import java.net.URISyntaxException;

import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.util.DisconnectedClientHelper;

/**
 * Turns the endpoint's failures into the README's RFC 9457 problems
 * ({@code application/problem+json}). Framework errors (404, 405, …) are left to Spring's
 * own problem details ({@code spring.webflux.problemdetails.enabled}).
 */
@RestControllerAdvice
class ProfileExceptionHandler {

	static final URI INVALID_REQUEST = URI.create("urn:twinstack:problem:invalid-request");

	static final URI DOWNSTREAM_ERROR = URI.create("urn:twinstack:problem:downstream-error");

	static final URI DATABASE_UNAVAILABLE = URI.create("urn:twinstack:problem:database-unavailable");

	static final URI DOWNSTREAM_TIMEOUT = URI.create("urn:twinstack:problem:downstream-timeout");

	static final URI INTERNAL_ERROR = URI.create("urn:twinstack:problem:internal-error");

	static final String DATABASE_UNAVAILABLE_DETAIL = "database unavailable: the insert was not acknowledged";

	private static final Logger logger = LoggerFactory.getLogger(ProfileExceptionHandler.class);

	@ExceptionHandler
	ProblemDetail invalidRequest(InvalidRequestException ex, ServerWebExchange exchange) {
		return problem(HttpStatus.BAD_REQUEST, INVALID_REQUEST, ex.getMessage(), exchange);
	}

	@ExceptionHandler
	ProblemDetail downstreamError(DownstreamException ex, ServerWebExchange exchange) {
		logger.debug("Downstream error: {}", ex.getMessage(), ex.getCause());
		ProblemDetail problem = problem(HttpStatus.BAD_GATEWAY, DOWNSTREAM_ERROR, ex.getMessage(), exchange);
		problem.setProperty("service", ex.getService());
		return problem;
	}

	@ExceptionHandler
	ProblemDetail downstreamTimeout(DownstreamTimeoutException ex, ServerWebExchange exchange) {
		ProblemDetail problem = problem(HttpStatus.GATEWAY_TIMEOUT, DOWNSTREAM_TIMEOUT, ex.getMessage(), exchange);
		problem.setProperty("service", ex.getService());
		return problem;
	}

	/**
	 * MongoDB failures: 503 when the database could not be reached or did not answer in
	 * time, 500 otherwise. Spring Data translates only some driver exceptions to
	 * {@link DataAccessResourceFailureException} (e.g. not
	 * {@code MongoSocketReadException}), so the cause chain is checked too.
	 */
	@ExceptionHandler({ DataAccessException.class, MongoSocketException.class, MongoTimeoutException.class })
	ProblemDetail databaseError(RuntimeException ex, ServerWebExchange exchange) {
		if (isDatabaseUnavailable(ex)) {
			logger.warn("Database unavailable: {}", ex.toString());
			return problem(HttpStatus.SERVICE_UNAVAILABLE, DATABASE_UNAVAILABLE, DATABASE_UNAVAILABLE_DETAIL, exchange);
		}
		logger.error("Database error", ex);
		return problem(HttpStatus.INTERNAL_SERVER_ERROR, INTERNAL_ERROR, "the database rejected the insert", exchange);
	}

	/**
	 * Anything else: 500, logged at ERROR with its stack trace, which never reaches the
	 * response body. A client that went away while its request was served (Reactor
	 * Netty's {@code AbortedException}, a broken pipe, a connection reset by peer, as
	 * Spring's {@link DisconnectedClientHelper} recognizes them; never a downstream
	 * call's failure) is no server error: one DEBUG line naming the path and the cause,
	 * and nothing more is written once the answer has begun.
	 * @return the problem, or {@code null} (nothing to write) for a client that went away
	 * after the answer began
	 */
	@ExceptionHandler
	ResponseEntity<ProblemDetail> unexpected(Exception ex, ServerWebExchange exchange) {
		String path = exchange.getRequest().getPath().value();
		if (!DisconnectedClientHelper.isClientDisconnectedException(ex)) {
			logger.error("Unexpected error on {}", path, ex);
		}
		else {
			logger.debug("Client went away on {}: {}", path, ex.toString());
			if (exchange.getResponse().isCommitted()) {
				return null;
			}
		}
		return ResponseEntity.internalServerError()
			.body(problem(HttpStatus.INTERNAL_SERVER_ERROR, INTERNAL_ERROR, "internal error; see the application log",
					exchange));
	}

	static boolean isDatabaseUnavailable(Throwable ex) {
		for (Throwable current = ex; current != null; current = current.getCause()) {
			if (current instanceof DataAccessResourceFailureException || current instanceof MongoSocketException
					|| current instanceof MongoTimeoutException) {
				return true;
			}
			if (current.getCause() == current) {
				break;
			}
		}
		return false;
	}

	private static ProblemDetail problem(HttpStatus status, URI type, String detail, ServerWebExchange exchange) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
		problem.setType(type);
		problem.setTitle(status.getReasonPhrase());
		try {
			problem.setInstance(new URI(exchange.getRequest().getURI().getRawPath()));
		}
		catch (URISyntaxException ex) {
			// a path the server let through but that is no valid URI reference: no
			// instance
		}
		return problem;
	}

}
