package dev.twinstack.bench;

import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The two implementations of the composite endpoint that the bench compares.
 */
public enum Stack {

	/** Spring MVC on Tomcat: one thread per request, blocking calls. */
	MVC("mvc", "mvc-app", "Spring MVC (Tomcat)"),

	/** Spring WebFlux on Reactor Netty: event loop, non-blocking calls. */
	WEBFLUX("webflux", "webflux-app", "Spring WebFlux (Reactor Netty)");

	private final String id;

	private final String module;

	private final String title;

	Stack(String id, String module, String title) {
		this.id = id;
		this.module = module;
		this.title = title;
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
	 * @return {@code [mvc, webflux]}
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
