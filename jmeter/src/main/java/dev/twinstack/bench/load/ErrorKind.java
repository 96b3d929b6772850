package dev.twinstack.bench.load;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Names the kind of a failed sample from its JTL {@code responseCode} and
 * {@code responseMessage}: a refused connection, a reset and a client timeout are
 * different failures, and an HTTP status is the app's own answer.
 * <p>
 * JMeter's HTTP sampler turns an {@code IOException} into a sample through
 * {@code HTTPSamplerBase.errorResult(Throwable, HTTPSampleResult)}: the response code is
 * {@code "Non HTTP response code: " + e.getClass().getName()}, the message
 * {@code "Non HTTP response message: " + e.getMessage()}, without retries
 * ({@code httpclient4.retrycount=0}). The kind is read off the exception's class
 * (HttpClient 4, the DSL's default implementation, and the JDK's); the message only
 * splits {@code SocketException} (a reset, or the engine closing its own socket when it
 * stops).
 */
public final class ErrorKind {

	/** Connection refused: nothing listened on the port (or its backlog was full). */
	public static final String REFUSED = "refused";

	/** The connection was not established within the sampler's connect timeout. */
	public static final String CONNECT_TIMEOUT = "connect-timeout";

	/** No answer within the sampler's response timeout (the client gave up). */
	public static final String TIMEOUT = "timeout";

	/** The server reset the connection (RST), or the client wrote to a closed one. */
	public static final String RESET = "reset";

	/** The server closed the connection (FIN) without answering. */
	public static final String CLOSED = "closed";

	/** The server closed the connection in the middle of the response's body. */
	public static final String TRUNCATED = "truncated";

	/** The client ran out of local ports (ephemeral ports in TIME_WAIT). */
	public static final String LOCAL_PORTS = "local-ports";

	/**
	 * The load generator closed its own socket or interrupted its thread as it stopped.
	 */
	public static final String STOPPED = "stopped";

	/** The prefix of an HTTP status that failed: {@code http-503}. */
	public static final String HTTP = "http-";

	/** The prefix of any other failure: {@code other:SSLHandshakeException}. */
	public static final String OTHER = "other:";

	/** A failed sample without a response code (or a JTL without the column). */
	public static final String NO_CODE = OTHER + "none";

	static final String NON_HTTP_CODE = "Non HTTP response code:";

	static final String NON_HTTP_MESSAGE = "Non HTTP response message:";

	private ErrorKind() {
	}

	/**
	 * Names the kind of a failed sample.
	 * @param responseCode the JTL's {@code responseCode}, e.g. {@code 503} or
	 * {@code Non HTTP response code: java.net.SocketException}; {@code null} when the JTL
	 * has none
	 * @param responseMessage the JTL's {@code responseMessage}, e.g.
	 * {@code Non HTTP response message: Connection reset}; {@code null} when the JTL has
	 * none
	 * @return one of the constants, {@code http-<status>}, or
	 * {@code other:<SimpleClassName>} (the response code itself when it is neither a
	 * status nor an exception)
	 */
	public static String of(String responseCode, String responseMessage) {
		String code = (responseCode != null) ? responseCode.trim() : "";
		if (code.isEmpty()) {
			return NO_CODE;
		}
		if (code.chars().allMatch(Character::isDigit)) {
			return HTTP + code;
		}
		if (!code.startsWith(NON_HTTP_CODE)) {
			return OTHER + code;
		}
		String exception = code.substring(NON_HTTP_CODE.length()).trim();
		String message = (responseMessage != null) ? responseMessage.trim() : "";
		if (message.startsWith(NON_HTTP_MESSAGE)) {
			message = message.substring(NON_HTTP_MESSAGE.length()).trim();
		}
		return ofException(exception, message.toLowerCase(Locale.ROOT));
	}

	private static String ofException(String exception, String message) {
		return switch (exception) {
			// HttpClient 4 throws ConnectTimeoutException for a ConnectException
			// "Connection
			// timed out" (the kernel's), HttpHostConnectException for the others
			case "org.apache.http.conn.HttpHostConnectException", "java.net.ConnectException" ->
				message.contains("timed out") ? CONNECT_TIMEOUT : REFUSED;
			case "org.apache.http.conn.ConnectTimeoutException" -> CONNECT_TIMEOUT;
			// the JDK's client: "Connect timed out"; a response timeout: "Read timed out"
			case "java.net.SocketTimeoutException" -> message.contains("connect") ? CONNECT_TIMEOUT : TIMEOUT;
			case "java.net.SocketException" -> ofSocketException(exception, message);
			case "org.apache.http.NoHttpResponseException" -> CLOSED;
			case "org.apache.http.ConnectionClosedException", "org.apache.http.TruncatedChunkException" -> TRUNCATED;
			case "java.net.BindException" -> LOCAL_PORTS;
			// older JDKs named an exhausted port range so
			case "java.net.NoRouteToHostException" ->
				message.contains("cannot assign requested address") ? LOCAL_PORTS : other(exception);
			case "java.io.InterruptedIOException", "java.nio.channels.ClosedByInterruptException" -> STOPPED;
			default -> other(exception);
		};
	}

	private static String ofSocketException(String exception, String message) {
		if (message.startsWith("connection reset") || message.contains("broken pipe")) {
			return RESET;
		}
		if (message.equals("socket closed") || message.equals("socket is closed")
				|| message.equals("closed by interrupt")) {
			return STOPPED;
		}
		// the JDK's client when the server closed without answering
		if (message.startsWith("unexpected end of file")) {
			return CLOSED;
		}
		return other(exception);
	}

	private static String other(String exception) {
		int dot = Math.max(exception.lastIndexOf('.'), exception.lastIndexOf('$'));
		return OTHER + exception.substring(dot + 1);
	}

	/**
	 * Names what a sample got: its HTTP status, else the kind of its failure.
	 * @param responseCode the JTL's {@code responseCode}
	 * @param responseMessage the JTL's {@code responseMessage}, {@code null} when the JTL
	 * has none
	 * @return e.g. {@code 201}, {@code 504}, {@code timeout}, {@code reset}
	 */
	public static String statusOrKind(String responseCode, String responseMessage) {
		String kind = of(responseCode, responseMessage);
		return kind.startsWith(HTTP) ? kind.substring(HTTP.length()) : kind;
	}

	/**
	 * Orders counts of kinds: the most frequent first, then by name.
	 * @param counts samples per kind
	 * @return a copy in that order
	 */
	public static Map<String, Long> sorted(Map<String, Long> counts) {
		return counts.entrySet()
			.stream()
			.sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
				.thenComparing(Map.Entry.comparingByKey()))
			.collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new));
	}

	/**
	 * Describes the most frequent kinds.
	 * @param counts samples per kind
	 * @param top how many kinds to name
	 * @return e.g. {@code 12 reset, 3 http-503}, with {@code , 4 more (2 kinds)} when
	 * more kinds failed; empty without errors
	 */
	public static String describe(Map<String, Long> counts, int top) {
		Map<String, Long> sorted = sorted(counts);
		String named = sorted.entrySet()
			.stream()
			.limit(top)
			.map((entry) -> entry.getValue() + " " + entry.getKey())
			.collect(Collectors.joining(", "));
		if (sorted.size() <= top) {
			return named;
		}
		long rest = sorted.values().stream().skip(top).mapToLong(Long::longValue).sum();
		int kinds = sorted.size() - top;
		return named + ", " + rest + " more (" + kinds + ((kinds == 1) ? " kind)" : " kinds)");
	}

}
