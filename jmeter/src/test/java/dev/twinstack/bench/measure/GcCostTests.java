package dev.twinstack.bench.measure;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.twinstack.monitoring.TimeSeries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * GC pauses and allocation as deltas over a window, from real scrapes of both apps'
 * {@code /actuator/prometheus} in Prometheus' protobuf format
 * ({@code src/test/resources/.../measure/*-prometheus-*.pb}, as Actuator answered
 * {@code Accept: application/vnd.google.protobuf; proto=io.prometheus.client.MetricFamily;
 * encoding=delimited}): each app (JDK 25, {@code -Xmx256m}, 2026-11-24) started alone
 * with mock-services ({@code --latency 100ms --mongo-storage memory}), 20 composite
 * requests one at a time, the {@code -before} scrape, 600 more from 10 clients, the
 * {@code -after} scrape.
 */
class GcCostTests {

	static final String URI = "/profiles/{customerId}";

	static final Instant T0 = Instant.parse("2026-11-24T08:00:00Z");

	@ParameterizedTest
	@CsvSource({ "mvc, 3", "webflux, 5" })
	void takesTheDeltasBetweenTwoRealScrapesNotTheTotals(String app, long pauses) throws IOException {
		PrometheusScrape before = PrometheusPages.fixture(app + "-prometheus-before.pb");
		PrometheusScrape after = PrometheusPages.fixture(app + "-prometheus-after.pb");
		TimeSeries window = series(row(0, before), failed(1), row(6, after));

		GcCost gc = GcCost.over(window);

		assertThat(gc.seconds()).isEqualTo(6.0);
		assertThat(gc.requests()).isEqualTo(600);
		// both apps had collected at the first scrape already (mvc-app once, webflux-app
		// three times) and collected again in between: 4 and 8 pauses at the second
		assertThat(gc.gcPauses()).isEqualTo(pauses)
			.isLessThan((long) after.count("jvm_gc_pause_seconds", PrometheusScrape.ALL));
		assertThat(gc.gcPauseMs()).isCloseTo(
				(after.total("jvm_gc_pause_seconds", PrometheusScrape.ALL) - pauseSeconds(before)) * 1000,
				within(1e-6));
		// the allocation counter alone moves at collections only; with the eden in use
		// the
		// count is continuous, and smaller than the counter's total since the start
		double allocated = allocated(after) - allocated(before);
		assertThat(gc.allocatedMb()).isCloseTo(allocated / (1024 * 1024), within(1e-9))
			.isLessThan(after.value("jvm_gc_memory_allocated_bytes_total", PrometheusScrape.ALL) / (1024 * 1024) + 1);
		assertThat(gc.allocatedBytesPerRequest()).isCloseTo(allocated / 600, within(1e-6));
		// a composite request (three downstream calls, one insert, JSON in and out)
		// allocates tens to hundreds of KB, not bytes or megabytes
		assertThat(gc.allocatedBytesPerRequest()).isBetween(5e3, 5e6);
	}

	@Test
	void usesTheFirstAndLastCompleteReadingsOfTheWindow() {
		TimeSeries window = series(failed(0), values(1, 1_000_000, 3, 0.010, 100), values(2, 3_000_000, 4, 0.012, 150),
				values(3, 5_000_000, 5, 0.020, 200), failed(4));

		GcCost gc = GcCost.over(window);

		assertThat(gc).isEqualTo(new GcCost(2.0, 100, 2, 10.0, 4_000_000 / (1024.0 * 1024)));
		assertThat(gc.allocatedBytesPerRequest()).isCloseTo(40_000, within(1e-6));
	}

	@Test
	void hasNoFiguresWithoutTwoReadingsOrWhenACounterWentBackwards() {
		assertThat(GcCost.over(series(values(0, 1, 0, 0, 0), failed(1)))).isNull();
		assertThat(GcCost.over(series(values(0, 9_000_000, 30, 0.5, 900), values(1, 1_000_000, 1, 0.001, 10))))
			.isNull();
		assertThat(GcCost.over(new TimeSeries(List.of("app_cpu"), List.of()))).isNull();
		assertThat(new GcCost(5, 0, 0, 0, 0).allocatedBytesPerRequest()).isNull();
	}

	@Test
	void theCellsFiguresAreTheMediansOfItsTrials() {
		GcCost median = GcCost.median(java.util.Arrays.asList(new GcCost(5, 1000, 4, 40, 100), null,
				new GcCost(5, 1200, 6, 20, 140), new GcCost(5, 1100, 5, 30, 90)));

		assertThat(median).isEqualTo(new GcCost(5, 1100, 5, 30, 100));
		assertThat(GcCost.median(java.util.Collections.singletonList(null))).isNull();
	}

	static double pauseSeconds(PrometheusScrape page) {
		double value = page.total("jvm_gc_pause_seconds", PrometheusScrape.ALL);
		return Double.isNaN(value) ? 0 : value;
	}

	static double allocated(PrometheusScrape page) {
		return page.value("jvm_gc_memory_allocated_bytes_total", PrometheusScrape.ALL)
				+ page.value("jvm_memory_used_bytes",
						(labels) -> labels.getOrDefault("id", "").toLowerCase(java.util.Locale.ROOT).contains("eden"));
	}

	static TimeSeries series(TimeSeries.Row... rows) {
		return new TimeSeries(PrometheusProbe.COLUMNS, List.of(rows));
	}

	static TimeSeries.Row row(int second, PrometheusScrape page) {
		return new TimeSeries.Row(T0.plusSeconds(second), PrometheusProbe.values(page, "POST", URI));
	}

	static TimeSeries.Row failed(int second) {
		double[] values = new double[PrometheusProbe.COLUMNS.size()];
		java.util.Arrays.fill(values, Double.NaN);
		return new TimeSeries.Row(T0.plusSeconds(second), values);
	}

	static TimeSeries.Row values(int second, double allocated, double pauses, double pauseSeconds, double served) {
		List<Double> values = new ArrayList<>(List.of(allocated, pauses, pauseSeconds, served));
		while (values.size() < PrometheusProbe.COLUMNS.size()) {
			values.add(Double.NaN);
		}
		return new TimeSeries.Row(T0.plusSeconds(second), values.stream().mapToDouble(Double::doubleValue).toArray());
	}

}
