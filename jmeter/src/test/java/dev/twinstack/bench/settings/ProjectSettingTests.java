package dev.twinstack.bench.settings;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@code bench.project} is parsed once, with the settings, into a {@link Projection}; a
 * value the what-if cannot use fails before the run, naming the problem and the accepted
 * keys.
 */
class ProjectSettingTests {

	@TempDir
	Path dir;

	@Test
	void parsesCoresLatencyConcurrencyAndHarnessIntoTheSettings() {
		assertThat(settings("cores=8,latency=50ms,concurrency=2000").project())
			.isEqualTo(new Projection(8, 50, 2000, true));
		assertThat(settings(" Cores = 4 , latency=0.25s, concurrency=10, harness=none").project())
			.isEqualTo(new Projection(4, 250, 10, false));
		assertThat(settings("concurrency=3,latency=1.5ms,cores=16,harness=SAME").project())
			.isEqualTo(new Projection(16, 1.5, 3, true));
		assertThat(settings("cores=1,latency=0ms,concurrency=10").project()).isEqualTo(new Projection(1, 0, 10, true));
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|',
			value = { "cores=8,latency=50ms,concurrency=2000,memory=4g | unknown key 'memory'",
					"cores=eight,latency=50ms,concurrency=2000 | cores=eight is not a whole number >= 1",
					"cores=0,latency=50ms,concurrency=2 | cores=0 is not a whole number >= 1",
					"cores=8,latency=50ms,concurrency=-1 | concurrency=-1 is not a whole number >= 1",
					"cores=8,latency=50,concurrency=2000 | latency=50 needs a unit, ms or s (e.g. latency=50ms)",
					"cores=8,latency=fast,concurrency=2000 | latency=fast is not a number >= 0 with a unit",
					"cores=8 | missing latency", "cores=8,latency=50ms | missing concurrency",
					"cores=8,cores=4,latency=50ms,concurrency=1 | cores is given twice",
					"cores 8,latency=50ms | 'cores 8' is not key=value",
					"cores=8;latency=50ms;concurrency=2000 | cores=8;latency=50ms;concurrency=2000 is not a whole",
					"cores=8,latency=50ms,concurrency=1,harness=maybe | harness=maybe is neither same nor none" })
	void refusesNamingTheProblemAndTheAcceptedKeys(String value, String problem) {
		assertThatExceptionOfType(BenchConfigException.class).isThrownBy(() -> settings(value))
			.withMessageStartingWith("bench.project must be cores=<whole number >= 1>,latency=<number>ms|s")
			.withMessageContaining("concurrency=<whole number >= 1>[,harness=same|none]")
			.withMessageContaining(problem)
			.withMessageEndingWith("got '" + value.trim() + "'");
	}

	@Test
	void isOptional() {
		assertThat(BenchSettings.from(Map.of(), FakeJdks.jdk25(this.dir)).project()).isNull();
	}

	private BenchSettings settings(String value) {
		return BenchSettings.from(Map.of(BenchSettings.PROJECT, value), FakeJdks.jdk25(this.dir));
	}

}
