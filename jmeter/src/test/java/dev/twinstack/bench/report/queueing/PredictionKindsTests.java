package dev.twinstack.bench.report.queueing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.twinstack.bench.analysis.ModelFit;
import dev.twinstack.bench.load.warmup.WarmUp;
import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.queueing.StackDemands;
import dev.twinstack.bench.report.ReportWriter;
import dev.twinstack.bench.report.ResultsJson;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.results.ResultsFixture;
import dev.twinstack.bench.settings.Projection;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * What each cell's prediction is (other loads, other placement, same cell's demands), the
 * prediction across placements, and the what-if's error bar.
 */
class PredictionKindsTests {

	@Test
	void eachPlacementPredictsTheOtherAtTheSameLoad() {
		// the fixture's cells with the app on every core and on 1 core
		BenchResults results = merged(ResultsFixture.results(), ResultsFixture.pinned(new AppCpus(1)));
		RunModel model = RunModel.of(results);
		assertThat(model.checks()).hasSize(8);
		for (CellSummary summary : results.matrix()) {
			Cell cell = summary.cell();
			// its own placement's other load first
			assertThat(model.kind(cell)).as(cell.id()).contains(RunModel.Kind.OTHER_LOADS);
			CellSummary other = results.matrix()
				.stream()
				.filter((s) -> s.cell().stack() == cell.stack() && s.cell().concurrency() == cell.concurrency()
						&& !s.cell().appCpus().equals(cell.appCpus()))
				.findFirst()
				.orElseThrow();
			// the other placement's CPU per request on this cell's cores, delays and
			// threads
			StackDemands base = model.curves()
				.entrySet()
				.stream()
				.filter((e) -> e.getKey().stack() == cell.stack() && e.getKey().appCpus().equals(cell.appCpus()))
				.findFirst()
				.orElseThrow()
				.getValue()
				.base();
			StackDemands moved = new StackDemands(base.stack(), other.cpuCost().appMs(), other.cpuCost().harnessMs(),
					base.sequentialCalls(), base.callLatencyMs(), base.otherDelayMs(), base.appCores(),
					base.harnessCores(), base.threads());
			ModelFit.Check across = model.placementCheck(cell).orElseThrow();
			assertThat(across.predictedThroughput()).as(cell.id())
				.isCloseTo(moved.predict(cell.concurrency()).get(0).throughput(), within(1e-9));
		}
		String md = ReportWriter.render(results, Set.of(), model);
		long within = model.checks().values().stream().filter((c) -> !c.off()).count();
		assertThat(md).contains(within + " of 8 predicted cells lie within 10 %")
			.contains("Measured ÷ predicted from the other placement");
		// each placement check counted, each miss named with its cause
		long placedWithin = model.placementChecks().values().stream().filter((c) -> !c.off()).count();
		assertThat(md).contains("Across placements: " + placedWithin + " of 8 cells lie within 10 %");
		model.placementChecks().forEach((cell, check) -> {
			String line = "- `" + cell.id() + "` from the other placement";
			if (check.off()) {
				assertThat(md).contains(line + " " + String.format(Locale.ROOT, "%.2f×", check.throughputRatio()) + ": "
						+ check.leftOut());
			}
			else {
				assertThat(md).doesNotContain(line);
			}
		});
		assertThat(model.placementChecks().values()).anyMatch(ModelFit.Check::off);
		// results.json: what each prediction is and the other placement's check
		JsonNode json = readJson(results, model);
		for (int i = 0; i < results.matrix().size(); i++) {
			Cell cell = results.matrix().get(i).cell();
			JsonNode node = json.path("matrix").get(i).path("model");
			assertThat(node.path("prediction").asText()).isEqualTo("other loads");
			assertThat(node.path("otherPlacement").path("throughputRatio").asDouble())
				.isEqualTo(model.placementCheck(cell).orElseThrow().throughputRatio());
		}
	}

	@Test
	void aCellAloneAtItsPlacementIsPredictedFromTheOtherPlacement() {
		BenchResults pinned = only(ResultsFixture.pinned(new AppCpus(1)), 400);
		BenchResults results = merged(ResultsFixture.results(), pinned);
		RunModel model = RunModel.of(results);
		for (CellSummary summary : pinned.matrix()) {
			assertThat(model.kind(summary.cell())).as(summary.cell().id()).contains(RunModel.Kind.OTHER_PLACEMENT);
			assertThat(model.check(summary.cell()).orElseThrow().predictedThroughput())
				.isEqualTo(model.placementCheck(summary.cell()).orElseThrow().predictedThroughput());
		}
	}

