package dev.twinstack.webflux.scenario

import dev.twinstack.webflux.config.DownstreamProperties
import dev.twinstack.webflux.config.StackProperties
import dev.twinstack.webflux.profile.CoroutineServiceClient
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty
import org.springframework.http.client.reactive.ClientHttpConnector
import org.springframework.stereotype.Component
import org.springframework.web.reactive.function.client.WebClient

/**
 * The coroutine twin of [SlowClient]: `GET /slow/{id}` on the slow service, on the
 * composite endpoint's connection pool and with its error mapping (a
 * [CoroutineServiceClient]), as a `suspend` function.
 */
@Component
@ConditionalOnProperty(name = [StackProperties.PROPERTY], havingValue = StackProperties.COROUTINES)
internal class CoroutineSlowClient(
	webClientBuilder: WebClient.Builder,
	downstreamConnector: ClientHttpConnector,
	properties: DownstreamProperties,
) {

	private val slow = CoroutineServiceClient(SlowClient.SLOW, properties.slowUrl(), webClientBuilder,
			downstreamConnector, properties.timeout())

	/** `GET /slow/{id}` on the slow service; [id] is 1 to 999999999. */
	suspend fun slow(id: Long): SlowAnswer = slow.get("/slow/{id}", SlowAnswer::class, id)

}
