package dev.twinstack.mvc.profile;

import java.net.ConnectException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Names why a downstream connection failed in the contract's words, whatever the HTTP
 * client: Apache HttpClient says {@code Connection reset} where Netty says
 * {@code Connection reset by peer}, and each wraps the operating system's words in its
 * own. Both apps must give the same {@code detail} for the same failure.
 */
enum ConnectionFailure {

	/** Nothing listens on the port ({@code ECONNREFUSED}). */
	REFUSED("Connection refused"),

	/** The server reset the connection ({@code ECONNRESET}). */
	RESET("Connection reset"),

	/** The server closed the connection before a complete answer. */
	CLOSED("Connection closed before the answer was complete"),

	/** The host name does not resolve. */
	UNKNOWN_HOST("Unknown host"),

	/** Any other failure to connect or exchange. */
	OTHER("Connection failed");

	private final String description;

	ConnectionFailure(String description) {
		this.description = description;
	}

	/**
	 * Classifies a failure by its cause chain's types and messages.
	 * @param failure what the HTTP client threw
	 * @return the kind of failure
	 */
	static ConnectionFailure of(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = (cause.getCause() != cause) ? cause.getCause() : null) {
			String message = String.valueOf(cause.getMessage()).toLowerCase(Locale.ROOT);
			if (cause instanceof UnknownHostException || message.contains("unresolved")) {
				return UNKNOWN_HOST;
			}
			if (cause instanceof ConnectException || message.contains("connection refused")) {
				return REFUSED;
			}
			if (message.contains("connection reset")) {
				return RESET;
			}
			// "chunk": a chunked body broken off (Apache HttpClient's
			// MalformedChunkCodingException)
			if (message.contains("prematurely closed") || message.contains("failed to respond")
					|| message.contains("premature end") || message.contains("connection closed")
					|| message.contains("chunk")) {
				return CLOSED;
			}
		}
		return OTHER;
	}

	/**
	 * Returns the words the contract uses, e.g. {@code Connection refused}.
	 * @return the description
	 */
	String description() {
		return this.description;
	}

}
