package dev.twinstack.webflux.profile;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Future;
import java.util.function.Supplier;

import dev.twinstack.webflux.config.StackProperties;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.core.task.AsyncTaskExecutor;
import org.springframework.stereotype.Service;

/**
 * Composes a profile from the three downstream services and stores it. Nothing is stored
 * when any call fails. Blocks the calling (virtual) thread until the profile is stored.
 * The {@code webflux-vt} stack's twin of {@link ProfileService} (mvc-app's
 * {@code ProfileService}, but a failed parallel call interrupts the other two).
 */
@Service
@ConditionalOnProperty(name = StackProperties.PROPERTY, havingValue = StackProperties.WEBFLUX_VT)
public class BlockingProfileService {

	private static final Logger logger = LoggerFactory.getLogger(BlockingProfileService.class);

	private final BlockingDownstreamClient downstreamClient;

	private final BlockingProfileRepository profileRepository;

	private final AsyncTaskExecutor applicationTaskExecutor;

	/**
	 * Creates the service.
	 * @param downstreamClient the downstream client
	 * @param profileRepository the {@code profiles} collection
	 * @param applicationTaskExecutor runs the parallel calls: Spring Boot's task
	 * executor, a new virtual thread per call with
	 * {@code spring.threads.virtual.enabled=true} (which this stack requires)
	 */
	BlockingProfileService(BlockingDownstreamClient downstreamClient, BlockingProfileRepository profileRepository,
			@Qualifier("applicationTaskExecutor") AsyncTaskExecutor applicationTaskExecutor) {
		this.downstreamClient = downstreamClient;
		this.profileRepository = profileRepository;
		this.applicationTaskExecutor = applicationTaskExecutor;
	}

	/**
	 * Calls the downstream services (one after another, or all at once, each on its own
	 * thread of the task executor), composes the profile and inserts it.
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
		CompletableFuture<Customer> customer = fork(() -> this.downstreamClient.customer(id));
		CompletableFuture<OrdersResponse> orders = fork(() -> this.downstreamClient.orders(id));
		CompletableFuture<RecommendationsResponse> recommendations = fork(
				() -> this.downstreamClient.recommendations(id));
		List<CompletableFuture<?>> calls = List.of(customer, orders, recommendations);
		try {
			allOrFirstFailure(calls).join();
		}
		catch (CompletionException ex) {
			// cancel the others as soon as one fails: their threads are interrupted,
			// which
			// on a virtual thread closes the socket it waits on (the connection is
			// dropped)
			calls.forEach((call) -> call.cancel(false));
			throw (ex.getCause() instanceof RuntimeException cause) ? cause : ex;
		}
		return ProfileDocument.compose(request, customer.join(), orders.join(), recommendations.join(), Instant.now());
	}

	/**
	 * Runs a call on its own thread of the task executor. Cancelling the returned future
	 * interrupts that thread ({@code CompletableFuture.supplyAsync} would leave it
	 * running).
	 */
	private <T> CompletableFuture<T> fork(Supplier<T> call) {
		CompletableFuture<T> result = new CompletableFuture<>();
		Future<?> task = this.applicationTaskExecutor.submit(() -> {
			try {
				result.complete(call.get());
			}
			catch (Throwable ex) {
				result.completeExceptionally(ex);
			}
		});
		result.whenComplete((value, failure) -> {
			if (result.isCancelled()) {
				task.cancel(true);
			}
		});
		return result;
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
