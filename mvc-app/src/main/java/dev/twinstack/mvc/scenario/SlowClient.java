package dev.twinstack.mvc.scenario;

import java.net.SocketTimeoutException;
import java.time.Duration;

import dev.twinstack.mvc.config.DownstreamProperties;
import dev.twinstack.mvc.profile.DownstreamException;
import dev.twinstack.mvc.profile.DownstreamTimeoutException;
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
import org.springframework.stereotype.Component;

/**
 * The slow-io scenario's one downstream call, {@code GET /slow/{id}} on the slow service,
 * on the composite endpoint's connection pool and with its error mapping: a
 * {@link DownstreamException} (→ 502) or a {@link DownstreamTimeoutException} (→ 504)
 * naming the service {@value #SLOW}. Blocks the calling thread until the answer arrives.
 */
@Component
class SlowClient {

	/** The service name in problems, metrics and log lines. */
	static final String SLOW = "slow";

	private final RestClient slow;

	private final Duration timeout;

	SlowClient(RestClient.Builder restClientBuilder, ClientHttpRequestFactory downstreamRequestFactory,
			DownstreamProperties properties) {
		this.slow = restClientBuilder.clone()
			.requestFactory(downstreamRequestFactory)
			.baseUrl(properties.slowUrl().toString())
			.build();
		this.timeout = properties.timeout();
	}

	/**
	 * {@code GET /slow/{id}} on the slow service.
	 * @param id the id, 1 to 999999999
	 * @return the slow service's answer
	 */
	SlowAnswer slow(long id) {
		SlowAnswer answer;
		try {
			answer = this.slow.get()
				.uri("/slow/{id}", id)
				.accept(MediaType.APPLICATION_JSON)
				.retrieve()
				.body(SlowAnswer.class);
		}
		catch (RestClientResponseException ex) {
			throw new DownstreamException(SLOW, SLOW + " service answered HTTP " + ex.getStatusCode().value(), null);
		}
		catch (RestClientException ex) {
			throw translate(ex);
		}
		if (answer == null) {
			throw new DownstreamException(SLOW, SLOW + " service answered an empty body", null);
		}
		return answer;
	}

	/** As the composite endpoint's {@code DownstreamClient} maps its failures. */
	private RuntimeException translate(RestClientException ex) {
		if (!hasCause(ex, ConnectTimeoutException.class) && (hasCause(ex, SocketTimeoutException.class)
				|| hasCause(ex, ConnectionRequestTimeoutException.class))) {
			return new DownstreamTimeoutException(SLOW, this.timeout.toMillis());
		}
		Throwable cause = NestedExceptionUtils.getMostSpecificCause(ex);
		if (ex instanceof UnknownContentTypeException || hasCause(ex, HttpMessageNotReadableException.class)) {
			// the parser's own exception as the cause, not Spring's: Spring MVC matches
			// exception handlers against the whole cause chain (400 for a bad body)
			return new DownstreamException(SLOW, SLOW + " service answered an unreadable body", cause);
		}
		String reason = (cause.getMessage() != null && !cause.getMessage().isBlank())
				? cause.getMessage().replaceFirst("^Connect to .+? failed: ", "") : cause.getClass().getSimpleName();
		return new DownstreamException(SLOW, SLOW + " service could not be reached: " + reason, ex);
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
