package dev.twinstack.mvc.profile;

import java.net.SocketTimeoutException;
import java.time.Duration;

import dev.twinstack.mvc.config.DownstreamProperties;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.core5.http.ConnectionRequestTimeoutException;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.http.MediaType;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;
import org.springframework.web.client.RestClientResponseException;
import org.springframework.web.client.UnknownContentTypeException;

/**
 * The three downstream GETs. Every call either answers the parsed body or fails with a
 * {@link DownstreamException} (→ 502) or a {@link DownstreamTimeoutException} (→ 504)
 * naming the service. Each call blocks the calling thread until its answer arrives.
 */
@Component
public class DownstreamClient {

	static final String CUSTOMERS = "customers";

	static final String ORDERS = "orders";

	static final String RECOMMENDATIONS = "recommendations";

	private final RestClient customers;

	private final RestClient orders;

	private final RestClient recommendations;

	private final Duration timeout;

	DownstreamClient(RestClient.Builder restClientBuilder, ClientHttpRequestFactory downstreamRequestFactory,
			DownstreamProperties properties) {
		this.customers = restClient(restClientBuilder, downstreamRequestFactory, properties.customersUrl().toString());
		this.orders = restClient(restClientBuilder, downstreamRequestFactory, properties.ordersUrl().toString());
		this.recommendations = restClient(restClientBuilder, downstreamRequestFactory,
				properties.recommendationsUrl().toString());
		this.timeout = properties.timeout();
	}

	private static RestClient restClient(RestClient.Builder builder, ClientHttpRequestFactory requestFactory,
			String baseUrl) {
		return builder.clone().requestFactory(requestFactory).baseUrl(baseUrl).build();
	}

	/**
	 * {@code GET /customers/{id}} on the customers service.
	 * @param id the customer id
	 * @return the customer
	 */
	public Customer customer(long id) {
		return get(this.customers, CUSTOMERS, "/customers/{id}", Customer.class, id);
	}

	/**
	 * {@code GET /customers/{id}/orders} on the orders service.
	 * @param id the customer id
	 * @return the customer's orders
	 */
	public OrdersResponse orders(long id) {
		return get(this.orders, ORDERS, "/customers/{id}/orders", OrdersResponse.class, id);
	}

	/**
	 * {@code GET /customers/{id}/recommendations} on the recommendations service.
	 * @param id the customer id
	 * @return the recommendations for the customer
	 */
	public RecommendationsResponse recommendations(long id) {
		return get(this.recommendations, RECOMMENDATIONS, "/customers/{id}/recommendations",
				RecommendationsResponse.class, id);
	}

	private <T> T get(RestClient client, String service, String uriTemplate, Class<T> type, long id) {
		T body;
		try {
			body = client.get().uri(uriTemplate, id).accept(MediaType.APPLICATION_JSON).retrieve().body(type);
		}
		catch (RestClientResponseException ex) {
			throw new DownstreamException(service, service + " service answered HTTP " + ex.getStatusCode().value(),
					null);
		}
		catch (RestClientException ex) {
			throw translate(service, ex);
		}
		if (body == null) {
			throw new DownstreamException(service, service + " service answered an empty body", null);
		}
		return body;
	}

	private RuntimeException translate(String service, RestClientException ex) {
		// the response timeout (no byte within the timeout), or the pool's
		// connection-request timeout; a connect timeout is a connection failure
		if (!hasCause(ex, ConnectTimeoutException.class) && (hasCause(ex, SocketTimeoutException.class)
				|| hasCause(ex, ConnectionRequestTimeoutException.class))) {
			return new DownstreamTimeoutException(service, this.timeout.toMillis());
		}
		if (ex instanceof UnknownContentTypeException || hasCause(ex, HttpMessageNotReadableException.class)) {
			// only the parser's own exception as the cause: Spring MVC matches exception
			// handlers against the whole cause chain, and its problem-details handler
			// would
			// take an HttpMessageNotReadableException for a bad request body (400)
			return new DownstreamException(service, service + " service answered an unreadable body",
					NestedExceptionUtils.getMostSpecificCause(ex));
		}
		return new DownstreamException(service,
				service + " service could not be reached: " + ConnectionFailure.of(ex).description(), ex);
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
