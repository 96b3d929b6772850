package dev.twinstack.bench.analysis;

import java.util.List;
import java.util.OptionalInt;

import dev.twinstack.bench.measure.Spread;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

/**
 * The verdict's rules: ranking, ties within the trial spread, wrk's veto.
 */
class WinnersTests {

	@Test
	void separatedTrialRangesMakeAWinByTheMarginOfTheMedians() {
		Winners.Outcome outcome = Winners.decide(List.of(contender("mvc", 300, 290, 310, null),
				contender("webflux", 360, 350, 370, null), contender("mvc-vt", 330, 320, 345, null)));
		assertThat(outcome.call()).isEqualTo(Winners.Call.WIN);
		assertThat(outcome.leader().stack()).isEqualTo("webflux");
		assertThat(outcome.runnerUp().stack()).isEqualTo("mvc-vt");
		assertThat(outcome.margin()).isCloseTo(360.0 / 330 - 1, within(1e-12));
		assertThat(outcome.label()).isEqualTo("webflux +9 %");
		assertThat(outcome.wrkAgrees()).isNull();
	}

	@Test
	void overlappingTrialRangesAreATieHoweverFarApartTheMedians() {
		// medians 20 % apart, but the leader's worst trial is below the runner-up's best
		Winners.Outcome outcome = Winners
			.decide(List.of(contender("mvc", 300, 250, 340, null), contender("webflux", 360, 330, 420, null)));
		assertThat(outcome.call()).isEqualTo(Winners.Call.TIE);
		assertThat(outcome.label()).isEqualTo("tie (webflux, mvc)");
	}

	@Test
	void touchingRangesAreStillATie() {
		Winners.Outcome outcome = Winners
			.decide(List.of(contender("mvc", 300, 280, 330, null), contender("webflux", 360, 330, 380, null)));
		assertThat(outcome.call()).isEqualTo(Winners.Call.TIE);
	}

	@Test
	void withOneTrialAMarginUnderFivePercentIsATie() {
		Winners.Outcome close = Winners
			.decide(List.of(new Winners.Contender("mvc", new Spread(100, 100, 100, 1), null, true),
					new Winners.Contender("webflux", new Spread(104, 104, 104, 1), null, true)));
		assertThat(close.call()).isEqualTo(Winners.Call.TIE);
		Winners.Outcome apart = Winners
			.decide(List.of(new Winners.Contender("mvc", new Spread(100, 100, 100, 1), null, true),
					new Winners.Contender("webflux", new Spread(106, 106, 106, 1), null, true)));
		assertThat(apart.call()).isEqualTo(Winners.Call.WIN);
	}

	@Test
	void wrkRankingTheOtherWayContestsTheClaim() {
		Winners.Outcome outcome = Winners
			.decide(List.of(contender("mvc", 300, 290, 310, 400.0), contender("webflux", 360, 350, 370, 380.0)));
		assertThat(outcome.call()).isEqualTo(Winners.Call.CONTESTED);
		assertThat(outcome.wrkAgrees()).isFalse();
		assertThat(outcome.label()).isEqualTo("contested (webflux +20 %, wrk: mvc)");
	}

	@Test
	void wrkAgreeingLeavesTheWinAndWrkOnOneSideOnlyIsNoEvidence() {
		Winners.Outcome agreed = Winners
			.decide(List.of(contender("mvc", 300, 290, 310, 310.0), contender("webflux", 360, 350, 370, 380.0)));
		assertThat(agreed.call()).isEqualTo(Winners.Call.WIN);
		assertThat(agreed.wrkAgrees()).isTrue();
		Winners.Outcome oneSided = Winners
			.decide(List.of(contender("mvc", 300, 290, 310, 400.0), contender("webflux", 360, 350, 370, null)));
		assertThat(oneSided.call()).isEqualTo(Winners.Call.WIN);
		assertThat(oneSided.wrkAgrees()).isNull();
	}

	@Test
	void aStackAloneIsNotAWin() {
		Winners.Outcome outcome = Winners.decide(List.of(contender("coroutines", 140, 134, 145, null)));
		assertThat(outcome.call()).isEqualTo(Winners.Call.ALONE);
		assertThat(outcome.runnerUp()).isNull();
		assertThat(outcome.label()).isEqualTo("coroutines alone");
		assertThatIllegalArgumentException().isThrownBy(() -> Winners.decide(List.of()));
	}

	@Test
	void whyNamesTheThreadCapBeforeTheCpu() {
		Ceiling capped = Ceiling.of(300, 20.0, 400, 0, OptionalInt.of(200), 700.0, 600);
		Ceiling cpu = Ceiling.of(300, 20.0, 400, 0, OptionalInt.empty(), 800.0, 790);
		assertThat(capped.boundBy()).isEqualTo("threads");
		assertThat(Winners.why("webflux", cpu, 1.0, "mvc", capped, 1.2))
			.isEqualTo("mvc is capped by its 200 worker threads (thread ceiling 625 req/s)");
	}

	@Test
	void whyComparesTheCpuPerRequestOfCpuBoundStacks() {
		Ceiling leader = Ceiling.of(300, 20.0, 400, 0, OptionalInt.empty(), 500.0, 490);
		Ceiling runnerUp = Ceiling.of(300, 20.0, 400, 0, OptionalInt.empty(), 300.0, 295);
		assertThat(Winners.why("webflux", leader, 2.0, "mvc-vt", runnerUp, 3.3))
			.isEqualTo("both CPU-bound: webflux spends 2.00 ms of app CPU per request, mvc-vt 3.30 ms");
	}

	private static Winners.Contender contender(String stack, double median, double min, double max, Double wrk) {
		return new Winners.Contender(stack, new Spread(median, min, max, 3), wrk, true);
	}

}
