package dev.twinstack.webflux.profile;

import java.time.Duration;
import java.time.Instant;

import dev.twinstack.webflux.config.StackProperties;
import dev.twinstack.webflux.config.DatabaseProperties;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.stereotype.Service;

/**
 * Composes a profile from the three downstream services and stores it. Nothing is stored
 * when any call fails.
 */
@Service
@ConditionalOnProperty(name = StackProperties.PROPERTY, havingValue = StackProperties.WEBFLUX, matchIfMissing = true)
public class ProfileService {

	private static final Logger logger = LoggerFactory.getLogger(ProfileService.class);

	private final DownstreamClient downstreamClient;

	private final ProfileRepository profileRepository;

	private final Duration insertTimeout;

	ProfileService(DownstreamClient downstreamClient, ProfileRepository profileRepository,
			DatabaseProperties databaseProperties) {
		this.downstreamClient = downstreamClient;
		this.profileRepository = profileRepository;
		// server selection plus the write itself; the reactive driver does not always
		// fail an insert whose pooled connection the server dropped, so bound it here
		this.insertTimeout = databaseProperties.timeout().multipliedBy(2);
	}

	/**
	 * Calls the downstream services (one after another, or all at once with
	 * {@code Mono.zip}), composes the profile and inserts it.
	 * @param request the validated request
	 * @return the stored profile, with its id; or an error: {@link DownstreamException},
	 * {@link DownstreamTimeoutException}, or a Spring {@code DataAccessException} from
	 * MongoDB
	 */
	public Mono<ProfileDocument> compose(ProfileRequest request) {
		Mono<ProfileDocument> composed = (request.fanout() == Fanout.PARALLEL) ? parallel(request)
				: sequential(request);
		return composed
			.flatMap((profile) -> this.profileRepository.insert(profile)
				.timeout(this.insertTimeout,
						Mono.error(() -> new DataAccessResourceFailureException(
								"insert not acknowledged within " + this.insertTimeout.toMillis() + " ms"))))
			.doOnNext((profile) -> logger.debug("Stored profile {} for request {}", profile.id(), request.requestId()));
	}

	private Mono<ProfileDocument> sequential(ProfileRequest request) {
		long id = request.customerId();
		return this.downstreamClient.customer(id)
			.flatMap((customer) -> this.downstreamClient.orders(id)
				.flatMap((orders) -> this.downstreamClient.recommendations(id)
					.map((recommendations) -> ProfileDocument.compose(request, customer, orders, recommendations,
							Instant.now()))));
	}

	private Mono<ProfileDocument> parallel(ProfileRequest request) {
		long id = request.customerId();
		// zip subscribes to all three at once and cancels the others as soon as one fails
		return Mono
			.zip(this.downstreamClient.customer(id), this.downstreamClient.orders(id),
					this.downstreamClient.recommendations(id))
			.map((parts) -> ProfileDocument.compose(request, parts.getT1(), parts.getT2(), parts.getT3(),
					Instant.now()));
	}

}
