package dev.twinstack.webflux

import java.time.Duration
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.reactor.mono
import org.junit.jupiter.api.Test
import reactor.blockhound.BlockingOperationError
import reactor.core.scheduler.Schedulers
import reactor.test.StepVerifier

/**
 * Guards the guard for the coroutines stack: a blocking call inside a coroutine that runs
 * on a non-blocking (Reactor) thread fails the test, as it does in Java
 * ([BlockHoundTests]). The coroutine handlers run unconfined, on the event loop that
 * resumed them.
 */
class CoroutineBlockHoundTests {

	@Test
	fun blockingCallInACoroutineOnANonBlockingThreadFailsTests() {
		// unconfined, as Spring runs suspend handlers: on the thread that subscribes
		val blocking = mono(Dispatchers.Unconfined) {
			Thread.sleep(1)
			"slept"
		}.subscribeOn(Schedulers.parallel())
		StepVerifier.create(blocking).expectError(BlockingOperationError::class.java).verify(Duration.ofSeconds(5))
	}

}
