package dev.twinstack.webflux.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Which programming model serves the endpoints, chosen at start-up ({@code app.stack}):
 * the same jar, the same server, client, pool and database driver, only the handlers
 * differ. Binding it makes a misspelt value fail the start with the accepted values.
 *
 * @param stack {@code webflux} (Reactor's {@code Mono}, the default), {@code coroutines}
 * (Kotlin {@code suspend} functions) or {@code webflux-vt} (blocking handlers on virtual
 * threads; needs JDK 21+ and {@code spring.threads.virtual.enabled=true})
 */
@ConfigurationProperties("app")
public record StackProperties(@DefaultValue(WEBFLUX) Stack stack) {

	/** The property that chooses the stack. */
	public static final String PROPERTY = "app.stack";

	/** {@link #PROPERTY}'s value for the Reactor handlers. */
	public static final String WEBFLUX = "webflux";

	/** {@link #PROPERTY}'s value for the Kotlin coroutine handlers. */
	public static final String COROUTINES = "coroutines";

	/** {@link #PROPERTY}'s value for the blocking handlers on virtual threads. */
	public static final String WEBFLUX_VT = "webflux-vt";

	/** The accepted values of {@link #PROPERTY}. */
	public enum Stack {

		/** Handlers return {@code Mono}/{@code Flux}, composed with Reactor operators. */
		WEBFLUX,

		/** Handlers are Kotlin {@code suspend} functions (src/main/kotlin). */
		COROUTINES,

		/**
		 * Handlers return plain values and block, on virtual threads ({@code Blocking…}
		 * classes).
		 */
		WEBFLUX_VT

	}

}
