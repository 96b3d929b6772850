package dev.twinstack.webflux.profile

import dev.twinstack.webflux.config.DatabaseProperties
import dev.twinstack.webflux.config.StackProperties
import java.time.Instant
import kotlinx.coroutines.async
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.reactor.awaitSingle
import kotlinx.coroutines.withTimeoutOrNull
import org.slf4j.LoggerFactory
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty
import org.springframework.dao.DataAccessResourceFailureException
import org.springframework.stereotype.Service

/**
 * The coroutine twin of [ProfileService]: composes a profile from the three downstream
 * services and stores it, in `suspend` functions. Nothing is stored when any call fails.
 */
@Service
@ConditionalOnProperty(name = [StackProperties.PROPERTY], havingValue = StackProperties.COROUTINES)
internal class CoroutineProfileService(
	private val downstreamClient: CoroutineDownstreamClient,
	private val profileRepository: ProfileRepository,
	databaseProperties: DatabaseProperties,
) {

	// server selection plus the write itself; the reactive driver does not always fail an
	// insert whose pooled connection the server dropped, so bound it here (as ProfileService)
	private val insertTimeout = databaseProperties.timeout().multipliedBy(2)

	/**
	 * Calls the downstream services (one after another, or all at once in a
	 * [coroutineScope]), composes the profile and inserts it through the reactive
	 * repository, awaited.
	 * @param request the validated request
	 * @return the stored profile, with its id
	 * @throws DownstreamException, DownstreamTimeoutException, or a Spring
	 * `DataAccessException` from MongoDB
	 */
	suspend fun compose(request: ProfileRequest): ProfileDocument {
		val composed = if (request.fanout() == Fanout.PARALLEL) parallel(request) else sequential(request)
		val stored = withTimeoutOrNull(insertTimeout.toMillis()) { profileRepository.insert(composed).awaitSingle() }
			?: throw DataAccessResourceFailureException(
					"insert not acknowledged within ${insertTimeout.toMillis()} ms")
		logger.debug("Stored profile {} for request {}", stored.id(), request.requestId())
		return stored
	}

	private suspend fun sequential(request: ProfileRequest): ProfileDocument {
		val id = request.customerId()
		val customer = downstreamClient.customer(id)
		val orders = downstreamClient.orders(id)
		val recommendations = downstreamClient.recommendations(id)
		return ProfileDocument.compose(request, customer, orders, recommendations, Instant.now())
	}

	// structured concurrency: when one call fails, the scope cancels the other two and
	// rethrows that failure (Mono.zip's behaviour in ProfileService)
	private suspend fun parallel(request: ProfileRequest): ProfileDocument = coroutineScope {
		val id = request.customerId()
		val customer = async { downstreamClient.customer(id) }
		val orders = async { downstreamClient.orders(id) }
		val recommendations = async { downstreamClient.recommendations(id) }
		ProfileDocument.compose(request, customer.await(), orders.await(), recommendations.await(), Instant.now())
	}

	private companion object {

		private val logger = LoggerFactory.getLogger(CoroutineProfileService::class.java)

	}

}
