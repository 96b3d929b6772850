package dev.twinstack.webflux;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import reactor.blockhound.BlockingOperationError;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/**
 * Guards the guard: the other tests only prove "no blocking call on an event loop" while
 * BlockHound is installed (by {@code blockhound-junit-platform} and the surefire
 * {@code argLine}).
 */
class BlockHoundTests {

	@Test
	void blockingCallOnNonBlockingThreadFailsTests() {
		Mono<String> blocking = Mono.fromCallable(() -> {
			Thread.sleep(1);
			return "slept";
		}).subscribeOn(Schedulers.parallel());
		StepVerifier.create(blocking).expectError(BlockingOperationError.class).verify(Duration.ofSeconds(5));
	}

}
