package dev.twinstack.bench.analysis;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class TrialNoiseTests {

	@Test
	void steadySecondsLeaveOutTheRampUpSecond() {
		SecondsNoise noise = SecondsNoise.of(List.of(300, 1000, 1100, 900, 1000));
		assertThat(noise.seconds()).isEqualTo(4);
		assertThat(noise.mean()).isEqualTo(1000.0);
		// sample sd of 1000, 1100, 900, 1000: √(20000 / 3)
		assertThat(noise.sd()).isCloseTo(Math.sqrt(20000.0 / 3), within(1e-9));
		assertThat(noise.relativeStandardError()).isCloseTo(Math.sqrt(20000.0 / 3) / 1000 / 2, within(1e-12));
		assertThat(SecondsNoise.of(List.of(300, 1000))).as("one steady second").isNull();
	}

	@Test
	void aSpreadWithinTheSecondsNoiseIsNotBeyond() {
		// 10 steady seconds with an sd of 10 % each: a trial's mean moves by 3.2 %, three
		// trials lie 5.4 % apart on average and at most 10.5 % in 95 runs of 100
		List<SecondsNoise> trials = List.of(new SecondsNoise(10, 1000, 100), new SecondsNoise(10, 1000, 100),
				new SecondsNoise(10, 1000, 100));
		TrialNoise noise = TrialNoise.of(trials, 0.06);
		assertThat(noise.standardError()).isCloseTo(0.1 / Math.sqrt(10), within(1e-12));
		assertThat(noise.expectedSpread()).isCloseTo(1.693 * 0.1 / Math.sqrt(10), within(1e-4));
		assertThat(noise.spreadLimit()).isCloseTo(3.314 * 0.1 / Math.sqrt(10), within(1e-3));
		assertThat(noise.beyond()).isFalse();
		assertThat(noise.describe()).isEqualTo("6 % (the seconds' noise: 5 % expected, up to 10 %)");
		assertThat(new Validity(true, false, List.of(), null, null).withSpreadBeyondNoise(noise).warnings()).isEmpty();
	}

	@Test
	void aSpreadBeyondTheSecondsNoiseWarnsWithoutChangingTheVerdict() {
		// quiet seconds (2 %) but trials 18 % apart: something moved between them
		List<SecondsNoise> trials = List.of(new SecondsNoise(5, 880, 17.6), new SecondsNoise(5, 1066, 21.3),
				new SecondsNoise(5, 1020, 20.4));
		TrialNoise noise = TrialNoise.of(trials, 0.18);
		assertThat(noise.beyond()).isTrue();
		Validity validity = new Validity(true, false, List.of(), null, null).withSpreadBeyondNoise(noise);
		assertThat(validity.valid()).isTrue();
		assertThat(validity.warnings()).containsExactly(
				"trials spread 18 %, beyond what the noise of their seconds explains (up to 3 % in 95 runs of 100): "
						+ "something changed between them; compare their JIT, GC and CPU per request");
	}

	@Test
	void needsTwoTrialsWithSteadySeconds() {
		assertThat(TrialNoise.of(List.of(new SecondsNoise(10, 1000, 100)), 0)).isNull();
		List<SecondsNoise> oneTooShort = new java.util.ArrayList<>();
		oneTooShort.add(new SecondsNoise(10, 1000, 100));
		oneTooShort.add(null);
		assertThat(TrialNoise.of(oneTooShort, 0.05)).isNull();
		assertThat(new Validity(true, false, List.of(), null, null).withSpreadBeyondNoise(null).warnings()).isEmpty();
	}

}
