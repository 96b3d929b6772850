package dev.twinstack.mvc.config;

import java.net.URI;
import java.net.URISyntaxException;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The servlet container's error page ({@code /error}, where Tomcat forwards errors raised
 * outside Spring MVC's handlers, e.g. in a filter or for {@code TRACE}) as an RFC 9457
 * problem, like every other error of the app. Replaces Spring Boot's
 * {@code BasicErrorController}, whose JSON is not {@code application/problem+json}. Never
 * a stack trace in the body.
 */
@RestController
class ProblemErrorController implements ErrorController {

	private static final Logger logger = LoggerFactory.getLogger(ProblemErrorController.class);

	@RequestMapping(path = "${server.error.path:${error.path:/error}}")
	ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
		Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
		HttpStatus status = (code instanceof Integer value) ? HttpStatus.resolve(value) : null;
		String path = (String) request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
		String detail;
		if (code == null) {
			// requested directly, not forwarded by the container
			status = HttpStatus.NOT_FOUND;
			path = request.getRequestURI();
			detail = "no error to report";
		}
		else if (status == null || status.is5xxServerError()) {
			status = (status != null) ? status : HttpStatus.INTERNAL_SERVER_ERROR;
			logger.error("Error {} on {}", status.value(), path,
					(Throwable) request.getAttribute(RequestDispatcher.ERROR_EXCEPTION));
			detail = "internal error; see the application log";
		}
		else if (status == HttpStatus.NOT_FOUND) {
			// e.g. /profiles/../WEB-INF/web.xml, which Tomcat normalizes and refuses
			// itself:
			// the same detail as Spring MVC's own 404
			detail = "No endpoint " + request.getMethod() + " " + path + ".";
		}
		else {
			String message = (String) request.getAttribute(RequestDispatcher.ERROR_MESSAGE);
			detail = (message != null && !message.isBlank()) ? message : status.getReasonPhrase();
		}
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
		problem.setTitle(status.getReasonPhrase());
		if (path != null) {
			try {
				problem.setInstance(new URI(path));
			}
			catch (URISyntaxException ex) {
				// not a valid URI reference: no instance
			}
		}
		return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
	}

}
