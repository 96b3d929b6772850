package dev.twinstack.webflux.profile;

import java.time.Instant;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Composes a profile from the three downstream services and stores it. Nothing is stored
 * when any call fails.
 */
@Service
public class ProfileService {

	private static final Logger logger = LoggerFactory.getLogger(ProfileService.class);

	private final DownstreamClient downstreamClient;

	private final ProfileRepository profileRepository;

	ProfileService(DownstreamClient downstreamClient, ProfileRepository profileRepository) {
		this.downstreamClient = downstreamClient;
		this.profileRepository = profileRepository;
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
		return composed.flatMap(this.profileRepository::insert)
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
