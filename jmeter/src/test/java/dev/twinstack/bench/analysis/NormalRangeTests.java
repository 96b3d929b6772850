package dev.twinstack.bench.analysis;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class NormalRangeTests {

	@Test
	void meanRangeIsTheTabulatedD2() {
		// Montgomery, Introduction to Statistical Quality Control, appendix VI
		assertThat(NormalRange.mean(2)).isCloseTo(1.128, within(0.001));
		assertThat(NormalRange.mean(3)).isCloseTo(1.693, within(0.001));
		assertThat(NormalRange.mean(4)).isCloseTo(2.059, within(0.001));
		assertThat(NormalRange.mean(10)).isCloseTo(3.078, within(0.001));
		// for two draws it is also exact: 2 / √π
		assertThat(NormalRange.mean(2)).isCloseTo(2 / Math.sqrt(Math.PI), within(1e-6));
	}

	@Test
	void upperFivePercentPointsAreTheTabulatedOnes() {
		// Pearson and Hartley, Biometrika Tables for Statisticians, vol. 1, table 22
		assertThat(NormalRange.quantile(2, 0.95)).isCloseTo(2.77, within(0.01));
		assertThat(NormalRange.quantile(3, 0.95)).isCloseTo(3.31, within(0.01));
		assertThat(NormalRange.quantile(4, 0.95)).isCloseTo(3.63, within(0.01));
		assertThat(NormalRange.cumulative(3, NormalRange.quantile(3, 0.95))).isCloseTo(0.95, within(1e-6));
		assertThat(NormalRange.cumulative(3, 0)).isCloseTo(0, within(1e-9));
	}

	@Test
	void rejectsFewerThanTwoDrawsAndProbabilitiesOutsideTheOpenInterval() {
		assertThatIllegalArgumentException().isThrownBy(() -> NormalRange.mean(1))
			.withMessage("a range needs at least 2 draws, not 1");
		assertThatIllegalArgumentException().isThrownBy(() -> NormalRange.quantile(3, 1))
			.withMessage("p must lie strictly between 0 and 1, not 1.0");
	}

}
