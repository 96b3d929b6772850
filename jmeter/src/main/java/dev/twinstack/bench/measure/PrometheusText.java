package dev.twinstack.bench.measure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The samples of one scrape of an app's {@code /actuator/prometheus}, in Prometheus' text
 * exposition format 0.0.4 (https://prometheus.io/docs/instrumenting/exposition_formats/):
 * one sample a line, {@code name{label="value",…} value [timestamp]}; {@code #} lines
 * (HELP, TYPE) are comments. Label values may hold {@code {}}, {@code ,} and escaped
 * quotes ({@code uri="/profiles/{customerId}"}), so labels are read quote-aware.
 *
 * @param samples every sample, in page order
 */
public record PrometheusText(List<Sample> samples) {

	/**
	 * One sample.
	 *
	 * @param name the metric name, e.g. {@code jvm_gc_pause_seconds_count}
	 * @param labels its labels
	 * @param value its value ({@code NaN}, {@code +Inf} and {@code -Inf} as Prometheus
	 * writes them)
	 */
	public record Sample(String name, Map<String, String> labels, double value) {
	}

	/**
	 * Parses a scrape.
	 * @param text the page
	 * @return its samples
	 * @throws IllegalArgumentException naming the line that is not a sample
	 */
	public static PrometheusText parse(String text) {
		List<Sample> samples = new ArrayList<>();
		for (String line : text.split("\n")) {
			String trimmed = line.strip();
			if (!trimmed.isEmpty() && !trimmed.startsWith("#")) {
				samples.add(sample(trimmed));
			}
		}
		return new PrometheusText(List.copyOf(samples));
	}

	/**
	 * Returns the sum of a metric over all its label sets, e.g. the GC pauses of every
	 * collector and cause.
	 * @param name the metric name
	 * @return the sum, {@code NaN} when the page has no such metric
	 */
	public double sum(String name) {
		return sum(name, null, null);
	}

	/**
	 * Returns the sum of a metric over the label sets with one label's value.
	 * @param name the metric name
	 * @param label the label, {@code null} for every label set
	 * @param value the label's value
	 * @return the sum, {@code NaN} when no sample matches
	 */
	public double sum(String name, String label, String value) {
		return sum(name, (labels) -> label == null || value.equals(labels.get(label)));
	}

	/**
	 * Returns the sum of a metric over the label sets a test accepts.
	 * @param name the metric name
	 * @param labels which label sets count
	 * @return the sum, {@code NaN} when no sample matches
	 */
	public double sum(String name, Predicate<Map<String, String>> labels) {
		double sum = 0;
		boolean found = false;
		for (Sample sample : this.samples) {
			if (sample.name().equals(name) && labels.test(sample.labels())) {
				sum += sample.value();
				found = true;
			}
		}
		return found ? sum : Double.NaN;
	}

	private static Sample sample(String line) {
		int i = 0;
		while (i < line.length() && line.charAt(i) != '{' && !Character.isWhitespace(line.charAt(i))) {
			i++;
		}
		String name = line.substring(0, i);
		Map<String, String> labels = new LinkedHashMap<>();
		if (i < line.length() && line.charAt(i) == '{') {
			i = labels(line, i + 1, labels);
		}
		String[] rest = line.substring(i).strip().split("\\s+");
		if (name.isEmpty() || rest.length == 0 || rest[0].isEmpty()) {
			throw new IllegalArgumentException("not a Prometheus sample: " + line);
		}
		return new Sample(name, Map.copyOf(labels), value(rest[0], line));
	}

	/** Reads {@code a="x",b="y"} up to the closing brace; returns the index after it. */
	private static int labels(String line, int start, Map<String, String> labels) {
		int i = start;
		while (true) {
			while (i < line.length() && (line.charAt(i) == ',' || Character.isWhitespace(line.charAt(i)))) {
				i++;
			}
			if (i < line.length() && line.charAt(i) == '}') {
				return i + 1;
			}
			int equals = line.indexOf('=', i);
			if (equals < 0 || equals + 1 >= line.length() || line.charAt(equals + 1) != '"') {
				throw new IllegalArgumentException("not a Prometheus sample (labels): " + line);
			}
			String key = line.substring(i, equals).strip();
			StringBuilder value = new StringBuilder();
			int j = equals + 2;
			while (j < line.length() && line.charAt(j) != '"') {
				char c = line.charAt(j);
				if (c == '\\' && j + 1 < line.length()) {
					char next = line.charAt(++j);
					value.append((next == 'n') ? '\n' : next);
				}
				else {
					value.append(c);
				}
				j++;
			}
			if (j >= line.length()) {
				throw new IllegalArgumentException("not a Prometheus sample (unclosed label value): " + line);
			}
			labels.put(key, value.toString());
			i = j + 1;
		}
	}

	private static double value(String text, String line) {
		return switch (text) {
			case "+Inf" -> Double.POSITIVE_INFINITY;
			case "-Inf" -> Double.NEGATIVE_INFINITY;
			case "NaN" -> Double.NaN;
			default -> {
				try {
					yield Double.parseDouble(text);
				}
				catch (NumberFormatException ex) {
					throw new IllegalArgumentException("not a Prometheus sample (value '" + text + "'): " + line);
				}
			}
		};
	}

}
