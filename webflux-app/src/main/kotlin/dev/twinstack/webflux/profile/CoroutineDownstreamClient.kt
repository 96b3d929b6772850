package dev.twinstack.webflux.profile

import dev.twinstack.webflux.config.DownstreamProperties
import dev.twinstack.webflux.config.StackProperties
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty
import org.springframework.http.client.reactive.ClientHttpConnector
import org.springframework.stereotype.Component
import org.springframework.web.reactive.function.client.WebClient

/**
 * The coroutine twin of [DownstreamClient]: the three downstream GETs, each on its
 * service's [CoroutineServiceClient], as `suspend` functions. Every call either returns
 * the parsed body or throws a [DownstreamException] (→ 502) or a
 * [DownstreamTimeoutException] (→ 504) naming the service.
 */
@Component
@ConditionalOnProperty(name = [StackProperties.PROPERTY], havingValue = StackProperties.COROUTINES)
internal class CoroutineDownstreamClient(
	webClientBuilder: WebClient.Builder,
	downstreamConnector: ClientHttpConnector,
	properties: DownstreamProperties,
) {

	private val customers = CoroutineServiceClient(DownstreamClient.CUSTOMERS, properties.customersUrl(),
			webClientBuilder, downstreamConnector, properties.timeout())

	private val orders = CoroutineServiceClient(DownstreamClient.ORDERS, properties.ordersUrl(), webClientBuilder,
			downstreamConnector, properties.timeout())

	private val recommendations = CoroutineServiceClient(DownstreamClient.RECOMMENDATIONS,
			properties.recommendationsUrl(), webClientBuilder, downstreamConnector, properties.timeout())

	/** `GET /customers/{id}` on the customers service. */
	suspend fun customer(id: Long): Customer = customers.get("/customers/{id}", Customer::class, id)

	/** `GET /customers/{id}/orders` on the orders service. */
	suspend fun orders(id: Long): OrdersResponse = orders.get("/customers/{id}/orders", OrdersResponse::class, id)

	/** `GET /customers/{id}/recommendations` on the recommendations service. */
	suspend fun recommendations(id: Long): RecommendationsResponse =
		recommendations.get("/customers/{id}/recommendations", RecommendationsResponse::class, id)

}
