package dev.twinstack.bench.measure;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SpreadTests {

	@Test
	void spreadQuotesTheMedianWithMinAndMax() {
		Spread odd = Spread.of(List.of(600.0, 540.0, 660.0));
		assertThat(odd.median()).isEqualTo(600.0);
		assertThat(odd.min()).isEqualTo(540.0);
		assertThat(odd.max()).isEqualTo(660.0);
		assertThat(odd.relativeRange()).isEqualTo(0.2);
		assertThat(Spread.of(List.of(4.0, 1.0, 3.0, 2.0)).median()).isEqualTo(2.5);
		assertThat(Spread.of(List.of(7.0)).trials()).isEqualTo(1);
	}

}
