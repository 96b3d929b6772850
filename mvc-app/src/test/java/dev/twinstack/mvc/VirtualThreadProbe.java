package dev.twinstack.mvc;

import java.time.Duration;
import java.util.Map;

import org.springframework.core.ParameterizedTypeReference;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A test-only endpoint that names the thread a plain-value handler runs on, as the
 * {@code mvc-vt} stack's handlers run: the proof that a virtual-thread test ran on
 * virtual threads, and not, on a JDK before 21 or with virtual threads off, on platform
 * threads. Add it with {@code @Import} or {@code --spring.main.sources}.
 */
@RestController
public class VirtualThreadProbe {

	/** The probe's path. */
	public static final String PATH = "/test/handler-thread";

	/** The JUnit tag of the tests that need virtual threads (JDK 21+). */
	public static final String TAG = "virtual-threads";

	@GetMapping(PATH)
	Map<String, Object> handlerThread() {
		Thread thread = Thread.currentThread();
		return Map.of("name", thread.getName(), "virtual", isVirtual(thread), "java", Runtime.version().feature());
	}

	/**
	 * {@code Thread.isVirtual()}, called reflectively: this module compiles for Java 17.
	 * @param thread a thread
	 * @return whether it is a virtual thread; {@code false} before JDK 21
	 */
	static boolean isVirtual(Thread thread) {
		try {
			return (Boolean) Thread.class.getMethod("isVirtual").invoke(thread);
		}
		catch (NoSuchMethodException ex) {
			return false;
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Asks the app on the given port which thread ran the probe, and fails unless it was
	 * a virtual thread.
	 * @param port the app's HTTP port
	 */
	public static void assertHandlersRunOnVirtualThreads(int port) {
		Map<String, Object> thread = WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + port)
			.responseTimeout(Duration.ofSeconds(10))
			.build()
			.get()
			.uri(PATH)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(new ParameterizedTypeReference<Map<String, Object>>() {
			})
			.returnResult()
			.getResponseBody();
		assertThat(thread).as("the probe's answer").isNotNull();
		assertThat(thread.get("virtual"))
			.as("handler thread %s is virtual (JDK %s)", thread.get("name"), thread.get("java"))
			.isEqualTo(true);
	}

}
