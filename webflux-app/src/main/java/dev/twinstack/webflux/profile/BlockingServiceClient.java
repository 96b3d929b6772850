package dev.twinstack.webflux.profile;

import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;

import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.core5.http.ConnectionRequestTimeoutException;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.http.MediaType;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;
import org.springframework.web.client.RestClientResponseException;
import org.springframework.web.client.UnknownContentTypeException;

/**
 * The HTTP client of one downstream service, on the downstream connection pool, and the
 * one place that maps a downstream call's failures: every call either answers the parsed
 * body or fails with a {@link DownstreamException} (→ 502: non-2xx status, unreadable or
 * empty body, connection failure) or a {@link DownstreamTimeoutException} (→ 504: no
 * answer within {@code app.downstream.timeout}), both naming the service. Each call
 * blocks the calling thread until its answer arrives. The {@code webflux-vt} stack's twin
 * of {@link ServiceClient}: mvc-app's {@code ServiceClient}, line for line.
 */
public final class BlockingServiceClient {

	private final String service;

	private final RestClient client;

	private final Duration timeout;

	/**
	 * Creates the client of one service.
	 * @param service the service's name in problems and log lines, e.g. {@code customers}
	 * @param baseUrl the service's base URL
	 * @param restClientBuilder Spring Boot's builder, so that the calls are observed
	 * ({@code http.client.requests})
	 * @param requestFactory the downstream connection pool, which bounds the call
	 * @param timeout the call timeout (ms precision), named in the 504's detail
	 */
	public BlockingServiceClient(String service, URI baseUrl, RestClient.Builder restClientBuilder,
			ClientHttpRequestFactory requestFactory, Duration timeout) {
		this.service = service;
		this.client = restClientBuilder.clone().requestFactory(requestFactory).baseUrl(baseUrl.toString()).build();
		this.timeout = timeout;
	}

	/**
	 * {@code GET} on the service, accepting JSON.
	 * @param <T> the body's type
	 * @param uriTemplate the path as a URI template, e.g. {@code /customers/{id}} (also
	 * the {@code uri} tag of the call's metrics)
	 * @param type the body's type
	 * @param uriVariables the template's variables
	 * @return the parsed body
	 * @throws DownstreamException when the service answers a non-2xx status, an
	 * unreadable or empty body, or cannot be reached
	 * @throws DownstreamTimeoutException when it does not answer within the timeout
	 */
	public <T> T get(String uriTemplate, Class<T> type, Object... uriVariables) {
		T body;
		try {
			body = this.client.get()
				.uri(uriTemplate, uriVariables)
				.accept(MediaType.APPLICATION_JSON)
				.retrieve()
				.body(type);
		}
		catch (RestClientResponseException ex) {
			throw new DownstreamException(this.service,
					this.service + " service answered HTTP " + ex.getStatusCode().value(), null);
		}
		catch (RestClientException ex) {
			throw translate(ex);
		}
		if (body == null) {
			throw new DownstreamException(this.service, this.service + " service answered an empty body", null);
		}
		return body;
	}

	private RuntimeException translate(RestClientException ex) {
		// the response timeout (no byte within the timeout), or the pool's
		// connection-request timeout; a connect timeout is a connection failure
		if (!hasCause(ex, ConnectTimeoutException.class) && (hasCause(ex, SocketTimeoutException.class)
				|| hasCause(ex, ConnectionRequestTimeoutException.class))) {
			return new DownstreamTimeoutException(this.service, this.timeout.toMillis());
		}
		if (ex instanceof UnknownContentTypeException || hasCause(ex, HttpMessageNotReadableException.class)) {
			// only the parser's own exception as the cause: Spring MVC matches exception
			// handlers against the whole cause chain, and its problem-details handler
			// would take an HttpMessageNotReadableException for a bad request body (400)
			return new DownstreamException(this.service, this.service + " service answered an unreadable body",
					NestedExceptionUtils.getMostSpecificCause(ex));
		}
		return new DownstreamException(this.service,
				this.service + " service could not be reached: " + ConnectionFailure.of(ex).description(), ex);
	}

	private static boolean hasCause(Throwable ex, Class<? extends Throwable> type) {
		for (Throwable cause = ex; cause != null; cause = (cause.getCause() != cause) ? cause.getCause() : null) {
			if (type.isInstance(cause)) {
				return true;
			}
		}
		return false;
	}

}
