package dev.twinstack.webflux.scenario;

import dev.twinstack.webflux.config.StackProperties;
import dev.twinstack.webflux.config.DownstreamProperties;
import dev.twinstack.webflux.profile.DownstreamException;
import dev.twinstack.webflux.profile.DownstreamTimeoutException;
import dev.twinstack.webflux.profile.ServiceClient;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * The slow-io scenario's one downstream call, {@code GET /slow/{id}} on the slow service,
 * on the composite endpoint's connection pool and with its error mapping (a
 * {@link ServiceClient}): a {@link DownstreamException} (→ 502) or a
 * {@link DownstreamTimeoutException} (→ 504) naming the service {@value #SLOW}. Holds no
 * thread while it waits.
 */
@Component
@ConditionalOnProperty(name = StackProperties.PROPERTY, havingValue = StackProperties.WEBFLUX, matchIfMissing = true)
class SlowClient {

	/** The service name in problems, metrics and log lines. */
	static final String SLOW = "slow";

	private final ServiceClient slow;

	SlowClient(WebClient.Builder webClientBuilder, ClientHttpConnector downstreamConnector,
			DownstreamProperties properties) {
		this.slow = new ServiceClient(SLOW, properties.slowUrl(), webClientBuilder, downstreamConnector,
				properties.timeout());
	}

	/**
	 * {@code GET /slow/{id}} on the slow service.
	 * @param id the id, 1 to 999999999
	 * @return the slow service's answer
	 */
	Mono<SlowAnswer> slow(long id) {
		return this.slow.get("/slow/{id}", SlowAnswer.class, id);
	}

}