	@Test
	void aCellAloneWithItsOwnDemandsIsAShapeCheckAndTheProjectionSaysSo() {
		// the standard profile: one load, one placement
		BenchResults results = only(ResultsFixture.pinned(new AppCpus(1)), 400);
		RunModel model = RunModel.of(results, new Projection(8, 50, 2000, true));
		for (CellSummary summary : results.matrix()) {
			assertThat(model.kind(summary.cell())).contains(RunModel.Kind.SAME_CELL);
		}
		String md = ReportWriter.render(results, Set.of(), model);
		assertThat(md).contains("No cell here could be predicted from a measurement other than its own")
			.contains("| same cell's demands |");
		String projection = ModelSections.projection(model);
		assertThat(projection).contains("(same cell's demands); no cell was predicted from other measurements")
			.contains("The projection leaves the range the model was checked on: the app on 4 cores (checked: 1); "
					+ "50 ms per downstream call (checked: 100 ms); concurrency 2000 (checked: 400).");
	}

	@Test
	void theRehearsalPredictsTheStandardProfilesCellsBeyondTheCalibrationRun() {
		// the standard profile's warm-up: the JIT run lent every CPU, the calibration run
		// on the app's own cores, the rehearsal lent every CPU at the cells' concurrency
		AppCpus oneCore = new AppCpus(1);
		BenchResults results = warmedUp(only(ResultsFixture.pinned(oneCore), 400), oneCore, warmUp(50, true, 3.0),
				warmUp(50, false, 1.5), warmUp(400, true, 0.9, 0.3, 0.4));
		RunModel model = RunModel.of(results);
		for (CellSummary summary : results.matrix()) {
			Cell cell = summary.cell();
			assertThat(model.kind(cell)).as(cell.id()).contains(RunModel.Kind.REHEARSAL);
			ModelFit.Check check = model.check(cell).orElseThrow();
			assertThat(check.calibratedAt()).isEqualTo(400);
			assertThat(model.source(cell)).contains("c=400 rehearsal, app on every CPU");
			// the calibration run's demands on the cell's one core; the prediction from
			// the rehearsal's CPU per request: app 0.9 ms, harness 0.3 ms JMeter + 0.4 ms
			// mocks
			StackDemands base = model.curves()
				.values()
				.stream()
				.filter((c) -> c.base().stack().equals(cell.stack().id()))
				.findFirst()
				.orElseThrow()
				.base();
			assertThat(base.appCpuMs()).isEqualTo(1.5);
			assertThat(base.appCores()).isEqualTo(1);
			StackDemands used = new StackDemands(base.stack(), 0.9, 0.7, base.sequentialCalls(), base.callLatencyMs(),
					base.otherDelayMs(), base.appCores(), base.harnessCores(), base.threads());
			assertThat(check.predictedThroughput()).isCloseTo(used.predict(400).get(0).throughput(), within(1e-9));
		}
		assertThat(ReportWriter.render(results, Set.of(), model))
			.contains("| rehearsal at the same load | c=400 rehearsal, app on every CPU |");
	}

	@Test
	void aRehearsalCutShortWithTheJitBusyDoesNotPredict() {
		AppCpus oneCore = new AppCpus(1);
		WarmUp unsteady = new WarmUp("composite-sequential", 400, List.of(150.0, 300.0, 450.0), List.of(), 17.0, false,
				true, new WarmUp.Cpu(0.2, 2.0, 0.3, 0.4, 2_500));
		BenchResults results = warmedUp(only(ResultsFixture.pinned(oneCore), 400), oneCore, warmUp(50, true, 3.0),
				warmUp(50, false, 1.5), unsteady);
		RunModel model = RunModel.of(results);
		for (CellSummary summary : results.matrix()) {
			assertThat(model.kind(summary.cell())).as(summary.cell().id()).contains(RunModel.Kind.OTHER_LOADS);
		}
	}

