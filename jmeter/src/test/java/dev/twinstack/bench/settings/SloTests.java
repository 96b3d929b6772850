package dev.twinstack.bench.settings;

import java.nio.file.Path;
import java.util.Map;

import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@code bench.slo}, the capacity search's objective, and the {@code capacity} profile.
 */
class SloTests {

	@TempDir
	Path dir;

	@Test
	void readsEachPercentileAndUnit() {
		assertThat(Slo.parse("p99<=600ms")).isEqualTo(new Slo(99, 600.0, 0));
		assertThat(Slo.parse("p99.9<=1s")).isEqualTo(new Slo(99.9, 1000.0, 0));
		assertThat(Slo.parse("p50<=20ms")).isEqualTo(new Slo(50, 20.0, 0));
		assertThat(Slo.parse("P95 <= 2S")).isEqualTo(new Slo(95, 2000.0, 0));
		assertThat(Slo.parse("p90<=250ms").limitMs(300)).isEqualTo(250);
	}

	@ParameterizedTest
	@ValueSource(strings = { "p98<=600ms", "p99<600ms", "p99<=600", "p99<=0ms", "p99<=-5ms", "p99<=1.5s", "99<=1s",
			"p99<=1m", "p99>=1s", "p99<=600msx", "p<=1s", "latency" })
	void refusesAnythingElseNamingTheForm(String value) {
		assertThat(Slo.parse(value)).as(value).isNull();
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> BenchSettings.from(Map.of("bench.slo", value), FakeJdks.jdk25(this.dir)))
			.withMessage("bench.slo must be " + Slo.FORM + ", got '" + value.trim() + "'");
	}

	@Test
	void derivesTheDefaultFromTheWorkloadsIdealLatency() {
		BenchSettings settings = BenchSettings.from(Map.of("bench.profile", "capacity"), FakeJdks.jdk25(this.dir));
		assertThat(settings.slo()).isEqualTo(Slo.DEFAULT);
		double ideal = settings.downstreamMs(settings.cells().get(0).workload());
		assertThat(ideal).isEqualTo(300);
		assertThat(settings.slo().limitMs(ideal)).isEqualTo(600);
		assertThat(settings.slo().describe(ideal)).isEqualTo("p99 <= 600 ms (2 × ideal 300 ms)");
		// follows bench.latency
		BenchSettings slower = BenchSettings.from(Map.of("bench.profile", "capacity", "bench.latency", "200ms"),
				FakeJdks.jdk25(this.dir));
		assertThat(slower.slo().limitMs(slower.downstreamMs(slower.cells().get(0).workload()))).isEqualTo(1200);
		assertThat(SettingsTable.SLO.defaultFor(BenchProfile.CAPACITY)).contains("600ms");
	}

	@Test
	void capacityRunsTheStandardStacksOpenAndPlacedAsStandard() {
		BenchSettings capacity = BenchSettings.from(Map.of("bench.profile", "capacity"), FakeJdks.jdk25(this.dir));
		BenchSettings standard = BenchSettings.from(Map.of("bench.profile", "standard"), FakeJdks.jdk25(this.dir));
		assertThat(capacity.searchesCapacity()).isTrue();
		assertThat(standard.searchesCapacity()).isFalse();
		assertThat(capacity.stacks()).isEqualTo(standard.stacks()).contains(Stack.values());
		assertThat(capacity.cells()).hasSize(Stack.values().length).allSatisfy((cell) -> {
			assertThat(cell.load()).isEqualTo(LoadModel.OPEN);
			assertThat(cell.rate()).isEqualTo(BenchProfile.CAPACITY_START_RATE);
		});
		assertThat(capacity.cells().stream().map((cell) -> cell.appCpus()).distinct().toList())
			.isEqualTo(standard.cells().stream().map((cell) -> cell.appCpus()).distinct().toList());
		assertThat(SettingsTable.defaultPlacement(BenchProfile.CAPACITY, 2)).containsExactly(new AppCpus(1));
		assertThat(capacity.crossChecksWithWrk()).isFalse();
	}

}
