package dev.twinstack.mvc.scenario;

import dev.twinstack.mvc.config.DownstreamProperties;
import dev.twinstack.mvc.profile.DownstreamException;
import dev.twinstack.mvc.profile.DownstreamTimeoutException;
import dev.twinstack.mvc.profile.ServiceClient;

import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;

/**
 * The slow-io scenario's one downstream call, {@code GET /slow/{id}} on the slow service,
 * on the composite endpoint's connection pool and with its error mapping (a
 * {@link ServiceClient}): a {@link DownstreamException} (→ 502) or a
 * {@link DownstreamTimeoutException} (→ 504) naming the service {@value #SLOW}. Blocks
 * the calling thread until the answer arrives.
 */
@Component
class SlowClient {

	/** The service name in problems, metrics and log lines. */
	static final String SLOW = "slow";

	private final ServiceClient slow;

	SlowClient(RestClient.Builder restClientBuilder, ClientHttpRequestFactory downstreamRequestFactory,
			DownstreamProperties properties) {
		this.slow = new ServiceClient(SLOW, properties.slowUrl(), restClientBuilder, downstreamRequestFactory,
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
