package dev.twinstack.bench.measure;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

import io.prometheus.metrics.expositionformats.PrometheusProtobufWriter;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import io.prometheus.metrics.model.snapshots.SummarySnapshot.SummaryDataPointSnapshot;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pages in Prometheus' protobuf format for the tests: written by the Prometheus client's
 * own {@link PrometheusProtobufWriter} (the writer Spring Boot's Actuator answers with),
 * or real scrapes of both apps checked in under {@code src/test/resources}.
 */
final class PrometheusPages {

	private PrometheusPages() {
	}

	/**
	 * Writes metrics as Actuator would and reads them back.
	 * @param metrics the families
	 * @return the scrape
	 */
	static PrometheusScrape scrape(MetricSnapshot... metrics) {
		try {
			return PrometheusScrape.read(new ByteArrayInputStream(protobuf(metrics)));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static byte[] protobuf(MetricSnapshot... metrics) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		try {
			new PrometheusProtobufWriter().write(out, MetricSnapshots.of(metrics));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return out.toByteArray();
	}

	/**
	 * Reads a real scrape checked in next to this class.
	 * @param name the file, e.g. {@code mvc-prometheus-after.pb}
	 * @return the scrape
	 */
	static PrometheusScrape fixture(String name) throws IOException {
		try (InputStream in = PrometheusPages.class.getResourceAsStream(name)) {
			assertThat(in).as(name).isNotNull();
			return PrometheusScrape.read(in);
		}
	}

	/** A counter, named without {@code _total} as in the client's model. */
	static MetricSnapshot counter(String name, double value, String... labels) {
		return CounterSnapshot.builder()
			.name(name)
			.dataPoint(CounterDataPointSnapshot.builder().labels(Labels.of(labels)).value(value).build())
			.build();
	}

	/** A gauge with one value per label set: {@code value, labels, value, labels, …}. */
	static MetricSnapshot gauge(String name, Object... valuesAndLabels) {
		GaugeSnapshot.Builder gauge = GaugeSnapshot.builder().name(name);
		for (int i = 0; i < valuesAndLabels.length; i += 2) {
			gauge.dataPoint(GaugeDataPointSnapshot.builder()
				.value(((Number) valuesAndLabels[i]).doubleValue())
				.labels(Labels.of((String[]) valuesAndLabels[i + 1]))
				.build());
		}
		return gauge.build();
	}

	/** A summary (a Micrometer {@code Timer}) with one count and sum per label set. */
	static MetricSnapshot summary(String name, SummaryDataPointSnapshot... points) {
		SummarySnapshot.Builder summary = SummarySnapshot.builder().name(name);
		for (SummaryDataPointSnapshot point : points) {
			summary.dataPoint(point);
		}
		return summary.build();
	}

	static SummaryDataPointSnapshot observed(long count, double sum, String... labels) {
		return SummaryDataPointSnapshot.builder().count(count).sum(sum).labels(Labels.of(labels)).build();
	}

	/**
	 * A classic histogram (a {@code Timer} with {@code percentiles-histogram}) of one
	 * label set.
	 */
	static MetricSnapshot histogram(String name, long fast, long slow, double sum, String... labels) {
		return HistogramSnapshot.builder()
			.name(name)
			.dataPoint(HistogramDataPointSnapshot.builder()
				.classicHistogramBuckets(ClassicHistogramBuckets.of(new double[] { 0.5, Double.POSITIVE_INFINITY },
						new long[] { fast, slow }))
				.sum(sum)
				.labels(Labels.of(labels))
				.build())
			.build();
	}

	static String[] labels(String... labels) {
		return labels;
	}

}
