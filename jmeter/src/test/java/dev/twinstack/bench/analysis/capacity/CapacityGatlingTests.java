package dev.twinstack.bench.analysis.capacity;

import java.util.List;

import dev.twinstack.bench.measure.storage.Storage;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The independent open-model check of a capacity: which rungs Gatling runs, and how the
 * check reads in the capacity line.
 */
class CapacityGatlingTests {

	private static final String OBJECTIVE = "p99 <= 600 ms";

	@Test
	void checksTheCapacityAndThePassingRungNearestItsHalf() {
		// 150, 225, 338, 506 pass, 759 and 620 fail, 560 passes: P = 560, P / 2 = 280,
		// 225 is 55 away, 338 58
		Capacity capacity = capacity(560, pass(150), pass(225), pass(338), pass(506), fail(759), fail(620), pass(560));
		assertThat(capacity.checkedRates()).containsExactly(225, 560);
		// a failing rung nearer the half is not checked
		assertThat(capacity(506, pass(150), fail(250), pass(506)).checkedRates()).containsExactly(150, 506);
	}

	@Test
	void takesTheLowerOfTwoRungsAsNearTheHalf() {
		assertThat(capacity(400, pass(150), pass(250), pass(400)).checkedRates()).containsExactly(150, 400);
	}

	@Test
	void checksOnlyTheCapacityWhenNoOtherRungPassed() {
		assertThat(capacity(150, pass(150), fail(225)).checkedRates()).containsExactly(150);
	}

	@Test
	void checksNothingWithoutACapacity() {
		assertThat(capacity(null, fail(150)).checkedRates()).isEmpty();
	}

	@Test
	void saysGatlingAgreesAtEachCheckedRate() {
		Capacity.Gatling check = new Capacity.Gatling(
				List.of(new Capacity.Check(255, 310, 420, 300, 400), new Capacity.Check(510, 330, 560, 320, 590)),
				new Storage(9_000, 9_000), null);
		assertThat(check.line()).isEqualTo("Gatling agrees within ±10 % at 255 and 510 req/s");
		assertThat(check.agrees()).isTrue();
	}

	@Test
	void namesAFlaggedRungWithBothFigures() {
		// p99 580 over 450: 1.29, beyond ±10 %
		Capacity.Gatling check = new Capacity.Gatling(
				List.of(new Capacity.Check(255, 310, 420, 300, 400), new Capacity.Check(510, 320, 580, 300, 450)), null,
				null);
		assertThat(check.line())
			.isEqualTo("510 req/s: bench p50 320 ms, p99 580 ms; Gatling p50 300 ms, p99 450 ms — outside ±10 %");
		assertThat(check.agrees()).isFalse();
	}

	@Test
	void saysWhyTheCheckWasNotMade() {
		Capacity.Gatling check = Capacity.Gatling.notChecked("open-check is not built");
		assertThat(check.line()).isEqualTo("Gatling not checked: open-check is not built");
		assertThat(check.agrees()).isFalse();
	}

	@Test
	void failsIntegrityWhenGatlingsAcknowledgedDocumentsAreMissing() {
		Capacity.Gatling check = new Capacity.Gatling(List.of(new Capacity.Check(510, 330, 560, 320, 590)),
				new Storage(9_000, 8_990, 1), null);
		assertThat(check.line()).isEqualTo("Gatling agrees within ±10 % at 510 req/s; Gatling's documents: stored "
				+ "8990 / acknowledged 9000, 10 missing, 1 stored twice: integrity FAILED");
		assertThat(check.agrees()).isFalse();
	}

	private static Capacity capacity(Integer pass, Capacity.Rung... rungs) {
		return new Capacity("mvc", OBJECTIVE, 600, pass, null, null, null, List.of(rungs), 0, null);
	}

	private static Capacity.Rung pass(int rate) {
		return new Capacity.Rung(rate, 400, 400, rate * 11L, 0, null, "ok", RungOutcome.Verdict.PASS, 1);
	}

	private static Capacity.Rung fail(int rate) {
		return new Capacity.Rung(rate, 900, 900, rate * 11L, 0, null, "ok", RungOutcome.Verdict.FAIL, 1);
	}

}
