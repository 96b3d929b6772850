package dev.twinstack.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class BenchSettingsTests {

	@Test
	void defaultsToTheSmokeProfile() {
		BenchSettings settings = BenchSettings.from(Map.of());
		assertThat(settings.profile()).isEqualTo("smoke");
		assertThat(settings.stacks()).containsExactly(Stack.MVC, Stack.WEBFLUX);
		assertThat(settings.fanouts()).containsExactly(Fanout.SEQUENTIAL);
		assertThat(settings.concurrency()).containsExactly(10);
		assertThat(settings.duration()).isEqualTo(Duration.ofSeconds(5));
		assertThat(settings.warmup()).isEqualTo(Duration.ofSeconds(5));
		assertThat(settings.latency()).isEqualTo("100ms");
		assertThat(settings.fixedLatency()).contains(Duration.ofMillis(100));
		assertThat(settings.appJvmArgs()).containsExactly("-Xms512m", "-Xmx512m");
		assertThat(settings.mocksJvmArgs()).containsExactly("-Xmx2g");
		assertThat(settings.cellCount()).isEqualTo(2);
	}

	@Test
	void standardProfileRunsTheFullMatrix() {
		BenchSettings settings = BenchSettings.from(Map.of("bench.profile", "standard"));
		assertThat(settings.stacks()).containsExactly(Stack.MVC, Stack.WEBFLUX);
		assertThat(settings.fanouts()).containsExactly(Fanout.SEQUENTIAL, Fanout.PARALLEL);
		assertThat(settings.concurrency()).containsExactly(10, 100, 400);
		assertThat(settings.duration()).isEqualTo(Duration.ofSeconds(30));
		assertThat(settings.warmup()).isEqualTo(Duration.ofSeconds(20));
		assertThat(settings.cellCount()).isEqualTo(12);
	}

	@Test
	void propertiesOverrideTheProfile() {
		Map<String, String> properties = new HashMap<>();
		properties.put("bench.profile", "standard");
		properties.put("bench.stacks", "webflux");
		properties.put("bench.fanouts", "parallel, sequential");
		properties.put("bench.concurrency", "400,50,50");
		properties.put("bench.duration", "2m");
		properties.put("bench.warmup", "0s");
		properties.put("bench.latency", "lognormal:100ms:0.2");
		properties.put("bench.appJvmArgs", " -Xmx1g  -XX:+UseZGC ");
		properties.put("bench.outputDir", "/tmp/bench-out");
		properties.put("bench.mvcJar", "/opt/mvc.jar");
		BenchSettings settings = BenchSettings.from(properties);
		assertThat(settings.stacks()).containsExactly(Stack.WEBFLUX);
		assertThat(settings.fanouts()).containsExactly(Fanout.PARALLEL, Fanout.SEQUENTIAL);
		assertThat(settings.concurrency()).containsExactly(50, 400);
		assertThat(settings.duration()).isEqualTo(Duration.ofMinutes(2));
		assertThat(settings.warmup()).isZero();
		assertThat(settings.latency()).isEqualTo("lognormal:100ms:0.2");
		assertThat(settings.fixedLatency()).isEmpty();
		assertThat(settings.appJvmArgs()).containsExactly("-Xmx1g", "-XX:+UseZGC");
		assertThat(settings.outputDir()).isEqualTo(Path.of("/tmp/bench-out"));
		assertThat(settings.jars().mvc()).isEqualTo(Path.of("/opt/mvc.jar"));
		assertThat(settings.jars().app(Stack.MVC)).isEqualTo(Path.of("/opt/mvc.jar"));
	}

	@Test
	void readsFixedLatencies() {
		assertThat(BenchSettings.from(Map.of("bench.latency", "fixed:250ms")).fixedLatency())
			.contains(Duration.ofMillis(250));
		assertThat(BenchSettings.from(Map.of("bench.latency", "1s")).fixedLatency()).contains(Duration.ofSeconds(1));
		assertThat(BenchSettings.from(Map.of("bench.latency", "uniform:50ms:150ms")).fixedLatency()).isEmpty();
	}

	@Test
	void blankPropertiesMeanDefaults() {
		BenchSettings settings = BenchSettings.from(Map.of("bench.profile", " ", "bench.stacks", ""));
		assertThat(settings.profile()).isEqualTo("smoke");
		assertThat(settings.stacks()).containsExactly(Stack.MVC, Stack.WEBFLUX);
	}

	@Test
	void rejectsUnknownProfile() {
		assertRejected("bench.profile", "heavy", "bench.profile must be one of [smoke, standard], got 'heavy'");
	}

	@Test
	void rejectsUnknownStack() {
		assertRejected("bench.stacks", "mvc,quarkus",
				"bench.stacks must be a comma-separated subset of [mvc, webflux], got 'mvc,quarkus'");
	}

	@Test
	void rejectsUnknownFanout() {
		assertRejected("bench.fanouts", "sideways",
				"bench.fanouts must be a comma-separated subset of [sequential, parallel], got 'sideways'");
	}

	@Test
	void rejectsBadConcurrency() {
		String accepted = "bench.concurrency must be a comma-separated list of whole numbers from 1 to 5000, "
				+ "e.g. 10,100,400, got '";
		for (String bad : List.of("0", "5001", "10,,100", "ten", "-5", "1.5")) {
			assertRejected("bench.concurrency", bad, accepted + bad + "'");
		}
	}

	@Test
	void rejectsBadDurations() {
		for (String bad : List.of("30", "0s", "1h", "61m", "1.5m", "30 s")) {
			assertRejected("bench.duration", bad, "bench.duration must be a whole number of seconds or minutes "
					+ "from 1s to 60m, e.g. 30s or 2m, got '" + bad + "'");
		}
		assertRejected("bench.warmup", "soon", "bench.warmup must be a whole number of seconds or minutes "
				+ "from 0s to 60m, e.g. 30s or 2m, got 'soon'");
	}

	@Test
	void rejectsBadLatency() {
		for (String bad : List.of("100", "fast", "lognormal:100ms", "uniform:50ms", "fixed:abc")) {
			assertThatExceptionOfType(BenchConfigException.class)
				.isThrownBy(() -> BenchSettings.from(Map.of("bench.latency", bad)))
				.withMessageStartingWith("bench.latency must be one of <duration> (e.g. 100ms), fixed:<duration>")
				.withMessageEndingWith(", got '" + bad + "'");
		}
	}

	@Test
	void errorMessageIsTheWholeStory() {
		BenchConfigException ex = new BenchConfigException("bench.x must be y, got 'z'");
		assertThat(ex.getStackTrace()).isEmpty();
		assertThat(ex.getCause()).isNull();
	}

	private static void assertRejected(String property, String value, String message) {
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> BenchSettings.from(Map.of(property, value)))
			.withMessage(message);
	}

}
