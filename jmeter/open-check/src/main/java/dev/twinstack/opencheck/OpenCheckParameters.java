package dev.twinstack.opencheck;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@link OpenCheckSimulation} sends, read from system properties
 * ({@code -DopenCheck.<name>=<value>}):
 * <ul>
 * <li>{@code baseUrl}: scheme, host and port, e.g. {@code http://127.0.0.1:8080}
 * (required)</li>
 * <li>{@code method}: the HTTP method (default {@code GET})</li>
 * <li>{@code path}: path and query; each {@code ${__Random(lo,hi)}} (the bench's JMeter
 * function) becomes a random integer from lo to hi, drawn anew for every request
 * (required)</li>
 * <li>{@code body}: the request's body (default none)</li>
 * <li>{@code header.<Name>}: a header sent with every request, any number of them</li>
 * <li>{@code status}: the only status that counts as OK (default 200)</li>
 * <li>{@code requestIdPrefix}: every request carries {@code X-Request-Id: <prefix>-<n>},
 * n = 1, 2, … over the whole run, warm-up included (required)</li>
 * <li>{@code steps}: the measured steps, {@code <rate>x<seconds>} separated by commas,
 * e.g. {@code 150x12,300x12} (req/s, s; required)</li>
 * <li>{@code warmUp}: an unmeasured step before them, {@code <rate>x<seconds>} (default
 * none)</li>
 * <li>{@code skipSeconds}: the first seconds of each step left out of its figures, as the
 * bench leaves out its ramp (default 0)</li>
 * <li>{@code pauseSeconds}: the pause before each step, after every request of the one
 * before was answered (default 2)</li>
 * <li>{@code out}: the folder {@code latency.json} is written to (required)</li>
 * </ul>
 *
 * @param baseUrl scheme, host and port
 * @param method the HTTP method
 * @param path path and query, with {@code ${__Random(lo,hi)}} parts
 * @param body the body, {@code null} for none
 * @param headers further headers, by name
 * @param status the status of an OK answer
 * @param requestIdPrefix the prefix of the request ids
 * @param warmUp the unmeasured step, {@code null} for none
 * @param steps the measured steps
 * @param skipSeconds the first seconds of each step not measured (s)
 * @param pauseSeconds the pause before each step (s)
 * @param out the folder of {@code latency.json}
 */
public record OpenCheckParameters(String baseUrl, String method, String path, String body, Map<String, String> headers,
		int status, String requestIdPrefix, Step warmUp, List<Step> steps, int skipSeconds, int pauseSeconds,
		Path out) {

	/** The prefix of the system properties. */
	public static final String PREFIX = "openCheck.";

	/** The prefix of a header's system property, after {@link #PREFIX}. */
	public static final String HEADER = "header.";

	private static final Pattern RANDOM = Pattern.compile("\\$\\{__Random\\((\\d+),(\\d+)\\)}");

	private static final Pattern STEP = Pattern.compile("(\\d+(?:\\.\\d+)?)x(\\d+)");

	/**
	 * Creates the parameters; see {@link #from(Properties)} for the checks.
	 * @param baseUrl scheme, host and port
	 * @param method the HTTP method
	 * @param path path and query
	 * @param body the body, {@code null} for none
	 * @param headers further headers
	 * @param status the status of an OK answer
	 * @param requestIdPrefix the prefix of the request ids
	 * @param warmUp the unmeasured step, {@code null} for none
	 * @param steps the measured steps
	 * @param skipSeconds the first seconds of each step not measured
	 * @param pauseSeconds the pause before each step
	 * @param out the folder of {@code latency.json}
	 */
	public OpenCheckParameters {
		headers = Map.copyOf(headers);
		steps = List.copyOf(steps);
	}

	/**
	 * One constant arrival rate for a while.
	 *
	 * @param rate arrivals per second, evenly spaced (req/s)
	 * @param seconds how long (s)
	 */
	public record Step(double rate, int seconds) {

		/**
		 * Reads a step.
		 * @param name the property, for messages
		 * @param value e.g. {@code 150x12} (150 req/s for 12 s)
		 * @return the step
		 * @throws IllegalArgumentException when it is not {@code <rate>x<seconds>} with a
		 * positive rate and seconds
		 */
		static Step parse(String name, String value) {
			Matcher matcher = STEP.matcher(value.trim());
			if (!matcher.matches() || Double.parseDouble(matcher.group(1)) <= 0
					|| Integer.parseInt(matcher.group(2)) <= 0) {
				throw new IllegalArgumentException(PREFIX + name + " takes <rate>x<seconds> (req/s, s; both above 0, "
						+ "e.g. 150x12), got '" + value + "'");
			}
			return new Step(Double.parseDouble(matcher.group(1)), Integer.parseInt(matcher.group(2)));
		}

		/**
		 * Returns how many users the step starts: Gatling's {@code constantUsersPerSec}
		 * starts rate × seconds, rounded.
		 * @return the arrivals
		 */
		public long arrivals() {
			return Math.round(this.rate * this.seconds);
		}

	}

	/**
	 * Reads the parameters from this JVM's system properties.
	 * @return the parameters
	 * @throws IllegalArgumentException naming the first property missing or malformed
	 */
	public static OpenCheckParameters fromSystemProperties() {
		return from(System.getProperties());
	}

	/**
	 * Reads the parameters from properties named {@code openCheck.*}.
	 * @param properties the properties
	 * @return the parameters
	 * @throws IllegalArgumentException naming the first property missing or malformed
	 */
	static OpenCheckParameters from(Properties properties) {
		String baseUrl = required(properties, "baseUrl");
		if (!httpUrl(baseUrl)) {
			throw new IllegalArgumentException(PREFIX + "baseUrl takes http(s)://host:port, got '" + baseUrl + "'");
		}
		String path = required(properties, "path");
		if (!path.startsWith("/") || RANDOM.matcher(path).replaceAll("").contains("${")) {
			throw new IllegalArgumentException(PREFIX + "path takes a path from /, with ${__Random(lo,hi)} as its only "
					+ "function, got '" + path + "'");
		}
		Matcher random = RANDOM.matcher(path);
		while (random.find()) {
			if (Long.parseLong(random.group(1)) > Long.parseLong(random.group(2))) {
				throw new IllegalArgumentException(
						PREFIX + "path: ${__Random(lo,hi)} needs lo <= hi, got '" + random.group() + "'");
			}
		}
		Map<String, String> headers = new LinkedHashMap<>();
		properties.stringPropertyNames()
			.stream()
			.filter((name) -> name.startsWith(PREFIX + HEADER))
			.sorted()
			.forEach((name) -> headers.put(name.substring((PREFIX + HEADER).length()), properties.getProperty(name)));
		List<Step> steps = new ArrayList<>();
		for (String step : required(properties, "steps").split(",")) {
			steps.add(Step.parse("steps", step));
		}
		String warmUp = properties.getProperty(PREFIX + "warmUp", "").trim();
		return new OpenCheckParameters(baseUrl.replaceAll("/$", ""), properties.getProperty(PREFIX + "method", "GET"),
				path, properties.getProperty(PREFIX + "body"), headers, integer(properties, "status", 200, 100),
				required(properties, "requestIdPrefix"), warmUp.isEmpty() ? null : Step.parse("warmUp", warmUp), steps,
				integer(properties, "skipSeconds", 0, 0), integer(properties, "pauseSeconds", 2, 0),
				Path.of(required(properties, "out")));
	}

	/**
	 * Returns a path to request: each {@code ${__Random(lo,hi)}} replaced by a random
	 * integer from lo to hi.
	 * @return e.g. {@code /profiles/4711?fanout=sequential}
	 */
	public String randomPath() {
		Matcher matcher = RANDOM.matcher(this.path);
		StringBuilder path = new StringBuilder();
		while (matcher.find()) {
			long lo = Long.parseLong(matcher.group(1));
			long hi = Long.parseLong(matcher.group(2));
			matcher.appendReplacement(path, Long.toString(ThreadLocalRandom.current().nextLong(lo, hi + 1)));
		}
		return matcher.appendTail(path).toString();
	}

	private static boolean httpUrl(String url) {
		try {
			URI uri = new URI(url);
			return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null;
		}
		catch (URISyntaxException ex) {
			return false;
		}
	}

	private static String required(Properties properties, String name) {
		String value = properties.getProperty(PREFIX + name);
		if (value == null || value.isBlank()) {
			throw new IllegalArgumentException("-D" + PREFIX + name + " is required (see OpenCheckParameters)");
		}
		return value.trim();
	}

	private static int integer(Properties properties, String name, int otherwise, int least) {
		String value = properties.getProperty(PREFIX + name);
		if (value == null) {
			return otherwise;
		}
		try {
			int parsed = Integer.parseInt(value.trim());
			if (parsed >= least) {
				return parsed;
			}
		}
		catch (NumberFormatException ex) {
			// reported below
		}
		throw new IllegalArgumentException(
				PREFIX + name + " takes a whole number of at least " + least + ", got '" + value + "'");
	}

}
