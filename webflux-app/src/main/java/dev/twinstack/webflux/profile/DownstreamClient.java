package dev.twinstack.webflux.profile;

import dev.twinstack.webflux.config.StackProperties;
import dev.twinstack.webflux.config.DownstreamProperties;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * The three downstream GETs, each on its service's {@link ServiceClient}. Every call
 * either answers the parsed body or fails with a {@link DownstreamException} (→ 502) or a
 * {@link DownstreamTimeoutException} (→ 504) naming the service.
 */
@Component
@ConditionalOnProperty(name = StackProperties.PROPERTY, havingValue = StackProperties.WEBFLUX, matchIfMissing = true)
public class DownstreamClient {

	static final String CUSTOMERS = "customers";

	static final String ORDERS = "orders";

	static final String RECOMMENDATIONS = "recommendations";

	private final ServiceClient customers;

	private final ServiceClient orders;

	private final ServiceClient recommendations;

	DownstreamClient(WebClient.Builder webClientBuilder, ClientHttpConnector downstreamConnector,
			DownstreamProperties properties) {
		this.customers = new ServiceClient(CUSTOMERS, properties.customersUrl(), webClientBuilder, downstreamConnector,
				properties.timeout());
		this.orders = new ServiceClient(ORDERS, properties.ordersUrl(), webClientBuilder, downstreamConnector,
				properties.timeout());
		this.recommendations = new ServiceClient(RECOMMENDATIONS, properties.recommendationsUrl(), webClientBuilder,
				downstreamConnector, properties.timeout());
	}

	/**
	 * {@code GET /customers/{id}} on the customers service.
	 * @param id the customer id
	 * @return the customer
	 */
	public Mono<Customer> customer(long id) {
		return this.customers.get("/customers/{id}", Customer.class, id);
	}

	/**
	 * {@code GET /customers/{id}/orders} on the orders service.
	 * @param id the customer id
	 * @return the customer's orders
	 */
	public Mono<OrdersResponse> orders(long id) {
		return this.orders.get("/customers/{id}/orders", OrdersResponse.class, id);
	}

	/**
	 * {@code GET /customers/{id}/recommendations} on the recommendations service.
	 * @param id the customer id
	 * @return the recommendations for the customer
	 */
	public Mono<RecommendationsResponse> recommendations(long id) {
		return this.recommendations.get("/customers/{id}/recommendations", RecommendationsResponse.class, id);
	}

}
