package dev.twinstack.bench.settings;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reader's hardware for the report's what-if ({@code bench.project}), parsed once
 * when the settings are read, e.g. {@code cores=8,latency=50ms,concurrency=2000}; the
 * report applies it with the queueing model
 * ({@code dev.twinstack.bench.queueing.WhatIf}).
 *
 * @param cores the machine's cores, at least 1
 * @param latencyMs the latency of one downstream call (ms), at least 0
 * @param concurrency the clients of the closed load, at least 1
 * @param withHarness whether JMeter and mock-services run on the same machine
 * ({@code harness=same}, the default) or elsewhere ({@code harness=none})
 */
public record Projection(int cores, double latencyMs, int concurrency, boolean withHarness) {

	/** What {@code bench.project} accepts, read after "must be". */
	public static final String ACCEPTED = "cores=<whole number >= 1>,latency=<number>ms|s (per downstream call),"
			+ "concurrency=<whole number >= 1>[,harness=same|none], e.g. cores=8,latency=50ms,concurrency=2000";

	private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s)");

	private static final Pattern NUMBER = Pattern.compile("\\d+(?:\\.\\d+)?");

	private static final Pattern WHOLE = Pattern.compile("\\d{1,9}");

	/**
	 * Parses a value of {@code bench.project}.
	 * @param text comma-separated key=value pairs: {@code cores}, {@code latency},
	 * {@code concurrency} and optionally {@code harness}
	 * @return the projection
	 * @throws BenchConfigException naming the property, the problem, the accepted form
	 * and the value
	 */
	public static Projection parse(String text) {
		return parse(text, BenchSettings.PROJECT);
	}

	/**
	 * Parses a what-if given elsewhere than in {@code bench.project}, e.g. as a command's
	 * argument.
	 * @param text comma-separated key=value pairs, as {@link #parse(String)} takes them
	 * @param name what the errors call it, e.g. {@code <what-if>}
	 * @return the projection
	 * @throws BenchConfigException naming {@code name}, the problem, the accepted form
	 * and the value
	 */
	public static Projection parse(String text, String name) {
		Map<String, String> values = new LinkedHashMap<>();
		for (String part : text.split(",", -1)) {
			String item = part.trim();
			int equals = item.indexOf('=');
			if (equals <= 0) {
				throw bad(name, text, "'" + item + "' is not key=value");
			}
			String key = item.substring(0, equals).trim().toLowerCase(Locale.ROOT);
			if (!key.equals("cores") && !key.equals("latency") && !key.equals("concurrency")
					&& !key.equals("harness")) {
				throw bad(name, text, "unknown key '" + key + "'");
			}
			if (values.put(key, item.substring(equals + 1).trim()) != null) {
				throw bad(name, text, key + " is given twice");
			}
		}
		String harness = values.getOrDefault("harness", "same").toLowerCase(Locale.ROOT);
		if (!harness.equals("same") && !harness.equals("none")) {
			throw bad(name, text, "harness=" + harness + " is neither same nor none");
		}
		return new Projection(whole(name, text, "cores", values), latencyMs(name, text, values),
				whole(name, text, "concurrency", values), harness.equals("same"));
	}

	private static int whole(String name, String text, String key, Map<String, String> values) {
		String value = required(name, text, key, values);
		if (WHOLE.matcher(value).matches() && Integer.parseInt(value) >= 1) {
			return Integer.parseInt(value);
		}
		throw bad(name, text, key + "=" + value + " is not a whole number >= 1");
	}

	private static double latencyMs(String name, String text, Map<String, String> values) {
		String value = required(name, text, "latency", values).toLowerCase(Locale.ROOT);
		Matcher matcher = DURATION.matcher(value);
		if (matcher.matches()) {
			double number = Double.parseDouble(matcher.group(1));
			return matcher.group(2).equals("s") ? number * 1000 : number;
		}
		if (NUMBER.matcher(value).matches()) {
			throw bad(name, text, "latency=" + value + " needs a unit, ms or s (e.g. latency=" + value + "ms)");
		}
		throw bad(name, text, "latency=" + value + " is not a number >= 0 with a unit, ms or s");
	}

	private static String required(String name, String text, String key, Map<String, String> values) {
		String value = values.get(key);
		if (value == null) {
			throw bad(name, text, "missing " + key);
		}
		return value;
	}

	private static BenchConfigException bad(String name, String text, String problem) {
		return new BenchConfigException(name + " must be " + ACCEPTED + " (" + problem + "), got '" + text + "'");
	}

}
