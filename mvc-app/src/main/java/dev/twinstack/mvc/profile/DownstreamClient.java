package dev.twinstack.mvc.profile;

import dev.twinstack.mvc.config.DownstreamProperties;

import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;

/**
 * The three downstream GETs, each on its service's {@link ServiceClient}. Every call
 * either answers the parsed body or fails with a {@link DownstreamException} (→ 502) or a
 * {@link DownstreamTimeoutException} (→ 504) naming the service. Each call blocks the
 * calling thread until its answer arrives.
 */
@Component
public class DownstreamClient {

	static final String CUSTOMERS = "customers";

	static final String ORDERS = "orders";

	static final String RECOMMENDATIONS = "recommendations";

	private final ServiceClient customers;

	private final ServiceClient orders;

	private final ServiceClient recommendations;

	DownstreamClient(RestClient.Builder restClientBuilder, ClientHttpRequestFactory downstreamRequestFactory,
			DownstreamProperties properties) {
		this.customers = new ServiceClient(CUSTOMERS, properties.customersUrl(), restClientBuilder,
				downstreamRequestFactory, properties.timeout());
		this.orders = new ServiceClient(ORDERS, properties.ordersUrl(), restClientBuilder, downstreamRequestFactory,
				properties.timeout());
		this.recommendations = new ServiceClient(RECOMMENDATIONS, properties.recommendationsUrl(), restClientBuilder,
				downstreamRequestFactory, properties.timeout());
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
