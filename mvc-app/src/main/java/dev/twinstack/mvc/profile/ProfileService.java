package dev.twinstack.mvc.profile;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.core.task.AsyncTaskExecutor;
import org.springframework.stereotype.Service;

/**
 * Composes a profile from the three downstream services and stores it. Nothing is stored
 * when any call fails. Blocks the calling (Tomcat) thread until the profile is stored.
 */
@Service
public class ProfileService {

	private static final Logger logger = LoggerFactory.getLogger(ProfileService.class);

	private final DownstreamClient downstreamClient;

	private final ProfileRepository profileRepository;

	private final AsyncTaskExecutor applicationTaskExecutor;

	/**
	 * Creates the service.
	 * @param downstreamClient the downstream client
	 * @param profileRepository the {@code profiles} collection
	 * @param applicationTaskExecutor runs the parallel calls: Spring Boot's task
	 * executor, {@code spring.task.execution.pool.core-size} threads, or virtual threads
	 * when {@code spring.threads.virtual.enabled=true}
	 */
	ProfileService(DownstreamClient downstreamClient, ProfileRepository profileRepository,
			@Qualifier("applicationTaskExecutor") AsyncTaskExecutor applicationTaskExecutor) {
		this.downstreamClient = downstreamClient;
		this.profileRepository = profileRepository;
		this.applicationTaskExecutor = applicationTaskExecutor;
	}

	/**
	 * Calls the downstream services (one after another, or all at once with
	 * {@code CompletableFuture}s on the task executor), composes the profile and inserts
	 * it.
	 * @param request the validated request
	 * @return the stored profile, with its id
	 * @throws DownstreamException when a service failed (nothing is stored)
	 * @throws DownstreamTimeoutException when a service did not answer in time (nothing
	 * is stored)
	 * @throws org.springframework.dao.DataAccessException when MongoDB failed
	 */
	public ProfileDocument compose(ProfileRequest request) {
		ProfileDocument composed = (request.fanout() == Fanout.PARALLEL) ? parallel(request) : sequential(request);
		ProfileDocument profile = this.profileRepository.insert(composed);
		logger.debug("Stored profile {} for request {}", profile.id(), request.requestId());
		return profile;
	}

	private ProfileDocument sequential(ProfileRequest request) {
		long id = request.customerId();
		Customer customer = this.downstreamClient.customer(id);
		OrdersResponse orders = this.downstreamClient.orders(id);
		RecommendationsResponse recommendations = this.downstreamClient.recommendations(id);
		return ProfileDocument.compose(request, customer, orders, recommendations, Instant.now());
	}

	private ProfileDocument parallel(ProfileRequest request) {
		long id = request.customerId();
		CompletableFuture<Customer> customer = CompletableFuture.supplyAsync(() -> this.downstreamClient.customer(id),
				this.applicationTaskExecutor);
		CompletableFuture<OrdersResponse> orders = CompletableFuture.supplyAsync(() -> this.downstreamClient.orders(id),
				this.applicationTaskExecutor);
		CompletableFuture<RecommendationsResponse> recommendations = CompletableFuture
			.supplyAsync(() -> this.downstreamClient.recommendations(id), this.applicationTaskExecutor);
		List<CompletableFuture<?>> calls = List.of(customer, orders, recommendations);
		try {
			allOrFirstFailure(calls).join();
		}
		catch (CompletionException ex) {
			// cancel the others as soon as one fails; a call already waiting on its
			// socket
			// still finishes (or times out) on its executor thread, its answer is dropped
			calls.forEach((call) -> call.cancel(false));
			throw (ex.getCause() instanceof RuntimeException cause) ? cause : ex;
		}
		return ProfileDocument.compose(request, customer.join(), orders.join(), recommendations.join(), Instant.now());
	}

	/**
	 * Completes when all calls succeeded, or exceptionally as soon as the first one fails
	 * ({@code CompletableFuture.allOf} alone would wait for the slowest).
	 */
	private static CompletableFuture<Void> allOrFirstFailure(List<CompletableFuture<?>> calls) {
		CompletableFuture<Void> all = CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new));
		calls.forEach((call) -> call.whenComplete((result, failure) -> {
			if (failure != null) {
				all.completeExceptionally(failure);
			}
		}));
		return all;
	}

}
