package dev.twinstack.bench.run;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pause between capacity rungs, on a fake gauge and a fake clock: it ends when the
 * app holds no request, after a short minimum, within a bound, and falls back to a fixed
 * pause when the gauge cannot be read.
 */
class SettleTests {

	/** The fake clock (ns), moved by the sleeps only. */
	private long now;

	private final List<Long> sleeps = new ArrayList<>();

	@Test
	void endsAtTheFirstReadingOfNothingInFlight() {
		List<Double> readings = new ArrayList<>(List.of(12.0, 3.0, 0.0, 5.0));
		Settle.Outcome outcome = settle(() -> readings.remove(0)).await();
		assertThat(outcome.settled()).isTrue();
		assertThat(outcome.inFlight()).isZero();
		// the minimum, then two polls: 12 and 3 in flight, then 0
		assertThat(this.sleeps).containsExactly(500L, 250L, 250L);
		assertThat(outcome.waitedMs()).isEqualTo(1000);
		assertThat(outcome.warning()).isNull();
		assertThat(readings).containsExactly(5.0);
	}

	@Test
	void waitsTheMinimumWhenTheAppIsAlreadyEmpty() {
		Settle.Outcome outcome = settle(() -> 0).await();
		assertThat(this.sleeps).containsExactly(Settle.MIN.toMillis());
		assertThat(outcome.settled()).isTrue();
	}

	@Test
	void givesUpAfterItsBoundAndSaysSo() {
		Settle.Outcome outcome = settle(() -> 7).await();
		assertThat(outcome.settled()).isFalse();
		assertThat(outcome.waitedMs()).isEqualTo(Settle.MAX.toMillis());
		assertThat(outcome.warning())
			.isEqualTo("7 request(s) still in flight at the app after 10.0 s; the next rung starts anyway");
	}

	@Test
	void fallsBackToTheFixedPauseWhenTheGaugeCannotBeRead() {
		Settle.Outcome outcome = settle(() -> Double.NaN).await();
		assertThat(outcome.fixed()).isTrue();
		assertThat(outcome.waitedMs()).isEqualTo(Settle.FALLBACK.toMillis());
		assertThat(outcome.warning())
			.startsWith("the app's in-flight gauge (app_in_flight) cannot be read: a fixed 2 s");
		// read, then no longer (the app went away): the rest of the fixed pause
		this.now = 0;
		List<Double> readings = new ArrayList<>(List.of(4.0, Double.NaN));
		Settle.Outcome gone = settle(() -> readings.remove(0)).await();
		assertThat(gone.fixed()).isTrue();
		assertThat(gone.waitedMs()).isEqualTo(Settle.FALLBACK.toMillis());
	}

	private Settle settle(DoubleSupplier gauge) {
		return new Settle(gauge, (millis) -> {
			this.sleeps.add(millis);
			this.now += millis * 1_000_000;
		}, () -> this.now);
	}

}
