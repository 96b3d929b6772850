package dev.twinstack.bench.analysis;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The validity thresholds at their edges: each just inside and just outside, from the
 * constants the README quotes.
 */
class ValidityEdgesTests {

	/** A step far below any measurement's resolution, far above rounding. */
	private static final double STEP = 1e-4;

	private static final double HELPER_LIMIT = Validity.HELPER_SHARE_LIMIT_PERCENT / 100.0;

	private static final double DRIFT_LIMIT = Validity.DRIFT_LIMIT_PERCENT / 100.0;

	private static final double MACHINE_LIMIT = Validity.MACHINE_LIMIT_PERCENT / 100.0;

	@Test
	void aLoadGeneratorJustUnderItsShareIsValidAndAtItInvalid() {
		assertThat(Validity.assess(2, null, HELPER_LIMIT - STEP, null, null).valid()).isTrue();
		Validity at = Validity.assess(2, null, HELPER_LIMIT, null, null);
		assertThat(at.valid()).isFalse();
		assertThat(at.reasons()).singleElement().asString().startsWith("load generator saturated: 45 %");
	}

	@Test
	void mockServicesJustUnderTheirShareAreValidAndAtItInvalid() {
		assertThat(Validity.assess(2, null, null, HELPER_LIMIT - STEP, null).valid()).isTrue();
		Validity at = Validity.assess(2, null, null, HELPER_LIMIT, null);
		assertThat(at.valid()).isFalse();
		assertThat(at.reasons()).singleElement().asString().startsWith("mock-services saturated: 45 %");
	}

	@Test
	void stubsExactlyTenPercentSlowAreValidAndJustBeyondInvalid() {
		assertThat(Validity.assess(2, null, null, null, DRIFT_LIMIT).valid()).isTrue();
		// as the probe computes it: 110 ms of a configured 100 ms is 0.10000000000000009
		assertThat(Validity.assess(2, null, null, null, 110.0 / 100 - 1).valid()).as("110 ms of 100 ms").isTrue();
		Validity beyond = Validity.assess(2, null, null, null, DRIFT_LIMIT + STEP);
		assertThat(beyond.valid()).isFalse();
		assertThat(beyond.reasons()).containsExactly("stubs 10.0 % slower than configured (limit 10 %)");
		assertThat(Validity.assess(2, null, null, null, 110.1 / 100 - 1).valid()).as("110.1 ms of 100 ms").isFalse();
	}

	@Test
	void aMachineJustUnderItsMarkIsNotCpuLimitedAndAtItIs() {
		Validity under = Validity.assess(2, MACHINE_LIMIT - STEP, null, null, null);
		assertThat(under.cpuLimited()).isFalse();
		assertThat(under.label()).isEqualTo("valid");
		Validity at = Validity.assess(2, MACHINE_LIMIT, null, null, null);
		assertThat(at.cpuLimited()).isTrue();
		assertThat(at.valid()).as("CPU-limited is still valid").isTrue();
		assertThat(at.label()).isEqualTo("CPU-limited");
	}

}
