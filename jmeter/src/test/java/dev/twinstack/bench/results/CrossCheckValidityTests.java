package dev.twinstack.bench.results;

import java.util.List;

import dev.twinstack.bench.analysis.CrossCheck;
import dev.twinstack.bench.load.WrkResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rule "JMeter ÷ wrk outside ±{@value CrossCheck#TOLERANCE_PERCENT} % makes a cell
 * invalid" ({@link CellSummary#withCrossCheck}), at the tolerance's edges.
 */
class CrossCheckValidityTests {

	private static final CellSummary VALID = ResultsFixture.results().matrix().get(0);

	@Test
	void theFixturesCellIsValidBeforeItsCrossCheck() {
		assertThat(VALID.validity().valid()).isTrue();
		assertThat(VALID.crossCheck()).isNull();
	}

	@Test
	void aCrossCheckAtTheToleranceLeavesTheCellValid() {
		// JMeter 10 % above wrk in throughput, 10 % below in p50: both at the edge
		CrossCheck edge = CrossCheck.of(List.of(pair(1100, 360, 1000, 400)));
		assertThat(edge.agrees()).isTrue();
		CellSummary checked = VALID.withCrossCheck(edge);
		assertThat(checked.validity().valid()).isTrue();
		assertThat(checked.validity().reasons()).isEmpty();
		assertThat(checked.crossCheck()).isSameAs(edge);
	}

	@Test
	void aThroughputJustBeyondTheToleranceMakesTheCellInvalid() {
		CrossCheck above = CrossCheck.of(List.of(pair(1101, 400, 1000, 400)));
		CellSummary checked = VALID.withCrossCheck(above);
		assertThat(checked.validity().valid()).isFalse();
		assertThat(checked.validity().label()).isEqualTo("invalid");
		assertThat(checked.validity().reasons())
			.containsExactly("load generator disagrees with wrk by more than 10 %: " + above.describe());
		assertThat(checked.crossCheck()).isSameAs(above);
		// the other way round: JMeter slower than wrk
		assertThat(VALID.withCrossCheck(CrossCheck.of(List.of(pair(899, 400, 1000, 400)))).validity().valid())
			.isFalse();
	}

	@Test
	void aLatencyJustBeyondTheToleranceMakesTheCellInvalid() {
		assertThat(VALID.withCrossCheck(CrossCheck.of(List.of(pair(1000, 441, 1000, 400)))).validity().valid())
			.isFalse();
		assertThat(VALID.withCrossCheck(CrossCheck.of(List.of(pair(1000, 359, 1000, 400)))).validity().valid())
			.isFalse();
	}

	@Test
	void noCrossCheckLeavesTheVerdictAsItWas() {
		CellSummary unchecked = VALID.withCrossCheck(null);
		assertThat(unchecked.validity()).isEqualTo(VALID.validity());
		assertThat(unchecked.crossCheck()).isNull();
	}

	@Test
	void anAgreeingCrossCheckDoesNotMakeAnInvalidCellValid() {
		CellSummary invalid = VALID.withCrossCheck(CrossCheck.of(List.of(pair(1200, 400, 1000, 400))));
		CellSummary again = invalid.withCrossCheck(CrossCheck.of(List.of(pair(1000, 400, 1000, 400))));
		assertThat(again.validity().valid()).isFalse();
	}

	private static CrossCheck.Pair pair(double jmeter, double jmeterP50, double wrk, double wrkP50) {
		return new CrossCheck.Pair(1, jmeter, jmeterP50, new WrkResult((long) (wrk * 6), 0, 0, 6, wrk, wrkP50,
				wrkP50 * 2, wrkP50 * 3, wrkP50 * 4, wrkP50, "wrk"), null);
	}

}
