package dev.twinstack.bench.measure;

import java.io.IOException;
import java.util.List;

import dev.twinstack.monitoring.TimeSeries;
import org.junit.jupiter.api.Test;

import static dev.twinstack.bench.measure.GcCostTests.T0;
import static dev.twinstack.bench.measure.PrometheusPages.counter;
import static dev.twinstack.bench.measure.PrometheusPages.scrape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The JIT's compilation over a trial: the delta of Micrometer's
 * {@code jvm.compilation.time} between the trial's first and last reading of the app's
 * Prometheus page, and the share of the trial above which it measured a JIT at work.
 */
class JitCompilationTests {

	@Test
	void readsTheCompilationCounterOfBothAppsRealScrapes() throws IOException {
		for (String app : List.of("mvc", "webflux")) {
			double before = jit(PrometheusPages.fixture(app + "-prometheus-before.pb"));
			double after = jit(PrometheusPages.fixture(app + "-prometheus-after.pb"));
			// jvm_compilation_time_ms_total: seconds of compilation since the start, more
			// after 600 more requests
			assertThat(before).as(app).isGreaterThan(1000);
			assertThat(after).as(app).isGreaterThanOrEqualTo(before);
		}
		assertThat(
				jit(scrape(counter("jvm_compilation_time_ms", 70854, "compiler", "HotSpot 64-Bit Tiered Compilers"))))
			.isEqualTo(70854.0);
		// a JVM without the meter: not known, never 0
		assertThat(jit(scrape(counter("jvm_gc_memory_allocated_bytes", 1)))).isNaN();
	}

	@Test
	void takesTheDeltaBetweenTheTrialsStartAndEndReadings() {
		// 7 s of trial, 6.45 s of compilation in between (two compiler threads)
		JitCompilation jit = JitCompilation.over(series(row(0, 70_000), row(1, 71_000), row(7, 76_450)));

		assertThat(jit).isEqualTo(new JitCompilation(7.0, 6450.0));
		assertThat(jit.percent()).isCloseTo(92.14, within(0.01));
	}

	@Test
	void aFailedReadingIsSkippedAndTheNextCompleteOneCounts() {
		JitCompilation jit = JitCompilation
			.over(series(row(0, Double.NaN), row(1, 500), row(2, Double.NaN), row(5, 560), row(6, Double.NaN)));

		assertThat(jit).isEqualTo(new JitCompilation(4.0, 60.0));
		assertThat(jit.percent()).isCloseTo(1.5, within(1e-9));
	}

	@Test
	void isNotKnownWithoutTwoReadingsOrWhenTheCounterWentBackwards() {
		assertThat(JitCompilation.over(series(row(0, 500), row(1, Double.NaN), row(2, Double.NaN)))).isNull();
		assertThat(JitCompilation.over(series(row(0, Double.NaN), row(1, Double.NaN)))).isNull();
		assertThat(JitCompilation.over(series())).isNull();
		// the app restarted: its counter started again
		assertThat(JitCompilation.over(series(row(0, 90_000), row(5, 3_000)))).isNull();
		// a series without the column (a probe of an older bench)
		assertThat(JitCompilation
			.over(new TimeSeries(List.of("app_cpu"), List.of(new TimeSeries.Row(T0, new double[] { 0.5 }),
					new TimeSeries.Row(T0.plusSeconds(5), new double[] { 0.5 })))))
			.isNull();
	}

	@Test
	void compilingMoreThanTheQuietShareIsAJitAtWork() {
		// 2.0 % of 10 s is quiet, the warm-up's own threshold; just above it is not
		assertThat(new JitCompilation(10, 200).atWork(2)).isFalse();
		assertThat(new JitCompilation(10, 201).atWork(2)).isTrue();
		assertThat(new JitCompilation(10, 0).atWork(2)).isFalse();
	}

	private static double jit(PrometheusScrape page) {
		return PrometheusProbe.values(page, "POST", GcCostTests.URI)[PrometheusProbe.COLUMNS.indexOf("app_jit_ms")];
	}

	private static TimeSeries series(TimeSeries.Row... rows) {
		return new TimeSeries(PrometheusProbe.COLUMNS, List.of(rows));
	}

	private static TimeSeries.Row row(int second, double jitMs) {
		double[] values = new double[PrometheusProbe.COLUMNS.size()];
		java.util.Arrays.fill(values, 1);
		values[PrometheusProbe.COLUMNS.indexOf("app_jit_ms")] = jitMs;
		return new TimeSeries.Row(T0.plusSeconds(second), values);
	}

}
