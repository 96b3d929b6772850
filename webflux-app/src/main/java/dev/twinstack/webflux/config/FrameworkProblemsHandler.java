package dev.twinstack.webflux.config;

import reactor.core.publisher.Mono;

import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.reactive.result.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;

/**
 * Spring's own RFC 9457 problems for framework errors (404, 405, 406, …), as Spring
 * Boot's {@code ProblemDetailsExceptionHandler} makes them (it backs off for this one,
 * and the order is the same), with a {@code detail} where Spring WebFlux gives none: a
 * path that no endpoint maps answers {@code No endpoint POST /nothing-here.}, the wording
 * of Spring MVC's {@code NoHandlerFoundException}.
 */
@ControllerAdvice
@Order(0)
class FrameworkProblemsHandler extends ResponseEntityExceptionHandler {

	@Override
	protected Mono<ResponseEntity<Object>> handleResponseStatusException(ResponseStatusException ex,
			HttpHeaders headers, HttpStatusCode status, ServerWebExchange exchange) {
		if (status.value() == HttpStatus.NOT_FOUND.value() && ex.getBody().getDetail() == null) {
			ex.getBody()
				.setDetail("No endpoint " + exchange.getRequest().getMethod().name() + " "
						+ exchange.getRequest().getPath().value() + ".");
		}
		return super.handleResponseStatusException(ex, headers, status, exchange);
	}

}
