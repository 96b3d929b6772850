package dev.twinstack.bench.analysis;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.monitoring.TimeSeries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

/**
 * Little's law as a check: the arithmetic at its 10 % edges, the window it is read over,
 * and the open cells it flags with where the difference lies.
 */
class LittlesLawTests {

	private static final Instant T0 = Instant.parse("2026-11-27T23:00:00Z");

	private static final Cell OPEN_MVC = new Cell(Stack.MVC, Workload.COMPOSITE_SEQUENTIAL, LoadModel.OPEN, 0, 300,
			Heap.DEFAULT);

	private static final Cell OPEN_WEBFLUX = new Cell(Stack.WEBFLUX, Workload.COMPOSITE_SEQUENTIAL, LoadModel.OPEN, 0,
			300, Heap.DEFAULT);

	private static final Cell CLOSED_MVC = Cell.closed(Stack.MVC, Workload.COMPOSITE_SEQUENTIAL, 400, Heap.DEFAULT);

	@TempDir
	Path dir;

	@Test
	void agreesUpToTenPercentEitherWayOfLambdaTimesR() {
		// λ·R = 100 req/s × 500 ms = 50 in flight
		assertThat(inFlight(50).clientInFlight()).isEqualTo(50.0);
		assertThat(inFlight(55).agrees()).isTrue();
		assertThat(inFlight(45).agrees()).isTrue();
		assertThat(inFlight(55.01).agrees()).isFalse();
		assertThat(inFlight(44.99).agrees()).isFalse();
		assertThat(inFlight(55.01).deviation()).isCloseTo(0.1002, within(1e-9));
		// nothing in flight at the load generator: nothing to judge
		assertThat(new LittlesLaw(30, 0, 0, 3, null, null, null).deviation()).isNull();
		assertThat(new LittlesLaw(30, 0, 0, 3, null, null, null).agrees()).isTrue();
	}

	@Test
	void flagsAnOpenCellJustOutsideTheToleranceOnly() {
		assertThat(inFlight(55).warning(OPEN_MVC)).isNull();
		assertThat(inFlight(45).warning(OPEN_MVC)).isNull();
		assertThat(inFlight(55.01).warning(OPEN_WEBFLUX)).startsWith("Little's law (N = λ·R) misses by +10 %");
		assertThat(inFlight(44.99).warning(OPEN_MVC)).startsWith("Little's law (N = λ·R) misses by -10 %");
	}

	@Test
	void saysWhereTheRequestsWaitedWhenTheAppSawFewer() {
		LittlesLaw queued = new LittlesLaw(30, 300, 650, 150, 148.5, null, null);

		assertThat(queued.warning(OPEN_MVC)).isEqualTo("Little's law (N = λ·R) misses by -23 % (tolerance 10 %): "
				+ "150.0 in flight at the app (148.5 from its served time) against λ·R = 300.0 req/s × 650 ms = "
				+ "195.0 at the load generator: queued before the app, in Tomcat's accept queue "
				+ "(server.tomcat.accept-count) and the wait for one of its server.tomcat.threads.max workers, "
				+ "before the app's observation of the request starts, or in the load generator's own sending; "
				+ "its latency holds that wait, the app's gauges do not");
		assertThat(queued.warning(OPEN_WEBFLUX)).contains(
				"queued before the app, in the server socket's accept " + "backlog and Reactor Netty's event loops");
		assertThat(new LittlesLaw(30, 300, 650, 240, null, null, null).warning(OPEN_WEBFLUX)).contains(
				"misses by +23 %", "240.0 in flight at the app against λ·R",
				"the app held more than the load generator counted");
	}

	@Test
	void aClosedCellIsCheckedButNotFlagged() {
		// 400 threads, 380 at the app: the rest wait in the harness between samples
		LittlesLaw closed = new LittlesLaw(30, 600, 660, 300, 301.0, null, null);
		assertThat(closed.agrees()).isFalse();
		assertThat(closed.warning(CLOSED_MVC)).isNull();
		assertThat(closed.describe()).isEqualTo("300.0 in flight at the app (301.0 from its served time) against "
				+ "λ·R = 600.0 req/s × 660 ms = 396.0 at the load generator");
	}

	@Test
	void readsTheWindowFromTheEndOfTheRampUpToTheLastStart() {
		Instant from = T0.plusSeconds(2);
		List<LittlesLaw.Sample> samples = new ArrayList<>();
		// the ramp-up: fast, not counted
		for (int i = 0; i < 20; i++) {
			samples.add(sample(T0.plusMillis(i * 100), 10));
		}
		// 10 s of 100 req/s at 400 ms (λ·R = 40), the first start at the window's start
		for (int i = 0; i < 1000; i++) {
			samples.add(sample(from.plusMillis(i * 10), (i % 2 == 0) ? 300 : 500));
		}
		// the readings: the ramp's low ones, 40 ± 2 in the window, then the drain's
		List<TimeSeries.Row> rows = new ArrayList<>();
		rows.add(row(T0.plusMillis(1000), 5, 1.0));
		for (int s = 0; s <= 9; s++) {
			rows.add(row(from.plusMillis(s * 1000 + 500), 40 + ((s % 2 == 0) ? 2 : -2), 10.0 + 39 * s));
		}
		rows.add(row(from.plusMillis(10_500), 8, 400.0));
		rows.add(row(from.plusMillis(11_500), 0, 410.0));

		LittlesLaw check = LittlesLaw.of(series(rows), samples, from);

		assertThat(check.seconds()).isCloseTo(9.99, within(1e-9));
		assertThat(check.rate()).isCloseTo(1000 / 9.99, within(1e-9));
		assertThat(check.meanLatencyMs()).isEqualTo(400.0);
		assertThat(check.appInFlight()).isEqualTo(40.0);
		// 39 s of served time a second
		assertThat(check.servedInFlight()).isCloseTo(39.0, within(1e-9));
		assertThat(check.clientInFlight()).isCloseTo(40.04, within(0.01));
		assertThat(check.agrees()).isTrue();
		// one send every 10 ms: 2 in every 20 ms window, no burst at all
		assertThat(check.sendDispersion()).isEqualTo(0.0);
	}

