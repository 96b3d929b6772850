package dev.twinstack.webflux.profile;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.core.codec.CodecException;
import org.springframework.http.MediaType;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientRequestException;
import org.springframework.web.reactive.function.client.WebClientResponseException;

/**
 * The HTTP client of one downstream service, on the downstream connection pool, and the
 * one place that maps a downstream call's failures: every call either answers the parsed
 * body or fails with a {@link DownstreamException} (→ 502: non-2xx status, unreadable or
 * empty body, connection failure) or a {@link DownstreamTimeoutException} (→ 504: no
 * answer within {@code app.downstream.timeout}), both naming the service. Holds no thread
 * while it waits.
 */
public final class ServiceClient {

	private static final Logger logger = LoggerFactory.getLogger(ServiceClient.class);

	private final String service;

	private final WebClient client;

	private final Duration timeout;

	/**
	 * Creates the client of one service.
	 * @param service the service's name in problems and log lines, e.g. {@code customers}
	 * @param baseUrl the service's base URL
	 * @param webClientBuilder Spring Boot's builder, so that the calls are observed
	 * ({@code http.client.requests})
	 * @param connector the downstream connection pool
	 * @param timeout the longest a call may take (ms precision), connection included
	 */
	public ServiceClient(String service, URI baseUrl, WebClient.Builder webClientBuilder, ClientHttpConnector connector,
			Duration timeout) {
		this.service = service;
		this.client = webClientBuilder.clone().clientConnector(connector).baseUrl(baseUrl.toString()).build();
		this.timeout = timeout;
	}

	/**
	 * {@code GET} on the service, accepting JSON.
	 * @param <T> the body's type
	 * @param uriTemplate the path as a URI template, e.g. {@code /customers/{id}} (also
	 * the {@code uri} tag of the call's metrics)
	 * @param type the body's type
	 * @param uriVariables the template's variables
	 * @return the parsed body; or a {@link DownstreamException} when the service answers
	 * a non-2xx status, an unreadable or empty body, or cannot be reached, a
	 * {@link DownstreamTimeoutException} when it does not answer within the timeout
	 */
	public <T> Mono<T> get(String uriTemplate, Class<T> type, Object... uriVariables) {
		return this.client.get()
			.uri(uriTemplate, uriVariables)
			.accept(MediaType.APPLICATION_JSON)
			.retrieve()
			.onStatus((status) -> !status.is2xxSuccessful(),
					(response) -> response.releaseBody()
						.then(Mono.error(new DownstreamException(this.service,
								this.service + " service answered HTTP " + response.statusCode().value(), null))))
			.bodyToMono(type)
			.switchIfEmpty(Mono.error(() -> new DownstreamException(this.service,
					this.service + " service answered an empty body", null)))
			.timeout(this.timeout)
			.onErrorMap(this::translate);
	}

	private RuntimeException translate(Throwable ex) {
		if (ex instanceof DownstreamException downstreamException) {
			return downstreamException;
		}
		// Mono.timeout, or the pool's pending-acquire timeout (also a TimeoutException)
		// wrapped by WebClient
		if (NestedExceptionUtils.getMostSpecificCause(ex) instanceof TimeoutException) {
			return new DownstreamTimeoutException(this.service, this.timeout.toMillis());
		}
		if (ex instanceof CodecException) {
			return new DownstreamException(this.service, this.service + " service answered an unreadable body", ex);
		}
		if (ex instanceof WebClientRequestException
				|| (ex instanceof WebClientResponseException && ex.getCause() != null)) {
			// a request that failed, or a 2xx answer whose body broke off (the response
			// exception then carries the connection's failure as its cause)
			return new DownstreamException(this.service,
					this.service + " service could not be reached: " + ConnectionFailure.of(ex).description(), ex);
		}
		logger.warn("Unexpected failure of a {} service call", this.service, ex);
		return new DownstreamException(this.service, this.service + " service call failed: "
				+ NestedExceptionUtils.getMostSpecificCause(ex).getClass().getSimpleName(), ex);
	}

}
