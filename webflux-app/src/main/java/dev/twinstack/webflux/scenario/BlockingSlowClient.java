package dev.twinstack.webflux.scenario;

import dev.twinstack.webflux.config.DownstreamProperties;
import dev.twinstack.webflux.config.StackProperties;
import dev.twinstack.webflux.profile.BlockingServiceClient;
import dev.twinstack.webflux.profile.DownstreamException;
import dev.twinstack.webflux.profile.DownstreamTimeoutException;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;

/**
 * The slow-io scenario's one downstream call, {@code GET /slow/{id}} on the slow service,
 * on the composite endpoint's connection pool and with its error mapping (a
 * {@link BlockingServiceClient}): a {@link DownstreamException} (→ 502) or a
 * {@link DownstreamTimeoutException} (→ 504) naming the service {@value #SLOW}. Blocks
 * the calling thread until the answer arrives. The {@code webflux-vt} stack's twin of
 * {@link SlowClient}.
 */
@Component
@ConditionalOnProperty(name = StackProperties.PROPERTY, havingValue = StackProperties.WEBFLUX_VT)
class BlockingSlowClient {

	/** The service name in problems, metrics and log lines. */
	static final String SLOW = "slow";

	private final BlockingServiceClient slow;

	BlockingSlowClient(RestClient.Builder restClientBuilder, ClientHttpRequestFactory downstreamRequestFactory,
			DownstreamProperties properties) {
		this.slow = new BlockingServiceClient(SLOW, properties.slowUrl(), restClientBuilder, downstreamRequestFactory,
				properties.timeout());
	}

	/**
	 * {@code GET /slow/{id}} on the slow service.
	 * @param id the id, 1 to 999999999
	 * @return the slow service's answer
	 */
	SlowAnswer slow(long id) {
		return this.slow.get("/slow/{id}", SlowAnswer.class, id);
	}

}
