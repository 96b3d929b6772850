package dev.twinstack.mocks;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class LatencyTests {

	@Test
	void parsesAPlainDurationAsFixedLatency() {
		assertThat(Latency.parse("100ms")).isEqualTo(new Latency.Fixed(Duration.ofMillis(100)));
		assertThat(Latency.parse("2s")).isEqualTo(new Latency.Fixed(Duration.ofSeconds(2)));
		assertThat(Latency.parse("0ms")).isEqualTo(Latency.NONE);
	}

	@Test
	void parsesEachNamedForm() {
		assertThat(Latency.parse("fixed:100ms")).isEqualTo(Latency.DEFAULT);
		assertThat(Latency.parse("lognormal:100ms:0.1")).isEqualTo(new Latency.LogNormal(Duration.ofMillis(100), 0.1));
		assertThat(Latency.parse("uniform:50ms:150ms"))
			.isEqualTo(new Latency.Uniform(Duration.ofMillis(50), Duration.ofMillis(150)));
		assertThat(Latency.parse(" Uniform:1S:2s "))
			.isEqualTo(new Latency.Uniform(Duration.ofSeconds(1), Duration.ofSeconds(2)));
	}

	@ParameterizedTest
	@ValueSource(strings = { "fixed:250ms", "lognormal:80ms:0.5", "uniform:0ms:30ms" })
	void printsTheFormItParses(String text) {
		assertThat(Latency.parse(text)).hasToString(text);
	}

	@ParameterizedTest
	@ValueSource(strings = { "fast", "", "100", "-5ms", "1.5s", "100 ms", "fixed", "fixed:", "lognormal:100ms",
			"lognormal:100ms:abc", "lognormal:100ms:-1", "lognormal:100ms:11", "lognormal:100ms:1e-1",
			"lognormal:100ms:0.1d", "lognormal:100ms:.5", "lognormal:100ms:nan", "uniform:150ms:50ms", "uniform:50ms",
			"sine:100ms" })
	void rejectsAnythingElseListingTheAcceptedForms(String text) {
		assertThatIllegalArgumentException().isThrownBy(() -> Latency.parse(text))
			.withMessageStartingWith("latency must be one of ")
			.withMessageContaining("fixed:<duration>")
			.withMessageContaining("lognormal:<median>:<sigma>")
			.withMessageContaining("uniform:<min>:<max>")
			.withMessageContaining("got '" + text + "'");
	}

	@Test
	void namesWhatTheTextWasGivenToAndWhyAValueIsWrong() {
		assertThatIllegalArgumentException().isThrownBy(() -> Latency.parse("uniform:150ms:50ms", "--slow-latency"))
			.withMessage("--slow-latency must be one of " + Latency.ACCEPTED_FORMS
					+ ", got 'uniform:150ms:50ms' (max must not be less than min)");
		assertThatIllegalArgumentException().isThrownBy(() -> Latency.parse("lognormal:1s:x", "bench.latency"))
			.withMessageStartingWith("bench.latency must be one of ")
			.withMessageEndingWith("got 'lognormal:1s:x' (sigma must be a decimal number from 0 to 10)");
	}

	@Test
	void acceptsASigmaFromZeroToTen() {
		assertThat(Latency.parse("lognormal:100ms:0")).isEqualTo(new Latency.LogNormal(Duration.ofMillis(100), 0));
		assertThat(Latency.parse("lognormal:100ms:10")).isEqualTo(new Latency.LogNormal(Duration.ofMillis(100), 10));
		assertThat(Latency.parse("lognormal:100ms:0.25"))
			.isEqualTo(new Latency.LogNormal(Duration.ofMillis(100), 0.25));
	}

	@Test
	void theMedianIsTheFixedDelayTheLogNormalMedianOrTheMiddleOfTheRange() {
		assertThat(Latency.parse("250ms").median()).isEqualTo(Duration.ofMillis(250));
		assertThat(Latency.parse("fixed:1s").median()).isEqualTo(Duration.ofSeconds(1));
		assertThat(Latency.parse("lognormal:80ms:0.5").median()).isEqualTo(Duration.ofMillis(80));
		assertThat(Latency.parse("uniform:50ms:150ms").median()).isEqualTo(Duration.ofMillis(100));
		assertThat(Latency.parse("uniform:0ms:1ms").median()).isEqualTo(Duration.ofNanos(500_000));
	}

	@Test
	void rejectsNullWithTheSameMessage() {
		assertThatIllegalArgumentException().isThrownBy(() -> Latency.parse(null))
			.withMessageStartingWith("latency must be one of ");
	}

	@Test
	void rejectsNegativeDelaysWhenBuiltInCode() {
		assertThatIllegalArgumentException().isThrownBy(() -> Latency.fixed(Duration.ofMillis(-1)))
			.withMessageContaining("delay must be from 0 ms");
	}

}
