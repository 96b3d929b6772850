package dev.twinstack.bench.load.opencheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import dev.twinstack.bench.load.RunId;
import dev.twinstack.bench.matrix.Workload;

/**
 * What the open-model check sends: the request (as the bench's plans send it), its
 * request-id prefix, and the arrival-rate steps; passed to the Gatling JVM as the
 * {@code -DopenCheck.*} system properties of
 * {@code dev.twinstack.opencheck.OpenCheckParameters}.
 *
 * @param baseUri scheme, host and port of the app, e.g. {@code http://127.0.0.2:8081}
 * @param method the HTTP method
 * @param path path and query, with {@code ${__Random(lo,hi)}} for each random part
 * @param body the request's body, {@code null} for none (the bench's POST sends none)
 * @param headers further headers, by name (besides {@code X-Request-Id})
 * @param expectedStatus the only status that counts as OK
 * @param requestIdPrefix every request carries {@code X-Request-Id: <prefix>-<n>}, by
 * which its stored documents are counted: letters, digits and dashes, at most
 * {@value RunId#MAX_LENGTH} characters
 * @param warmUp the unmeasured step first, {@code null} for none
 * @param steps the measured steps, one after another
 * @param skipSeconds the first seconds of each step left out of its figures, as the bench
 * leaves out its ramp (s)
 */
public record OpenCheckPlan(String baseUri, String method, String path, String body, Map<String, String> headers,
		int expectedStatus, String requestIdPrefix, Step warmUp, List<Step> steps, int skipSeconds) {

	/**
	 * The pause before each step, once every request of the one before was answered (s).
	 */
	static final int PAUSE_SECONDS = 2;

	private static final Pattern REQUEST_ID_PREFIX = Pattern.compile("[A-Za-z0-9-]{1," + RunId.MAX_LENGTH + "}");

	/**
	 * Creates a plan.
	 * @param baseUri scheme, host and port of the app
	 * @param method the HTTP method
	 * @param path path and query
	 * @param body the body, {@code null} for none
	 * @param headers further headers
	 * @param expectedStatus the status of an OK answer
	 * @param requestIdPrefix the prefix of the request ids
	 * @param warmUp the unmeasured step, {@code null} for none
	 * @param steps the measured steps
	 * @param skipSeconds the first seconds of each step not measured
	 * @throws IllegalArgumentException without steps, for a skip of a whole step or more,
	 * or for a request-id prefix the apps would refuse
	 */
	public OpenCheckPlan {
		headers = Map.copyOf(headers);
		steps = List.copyOf(steps);
		if (steps.isEmpty()) {
			throw new IllegalArgumentException("the open-model check needs at least one step");
		}
		if (skipSeconds < 0 || steps.stream().anyMatch((step) -> step.seconds() <= skipSeconds)) {
			throw new IllegalArgumentException(
					"each step must last longer than the " + skipSeconds + " s it leaves out, got " + steps);
		}
		if (!REQUEST_ID_PREFIX.matcher(requestIdPrefix).matches()) {
			throw new IllegalArgumentException("request id prefix must be 1 to " + RunId.MAX_LENGTH
					+ " letters, digits and dashes (X-Request-Id holds at most 64 characters), got '" + requestIdPrefix
					+ "'");
		}
	}

	/**
	 * One constant arrival rate for a while.
	 *
	 * @param rate arrivals per second, evenly spaced (req/s, above 0)
	 * @param seconds how long (s, 1 or more)
	 */
	public record Step(double rate, int seconds) {

		/**
		 * Creates a step.
		 * @param rate arrivals per second (above 0)
		 * @param seconds how long (1 or more)
		 * @throws IllegalArgumentException for a rate or duration out of range
		 */
		public Step {
			if (!(rate > 0) || seconds < 1) {
				throw new IllegalArgumentException("a step needs a rate above 0 req/s and 1 s or more, got " + rate
						+ " req/s for " + seconds + " s");
			}
		}

		String property() {
			return String.format(Locale.ROOT, "%sx%d",
					(rate == Math.rint(rate)) ? String.valueOf((long) rate) : String.valueOf(rate), this.seconds);
		}

	}

	/**
	 * Builds the plan of a workload's request, as the bench's plans send it: its method
	 * and path, no body, the workload's expected status.
	 * @param workload the workload
	 * @param baseUri scheme, host and port of the app
	 * @param requestIdPrefix the prefix of the request ids, e.g.
	 * {@code RunId.of(prefix, cell.id(), "-g")}
	 * @param warmUp the unmeasured step first, {@code null} for none
	 * @param steps the measured steps
	 * @param skipSeconds the first seconds of each step not measured
	 * @return the plan
	 */
	public static OpenCheckPlan of(Workload workload, String baseUri, String requestIdPrefix, Step warmUp,
			List<Step> steps, int skipSeconds) {
		return new OpenCheckPlan(baseUri, workload.method(), workload.path(), null, Map.of(), workload.expectedStatus(),
				requestIdPrefix, warmUp, steps, skipSeconds);
	}

	/**
	 * Returns the Gatling JVM's system properties.
	 * @param outputDir where it writes {@code latency.json}
	 * @return {@code -DopenCheck.<name>=<value>} options
	 */
	List<String> systemProperties(String outputDir) {
		List<String> properties = new ArrayList<>();
		properties.add("-DopenCheck.baseUrl=" + this.baseUri.replaceAll("/$", ""));
		properties.add("-DopenCheck.method=" + this.method);
		properties.add("-DopenCheck.path=" + this.path);
		if (this.body != null) {
			properties.add("-DopenCheck.body=" + this.body);
		}
		this.headers.entrySet()
			.stream()
			.sorted(Map.Entry.comparingByKey())
			.forEach((header) -> properties.add("-DopenCheck.header." + header.getKey() + "=" + header.getValue()));
		properties.add("-DopenCheck.status=" + this.expectedStatus);
		properties.add("-DopenCheck.requestIdPrefix=" + this.requestIdPrefix);
		if (this.warmUp != null) {
			properties.add("-DopenCheck.warmUp=" + this.warmUp.property());
		}
		properties.add("-DopenCheck.steps=" + String.join(",", this.steps.stream().map(Step::property).toList()));
		properties.add("-DopenCheck.skipSeconds=" + this.skipSeconds);
		properties.add("-DopenCheck.pauseSeconds=" + PAUSE_SECONDS);
		properties.add("-DopenCheck.out=" + outputDir);
		return properties;
	}

	/**
	 * Returns how long the load runs as planned: the warm-up, then each step after its
	 * pause (s).
	 * @return the seconds, without Gatling's start or the requests' answers
	 */
	long plannedSeconds() {
		long seconds = (this.warmUp != null) ? this.warmUp.seconds() : 0;
		for (int i = 0; i < this.steps.size(); i++) {
			seconds += ((this.warmUp != null || i > 0) ? PAUSE_SECONDS : 0) + this.steps.get(i).seconds();
		}
		return seconds;
	}

}
