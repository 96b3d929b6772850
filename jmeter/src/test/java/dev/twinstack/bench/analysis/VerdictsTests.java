package dev.twinstack.bench.analysis;

import java.util.List;
import java.util.OptionalInt;

import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.AppHealth;
import dev.twinstack.bench.measure.jvm.GcLog;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Validity and the generated analysis.
 */
class VerdictsTests {

	private static final GcLog.Summary NO_GC = new GcLog.Summary(0, 0, 0, 0);

	@Test
	void aCellIsValidWhenHelpersHadCpuLeftAndStubsKeptTheirLatency() {
		Validity validity = Validity.assess(2, 0.6, 0.25, 0.35, 0.03);
		assertThat(validity.valid()).isTrue();
		assertThat(validity.cpuLimited()).isFalse();
		assertThat(validity.label()).isEqualTo("valid");
		assertThat(validity.reasons()).isEmpty();
	}

	@Test
	void saturatedHelpersOrDriftingStubsInvalidateACell() {
		Validity generator = Validity.assess(2, 0.95, 0.46, 0.25, null);
		assertThat(generator.valid()).isFalse();
		assertThat(generator.reasons()).containsExactly(
				"load generator saturated: 46 % of the machine's CPU, 0.92 of 2 cores (limit 45 %)",
				"machine CPU 95 % busy: the CPU set the pace");
		Validity stubs = Validity.assess(2, null, null, null, 0.12);
		assertThat(stubs.label()).isEqualTo("invalid");
		assertThat(stubs.reasons()).containsExactly("stubs 12.0 % slower than configured (limit 10 %)");
		assertThat(Validity.assess(4, null, null, 0.5, 0.0).reasons())
			.containsExactly("mock-services saturated: 50 % of the machine's CPU, 2.00 of 4 cores (limit 45 %)");
	}

	@Test
	void aBusyMachineMakesACellCpuLimitedNotInvalid() {
		Validity validity = Validity.assess(2, 0.97, 0.25, 0.4, 0.04);
		assertThat(validity.valid()).isTrue();
		assertThat(validity.label()).isEqualTo("CPU-limited");
	}

	@Test
	void analysisNamesTheWinnerTheMarginAndTheCeilings() {
		Validity cpuBusy = Validity.assess(2, 0.97, 0.25, 0.4, 0.02);
		List<ScenarioAnalysis.Figures> figures = List.of(
				figures(Stack.MVC, 600, 880, 310, 217, Ceiling.of(300, 5.0, 400, 0, OptionalInt.of(200), 600), cpuBusy),
				figures(Stack.MVC_VT, 1000, 520, 150, 30, Ceiling.of(300, 5.0, 400, 0, OptionalInt.empty(), 1000),
						cpuBusy),
				figures(Stack.WEBFLUX, 1050, 494, 180, 25, Ceiling.of(300, 5.0, 400, 0, OptionalInt.empty(), 1050),
						cpuBusy));
		String text = ScenarioAnalysis.write(Workload.COMPOSITE_SEQUENTIAL, "c=400, default heap", figures);
		assertThat(text).startsWith("**composite-sequential, c=400, default heap.** ")
			.contains("Throughput: webflux best with 1050 req/s (mvc-vt 1000 req/s, 1.05×, mvc 600 req/s, 1.75×).")
			.contains("p99: webflux best with 494 ms")
			.contains("Peak live threads: webflux best with 25")
			.contains("mvc is capped by its 200 worker threads (thread ceiling 656 req/s = 200 / 305 ms)")
			.contains("webflux is bound by concurrency (Little's-law ceiling 1311 req/s at 305 ms ideal latency) "
					+ "and reached 80 % of it")
			.contains("The machine's CPU was the limit")
			.contains("App CPU per request: webflux best with 0.95 ms (mvc-vt 1.00 ms, 1.05×, mvc 1.67 ms, 1.75×).")
			.contains("the stack that spends less CPU per request gets more requests out of the same cores");
	}

	@Test
	void analysisOfAStackBelowItsCeilingOnAMachineJustUnderTheCpuMarkQuotesItsQueueing() {
		// 89 % machine CPU: not CPU-limited by the report's 90 % mark
		Validity busyish = Validity.assess(2, 0.89, 0.12, 0.3, 0.02);
		String text = ScenarioAnalysis.write(Workload.COMPOSITE_SEQUENTIAL, "c=400, default heap",
				List.of(figures(Stack.MVC, 636, 740, 350, 220, Ceiling.of(300, 7.0, 400, 0, OptionalInt.of(200), 636),
						busyish),
						figures(Stack.WEBFLUX, 1067, 720, 300, 35,
								Ceiling.of(300, 8.0, 400, 0, OptionalInt.empty(), 1067), busyish)));
		// figures() takes the p50 as half the p99: webflux 360 ms against an ideal 308 ms
		assertThat(text).doesNotContain("The machine's CPU was the limit")
			.contains("webflux's p50 was 360 ms against an ideal 308 ms (+52 ms)")
			.doesNotContain("mvc's p50")
			.contains("queueing for a core at every hop");
	}

