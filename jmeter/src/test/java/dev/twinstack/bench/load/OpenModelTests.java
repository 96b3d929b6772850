package dev.twinstack.bench.load;

import java.util.List;

import dev.twinstack.bench.settings.BenchSettings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OpenModelTests {

	@Test
	void openModelSizesThreadsByLittlesLawWithHeadroom() {
		assertThat(OpenModel.maxThreads(300, 1000)).isEqualTo(470);
		assertThat(OpenModel.maxThreads(900, 300)).isEqualTo(425);
		assertThat(OpenModel.maxThreads(50_000, 1000)).isEqualTo(BenchSettings.MAX_CONCURRENCY);
	}

	@Test
	void openModelJudgesTheRateOnArrivalsInTheHold() {
		// the first second is the ramp-up; the median of the hold's seconds is 290
		assertThat(OpenModel.arrivalRate(List.of(150, 280, 300, 290), 1)).isEqualTo(290.0);
		// JMeter's slow start (seen on mvc-vt slow-io) against a stack that cannot keep
		// up
		// (mvc slow-io, 200 threads × 1 s)
		assertThat(OpenModel.arrivalRate(List.of(1, 66, 187, 332, 305, 300, 300), 1)).isEqualTo(300.0);
		assertThat(OpenModel.arrivalRate(List.of(1, 116, 180, 342, 165, 290, 214), 1)).isEqualTo(180.0);
		assertThat(OpenModel.arrivalRate(List.of(150), 1)).isNull();
		assertThat(OpenModel.rateKept(300, 290.0)).isTrue();
		assertThat(OpenModel.rateKept(300, 284.0)).isFalse();
		assertThat(OpenModel.rateKept(300, null)).isFalse();
	}

}
