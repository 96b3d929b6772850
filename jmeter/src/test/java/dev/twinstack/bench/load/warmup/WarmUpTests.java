package dev.twinstack.bench.load.warmup;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WarmUpTests {

	@Test
	void fewerRoundsThanTheWindowAreNeverSteady() {
		assertThat(WarmUp.isSteady(List.of(1000.0, 1000.0), List.of())).isFalse();
	}

	@Test
	void roundsWithinTheToleranceAreSteady() {
		// webflux in the wrk rounds: 523 → 1,183 req/s, then flat
		assertThat(WarmUp.isSteady(List.of(523.0, 900.0, 1160.0, 1183.0, 1170.0), List.of())).isTrue();
	}

	@Test
	void aJumpInsideTheWindowIsNotSteady() {
		assertThat(WarmUp.isSteady(List.of(1100.0, 1090.0, 1020.0), List.of())).isFalse();
	}

	@Test
	void aSlowClimbWithinTheToleranceIsNotSteady() {
		// +1.5 % a round, 3 % over the window: a JIT still compiling
		assertThat(WarmUp.isSteady(List.of(1000.0, 1015.0, 1030.0), List.of())).isFalse();
		assertThat(WarmUp.isSteady(List.of(1000.0, 1015.0, 1030.0, 1025.0), List.of())).isTrue();
	}

	@Test
	void aBusyJitIsNotSteadyEvenAtAFlatThroughput() {
		// Little's law holds the throughput flat while the JIT still compiles (the
		// experiment's first hold after 4 minutes: 11 s of compilation in 20 s)
		List<Double> flat = List.of(290.0, 291.0, 289.0, 290.0);
		assertThat(WarmUp.isSteady(flat, List.of(2800.0, 2700.0, 2600.0, 2500.0))).isFalse();
		// 5 % of three 5 s rounds is 750 ms
		assertThat(WarmUp.isSteady(flat, List.of(2800.0, 250.0, 250.0, 251.0))).isFalse();
		assertThat(WarmUp.isSteady(flat, List.of(2800.0, 250.0, 250.0, 249.0))).isTrue();
	}

	@Test
	void aJitReadingThatFailedInTheWindowIsNotKnownQuiet() {
		// the 2026-11-24 standard run: readings on the app's own port timed out at c =
		// 400
		List<Double> flat = List.of(290.0, 291.0, 289.0, 290.0);
		java.util.ArrayList<Double> jit = new java.util.ArrayList<>(List.of(2800.0, 10.0, 10.0, 10.0));
		assertThat(WarmUp.isSteady(flat, jit)).isTrue();
		jit.set(2, null);
		assertThat(WarmUp.isSteady(flat, jit)).isFalse();
		assertThat(new WarmUp("composite-sequential", 400, flat, jit, 21.0, false, false).describe())
			.endsWith("JIT 0.2 % of the time, not read in 1 of them)");
		// once out of the window it no longer counts
		jit.add(10.0);
		assertThat(WarmUp.isSteady(List.of(290.0, 291.0, 289.0, 290.0, 290.0), jit)).isFalse();
		jit.add(10.0);
		assertThat(WarmUp.isSteady(List.of(290.0, 291.0, 289.0, 290.0, 290.0, 290.0), jit)).isTrue();
	}

	@Test
	void anUnknownJitLeavesTheThroughputToDecide() {
		assertThat(WarmUp.isSteady(List.of(290.0, 291.0, 289.0), List.of())).isTrue();
	}

	@Test
	void noSuccessfulRequestIsNotSteady() {
		assertThat(WarmUp.isSteady(List.of(0.0, 0.0, 0.0), List.of())).isFalse();
	}

	@Test
	void describesRoundsTimeAndVerdict() {
		assertThat(new WarmUp("composite-sequential", 400, List.of(523.0, 1160.0, 1183.0, 1170.0),
				List.of(4000.0, 200.0, 20.0, 10.0), 21.4, true, false)
			.describe()).isEqualTo("4 rounds, 21 s: steady at 1170 req/s (last 3 within 1.9 %, JIT 1.5 % of the time)");
		assertThat(new WarmUp("slow-io", 400, List.of(380.0), List.of(), 6.2, false, false).describe())
			.isEqualTo("1 round, 6 s: allowance used at 380 req/s (last 1 within 0.0 %)");
		assertThat(new WarmUp("composite-sequential", 50, List.of(150.0, 152.0, 151.0), List.of(90.0, 60.0, 30.0), 15.2,
				true, true)
			.describe())
			.isEqualTo("3 rounds, 15 s on every CPU: steady at 151 req/s (last 3 within 1.3 %, JIT 1.2 % of the time)");
	}

	@Test
	void cpuPerRequestIsEachProcesssCpuTimeOverTheRequestsCompleted() {
		WarmUp.Cpu cpu = WarmUp.Cpu.of(3000.0, 600.0, 900.0, 1500.0, 1200);
		assertThat(cpu.appMs()).as("net of the JIT's 600 ms").isEqualTo(2.0);
		assertThat(cpu.jitMs()).isEqualTo(0.5);
		assertThat(cpu.loadGeneratorMs()).isEqualTo(0.75);
		assertThat(cpu.mocksMs()).isEqualTo(1.25);
		assertThat(cpu.requests()).isEqualTo(1200);
		assertThat(WarmUp.Cpu.of(100.0, null, 10.0, 10.0, 0)).as("no request completed").isNull();
		assertThat(WarmUp.Cpu.of(2400.0, null, 900.0, 1500.0, 1200).appMs()).as("JIT not read: all of the app's CPU")
			.isEqualTo(2.0);
		assertThat(
				new WarmUp("composite-sequential", 50, List.of(150.0, 152.0, 151.0), List.of(), 15.2, true, true, cpu)
					.describe())
			.isEqualTo("3 rounds, 15 s on every CPU: steady at 151 req/s (last 3 within 1.3 %); "
					+ "CPU per request: app 2.00 ms (+ JIT 0.50 ms), JMeter 0.75 ms, mocks 1.25 ms");
	}

	@Test
	void theCalibrationRunSaysWhatEachProcessUsedIdleBeforeIt() {
		WarmUp.Cpu cpu = WarmUp.Cpu.of(3000.0, 600.0, 900.0, 1500.0, 1200)
			.withIdle(new WarmUp.Idle(2.0, 98.4, 41.0, 3.2));
		assertThat(cpu.appMs()).as("the CPU per request unchanged").isEqualTo(2.0);
		assertThat(
				new WarmUp("composite-sequential", 50, List.of(150.0, 152.0, 151.0), List.of(), 17.0, true, false, cpu)
					.describe())
			.endsWith("mocks 1.25 ms; idle before it: app 98 ms/s, JMeter 41 ms/s, mocks 3 ms/s");
		assertThat(WarmUp.Cpu.of(3000.0, 600.0, 900.0, 1500.0, 1200).idle()).as("not read").isNull();
	}

}
