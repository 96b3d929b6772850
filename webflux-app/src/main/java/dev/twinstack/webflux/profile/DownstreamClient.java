package dev.twinstack.webflux.profile;

import java.time.Duration;
import java.util.concurrent.TimeoutException;

import dev.twinstack.webflux.config.DownstreamProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

import org.springframework.core.codec.CodecException;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.http.MediaType;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientRequestException;

/**
 * The three downstream GETs. Every call either answers the parsed body or fails with a
 * {@link DownstreamException} (→ 502) or a {@link DownstreamTimeoutException} (→ 504)
 * naming the service.
 */
@Component
public class DownstreamClient {

	static final String CUSTOMERS = "customers";

	static final String ORDERS = "orders";

	static final String RECOMMENDATIONS = "recommendations";

	private static final Logger logger = LoggerFactory.getLogger(DownstreamClient.class);

	private final WebClient customers;

	private final WebClient orders;

	private final WebClient recommendations;

	private final Duration timeout;

	DownstreamClient(WebClient.Builder webClientBuilder, ClientHttpConnector downstreamConnector,
			DownstreamProperties properties) {
		this.customers = webClient(webClientBuilder, downstreamConnector, properties.customersUrl().toString());
		this.orders = webClient(webClientBuilder, downstreamConnector, properties.ordersUrl().toString());
		this.recommendations = webClient(webClientBuilder, downstreamConnector,
				properties.recommendationsUrl().toString());
		this.timeout = properties.timeout();
	}

	private static WebClient webClient(WebClient.Builder builder, ClientHttpConnector connector, String baseUrl) {
		return builder.clone().clientConnector(connector).baseUrl(baseUrl).build();
	}

	/**
	 * {@code GET /customers/{id}} on the customers service.
	 * @param id the customer id
	 * @return the customer
	 */
	public Mono<Customer> customer(long id) {
		return get(this.customers, CUSTOMERS, "/customers/{id}", Customer.class, id);
	}

	/**
	 * {@code GET /customers/{id}/orders} on the orders service.
	 * @param id the customer id
	 * @return the customer's orders
	 */
	public Mono<OrdersResponse> orders(long id) {
		return get(this.orders, ORDERS, "/customers/{id}/orders", OrdersResponse.class, id);
	}

	/**
	 * {@code GET /customers/{id}/recommendations} on the recommendations service.
	 * @param id the customer id
	 * @return the recommendations for the customer
	 */
	public Mono<RecommendationsResponse> recommendations(long id) {
		return get(this.recommendations, RECOMMENDATIONS, "/customers/{id}/recommendations",
				RecommendationsResponse.class, id);
	}

	private <T> Mono<T> get(WebClient client, String service, String uriTemplate, Class<T> type, long id) {
		return client.get()
			.uri(uriTemplate, id)
			.accept(MediaType.APPLICATION_JSON)
			.retrieve()
			.onStatus((status) -> !status.is2xxSuccessful(),
					(response) -> response.releaseBody()
						.then(Mono.error(new DownstreamException(service,
								service + " service answered HTTP " + response.statusCode().value(), null))))
			.bodyToMono(type)
			.switchIfEmpty(Mono
				.error(() -> new DownstreamException(service, service + " service answered an empty body", null)))
			.timeout(this.timeout)
			.onErrorMap((ex) -> translate(service, ex));
	}

	private RuntimeException translate(String service, Throwable ex) {
		if (ex instanceof DownstreamException downstreamException) {
			return downstreamException;
		}
		// Mono.timeout, or the pool's pending-acquire timeout (also a TimeoutException)
		// wrapped by WebClient
		if (NestedExceptionUtils.getMostSpecificCause(ex) instanceof TimeoutException) {
			return new DownstreamTimeoutException(service, this.timeout.toMillis());
		}
		if (ex instanceof CodecException) {
			return new DownstreamException(service, service + " service answered an unreadable body", ex);
		}
		if (ex instanceof WebClientRequestException) {
			return new DownstreamException(service,
					service + " service could not be reached: " + ConnectionFailure.of(ex).description(), ex);
		}
		logger.warn("Unexpected failure of a {} service call", service, ex);
		return new DownstreamException(service, service + " service call failed: "
				+ NestedExceptionUtils.getMostSpecificCause(ex).getClass().getSimpleName(), ex);
	}

}
