package dev.twinstack.webflux.profile;

import dev.twinstack.webflux.config.DownstreamProperties;
import dev.twinstack.webflux.config.StackProperties;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;

/**
 * The three downstream GETs, each on its service's {@link BlockingServiceClient}. Every
 * call either answers the parsed body or fails with a {@link DownstreamException} (→ 502)
 * or a {@link DownstreamTimeoutException} (→ 504) naming the service. Each call blocks
 * the calling thread until its answer arrives. The {@code webflux-vt} stack's twin of
 * {@link DownstreamClient}.
 */
@Component
@ConditionalOnProperty(name = StackProperties.PROPERTY, havingValue = StackProperties.WEBFLUX_VT)
public class BlockingDownstreamClient {

	static final String CUSTOMERS = "customers";

	static final String ORDERS = "orders";

	static final String RECOMMENDATIONS = "recommendations";

	private final BlockingServiceClient customers;

	private final BlockingServiceClient orders;

	private final BlockingServiceClient recommendations;

	BlockingDownstreamClient(RestClient.Builder restClientBuilder, ClientHttpRequestFactory downstreamRequestFactory,
			DownstreamProperties properties) {
		this.customers = new BlockingServiceClient(CUSTOMERS, properties.customersUrl(), restClientBuilder,
				downstreamRequestFactory, properties.timeout());
		this.orders = new BlockingServiceClient(ORDERS, properties.ordersUrl(), restClientBuilder,
				downstreamRequestFactory, properties.timeout());
		this.recommendations = new BlockingServiceClient(RECOMMENDATIONS, properties.recommendationsUrl(),
				restClientBuilder, downstreamRequestFactory, properties.timeout());
	}

	/**
	 * {@code GET /customers/{id}} on the customers service.
	 * @param id the customer id
	 * @return the customer
	 */
	public Customer customer(long id) {
		return this.customers.get("/customers/{id}", Customer.class, id);
	}

	/**
	 * {@code GET /customers/{id}/orders} on the orders service.
	 * @param id the customer id
	 * @return the customer's orders
	 */
	public OrdersResponse orders(long id) {
		return this.orders.get("/customers/{id}/orders", OrdersResponse.class, id);
	}

	/**
	 * {@code GET /customers/{id}/recommendations} on the recommendations service.
	 * @param id the customer id
	 * @return the recommendations for the customer
	 */
	public RecommendationsResponse recommendations(long id) {
		return this.recommendations.get("/customers/{id}/recommendations", RecommendationsResponse.class, id);
	}

}