	@Test
	void aRehearsalPredictsWhenItsJitMovesItsDemandLessThanTheHeldLowestLoadMisses() {
		// the standard runs of 2026-11-28: at c = 400 the rounds swung by 23–31 % with
		// the
		// JIT at 1–5 % of the time (0.01 ms per request); webflux's agreed within 1 %
		// with
		// the JIT at 8.5 % of the time, 0.11 ms per request against the app's 1.27 ms; a
		// JIT compiling 0.3 ms per request against 0.9 ms moves the demand by up to a
		// third, more than the held lowest load missed by
		AppCpus oneCore = new AppCpus(1);
		WarmUp swinging = new WarmUp("composite-sequential", 400, List.of(615.0, 924.0, 698.0),
				List.of(100.0, 150.0, 120.0), 17.0, false, true, new WarmUp.Cpu(0.9, 0.01, 0.3, 0.4, 2_500));
		WarmUp compilingLittle = new WarmUp("composite-sequential", 400, List.of(742.0, 743.0, 748.0),
				List.of(448.0, 541.0, 292.0), 34.0, false, true, new WarmUp.Cpu(1.27, 0.11, 0.18, 0.82, 11_362));
		WarmUp compiling = new WarmUp("composite-sequential", 400, List.of(615.0, 924.0, 698.0),
				List.of(900.0, 1_200.0, 800.0), 17.0, false, true, new WarmUp.Cpu(0.9, 0.3, 0.3, 0.4, 2_500));
		WarmUp atTheShare = new WarmUp("composite-sequential", 400, List.of(615.0, 924.0, 698.0),
				List.of(900.0, 1_200.0, 800.0), 17.0, false, true, new WarmUp.Cpu(1.0, 0.25, 0.3, 0.4, 2_500));
		Map<WarmUp, RunModel.Kind> expected = Map.of(swinging, RunModel.Kind.REHEARSAL, compilingLittle,
				RunModel.Kind.REHEARSAL, atTheShare, RunModel.Kind.REHEARSAL, compiling, RunModel.Kind.OTHER_LOADS);
		for (Map.Entry<WarmUp, RunModel.Kind> rehearsal : expected.entrySet()) {
			BenchResults results = warmedUp(only(ResultsFixture.pinned(oneCore), 400), oneCore, warmUp(50, true, 3.0),
					warmUp(50, false, 1.5), rehearsal.getKey());
			RunModel model = RunModel.of(results);
			for (CellSummary summary : results.matrix()) {
				assertThat(model.kind(summary.cell())).as(summary.cell().id() + " " + rehearsal.getKey().cpu())
					.contains(rehearsal.getValue());
			}
		}
	}

	@Test
	void aRehearsalWithoutAJitReadingPredictsOnlyWhenSteady() {
		AppCpus oneCore = new AppCpus(1);
		for (boolean steady : List.of(true, false)) {
			WarmUp rehearsal = new WarmUp("composite-sequential", 400, List.of(615.0, 924.0, 698.0), List.of(), 17.0,
					steady, true, new WarmUp.Cpu(0.9, null, 0.3, 0.4, 2_500));
			BenchResults results = warmedUp(only(ResultsFixture.pinned(oneCore), 400), oneCore, warmUp(50, true, 3.0),
					warmUp(50, false, 1.5), rehearsal);
			RunModel model = RunModel.of(results);
			for (CellSummary summary : results.matrix()) {
				assertThat(model.kind(summary.cell())).as(summary.cell().id())
					.contains(steady ? RunModel.Kind.REHEARSAL : RunModel.Kind.OTHER_LOADS);
			}
		}
	}

	@Test
	void onlyACellBeyondEveryOtherLoadIsPredictedFromItsRehearsal() {
		// cells at c = 10 and c = 400 on 1 core, runs with CPU at both concurrencies: the
		// c = 10 cell lies below the other load, the c = 400 cell beyond it
		AppCpus oneCore = new AppCpus(1);
		BenchResults results = warmedUp(ResultsFixture.pinned(oneCore), oneCore, warmUp(10, true, 0.9, 0.3, 0.4),
				warmUp(400, true, 0.9, 0.3, 0.4));
		RunModel model = RunModel.of(results);
		for (CellSummary summary : results.matrix()) {
			assertThat(model.kind(summary.cell())).as(summary.cell().id())
				.contains((summary.cell().concurrency() == 400) ? RunModel.Kind.REHEARSAL : RunModel.Kind.OTHER_LOADS);
		}
	}

