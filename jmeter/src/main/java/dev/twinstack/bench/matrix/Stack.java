package dev.twinstack.bench.matrix;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The implementations the bench compares: two apps, mvc-app run two ways and webflux-app
 * three.
 */
public enum Stack {

	/** Spring MVC on Tomcat: one platform thread per request, blocking calls. */
	MVC("mvc", "mvc-app", "Spring MVC (Tomcat)", false),

	/**
	 * The same mvc-app with {@code spring.threads.virtual.enabled=true}: one virtual
	 * thread per request (JDK 21+), no worker thread cap.
	 */
	MVC_VT("mvc-vt", "mvc-app", "Spring MVC, virtual threads (Tomcat)", true),

	/** Spring WebFlux on Reactor Netty: event loop, non-blocking calls. */
	WEBFLUX("webflux", "webflux-app", "Spring WebFlux (Reactor Netty)", false),

	/**
	 * The same webflux-app with {@code app.stack=coroutines}: Kotlin {@code suspend}
	 * handlers on the same event loop, WebClient and reactive driver.
	 */
	COROUTINES("coroutines", "webflux-app", "Spring WebFlux, Kotlin coroutines (Reactor Netty)", false),

	/**
	 * The same webflux-app with {@code app.stack=webflux-vt} and
	 * {@code spring.threads.virtual.enabled=true}: Reactor Netty's event loops hand each
	 * request to a virtual thread (JDK 21+), where plain blocking handlers call
	 * RestClient (Apache HttpClient 5, as mvc-app) and the synchronous MongoDB driver.
	 */
	WEBFLUX_VT("webflux-vt", "webflux-app", "Spring WebFlux, virtual threads (Reactor Netty)", true);

	/** webflux-app's property that selects its handlers ({@code webflux} by default). */
	public static final String APP_STACK_PROPERTY = "app.stack";

	/** The lowest JDK feature release that has virtual threads. */
	public static final int VIRTUAL_THREADS_JAVA = 21;

	private final String id;

	private final String module;

	private final String title;

	private final boolean virtualThreads;

	Stack(String id, String module, String title, boolean virtualThreads) {
		this.id = id;
		this.module = module;
		this.title = title;
		this.virtualThreads = virtualThreads;
	}

	/**
	 * Tells whether the app runs its requests on virtual threads.
	 * @return {@code true} for {@code mvc-vt} and {@code webflux-vt}
	 */
	public boolean virtualThreads() {
		return this.virtualThreads;
	}

	/**
	 * Tells whether the app holds one platform worker thread per request for the
	 * request's whole duration, so that Tomcat's thread cap bounds its throughput.
	 * @return {@code true} for {@code mvc}
	 */
	public boolean threadPerRequest() {
		return this == MVC;
	}

	/**
	 * Tells whether the app's server is Reactor Netty, whose event loops read and write
	 * every connection (the handlers of {@code webflux-vt} then run on virtual threads).
	 * @return {@code true} for {@code webflux}, {@code coroutines} and {@code webflux-vt}
	 */
	public boolean eventLoop() {
		return this.module.equals(WEBFLUX.module);
	}

	/**
	 * Tells whether the app calls its downstream services without blocking: WebClient on
	 * a Reactor Netty connection pool; the others use RestClient on an Apache HttpClient
	 * pool.
	 * @return {@code true} for {@code webflux} and {@code coroutines}
	 */
	public boolean reactiveClient() {
		return eventLoop() && !this.virtualThreads;
	}

	/**
	 * Returns the app's own settings that make it this stack.
	 * @return e.g. {@code spring.threads.virtual.enabled=true} for {@code mvc-vt},
	 * {@code app.stack=coroutines} for {@code coroutines}, both kinds for
	 * {@code webflux-vt}
	 */
	public Map<String, String> settings() {
		Map<String, String> settings = new LinkedHashMap<>();
		if (this.virtualThreads) {
			settings.put("spring.threads.virtual.enabled", "true");
		}
		if (this == COROUTINES || this == WEBFLUX_VT) {
			settings.put(APP_STACK_PROPERTY, this.id);
		}
		return Collections.unmodifiableMap(settings);
	}

	/**
	 * Returns a short name of the app's process, for logs and VisualVM.
	 * @return e.g. {@code mvc-app}, {@code mvc-app-vt}, {@code webflux-app-coroutines},
	 * {@code webflux-app-vt}
	 */
	public String role() {
		if (this.virtualThreads) {
			return this.module + "-vt";
		}
		return (this == COROUTINES) ? this.module + "-" + this.id : this.module;
	}

	/**
	 * Returns the lowest JDK feature release the stack runs on.
	 * @return 21 for {@code mvc-vt} and {@code webflux-vt}, 17 otherwise
	 */
	public int minimumJava() {
		return this.virtualThreads ? VIRTUAL_THREADS_JAVA : 17;
	}

	/**
	 * Returns the lower-case name used in properties, folder names and the report.
	 * @return e.g. {@code mvc}
	 */
	@JsonValue
	public String id() {
		return this.id;
	}

	/**
	 * Returns the Maven module (and jar name) of the app.
	 * @return e.g. {@code mvc-app}
	 */
	public String module() {
		return this.module;
	}

	/**
	 * Returns a human-readable name for the report.
	 * @return e.g. {@code Spring MVC (Tomcat)}
	 */
	public String title() {
		return this.title;
	}

	/**
	 * Returns the accepted ids, as shown in error messages.
	 * @return {@code [mvc, mvc-vt, webflux, coroutines, webflux-vt]}
	 */
	public static List<String> ids() {
		return Arrays.stream(values()).map(Stack::id).toList();
	}

	/**
	 * Finds a stack by its id.
	 * @param id the id, e.g. {@code webflux}
	 * @return the stack, or {@code null} when no stack has this id
	 */
	public static Stack byId(String id) {
		return Arrays.stream(values()).filter((stack) -> stack.id.equals(id)).findFirst().orElse(null);
	}

}
