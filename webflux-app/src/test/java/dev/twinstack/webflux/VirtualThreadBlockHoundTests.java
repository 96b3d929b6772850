package dev.twinstack.webflux;

import java.time.Duration;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import reactor.blockhound.BlockingOperationError;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

import org.springframework.core.task.SimpleAsyncTaskExecutor;

/**
 * Guards the guard on the JDK of the webflux-vt tests: BlockHound still fails a blocking
 * call on an event-loop (non-blocking) thread there, and lets the same call through on a
 * virtual thread of the kind Spring Boot's task executor starts, where the webflux-vt
 * handlers block by design.
 */
@Tag(VirtualThreadProbe.TAG)
class VirtualThreadBlockHoundTests {

	@Test
	void blockingCallOnNonBlockingThreadFailsTests() {
		StepVerifier.create(sleep().subscribeOn(Schedulers.parallel()))
			.expectError(BlockingOperationError.class)
			.verify(Duration.ofSeconds(5));
	}

	@Test
	void blockingCallOnVirtualThreadIsAllowed() {
		SimpleAsyncTaskExecutor virtualThreads = new SimpleAsyncTaskExecutor("vt-");
		virtualThreads.setVirtualThreads(true);
		StepVerifier.create(sleep().subscribeOn(Schedulers.fromExecutor(virtualThreads)))
			.expectNext(true)
			.expectComplete()
			.verify(Duration.ofSeconds(5));
	}

	/** Sleeps 1 ms, then tells whether it ran on a virtual thread. */
	private static Mono<Boolean> sleep() {
		return Mono.fromCallable(() -> {
			Thread.sleep(1);
			return VirtualThreadProbe.isVirtual(Thread.currentThread());
		});
	}

}
