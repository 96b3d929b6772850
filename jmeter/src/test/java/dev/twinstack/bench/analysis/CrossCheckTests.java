package dev.twinstack.bench.analysis;

import java.util.List;

import dev.twinstack.bench.load.WrkResult;
import dev.twinstack.bench.measure.storage.Storage;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class CrossCheckTests {

	@Test
	void oneSlowMomentMovesOnePairNotTheCell() {
		// the machine slowed during the last wrk run: one wrk run after the trials would
		// have read 1000 ÷ 700 = 1.43 and flagged the cell
		CrossCheck check = CrossCheck
			.of(List.of(pair(1, 1000, 400, 1000, 400), pair(2, 1000, 400, 990, 404), pair(3, 980, 410, 700, 560)));
		assertThat(check.throughputRatio()).isCloseTo(1000.0 / 990, within(1e-9));
		assertThat(check.throughputRatios().min()).isCloseTo(1.0, within(1e-9));
		assertThat(check.throughputRatios().max()).isCloseTo(1.4, within(1e-9));
		assertThat(check.p50Ratio()).isCloseTo(400.0 / 404, within(1e-9));
		assertThat(check.agrees()).isTrue();
		// the wrk run quoted is the one of median throughput
		assertThat(check.wrk().throughput()).isEqualTo(990.0);
		assertThat(check.describe()).isEqualTo("JMeter ÷ wrk over 3 trials, each with the wrk run after it: "
				+ "throughput 1.01 (1.00–1.40), p50 0.99 (0.73–1.00) (wrk 990.0 req/s, p50 404 ms)");
	}

	@Test
	void aGapInMostPairsIsFlagged() {
		CrossCheck check = CrossCheck
			.of(List.of(pair(1, 1150, 400, 1000, 400), pair(2, 1200, 400, 1000, 400), pair(3, 1050, 400, 1000, 400)));
		assertThat(check.throughputRatio()).isCloseTo(1.15, within(1e-9));
		assertThat(check.agrees()).isFalse();
	}

	@Test
	void aLatencyGapAloneIsFlagged() {
		CrossCheck check = CrossCheck.of(List.of(pair(1, 1000, 450, 1000, 400), pair(2, 1000, 460, 1000, 400)));
		assertThat(check.throughputRatio()).isEqualTo(1.0);
		// two pairs: the mean of the two
		assertThat(check.p50Ratio()).isCloseTo(1.1375, within(1e-9));
		assertThat(check.agrees()).isFalse();
	}

	@Test
	void tenPercentIsStillWithin() {
		assertThat(CrossCheck.of(List.of(pair(1, 1100, 360, 1000, 400))).agrees()).isTrue();
		assertThat(CrossCheck.of(List.of(pair(1, 1101, 400, 1000, 400))).agrees()).isFalse();
	}

	@Test
	void storageAddsUpOverTheRuns() {
		CrossCheck check = CrossCheck
			.of(List.of(new CrossCheck.Pair(1, 1000, 400, run(1000, 400), new Storage(6000, 6100, 0)),
					new CrossCheck.Pair(2, 1000, 400, run(1000, 400), new Storage(5900, 5900, 1))));
		assertThat(check.storage()).isEqualTo(new Storage(11900, 12000, 1));
		assertThat(check.storage().verified()).isFalse();
	}

	@Test
	void readsResultsWrittenBeforeThePairs() {
		CrossCheck older = new CrossCheck(run(1180.2, 326), 0.84, 1.11, false, null, null);
		assertThat(older.pairs()).isEmpty();
		assertThat(older.throughputRatios().median()).isEqualTo(0.84);
		assertThat(older.describe())
			.isEqualTo("JMeter ÷ wrk: throughput 0.84, p50 1.11 (wrk 1180.2 req/s, p50 326 ms)");
	}

	@Test
	void noPairIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> CrossCheck.of(List.of()))
			.withMessage("no wrk run to compare with");
	}

	private static CrossCheck.Pair pair(int trial, double jmeter, double jmeterP50, double wrk, double wrkP50) {
		return new CrossCheck.Pair(trial, jmeter, jmeterP50, run(wrk, wrkP50), null);
	}

	private static WrkResult run(double throughput, double p50Ms) {
		return new WrkResult((long) (throughput * 6), 0, 0, 6, throughput, p50Ms, p50Ms * 2, p50Ms * 3, p50Ms * 4,
				p50Ms, "wrk");
	}

}