	@Test
	void theRehearsalAtTheCellsConcurrencyIsNoOtherLoad() {
		// without the calibration run: the JIT run and the rehearsal are lent every CPU,
		// and the rehearsal is the cells' own load anyway
		AppCpus oneCore = new AppCpus(1);
		BenchResults results = warmedUp(only(ResultsFixture.pinned(oneCore), 400), oneCore, warmUp(50, true, 3.0),
				warmUp(400, false, 0.9));
		RunModel model = RunModel.of(results);
		for (CellSummary summary : results.matrix()) {
			assertThat(model.kind(summary.cell())).as(summary.cell().id()).contains(RunModel.Kind.SAME_CELL);
		}
	}

	private static WarmUp warmUp(int concurrency, boolean everyCpu, double appMs) {
		return warmUp(concurrency, everyCpu, appMs, 0.5, 0.5);
	}

	private static WarmUp warmUp(int concurrency, boolean everyCpu, double appMs, double jmeterMs, double mocksMs) {
		return new WarmUp("composite-sequential", concurrency, List.of(150.0, 151.0, 150.5), List.of(), 17.0, true,
				everyCpu, new WarmUp.Cpu(appMs, null, jmeterMs, mocksMs, 2_500));
	}

	/** The run with each app start on these CPUs, warmed up by these runs. */
	private static BenchResults warmedUp(BenchResults r, AppCpus appCpus, WarmUp... runs) {
		List<BenchResults.AppInfo> apps = r.apps()
			.stream()
			.map((a) -> new BenchResults.AppInfo(a.stack(), a.displayName(), a.jfr(), a.settings(), List.of(runs),
					a.placement(), a.heap(), appCpus))
			.toList();
		return new BenchResults(r.settings(), r.environment(), r.processes(), r.startedAt(), r.finishedAt(),
				r.wallSeconds(), r.cells(), apps, r.memory(), r.jdk(), r.skipped(), r.matrix(), r.trials(), r.faults(),
				r.databaseOutages(), r.complete(), r.incompleteReason());
	}

	@Test
	void theProjectionCarriesTheModelsErrorOnTheRunsCells() {
		BenchResults results = ResultsFixture.results();
		RunModel model = RunModel.of(results, new Projection(2, 100, 10, true));
		String projection = ModelSections.projection(model);
		for (String stack : List.of("mvc", "webflux")) {
			List<ModelFit.Check> checks = model.checks()
				.entrySet()
				.stream()
				.filter((e) -> e.getKey().stack().id().equals(stack))
				.map((e) -> e.getValue())
				.toList();
			double worst = checks.stream().mapToDouble((c) -> Math.abs(c.throughputRatio() - 1)).max().orElseThrow();
			long within = checks.stream().filter((c) -> !c.off()).count();
			assertThat(projection).as(stack)
				.contains(String.format(Locale.ROOT,
						"model within %.0f %% on 2 of 2 cells of this run " + "(other loads)", Math.ceil(worst * 100))
						+ ((within < 2) ? "; " + within + " within 10 %" : ""));
		}
		assertThat(projection).contains("The projection stays within the range the model was checked on.");
	}

	/** The run with only its cells at one concurrency. */
	private static BenchResults only(BenchResults r, int concurrency) {
		return new BenchResults(r.settings(), r.environment(), r.processes(), r.startedAt(), r.finishedAt(),
				r.wallSeconds(), r.cells().stream().filter((c) -> c.cell().concurrency() == concurrency).toList(),
				r.apps(), r.memory(), r.jdk(), r.skipped(),
				r.matrix().stream().filter((s) -> s.cell().concurrency() == concurrency).toList(),
				r.trials().stream().filter((c) -> c.cell().concurrency() == concurrency).toList(), r.faults(),
				r.databaseOutages(), r.complete(), r.incompleteReason());
	}

	/** One run of both runs' cells, as a sweep over {@code bench.appCpus}. */
	private static BenchResults merged(BenchResults a, BenchResults b) {
		return new BenchResults(a.settings(), a.environment(), a.processes(), a.startedAt(), a.finishedAt(),
				a.wallSeconds(), concat(a.cells(), b.cells()), a.apps(), a.memory(), a.jdk(), a.skipped(),
				concat(a.matrix(), b.matrix()), concat(a.trials(), b.trials()), a.faults(), a.databaseOutages(),
				a.complete(), a.incompleteReason());
	}

	private static <T> List<T> concat(List<T> a, List<T> b) {
		List<T> all = new ArrayList<>(a);
		all.addAll(b);
		return all;
	}

	private static JsonNode readJson(BenchResults results, RunModel model) {
		try {
			return new ObjectMapper().readTree(ResultsJson.toJson(results, model));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
