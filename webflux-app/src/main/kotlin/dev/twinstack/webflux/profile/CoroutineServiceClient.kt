package dev.twinstack.webflux.profile

import java.io.IOException
import java.net.URI
import java.time.Duration
import java.util.concurrent.TimeoutException
import kotlin.coroutines.cancellation.CancellationException
import kotlin.reflect.KClass
import kotlinx.coroutines.TimeoutCancellationException
import kotlinx.coroutines.withTimeout
import org.slf4j.LoggerFactory
import org.springframework.core.NestedExceptionUtils
import org.springframework.core.codec.CodecException
import org.springframework.http.MediaType
import org.springframework.http.client.reactive.ClientHttpConnector
import org.springframework.web.reactive.function.client.WebClient
import org.springframework.web.reactive.function.client.WebClientRequestException
import org.springframework.web.reactive.function.client.WebClientResponseException
import org.springframework.web.reactive.function.client.awaitBodyOrNull
import org.springframework.web.reactive.function.client.awaitExchange

/**
 * The coroutine twin of [ServiceClient]: the HTTP client of one downstream service, on the
 * same connection pool, with the same failures — a [DownstreamException] (→ 502: non-2xx
 * status, unreadable or empty body, connection failure) or a [DownstreamTimeoutException]
 * (→ 504: no answer within `app.downstream.timeout`, by [withTimeout]), both naming the
 * service. Suspends, and so holds no thread, while it waits.
 *
 * @param service the service's name in problems and log lines, e.g. `customers`
 * @param baseUrl the service's base URL
 * @param webClientBuilder Spring Boot's builder, so that the calls are observed
 * (`http.client.requests`)
 * @param connector the downstream connection pool
 * @param timeout the longest a call may take (ms precision), connection included
 */
internal class CoroutineServiceClient(
	private val service: String,
	baseUrl: URI,
	webClientBuilder: WebClient.Builder,
	connector: ClientHttpConnector,
	private val timeout: Duration,
) {

	private val client = webClientBuilder.clone().clientConnector(connector).baseUrl(baseUrl.toString()).build()

	/**
	 * `GET` on the service, accepting JSON.
	 * @param uriTemplate the path as a URI template, e.g. `/customers/{id}` (also the `uri`
	 * tag of the call's metrics)
	 * @param type the body's type
	 * @param uriVariables the template's variables
	 * @return the parsed body
	 * @throws DownstreamException when the service answers a non-2xx status, an unreadable
	 * or empty body, or cannot be reached
	 * @throws DownstreamTimeoutException when it does not answer within the timeout
	 */
	suspend fun <T : Any> get(uriTemplate: String, type: KClass<T>, vararg uriVariables: Any): T {
		try {
			return withTimeout(timeout.toMillis()) {
				client.get().uri(uriTemplate, *uriVariables).accept(MediaType.APPLICATION_JSON).awaitExchange { response ->
					// the body of an answer not read here is released by awaitExchange
					if (!response.statusCode().is2xxSuccessful) {
						throw DownstreamException(service,
								"$service service answered HTTP ${response.statusCode().value()}", null)
					}
					response.awaitBodyOrNull(type)
						?: throw DownstreamException(service, "$service service answered an empty body", null)
				}
			}
		}
		catch (ex: TimeoutCancellationException) {
			throw DownstreamTimeoutException(service, timeout.toMillis())
		}
		catch (ex: CancellationException) {
			// the request was cancelled (a sibling call failed, or the caller went away)
			throw ex
		}
		catch (ex: Exception) {
			throw translate(ex)
		}
	}

	private fun translate(ex: Exception): RuntimeException {
		if (ex is DownstreamException) {
			return ex
		}
		// the pool's pending-acquire timeout, wrapped by WebClient
		if (NestedExceptionUtils.getMostSpecificCause(ex) is TimeoutException) {
			return DownstreamTimeoutException(service, timeout.toMillis())
		}
		if (ex is CodecException) {
			return DownstreamException(service, "$service service answered an unreadable body", ex)
		}
		if (ex is WebClientRequestException || (ex is WebClientResponseException && ex.cause != null)
				|| ex is IOException) {
			// a request that failed, or a 2xx answer whose body broke off: retrieve() wraps
			// that in a WebClientResponseException, awaitExchange hands over the connection's
			// own IOException (e.g. Reactor Netty's PrematureCloseException)
			return DownstreamException(service,
					"$service service could not be reached: ${ConnectionFailure.of(ex).description()}", ex)
		}
		logger.warn("Unexpected failure of a {} service call", service, ex)
		return DownstreamException(service,
				"$service service call failed: ${NestedExceptionUtils.getMostSpecificCause(ex).javaClass.simpleName}", ex)
	}

	private companion object {

		private val logger = LoggerFactory.getLogger(CoroutineServiceClient::class.java)

	}

}
