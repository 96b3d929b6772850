package dev.twinstack.bench.measure.jvm;

import java.util.Map;

import dev.twinstack.bench.measure.ServerStats;
import dev.twinstack.monitoring.JfrWindow;
import dev.twinstack.monitoring.SeriesSummary;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JfrCheckTests {

	@Test
	void agreesWhenMicrometerFallsInsideTheSawTooth() {
		JfrCheck check = JfrCheck.of("jfr/mvc.jfr", window(5, 300.0, 80.0, 230.0), server(280, 228));
		assertThat(check.heapAgrees()).isTrue();
		assertThat(check.threadsAgree()).isTrue();
		assertThat(check.note()).isNull();
	}

	@Test
	void disagreesBeyondTheTolerances() {
		assertThat(JfrCheck.of("f", window(5, 300.0, 80.0, 230.0), server(350, 200)).heapAgrees()).isFalse();
		assertThat(JfrCheck.of("f", window(5, 300.0, 80.0, 230.0), server(60, 200)).heapAgrees()).isFalse();
		assertThat(JfrCheck.of("f", window(5, 300.0, 80.0, 230.0), server(200, 200)).threadsAgree()).isFalse();
		assertThat(JfrCheck.of("f", window(5, 300.0, 80.0, 20.0), server(200, 23)).threadsAgree()).isTrue();
		assertThat(JfrCheck.of("f", window(5, 300.0, 80.0, 20.0), server(200, 24)).threadsAgree()).isFalse();
	}

	@Test
	void hasNoHeapVerdictWithoutAGarbageCollection() {
		JfrCheck check = JfrCheck.of("f", window(0, null, null, 30.0), server(100, 30));
		assertThat(check.heapAgrees()).isNull();
		assertThat(check.threadsAgree()).isTrue();
		assertThat(check.note()).isEqualTo("no garbage collection during the cell: JFR has no heap figure");
	}

	private static JfrWindow window(int gcs, Double peakHeap, Double afterGc, Double threads) {
		return new JfrWindow(gcs, peakHeap, afterGc, 30, threads, threads, 0.3, 0.8);
	}

	private static ServerStats server(double heap, double threads) {
		return ServerStats.from(Map.of("app_heap_used_mb", new SeriesSummary(30, heap, heap / 2, heap),
				"app_threads_live", new SeriesSummary(30, threads, threads, threads)), 0);
	}

}
