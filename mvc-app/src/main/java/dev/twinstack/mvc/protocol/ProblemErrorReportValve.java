package dev.twinstack.mvc.protocol;

import java.io.IOException;
import java.io.Writer;
import java.util.Scanner;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.tomcat.util.res.StringManager;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Tomcat's error report for the requests Tomcat rejects itself, before Spring MVC sees
 * them (a malformed request line or target, an encoded {@code /} in the path, request
 * line and header fields over {@code server.max-http-request-header-size},
 * {@code CONNECT}): an RFC 9457 problem ({@code application/problem+json}) instead of
 * Tomcat's HTML page. Two answers are aligned with Reactor Netty's: header fields over
 * the limit answer 431 (Tomcat: 400), {@code CONNECT} answers 405 like any other method
 * the endpoint does not support (Tomcat: 501).
 */
class ProblemErrorReportValve extends ErrorReportValve {

	private static final String HEADER_TOO_LARGE = StringManager.getManager("org.apache.coyote.http11")
		.getString("iib.requestheadertoolarge.error");

	@Override
	protected void report(Request request, Response response, Throwable throwable) {
		int statusCode = response.getStatus();
		if (statusCode < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
			return;
		}
		AtomicBoolean ioAllowed = new AtomicBoolean(true);
		response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
		if (!ioAllowed.get()) {
			return;
		}
		HttpStatus status;
		String json;
		try {
			String method = request.getCoyoteRequest().method().toString();
			String target = request.getCoyoteRequest().requestURI().toString();
			if (throwable != null && HEADER_TOO_LARGE.equals(throwable.getMessage())) {
				status = HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE;
				json = ServerProblems.json(status, "request line and header fields must not exceed "
						+ maxHeaderSize(request) + " bytes (server.max-http-request-header-size)", target);
			}
			else if (statusCode == HttpStatus.NOT_IMPLEMENTED.value() && "CONNECT".equalsIgnoreCase(method)) {
				status = HttpStatus.METHOD_NOT_ALLOWED;
				json = ServerProblems.json(status, "Method 'CONNECT' is not supported.", target);
			}
			else {
				status = statusOrBadRequest(statusCode);
				String detail = detail(status, response.getMessage(), throwable);
				if (target != null && !target.isEmpty() && !detail.contains(target)) {
					detail += " (request target '" + target + "')";
				}
				json = ServerProblems.json(status, detail, target);
			}
		}
		catch (RuntimeException ex) {
			// whatever the request holds, the client gets a problem
			status = statusOrBadRequest(statusCode);
			json = ServerProblems.json(status, "the HTTP server rejected the request: " + status.getReasonPhrase(),
					null);
		}
		try {
			response.setStatus(status.value());
			response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
			response.setCharacterEncoding("UTF-8");
			Writer writer = response.getReporter();
			if (writer != null) {
				writer.write(json);
				response.finishResponse();
			}
		}
		catch (IOException | IllegalStateException ex) {
			// the client is gone or the response cannot be written: nothing to report to
		}
	}

	private static HttpStatus statusOrBadRequest(int statusCode) {
		HttpStatus status = HttpStatus.resolve(statusCode);
		return (status != null) ? status : HttpStatus.BAD_REQUEST;
	}

	private static String detail(HttpStatus status, String message, Throwable throwable) {
		String reason = (throwable != null) ? firstLine(throwable.getMessage()) : null;
		if (reason == null) {
			reason = firstLine(message);
		}
		if (reason == null) {
			reason = status.getReasonPhrase();
		}
		return "the HTTP server rejected the request: " + reason;
	}

	private static String firstLine(String text) {
		if (text == null || text.isBlank()) {
			return null;
		}
		try (Scanner scanner = new Scanner(text)) {
			return scanner.nextLine();
		}
	}

	private static String maxHeaderSize(Request request) {
		if (request.getConnector().getProtocolHandler() instanceof AbstractHttp11Protocol<?> protocol) {
			return String.valueOf(protocol.getMaxHttpRequestHeaderSize());
		}
		return "the configured";
	}

}
