package dev.twinstack.webflux.scenario;

import java.time.Duration;
import java.util.concurrent.TimeoutException;

import dev.twinstack.webflux.config.DownstreamProperties;
import dev.twinstack.webflux.profile.DownstreamException;
import dev.twinstack.webflux.profile.DownstreamTimeoutException;
import reactor.core.publisher.Mono;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.core.codec.CodecException;
import org.springframework.http.MediaType;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * The slow-io scenario's one downstream call, {@code GET /slow/{id}} on the slow service,
 * on the composite endpoint's connection pool and with its error mapping: a
 * {@link DownstreamException} (→ 502) or a {@link DownstreamTimeoutException} (→ 504)
 * naming the service {@value #SLOW}. Holds no thread while it waits.
 */
@Component
class SlowClient {

	/** The service name in problems, metrics and log lines. */
	static final String SLOW = "slow";

	/**
	 * What Netty wraps around the operating system's words, e.g.
	 * {@code connect(..) failed: }.
	 */
	private static final String NATIVE_CALL_PREFIX = "^\\w+\\(\\.\\.\\) failed(?: with error\\(-?\\d+\\))?: ";

	/** The remote address Netty appends, e.g. {@code : /127.0.0.1:9084}. */
	private static final String REMOTE_ADDRESS_SUFFIX = ":\\s+\\S*/\\S+$";

	private final WebClient slow;

	private final Duration timeout;

	SlowClient(WebClient.Builder webClientBuilder, ClientHttpConnector downstreamConnector,
			DownstreamProperties properties) {
		this.slow = webClientBuilder.clone()
			.clientConnector(downstreamConnector)
			.baseUrl(properties.slowUrl().toString())
			.build();
		this.timeout = properties.timeout();
	}

	/**
	 * {@code GET /slow/{id}} on the slow service.
	 * @param id the id, 1 to 999999999
	 * @return the slow service's answer
	 */
	Mono<SlowAnswer> slow(long id) {
		return this.slow.get()
			.uri("/slow/{id}", id)
			.accept(MediaType.APPLICATION_JSON)
			.retrieve()
			.onStatus((status) -> !status.is2xxSuccessful(),
					(response) -> response.releaseBody()
						.then(Mono.error(new DownstreamException(SLOW,
								SLOW + " service answered HTTP " + response.statusCode().value(), null))))
			.bodyToMono(SlowAnswer.class)
			.switchIfEmpty(
					Mono.error(() -> new DownstreamException(SLOW, SLOW + " service answered an empty body", null)))
			.timeout(this.timeout)
			.onErrorMap(this::translate);
	}

	/** As the composite endpoint's {@code DownstreamClient} maps its failures. */
	private RuntimeException translate(Throwable ex) {
		if (ex instanceof DownstreamException downstreamException) {
			return downstreamException;
		}
		Throwable cause = NestedExceptionUtils.getMostSpecificCause(ex);
		if (cause instanceof TimeoutException) {
			return new DownstreamTimeoutException(SLOW, this.timeout.toMillis());
		}
		if (ex instanceof CodecException) {
			return new DownstreamException(SLOW, SLOW + " service answered an unreadable body", ex);
		}
		String reason = (cause.getMessage() != null && !cause.getMessage().isBlank())
				? cause.getMessage().replaceFirst(NATIVE_CALL_PREFIX, "").replaceFirst(REMOTE_ADDRESS_SUFFIX, "")
				: cause.getClass().getSimpleName();
		return new DownstreamException(SLOW, SLOW + " service could not be reached: " + reason, ex);
	}

}