	@Test
	void analysisOfACpuBoundWorkloadCallsSmallGapsATie() {
		Validity valid = Validity.assess(2, 0.5, 0.1, 0.05, null);
		Ceiling none = Ceiling.of(0, 1.0, 40, 0, OptionalInt.empty(), 0);
		String text = ScenarioAnalysis.write(Workload.CPU_LIGHT, "c=40",
				List.of(figures(Stack.MVC, 5000, 20, 100, 60, none, valid),
						figures(Stack.WEBFLUX, 5100, 21, 90, 20, none, valid)));
		assertThat(text).contains("Throughput: a tie within 5 % (webflux 5100 req/s, mvc 5000 req/s, 1.02×).")
			.contains("no downstream wait, so no Little's-law ceiling");
	}

	@Test
	void analysisLeavesAnAppThatRanOutOfMemoryOutOfTheComparison() {
		Validity valid = Validity.assess(2, 0.8, 0.1, 0.2, 0.02);
		AppHealth oom = AppHealth.assess(false, 3, "java.lang.OutOfMemoryError: Java heap space\n", NO_GC);
		// mvc-vt's 900 req/s were fast failures, not answers
		ScenarioAnalysis.Figures mvcVt = new ScenarioAnalysis.Figures(Stack.MVC_VT, 900, 1, 2000, 120.0, 30.0, 0.5,
				Ceiling.of(300, 5.0, 1000, 0, OptionalInt.empty(), 0), valid, oom, null);
		String text = ScenarioAnalysis.write(Workload.COMPOSITE_SEQUENTIAL, "c=1000, heap 128m",
				List.of(figures(Stack.MVC, 600, 3000, 110, 220, Ceiling.of(300, 5.0, 1000, 0, OptionalInt.of(200), 600),
						valid), mvcVt,
						figures(Stack.WEBFLUX, 800, 2500, 100, 30,
								Ceiling.of(300, 5.0, 1000, 0, OptionalInt.empty(), 800), valid)));
		assertThat(text)
			.contains("mvc-vt did not stay up: oom (java.lang.OutOfMemoryError: Java heap space), "
					+ "so its figures are left out of the comparison.")
			.contains("Throughput: webflux best with 800 req/s (mvc 600 req/s, 1.33×).")
			.doesNotContain("mvc-vt 900", "mvc-vt is bound by");

		String alone = ScenarioAnalysis.write(Workload.COMPOSITE_SEQUENTIAL, "c=1000, heap 128m",
				List.of(mvcVt, figures(Stack.WEBFLUX, 800, 2500, 100, 30,
						Ceiling.of(300, 5.0, 1000, 0, OptionalInt.empty(), 800), valid)));
		assertThat(alone).contains("webflux alone stayed up: 800 req/s, p99 2500 ms, peak heap 100 MB.")
			.doesNotContain("Throughput:");
	}

	@Test
	void aJitStillAtWorkIsAWarningNamingTheTrialsNotAReasonToDiscardTheCell() {
		Validity valid = Validity.assess(2, 0.6, 0.25, 0.35, 0.03);
		List<Validity.JitTrial> atWork = List.of(new Validity.JitTrial(2, 6450, 92.1, 697),
				new Validity.JitTrial(3, 5300, 75.7, 689));

		Validity warned = valid.withJitAtWork(atWork, 697, 2);

		assertThat(warned.valid()).isTrue();
		assertThat(warned.label()).isEqualTo("valid");
		assertThat(warned.reasons()).isEmpty();
		assertThat(warned.warnings()).containsExactly("JIT still at work (compiling more than 2 % of the trial) in "
				+ "trial 2 (6.5 s of compilation, 92 % of the trial; 697 req/s against the cell's median 697, +0 %), "
				+ "trial 3 (5.3 s of compilation, 76 % of the trial; 689 req/s against the cell's median 697, -1 %)");
		assertThat(valid.withJitAtWork(List.of(), 697, 2)).isSameAs(valid);
		// a later verdict keeps the warning
		assertThat(warned.invalidBecause("load generator disagrees with wrk").warnings()).isEqualTo(warned.warnings());
		assertThat(warned.notMeasured("the mocks' CPU").warnings()).isEqualTo(warned.warnings());
		// a results.json written before warnings existed reads as none
		assertThat(new Validity(true, false, List.of(), null, null).warnings()).isEmpty();

		String text = ScenarioAnalysis.write(Workload.COMPOSITE_PARALLEL, "c=400, default heap",
				List.of(figures(Stack.MVC, 697, 900, 200, 322, Ceiling.of(100, 5.0, 400, 0, OptionalInt.of(200), 697),
						warned)));
		assertThat(text)
			.contains("Caution for the mvc cell: JIT still at work (compiling more than 2 % of the trial) "
					+ "in trial 2 (6.5 s of compilation")
			.doesNotContain("is invalid");
	}

	private static ScenarioAnalysis.Figures figures(Stack stack, double throughput, double p99, double heap,
			double threads, Ceiling ceiling, Validity validity) {
		// CPU per request: a CPU-limited machine of 1 core-second per second
		return new ScenarioAnalysis.Figures(stack, throughput, p99 / 2, p99, heap, threads, 1000 / throughput, ceiling,
				validity, AppHealth.assess(true, null, "", NO_GC), null);
	}

}