	@Test
	void theSendsDispersionIsOneForRandomArrivalsAndGrowsWithBursts() {
		// a Poisson stream of 500 req/s for 60 s: exponential gaps, seeded
		java.util.Random random = new java.util.Random(42);
		long[] poisson = new long[30_000];
		double at = 0;
		for (int i = 0; i < poisson.length; i++) {
			at += -Math.log(1 - random.nextDouble()) * 2;
			poisson[i] = (long) at;
		}
		assertThat(LittlesLaw.dispersion(poisson, 0, 60_000, 20)).isCloseTo(1.0, within(0.1));
		// the same 500 req/s sent 25 at once every 50 ms: windows of 25 and of 0
		long[] bursts = new long[30_000];
		for (int i = 0; i < bursts.length; i++) {
			bursts[i] = (i / 25) * 50L;
		}
		// counts 25, 0, 0 and 25, 0 repeating: mean 10, variance 150
		assertThat(LittlesLaw.dispersion(bursts, 0, 60_000, 20)).isCloseTo(15.0, within(0.5));
		// events outside the span do not count: one event in 50 windows, mean 0.02,
		// variance 0.0196; too short a span says nothing
		assertThat(LittlesLaw.dispersion(new long[] { -5, 0, 1_000_000 }, 0, 1_000, 20)).isCloseTo(0.98, within(1e-9));
		assertThat(LittlesLaw.dispersion(poisson, 0, 980, 20)).isNull();
		assertThat(LittlesLaw.dispersion(new long[0], 0, 60_000, 20)).isNull();
		assertThatIllegalArgumentException().isThrownBy(() -> LittlesLaw.dispersion(poisson, 0, 60_000, 0))
			.withMessageContaining("window is 0 ms");
	}

	@Test
	void needsThreeReadingsOfTheGaugeInTheWindow() {
		Instant from = T0.plusSeconds(2);
		List<LittlesLaw.Sample> samples = List.of(sample(from, 400), sample(from.plusSeconds(5), 400));
		List<TimeSeries.Row> rows = new ArrayList<>(List.of(row(from.plusSeconds(1), 40, 1.0),
				row(from.plusSeconds(2), Double.NaN, 2.0), row(from.plusSeconds(3), 40, 3.0)));

		assertThat(LittlesLaw.of(series(rows), samples, from)).isNull();
		rows.add(row(from.plusSeconds(4), 40, 4.0));
		assertThat(LittlesLaw.of(series(rows), samples, from)).isNotNull();
		// an app whose page has no in-flight gauge, a window without requests
		assertThat(LittlesLaw.of(new TimeSeries(List.of("app_cpu"), List.of()), samples, from)).isNull();
		assertThat(LittlesLaw.of(series(rows), List.of(sample(T0, 400)), from)).isNull();
	}

	@Test
	void readsTheRequestsFromTheJtl() throws Exception {
		Path jtl = this.dir.resolve("samples.jtl");
		long t = T0.toEpochMilli();
		Files.writeString(jtl, "timeStamp,elapsed,label,responseCode,success\n" + (t - 1000) + ",5,a,201,true\n" + t
				+ ",300,a,201,true\n" + (t + 1000) + ",500,a,201,true\n" + (t + 4000) + ",400,a,504,false\n");
		List<TimeSeries.Row> rows = List.of(row(T0.plusSeconds(1), 1, 0.0), row(T0.plusSeconds(2), 0, 0.3),
				row(T0.plusSeconds(3), 1, 0.8));

		LittlesLaw check = LittlesLaw.read(series(rows), jtl, T0);

		assertThat(check.rate()).isEqualTo(3 / 4.0);
		assertThat(check.meanLatencyMs()).isEqualTo(400.0);
		assertThat(check.appInFlight()).isCloseTo(2 / 3.0, within(1e-12));
		assertThat(LittlesLaw.read(new TimeSeries(List.of("app_cpu"), List.of()), jtl, T0)).isNull();
	}

	@Test
	void aCellTakesTheMedianOfEachFigure() {
		LittlesLaw cell = LittlesLaw.median(Arrays.asList(new LittlesLaw(30, 300, 600, 170, 171.0, null, null), null,
				new LittlesLaw(31, 310, 650, 190, null, null, null),
				new LittlesLaw(29, 290, 640, 180, 179.0, null, null)));

		assertThat(cell).isEqualTo(new LittlesLaw(30, 300, 640, 180, 175.0, null, null));
		assertThat(LittlesLaw.median(Arrays.asList(null, null))).isNull();
	}

	private static LittlesLaw inFlight(double app) {
		return new LittlesLaw(30, 100, 500, app, null, null, null);
	}

	private static LittlesLaw.Sample sample(Instant start, long elapsedMs) {
		return new LittlesLaw.Sample(start.toEpochMilli(), elapsedMs);
	}

	private static TimeSeries.Row row(Instant time, double inFlight, double servedSeconds) {
		return new TimeSeries.Row(time, new double[] { 0.5, inFlight, servedSeconds });
	}

	private static TimeSeries series(List<TimeSeries.Row> rows) {
		return new TimeSeries(List.of("app_cpu", "app_in_flight", "app_served_seconds"), rows);
	}

}
