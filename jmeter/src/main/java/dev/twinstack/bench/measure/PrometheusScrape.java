package dev.twinstack.bench.measure;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

import io.prometheus.metrics.expositionformats.PrometheusProtobufWriter;
import io.prometheus.metrics.expositionformats.generated.Metrics;

/**
 * One scrape of an app's {@code /actuator/prometheus} in Prometheus' protobuf exposition
 * format (length-delimited {@code io.prometheus.client.MetricFamily} messages,
 * https://prometheus.io/docs/instrumenting/exposition_formats/), decoded by the classes
 * {@code io.prometheus:prometheus-metrics-exposition-formats} generates from Prometheus'
 * {@code metrics.proto}. Family names are those of the text format without the sample
 * suffixes: a counter's ends in {@code _total}, a Micrometer {@code Timer} is one summary
 * (a histogram with {@code percentiles-histogram}) named {@code …_seconds} holding count
 * and sum, its maximum the gauge {@code …_seconds_max}.
 */
final class PrometheusScrape {

	/**
	 * The media type to ask for: Spring Boot's
	 * {@code PrometheusOutputFormat.CONTENT_TYPE_PROTOBUF} (Boot 3.3+).
	 */
	static final String CONTENT_TYPE = PrometheusProtobufWriter.CONTENT_TYPE;

	/** Accepts every label set. */
	static final Predicate<Map<String, String>> ALL = (labels) -> true;

	private final Map<String, Metrics.MetricFamily> families;

	private PrometheusScrape(Map<String, Metrics.MetricFamily> families) {
		this.families = families;
	}

	/**
	 * Decodes a scrape.
	 * @param in the response body
	 * @return the scrape
	 * @throws IOException when the body is not length-delimited {@code MetricFamily}
	 * messages (protobuf's {@code InvalidProtocolBufferException})
	 */
	static PrometheusScrape read(InputStream in) throws IOException {
		Map<String, Metrics.MetricFamily> families = new HashMap<>();
		for (Metrics.MetricFamily family = Metrics.MetricFamily
			.parseDelimitedFrom(in); family != null; family = Metrics.MetricFamily.parseDelimitedFrom(in)) {
			families.put(family.getName(), family);
		}
		return new PrometheusScrape(families);
	}

	/**
	 * Returns the sum of a counter or gauge over the label sets a test accepts, e.g. the
	 * eden pools of {@code jvm_memory_used_bytes}.
	 * @param family the family, e.g. {@code jvm_gc_memory_allocated_bytes_total}
	 * @param labels which label sets count
	 * @return the sum, {@code NaN} when no label set matches
	 * @throws IllegalArgumentException when the family is a summary or histogram
	 */
	double value(String family, Predicate<Map<String, String>> labels) {
		return sum(family, labels,
				List.of(Metrics.MetricType.COUNTER, Metrics.MetricType.GAUGE, Metrics.MetricType.UNTYPED),
				PrometheusScrape::value);
	}

	/**
	 * Returns the sum of the observation counts of a summary or histogram, e.g. the
	 * requests of {@code http_server_requests_seconds} to one {@code uri}.
	 * @param family the family
	 * @param labels which label sets count
	 * @return the sum, {@code NaN} when no label set matches
	 * @throws IllegalArgumentException when the family is a counter or gauge
	 */
	double count(String family, Predicate<Map<String, String>> labels) {
		return sum(family, labels, List.of(Metrics.MetricType.SUMMARY, Metrics.MetricType.HISTOGRAM),
				(metric) -> metric.hasSummary() ? metric.getSummary().getSampleCount() : histogramCount(metric));
	}

	/**
	 * Returns the sum of the observed values of a summary or histogram, e.g. the seconds
	 * of every GC pause of {@code jvm_gc_pause_seconds}.
	 * @param family the family
	 * @param labels which label sets count
	 * @return the sum, {@code NaN} when no label set matches
	 * @throws IllegalArgumentException when the family is a counter or gauge
	 */
	double total(String family, Predicate<Map<String, String>> labels) {
		return sum(family, labels, List.of(Metrics.MetricType.SUMMARY, Metrics.MetricType.HISTOGRAM),
				(metric) -> metric.hasSummary() ? metric.getSummary().getSampleSum()
						: metric.getHistogram().getSampleSum());
	}

	private double sum(String name, Predicate<Map<String, String>> labels, List<Metrics.MetricType> types,
			ToDoubleFunction<Metrics.Metric> value) {
		Metrics.MetricFamily family = this.families.get(name);
		if (family == null) {
			return Double.NaN;
		}
		if (!types.contains(family.getType())) {
			throw new IllegalArgumentException(
					"metric " + name + " is a " + family.getType() + ", expected one of " + types);
		}
		double sum = 0;
		boolean found = false;
		for (Metrics.Metric metric : family.getMetricList()) {
			if (labels.test(labels(metric))) {
				sum += value.applyAsDouble(metric);
				found = true;
			}
		}
		return found ? sum : Double.NaN;
	}

	private static double value(Metrics.Metric metric) {
		if (metric.hasCounter()) {
			return metric.getCounter().getValue();
		}
		return metric.hasGauge() ? metric.getGauge().getValue() : metric.getUntyped().getValue();
	}

	private static double histogramCount(Metrics.Metric metric) {
		return metric.getHistogram().hasSampleCountFloat() ? metric.getHistogram().getSampleCountFloat()
				: metric.getHistogram().getSampleCount();
	}

	private static Map<String, String> labels(Metrics.Metric metric) {
		Map<String, String> labels = new HashMap<>();
		metric.getLabelList().forEach((label) -> labels.put(label.getName(), label.getValue()));
		return labels;
	}

}
