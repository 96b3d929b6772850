package dev.twinstack.bench.model;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A what-if for the reader's hardware, parsed from e.g.
 * {@code cores=8,latency=50ms,concurrency=2000}: the same model with the same measured
 * CPU per request, on another machine's shape. A model projection, never a measurement.
 * The rules:
 * <ul>
 * <li>{@code cores}: the machine's cores. With {@code harness=same} (the default) the app
 * and the harness split them in the measured proportion (the bench pins the app to half
 * of them), or share them all when they shared them in the measurement or when fewer than
 * 2 are given; with {@code harness=none} the app has them all and the load generator and
 * the downstream services run elsewhere, their CPU left out.</li>
 * <li>{@code latency}: the latency of each downstream call; the downstream wait becomes
 * latency × the stack's sequential calls (3 for composite sequential, 1 for
 * parallel).</li>
 * <li>{@code concurrency}: the clients of the closed load generator.</li>
 * <li>CPU ms per request, the other delay and the worker threads stay as measured: the
 * reader's cores are assumed as fast as the measuring machine's.</li>
 * </ul>
 *
 * @param cores the machine's cores, at least 1
 * @param latencyMs the latency of one downstream call (ms)
 * @param concurrency the clients, at least 1
 * @param withHarness whether JMeter and mock-services run on the same machine
 */
public record WhatIf(int cores, double latencyMs, int concurrency, boolean withHarness) {

	private static final String ACCEPTED = "accepted: cores=<whole number >= 1>, latency=<number>ms|s "
			+ "(per downstream call), concurrency=<whole number >= 1>, harness=same|none (optional)";

	private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s)");

	private static final Pattern NUMBER = Pattern.compile("\\d+(?:\\.\\d+)?");

	public WhatIf {
		if (cores < 1 || concurrency < 1 || !(latencyMs >= 0) || Double.isInfinite(latencyMs)) {
			throw new IllegalArgumentException("what-if cores=" + cores + ", latency=" + latencyMs + " ms, concurrency="
					+ concurrency + "; expected cores >= 1, latency >= 0 ms, concurrency >= 1");
		}
	}

	/**
	 * Parses a what-if.
	 * @param text comma-separated key=value pairs, e.g.
	 * {@code cores=8,latency=50ms,concurrency=2000}
	 * @return the what-if
	 * @throws IllegalArgumentException naming the problem and the accepted keys and units
	 */
	public static WhatIf parse(String text) {
		if (text == null || text.isBlank()) {
			throw bad("", "it is empty");
		}
		Map<String, String> values = new LinkedHashMap<>();
		for (String part : text.split(",", -1)) {
			String item = part.trim();
			int equals = item.indexOf('=');
			if (equals <= 0) {
				throw bad(text, "'" + item + "' is not key=value");
			}
			String key = item.substring(0, equals).trim().toLowerCase(Locale.ROOT);
			if (!key.equals("cores") && !key.equals("latency") && !key.equals("concurrency")
					&& !key.equals("harness")) {
				throw bad(text, "unknown key '" + key + "'");
			}
			if (values.put(key, item.substring(equals + 1).trim()) != null) {
				throw bad(text, key + " is given twice");
			}
		}
		String harness = values.getOrDefault("harness", "same").toLowerCase(Locale.ROOT);
		if (!harness.equals("same") && !harness.equals("none")) {
			throw bad(text, "harness=" + harness + " is neither same nor none");
		}
		return new WhatIf(whole(text, "cores", values), latencyMs(text, values), whole(text, "concurrency", values),
				harness.equals("same"));
	}

	/**
	 * The measured demands moved to this shape, by the rules above.
	 * @param measured the demands measured by the bench
	 * @return the demands of the projection
	 */
	public StackDemands apply(StackDemands measured) {
		int appCores = this.cores;
		int harnessCores = StackDemands.SHARED;
		if (this.withHarness && measured.harnessCores() != StackDemands.SHARED && this.cores >= 2) {
			double share = measured.appCores() / (double) (measured.appCores() + measured.harnessCores());
			appCores = (int) Math.max(1, Math.min(this.cores - 1, Math.round(this.cores * share)));
			harnessCores = this.cores - appCores;
		}
		return new StackDemands(measured.stack(), measured.appCpuMs(), this.withHarness ? measured.harnessCpuMs() : 0,
				measured.sequentialCalls(), this.latencyMs, measured.otherDelayMs(), appCores, harnessCores,
				measured.threads());
	}

	/**
	 * Predicts the measured stack on this shape.
	 * @param measured the demands measured by the bench
	 * @return the prediction at this concurrency
	 */
	public Prediction predict(StackDemands measured) {
		return apply(measured).predict(this.concurrency).get(0);
	}

	/**
	 * One line for the report, labelled a model projection.
	 * @param measured the demands measured by the bench
	 * @return e.g. {@code model projection, not a measurement — mvc at cores=8 (app 4,
	 * harness 4), latency=50ms × 3 calls, concurrency=2000: 983 req/s, 2035 ms, bound by
	 * app cpu (983 req/s)}
	 */
	public String describe(StackDemands measured) {
		StackDemands shape = apply(measured);
		Prediction prediction = predict(measured);
		String placement = (shape.harnessCores() == StackDemands.SHARED) ? (this.withHarness ? "shared" : "app alone")
				: "app " + shape.appCores() + ", harness " + shape.harnessCores();
		return String.format(Locale.ROOT,
				"model projection, not a measurement — %s at cores=%d (%s), latency=%sms × %d calls, "
						+ "concurrency=%d: %.0f req/s, %.0f ms, bound by %s (%.0f req/s)",
				measured.stack(), this.cores, placement, trim(this.latencyMs), measured.sequentialCalls(),
				this.concurrency, prediction.throughput(), prediction.latencyMs(), prediction.binding().name(),
				prediction.binding().throughput());
	}

	private static int whole(String text, String key, Map<String, String> values) {
		String value = required(text, key, values);
		try {
			int number = Integer.parseInt(value);
			if (number >= 1) {
				return number;
			}
		}
		catch (NumberFormatException ex) {
			// reported below
		}
		throw bad(text, key + "=" + value + " is not a whole number >= 1");
	}

	private static double latencyMs(String text, Map<String, String> values) {
		String value = required(text, "latency", values).toLowerCase(Locale.ROOT);
		Matcher matcher = DURATION.matcher(value);
		if (matcher.matches()) {
			double number = Double.parseDouble(matcher.group(1));
			return matcher.group(2).equals("s") ? number * 1000 : number;
		}
		if (NUMBER.matcher(value).matches()) {
			throw bad(text, "latency=" + value + " needs a unit, ms or s (e.g. latency=" + value + "ms)");
		}
		throw bad(text, "latency=" + value + " is not a number >= 0 with a unit, ms or s");
	}

	private static String required(String text, String key, Map<String, String> values) {
		String value = values.get(key);
		if (value == null) {
			throw bad(text, "missing " + key);
		}
		return value;
	}

	private static String trim(double number) {
		return (number == Math.rint(number)) ? String.valueOf((long) number) : String.valueOf(number);
	}

	private static IllegalArgumentException bad(String text, String problem) {
		return new IllegalArgumentException("what-if '" + text + "': " + problem + "; " + ACCEPTED);
	}

}
