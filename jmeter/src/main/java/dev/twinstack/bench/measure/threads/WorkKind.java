package dev.twinstack.bench.measure.threads;

import java.util.List;

import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;

/**
 * The kinds of work of the composite endpoint, told apart by the frames of a sampled
 * stack: the innermost frame (nearest the top) that belongs to one of them decides, so a
 * handler calling the driver counts as driver work, and a driver's callback running the
 * handler's code counts as handler work.
 */
public enum WorkKind {

	/**
	 * The app's own code of the endpoint: its controller, service and clients, in a
	 * {@code dev.twinstack.*.profile} package.
	 */
	HANDLER("handler", List.of()),

	/**
	 * The outbound HTTP calls: Apache HttpClient 5, Reactor Netty's client, the JDK's
	 * {@code HttpClient}, Jetty's client and Spring's {@code RestClient},
	 * {@code WebClient} and request factories over them.
	 */
	OUTBOUND("outbound HTTP calls",
			List.of("org.apache.hc.client5.", "org.apache.hc.core5.", "reactor.netty.http.client.",
					"reactor.netty.resources.PooledConnectionProvider", "jdk.internal.net.http.", "java.net.http.",
					"org.eclipse.jetty.client.", "org.springframework.web.client.",
					"org.springframework.web.reactive.function.client.", "org.springframework.http.client.")),

	/** The MongoDB driver (sync or reactive) and Spring Data MongoDB over it. */
	DRIVER("MongoDB driver", List.of("com.mongodb.", "org.springframework.data.mongodb."));

	private static final String APP = "dev.twinstack.";

	private static final String APP_PACKAGE = ".profile.";

	private final String label;

	private final List<String> prefixes;

	WorkKind(String label, List<String> prefixes) {
		this.label = label;
		this.prefixes = prefixes;
	}

	/**
	 * Returns the name shown in the report.
	 * @return e.g. {@code outbound HTTP calls}
	 */
	public String label() {
		return this.label;
	}

	/**
	 * Classifies a sampled stack.
	 * @param stack the stack, top frame first
	 * @return the kind of its innermost classified frame, {@code null} when no frame is
	 * of any kind (the server, the framework, the JDK)
	 */
	static WorkKind of(RecordedStackTrace stack) {
		if (stack == null) {
			return null;
		}
		for (RecordedFrame frame : stack.getFrames()) {
			if (frame.getMethod() == null || frame.getMethod().getType() == null) {
				continue;
			}
			WorkKind kind = ofClass(frame.getMethod().getType().getName());
			if (kind != null) {
				return kind;
			}
		}
		return null;
	}

	/**
	 * Classifies one frame by its class.
	 * @param className the frame's class, e.g. {@code com.mongodb.internal.connection.X}
	 * @return its kind, {@code null} when none
	 */
	static WorkKind ofClass(String className) {
		if (className.startsWith(APP) && className.contains(APP_PACKAGE)) {
			return HANDLER;
		}
		for (WorkKind kind : values()) {
			for (String prefix : kind.prefixes) {
				if (className.startsWith(prefix)) {
					return kind;
				}
			}
		}
		return null;
	}

}
