package dev.twinstack.bench.settings;

import java.nio.file.Path;
import java.util.Map;

import dev.twinstack.bench.model.WhatIf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@code bench.project} fails before the run on anything the report's what-if would
 * refuse, naming the accepted keys.
 */
class ProjectSettingTests {

	@TempDir
	Path dir;

	@ParameterizedTest
	@ValueSource(strings = { "cores=8,latency=50ms,concurrency=2000", " Cores = 8 , latency=0.5s, concurrency=1 ",
			"cores=1,latency=0ms,concurrency=10,harness=none", "concurrency=3,latency=1.5ms,cores=16,harness=SAME" })
	void acceptsWhatTheWhatIfAccepts(String value) {
		assertThatCode(() -> WhatIf.parse(value)).doesNotThrowAnyException();
		assertThatCode(() -> settings(value)).doesNotThrowAnyException();
	}

	@ParameterizedTest
	@ValueSource(strings = { "cores=8", "cores=8,latency=50,concurrency=2000", "cores=0,latency=50ms,concurrency=2",
			"cores=8,latency=50ms,concurrency=2000,memory=4g", "cores=8,latency=50ms,concurrency=-1",
			"cores=8,latency=50ms,concurrency=2000,harness=maybe", "cores=8,cores=4,latency=50ms,concurrency=2000",
			"cores=8;latency=50ms;concurrency=2000", "cores=eight,latency=50ms,concurrency=2000" })
	void refusesWhatTheWhatIfRefusesNamingTheAcceptedKeys(String value) {
		assertThatIllegalArgumentException().isThrownBy(() -> WhatIf.parse(value));
		assertThatExceptionOfType(BenchConfigException.class).isThrownBy(() -> settings(value))
			.withMessageStartingWith("bench.project must be cores=<whole number >= 1>,latency=<number>ms|s")
			.withMessageContaining("concurrency=<whole number >= 1>[,harness=same|none]")
			.withMessageEndingWith("got '" + value + "'");
	}

	@Test
	void isOptional() {
		assertThatCode(() -> BenchSettings.from(Map.of(), FakeJdks.jdk25(this.dir))).doesNotThrowAnyException();
	}

	private BenchSettings settings(String value) {
		return BenchSettings.from(Map.of(BenchSettings.PROJECT, value), FakeJdks.jdk25(this.dir));
	}

}
