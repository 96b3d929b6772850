package dev.twinstack.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import dev.twinstack.bench.analysis.CpuCost;
import dev.twinstack.bench.analysis.LittlesLaw;
import dev.twinstack.bench.analysis.SecondsNoise;
import dev.twinstack.bench.load.OpenModel;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.AppHealth;
import dev.twinstack.bench.measure.jvm.GcLog;
import dev.twinstack.bench.measure.jvm.JfrCheck;
import dev.twinstack.bench.measure.JitCompilation;
import dev.twinstack.bench.measure.StubLatencyProbe;
import dev.twinstack.bench.report.queueing.RunModel;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.results.ResultsFixture;
import dev.twinstack.bench.results.TrialFigures;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.FakeJdks;
import dev.twinstack.monitoring.JfrWindow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class MatrixReportTests {

	private static final GcLog.Summary NO_GC = new GcLog.Summary(0, 0, 0, 0);

	private static final AppHealth OK = AppHealth.assess(true, null, "", NO_GC);

	@TempDir
	Path dir;

	private BenchSettings settings() {
		return FakeJdks.settings(Map.of("bench.profile", "standard"), this.dir);
	}

	@Test
	void summaryQuotesTheMedianTrialAndComputesTheCeilingFromIt() {
		Cell cell = Cell.closed(Stack.MVC, Workload.COMPOSITE_SEQUENTIAL, 400, Heap.DEFAULT);
		List<TrialFigures> trials = List.of(trial(640, 700, 0.97, 0.03, OK), trial(600, 720, 0.98, 0.04, OK),
				trial(660, 690, 0.96, 0.02, OK));
		CellSummary summary = CellSummary.of(cell, trials, settings(), 5.0, OptionalInt.of(200), 400, 2);
		assertThat(summary.throughput().median()).isEqualTo(640.0);
		assertThat(summary.throughput().min()).isEqualTo(600.0);
		assertThat(summary.ceiling().idealLatencyMs()).isEqualTo(305.0);
		assertThat(summary.ceiling().boundBy()).isEqualTo("threads");
		assertThat(summary.ceiling().efficiency()).isCloseTo(640 / (200 * 1000 / 305.0), within(0.0001));
		assertThat(summary.validity().label()).isEqualTo("CPU-limited");
		assertThat(summary.validity().stubDrift()).isEqualTo(0.03);
		assertThat(summary.errorRate()).isZero();
		assertThat(summary.rateKept()).isNull();
		assertThat(summary.peakHeapMb()).isEqualTo(300.0);
		// the median of 500/640, 500/600, 500/660 ms
		assertThat(summary.cpuMsPerRequest()).isCloseTo(500 / 640.0, within(0.0001));
	}

	@Test
	void efficiencyCountsSuccessfulRequestsOnly() {
		Cell cell = Cell.closed(Stack.WEBFLUX, Workload.COMPOSITE_SEQUENTIAL, 2000, Heap.parse("64m"));
		TrialFigures fast = trial(1200, 50, 0.9, 0.0, OK);
		// 99 % of the requests failed fast (e.g. shed under overload)
		TrialFigures failing = new TrialFigures(fast.requests(), fast.requests() * 99 / 100, fast.throughput(), null,
				fast.p50Ms(), fast.p99Ms(), fast.p999Ms(), fast.maxMs(), fast.receivedKBps(), fast.peakHeapMb(),
				fast.peakThreads(), fast.machineCpu(), fast.loadGeneratorShare(), fast.mocksShare(), fast.cpuCost(),
				fast.stubs(), fast.health(), fast.gc(), fast.pools(), fast.jit(), fast.seconds());
		CellSummary summary = CellSummary.of(cell, List.of(failing), settings(), 5.0, OptionalInt.empty(), 2000, 2);
		assertThat(summary.errorRate()).isCloseTo(0.99, within(0.001));
		// 12 successful req/s against the lowest ceiling: the CPU's, 1200 req/s at 90 %
		// of the machine (utilization law), below Little's law's 2000 / 305 ms
		assertThat(summary.ceiling().boundBy()).isEqualTo("cpu");
		assertThat(summary.ceiling().efficiency()).isCloseTo(12 / (1200 / 0.9), within(0.0001));
	}

	@Test
	void aFailedTrialMakesTheCellsHealth() {
		AppHealth oom = AppHealth.assess(false, 3, "Terminating due to java.lang.OutOfMemoryError: Java heap space",
				NO_GC);
		Cell cell = Cell.closed(Stack.WEBFLUX, Workload.LARGE_PAYLOAD_COPY, 1000, Heap.parse("64m"));
		CellSummary summary = CellSummary.of(cell, List.of(trial(900, 50, 0.5, null, OK),
				trial(100, 30000, 0.5, null, oom), trial(950, 40, 0.5, null, OK)), settings(), 1.0, OptionalInt.empty(),
				1000, 2);
		assertThat(summary.health().status()).isEqualTo("oom");
		// no downstream wait: no Little's-law ceiling, only the CPU's
		assertThat(summary.ceiling().concurrencyCeiling()).isNull();
		assertThat(summary.ceiling().boundBy()).isEqualTo("cpu");
		assertThat(summary.validity().stubDrift()).isNull();
	}

	@Test
	void openModelSaysWhenTheRateWasNotKept() {
		Cell cell = new Cell(Stack.MVC, Workload.SLOW_IO, LoadModel.OPEN, 0, 300, Heap.DEFAULT);
		TrialFigures queued = trial(199, 30000, 0.4, 0.0, OK);
		// every thread of the group waits on a queued request: 240 of 300 req/s started
		queued = new TrialFigures(queued.requests(), 0, queued.throughput(), 240.0, queued.p50Ms(), queued.p99Ms(),
				queued.p999Ms(), queued.maxMs(), queued.receivedKBps(), queued.peakHeapMb(), queued.peakThreads(),
				queued.machineCpu(), queued.loadGeneratorShare(), queued.mocksShare(), queued.cpuCost(), queued.stubs(),
				queued.health(), queued.gc(), queued.pools(), queued.jit(), queued.seconds());
		CellSummary summary = CellSummary.of(cell, List.of(queued), settings(), 3.0, OptionalInt.of(200),
				OpenModel.maxThreads(300, 1003), 2);
		assertThat(summary.rateKept()).isFalse();
		assertThat(summary.arrivalRate()).isEqualTo(240.0);
		assertThat(summary.ceiling().boundBy()).isEqualTo("threads");
		String md = MatrixReport.render(List.of(summary), List.of(Stack.MVC));
		assertThat(md).contains("| Requested rate kept | **no**: 240 of 300 req/s started |");
	}

	@Test
	void anOpenCellWhoseAppSawFewerInFlightThanLittlesLawIsFlaggedAndAClosedOneIsNot() {
		// 300 req/s × 650 ms = 195 in flight at the load generator, 150 at the app
		LittlesLaw queued = new LittlesLaw(30, 300, 650, 150, 148.5, null, null);
		Cell open = new Cell(Stack.MVC, Workload.COMPOSITE_SEQUENTIAL, LoadModel.OPEN, 0, 300, Heap.DEFAULT);
		CellSummary flagged = CellSummary.of(open, List.of(littlesLaw(trial(300, 900, 0.5, 0.0, OK), queued)),
				settings(), 5.0, OptionalInt.of(200), OpenModel.maxThreads(300, 1000), 2);

		assertThat(flagged.littlesLaw()).isEqualTo(queued);
		assertThat(flagged.validity().warnings()).containsExactly(queued.warning(open));
		assertThat(flagged.validity().warnings().get(0)).contains("misses by -23 %", "queued before the app",
				"Tomcat's accept queue");
		// a warning: the verdict stays
		assertThat(flagged.validity().valid()).isTrue();
		String md = MatrixReport.render(List.of(flagged), List.of(Stack.MVC));
		assertThat(md)
			.contains("| Little's law: in flight at the app (from its served time) / λ·R | 150.0 (148.5) / 195.0: "
					+ "**-23 %** |")
			.contains("**warning**: Little's law (N = λ·R) misses by -23 %");

		Cell closed = Cell.closed(Stack.MVC, Workload.COMPOSITE_SEQUENTIAL, 400, Heap.DEFAULT);
		CellSummary unflagged = CellSummary.of(closed, List.of(littlesLaw(trial(300, 900, 0.5, 0.0, OK), queued)),
				settings(), 5.0, OptionalInt.of(200), 400, 2);
		assertThat(unflagged.validity().warnings()).isEmpty();
		assertThat(MatrixReport.render(List.of(unflagged), List.of(Stack.MVC)))
			.contains("| 150.0 (148.5) / 195.0: -23 % |")
			.doesNotContain("Little's law (N = λ·R)");
		// an open cell within the tolerance
		CellSummary agreeing = CellSummary.of(open,
				List.of(littlesLaw(trial(300, 900, 0.5, 0.0, OK), new LittlesLaw(30, 300, 650, 180, null, null, null))),
				settings(), 5.0, OptionalInt.of(200), OpenModel.maxThreads(300, 1000), 2);
		assertThat(agreeing.validity().warnings()).isEmpty();
	}

	@Test
	void reportHasATablePerLoadAndHeapTheKneeAndTheAnalysis() {
		BenchSettings settings = settings();
		List<CellSummary> summaries = new ArrayList<>();
		int[] levels = { 10, 100, 200, 400 };
		double[] mvc = { 33, 325, 640, 650 };
		double[] webflux = { 33, 328, 650, 1200 };
		for (int i = 0; i < levels.length; i++) {
			summaries.add(CellSummary.of(Cell.closed(Stack.MVC, Workload.COMPOSITE_SEQUENTIAL, levels[i], Heap.DEFAULT),
					List.of(trial(mvc[i], 400, 0.5, 0.02, OK)), settings, 5.0, OptionalInt.of(200), levels[i], 2));
			summaries.add(CellSummary.of(
					Cell.closed(Stack.WEBFLUX, Workload.COMPOSITE_SEQUENTIAL, levels[i], Heap.DEFAULT),
					List.of(trial(webflux[i], 350, 0.5, 0.02, OK)), settings, 4.0, OptionalInt.empty(), levels[i], 2));
		}
		String md = MatrixReport.render(summaries, List.of(Stack.MVC, Stack.MVC_VT, Stack.WEBFLUX));
		assertThat(md).startsWith("### composite-sequential\n\n**composite-sequential, c=400, default heap.** ")
			.contains("- Knee of mvc: c = 200 (640 req/s)", "- Knee of webflux: none up to c = 400")
			.contains("#### composite-sequential, c=10, default heap", "#### composite-sequential, c=400, default heap")
			.contains("| Measure | Spring MVC (Tomcat) | Spring MVC, virtual threads (Tomcat) | "
					+ "Spring WebFlux (Reactor Netty) |")
			.contains("| Ideal latency (downstream + base) | 305 ms (300 + 5.0) | — | 304 ms (300 + 4.0) |")
			.contains("| Thread ceiling | 655.7 req/s (200 threads) | — | none |")
			.contains("| Validity | valid | — | valid |");
	}

	@Test
	void kneeCountsSuccessfulRequestsOnly() {
		BenchSettings settings = settings();
		AppHealth oom = AppHealth.assess(false, 3, "java.lang.OutOfMemoryError: Java heap space", NO_GC);
		Heap small = Heap.parse("64m");
		List<CellSummary> summaries = new ArrayList<>();
		summaries.add(CellSummary.of(Cell.closed(Stack.MVC, Workload.COMPOSITE_SEQUENTIAL, 40, small),
				List.of(trial(130, 330, 0.5, 0.02, OK)), settings, 5.0, OptionalInt.of(200), 40, 2));
		summaries.add(CellSummary.of(Cell.closed(Stack.MVC, Workload.COMPOSITE_SEQUENTIAL, 1000, small),
				List.of(trial(120, 9000, 0.5, 0.02, OK)), settings, 5.0, OptionalInt.of(200), 1000, 2));
		// out of memory at once: 4914 failures per second, no answer
		TrialFigures failing = trial(4914, 1752, 0.5, 0.02, oom);
		failing = new TrialFigures(failing.requests(), failing.requests(), failing.throughput(), null, failing.p50Ms(),
				failing.p99Ms(), failing.p999Ms(), failing.maxMs(), failing.receivedKBps(), failing.peakHeapMb(),
				failing.peakThreads(), failing.machineCpu(), failing.loadGeneratorShare(), failing.mocksShare(),
				failing.cpuCost(), failing.stubs(), failing.health(), failing.gc(), failing.pools(), failing.jit(),
				failing.seconds());
		summaries.add(CellSummary.of(Cell.closed(Stack.MVC, Workload.COMPOSITE_SEQUENTIAL, 2000, small),
				List.of(failing), settings, 5.0, OptionalInt.of(200), 2000, 2));
		String md = MatrixReport.render(summaries, List.of(Stack.MVC));
		assertThat(md).contains("- Knee of mvc (heap 64m): c = 40 (130 req/s)", "peak 130 req/s at c = 40.")
			.doesNotContain("peak 4914");
	}

	@Test
	void aTrialWhoseJitCompiledMoreThanTheQuietShareIsNamedInTheValidityAndTheTable() {
		Cell cell = Cell.closed(Stack.MVC, Workload.COMPOSITE_PARALLEL, 400, Heap.DEFAULT);
		// as mvc composite-parallel c=400 of the standard run at 7daa88b: trial 1 quiet,
		// trials 2 and 3 compiling for seconds; here trial 1 at exactly the threshold
		List<TrialFigures> trials = List.of(withJit(trial(813, 700, 0.6, 0.02, OK), new JitCompilation(7, 140)),
				withJit(trial(697, 800, 0.6, 0.02, OK), new JitCompilation(7, 6450)),
				withJit(trial(689, 820, 0.6, 0.02, OK), null));

		CellSummary summary = CellSummary.of(cell, trials, settings(), 5.0, OptionalInt.of(200), 400, 2);

		assertThat(summary.validity().valid()).isTrue();
		assertThat(summary.validity().warnings()).containsExactly(
				"JIT still at work (compiling more than 10 % of the trial) in trial 2 (6.5 s of compilation, 92 % of "
						+ "the trial; 697 req/s against the cell's median 697, +0 %)");
		String md = MatrixReport.render(List.of(summary), List.of(Stack.MVC));
		assertThat(md)
			.contains("| JIT compilation per trial, s (% of the trial) | 0.1 s (2 %) · **6.5 s (92 %)** · – |")
			.contains("| Validity | valid: **warning**: JIT still at work (compiling more than 10 % of the trial) in "
					+ "trial 2 (6.5 s of compilation")
			.contains("Caution for the mvc cell: JIT still at work");

		CellSummary quiet = CellSummary.of(cell, List.of(withJit(trials.get(0), new JitCompilation(7, 140))),
				settings(), 5.0, OptionalInt.of(200), 400, 2);
		assertThat(quiet.validity().warnings()).isEmpty();
		assertThat(MatrixReport.render(List.of(quiet), List.of(Stack.MVC))).contains("| Validity | valid |");
		// no trial with a reading (a run before the JIT was read): no row
		assertThat(MatrixReport.render(List.of(CellSummary.of(cell, List.of(trial(813, 700, 0.6, 0.02, OK)), settings(),
				5.0, OptionalInt.of(200), 400, 2)), List.of(Stack.MVC)))
			.doesNotContain("JIT compilation per trial");
	}

	@Test
	void theJfrRecordingsJitOfEachTrialIsARowOfTheCell() {
		CellResult template = ResultsFixture.cell(Stack.MVC, 400, 3000, 0, 600, null);
		Cell cell = template.cell();
		List<CellResult> trials = List.of(jfr(template, 0.0, 3), jfr(template, 6450.0, 1027),
				jfr(ResultsFixture.cell(Stack.MVC, 10, 300, 0, 30, null), 900.0, 5), template);
		CellSummary summary = CellSummary.of(cell, List.of(trial(600, 700, 0.6, 0.02, OK)), settings(), 5.0,
				OptionalInt.of(200), 400, 2);

		String md = MatrixReport.render(List.of(summary), List.of(Stack.MVC), RunModel.NONE, trials);

		// the cell's trials in run order, not the other cell's; the last one's recording
		// was read before the JIT's events were
		assertThat(md).contains("| JIT per trial (JFR): compilations ≥ 100 ms / deoptimizations | 0.0 s / 3 · "
				+ "6.5 s / 1,027 · – |");
		assertThat(MatrixReport.render(List.of(summary), List.of(Stack.MVC), RunModel.NONE, List.of(template)))
			.doesNotContain("JIT per trial (JFR)");
	}

	@Test
	void theTrialSpreadIsSetAgainstTheSecondsNoiseAndABreachIsBoldAndWarned() {
		Cell mvc = Cell.closed(Stack.MVC, Workload.COMPOSITE_SEQUENTIAL, 400, Heap.DEFAULT);
		Cell webflux = Cell.closed(Stack.WEBFLUX, Workload.COMPOSITE_SEQUENTIAL, 400, Heap.DEFAULT);
		// mvc: 10 noisy seconds per trial, 2 % apart; webflux: quiet seconds, 18 % apart
		List<TrialFigures> noisy = List.of(withSeconds(trial(620, 700, 0.6, 0.02, OK), new SecondsNoise(10, 620, 62)),
				withSeconds(trial(628, 700, 0.6, 0.02, OK), new SecondsNoise(10, 628, 63)),
				withSeconds(trial(632, 700, 0.6, 0.02, OK), new SecondsNoise(10, 632, 63)));
		List<TrialFigures> quiet = List.of(withSeconds(trial(880, 500, 0.6, 0.02, OK), new SecondsNoise(10, 880, 18)),
				withSeconds(trial(1066, 500, 0.6, 0.02, OK), new SecondsNoise(10, 1066, 21)),
				withSeconds(trial(1020, 500, 0.6, 0.02, OK), new SecondsNoise(10, 1020, 20)));
		CellSummary within = CellSummary.of(mvc, noisy, settings(), 5.0, OptionalInt.of(200), 400, 2);
		CellSummary beyond = CellSummary.of(webflux, quiet, settings(), 5.0, OptionalInt.empty(), 400, 2);
		assertThat(within.trialNoise().beyond()).isFalse();
		assertThat(within.validity().warnings()).isEmpty();
		assertThat(beyond.trialNoise().beyond()).isTrue();
		assertThat(beyond.validity().warnings()).singleElement().asString().startsWith("trials spread 18 %");

		String md = MatrixReport.render(List.of(within, beyond), List.of(Stack.MVC, Stack.WEBFLUX));
		assertThat(md).contains("| Trial spread (what the seconds' noise alone gives) | "
				+ "2 % (the seconds' noise: 5 % expected, up to 10 %) | "
				+ "**18 % (the seconds' noise: 1 % expected, up to 2 %)** |");
	}

	private static TrialFigures withSeconds(TrialFigures t, SecondsNoise seconds) {
		return new TrialFigures(t.requests(), t.errors(), t.throughput(), t.arrivalRate(), t.p50Ms(), t.p99Ms(),
				t.p999Ms(), t.maxMs(), t.receivedKBps(), t.peakHeapMb(), t.peakThreads(), t.machineCpu(),
				t.loadGeneratorShare(), t.mocksShare(), t.cpuCost(), t.stubs(), t.health(), t.gc(), t.pools(), t.jit(),
				seconds);
	}

	private static CellResult jfr(CellResult trial, double compilationMs, int deoptimizations) {
		return trial.withJfr(JfrCheck.of("jfr/mvc.jfr",
				new JfrWindow(12, 322.0, 60.0, 30, 231.0, 233.0, 0.4, 0.85, 3, compilationMs, deoptimizations),
				trial.server()));
	}

	private static TrialFigures withJit(TrialFigures t, JitCompilation jit) {
		return new TrialFigures(t.requests(), t.errors(), t.throughput(), t.arrivalRate(), t.p50Ms(), t.p99Ms(),
				t.p999Ms(), t.maxMs(), t.receivedKBps(), t.peakHeapMb(), t.peakThreads(), t.machineCpu(),
				t.loadGeneratorShare(), t.mocksShare(), t.cpuCost(), t.stubs(), t.health(), t.gc(), t.pools(), jit,
				t.seconds());
	}

	private static TrialFigures littlesLaw(TrialFigures t, LittlesLaw check) {
		return new TrialFigures(t.requests(), t.errors(), t.throughput(), t.arrivalRate(), t.p50Ms(), t.p99Ms(),
				t.p999Ms(), t.maxMs(), t.receivedKBps(), t.peakHeapMb(), t.peakThreads(), t.machineCpu(),
				t.loadGeneratorShare(), t.mocksShare(), t.cpuCost(), t.stubs(), t.health(), t.gc(), t.pools(), t.jit(),
				t.seconds(), check, t.errorsByKind(), t.scheduled());
	}

	private static TrialFigures trial(double throughput, double p99, double machineCpu, Double drift,
			AppHealth health) {
		StubLatencyProbe.Summary stubs = (drift != null)
				? new StubLatencyProbe.Summary(10, 0, 100 * (1 + drift), 130.0, 100, drift) : null;
		return new TrialFigures((long) (throughput * 9), 0, throughput, null, p99 / 2, p99, p99 * 1.2, p99 * 1.5, 1000,
				// the machine holds the app's and the harness's CPU (0.25 + 0.1 + 0.15 of
				// it)
				300.0, 210.0, machineCpu, 0.1, 0.15, new CpuCost(500 / throughput, 0.1 * 2000 / throughput,
						0.15 * 2000 / throughput, machineCpu * 2000 / throughput),
				stubs, health, null, null, null, null);
	}

}
