package dev.twinstack.bench.report.queueing;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.twinstack.bench.analysis.ModelFit;
import dev.twinstack.bench.load.warmup.WarmUp;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.queueing.LoadDependentDemands;
import dev.twinstack.bench.queueing.StackDemands;
import dev.twinstack.bench.queueing.WhatIf;
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
 * The model, the verdict and the projection in report.md and results.json.
 */
class ModelSectionsTests {

	private static final BenchResults RESULTS = ResultsFixture.results();

	@Test
	void everyClosedCellIsPredictedFromTheOtherLoadsOfItsStack() {
		RunModel model = RunModel.of(RESULTS);
		assertThat(model.checks()).hasSize(RESULTS.matrix().size());
		for (CellSummary summary : RESULTS.matrix()) {
			ModelFit.Check check = model.check(summary.cell()).orElseThrow();
			// c = 10 from c = 400's CPU per request, c = 400 from c = 10's: never its own
			assertThat(check.calibratedAt()).isEqualTo((summary.cell().concurrency() == 10) ? 400 : 10);
			assertThat(model.kind(summary.cell())).contains(RunModel.Kind.OTHER_LOADS);
			double measured = summary.throughput().median() * (1 - summary.errorRate());
			assertThat(check.throughputRatio()).isCloseTo(measured / check.predictedThroughput(), within(1e-9));
			// one placement only: nothing to predict it from across placements
			assertThat(model.placementCheck(summary.cell())).isEmpty();
		}
		assertThat(model.demands()).hasSize(2);
		assertThat(model.demands().values()).allSatisfy((d) -> assertThat(d.downstreamMs()).isEqualTo(300.0));
		assertThat(model.demands()
			.values()
			.stream()
			.filter((d) -> d.stack().equals("mvc"))
			.findFirst()
			.orElseThrow()
			.threads()).isEqualTo(200);
	}

	@Test
	void aWarmUpRunBelowTheCellsConcurrencyCalibratesTheModelWhenItReadTheCpu() {
		BenchResults.AppInfo mvc = RESULTS.apps().get(0);
		// a calibration run on the app's own cores
		WarmUp jitRun = new WarmUp("composite-sequential", 4, List.of(13.0, 13.1, 13.0), List.of(10.0, 5.0, 2.0), 16.0,
				true, false, WarmUp.Cpu.of(234.0, 39.0, 60.0, 45.0, 195));
		BenchResults.AppInfo warmed = new BenchResults.AppInfo(mvc.stack(), mvc.displayName(), mvc.jfr(),
				mvc.settings(), List.of(jitRun, mvc.warmUp().get(0)), mvc.placement(), mvc.heap(), mvc.appCpus());
		BenchResults r = RESULTS;
		BenchResults results = new BenchResults(r.settings(), r.environment(), r.processes(), r.startedAt(),
				r.finishedAt(), r.wallSeconds(), r.cells(), List.of(warmed, r.apps().get(1)), r.memory(), r.jdk(),
				r.skipped(), r.matrix(), r.trials(), r.faults(), r.databaseOutages(), r.complete(),
				r.incompleteReason());
		RunModel model = RunModel.of(results);
		for (CellSummary summary : results.matrix()) {
			ModelFit.Check check = model.check(summary.cell()).orElseThrow();
			// mvc from its warm-up at c = 4 and its cells, each cell from the other
			// loads:
			// c = 10 between c = 4 and 400, c = 400 beyond c = 10; webflux's warm-up read
			// no CPU: its c = 10 cell
			boolean isMvc = summary.cell().stack() == Stack.MVC;
			int concurrency = summary.cell().concurrency();
			assertThat(check.calibratedAt()).as(summary.cell().id())
				.isEqualTo((concurrency == 10) ? (isMvc ? 4 : 400) : 10);
			assertThat(model.source(summary.cell())).as(summary.cell().id())
				.contains(isMvc ? ((concurrency == 10) ? "c=4–400 interpolated" : "c=10 (held beyond)")
						: ((concurrency == 10) ? "c=400 (held below)" : "c=10 (held beyond)"));
		}
		LoadDependentDemands mvcCurve = onlyCellOf(Stack.MVC, model.curves());
		assertThat(mvcCurve.loads()).extracting(LoadDependentDemands.MeasuredLoad::concurrency)
			.containsExactly(4, 10, 400);
		CellSummary mvc10 = find(Stack.MVC, 10);
		assertThat(mvcCurve.loads().get(1).appCpuMs()).isEqualTo(mvc10.cpuCost().appMs());
		StackDemands demands = onlyCellOf(Stack.MVC, model.demands());
		assertThat(demands.appCpuMs()).isEqualTo(1.0);
		assertThat(demands.harnessCpuMs()).isCloseTo(105.0 / 195, within(1e-9));
		// the downstream wait and the other delay still come from the lowest cell
		assertThat(demands.downstreamMs()).isEqualTo(300.0);
	}

	@Test
	void theReportOpensWithTheVerdictAndTheWinnersGrid() {
		String md = ReportWriter.render(RESULTS, Set.of(), RunModel.of(RESULTS));
		int verdict = md.indexOf("## Verdict");
		assertThat(verdict).isPositive().isLessThan(md.indexOf("Profile `standard`"));
		String section = md.substring(verdict, md.indexOf("Profile `standard`"));
		CellSummary mvc = find(Stack.MVC, 400);
		CellSummary webflux = find(Stack.WEBFLUX, 400);
		double ok = webflux.throughput().median() * (1 - webflux.errorRate());
		double margin = ok / (mvc.throughput().median() * (1 - mvc.errorRate())) - 1;
		// every stack ranked, with its ratio to the best, at the highest concurrency
		assertThat(section).contains("**composite-sequential, c=400, default heap**\n\n| Rank | Stack |")
			.contains(String.format(Locale.ROOT, "| 1 | webflux | %.0f | 1.00 |", ok))
			.contains(String.format(Locale.ROOT, "| 2 | mvc | %.0f | %.2f |",
					mvc.throughput().median() * (1 - mvc.errorRate()), 1 / (1 + margin)));
		assertThat(section).contains("| Workload | c=10 | c=400 |")
			.contains(String.format(Locale.ROOT, "🟩 webflux +%.0f %%", margin * 100))
			.contains("\n\nwebflux serves")
			.contains("wrk did not run both");
	}

	@Test
	void eachMatrixTableAndTheModelSectionShowMeasuredOverPredicted() {
		RunModel model = RunModel.of(RESULTS);
		String md = ReportWriter.render(RESULTS, Set.of(), model);
		assertThat(md).contains("| Model: predicted req/s / mean latency (calibrated at c) |")
			.contains("| Measured ÷ predicted: throughput / mean latency |")
			.contains("## Model: predicted against measured");
		for (CellSummary summary : RESULTS.matrix()) {
			ModelFit.Check check = model.check(summary.cell()).orElseThrow();
			// each cell from the other load's demand
			String used = (summary.cell().concurrency() == 10) ? "c=400 (held below)" : "c=10 (held beyond)";
			assertThat(model.source(summary.cell())).contains(used);
			assertThat(md).contains("| `" + summary.cell().id() + "` | other loads | " + used + " | "
					+ String.format(Locale.ROOT, "%.1f", check.predictedThroughput()));
			if (check.off()) {
				assertThat(md).contains("- `" + summary.cell().id() + "` ").contains(check.leftOut());
			}
		}
		assertThat(md).doesNotContain("Model projection");
	}

	@Test
	void resultsJsonCarriesThePredictionTheVerdictAndTheProjection() throws Exception {
		RunModel model = RunModel.of(RESULTS, new Projection(8, 50, 2000, true));
		JsonNode json = new ObjectMapper().readTree(ResultsJson.toJson(RESULTS, model));
		for (int i = 0; i < RESULTS.matrix().size(); i++) {
			JsonNode cell = json.path("matrix").get(i).path("model");
			ModelFit.Check check = model.check(RESULTS.matrix().get(i).cell()).orElseThrow();
			assertThat(cell.path("predictedThroughput").asDouble()).isEqualTo(check.predictedThroughput());
			assertThat(cell.path("throughputRatio").asDouble()).isEqualTo(check.throughputRatio());
			assertThat(cell.path("demands").path("appCpuMs").isNumber()).isTrue();
		}
		assertThat(json.path("verdict").findValuesAsText("workload")).contains("composite-sequential");
		JsonNode projection = json.path("projection");
		assertThat(projection.path("note").asText()).isEqualTo("model projection, not a measurement");
		assertThat(projection.path("whatIf").path("cores").asInt()).isEqualTo(8);
		assertThat(projection.path("stacks")).hasSize(2);
		assertThat(projection.path("stacks").get(0).path("demands").path("callLatencyMs").asDouble()).isEqualTo(50.0);
		assertThat(projection.path("stacks").get(0).path("demands").path("sequentialCalls").asInt()).isEqualTo(3);
	}

	@Test
	void theProjectionIsASectionOfItsOwnAfterTheMeasurements() {
		RunModel model = RunModel.of(RESULTS, new Projection(8, 50, 2000, true));
		String md = ReportWriter.render(RESULTS, Set.of(), model);
		int projection = md.indexOf("## Model projection (not a measurement)");
		assertThat(projection).isGreaterThan(md.indexOf("## Scenario matrix"));
		String section = md.substring(projection, md.indexOf("\n## ", projection + 1));
		for (var entry : model.curves().entrySet()) {
			var p = model.whatIf().predict(entry.getValue());
			// at c = 2000 the CPU per request of the highest measured load, c = 400
			assertThat(section).contains(entry.getValue().describe(2000)).contains("(c=400 (held beyond))");
			assertThat(section).contains("| " + entry.getKey().stack().id() + " | composite-sequential | ")
				.contains(String.format(Locale.ROOT, "| %.0f | %.0f | %s (%.0f req/s) |", p.throughput(), p.latencyMs(),
						p.binding().name(), p.binding().throughput()));
		}
		assertThat(section).contains("8 cores, 50 ms per downstream call, concurrency\n2000");
	}

	@Test
	void theProjectionIsTheOneTheRunsSettingsParsed() {
		BenchResults results = ResultsFixture
			.results(Map.of("bench.project", "cores=8,latency=0.05s,concurrency=2000"));
		assertThat(results.settings().project()).isEqualTo(new Projection(8, 50, 2000, true));
		RunModel model = RunModel.of(results);
		assertThat(model.whatIf()).isEqualTo(new WhatIf(8, 50, 2000, true));
		assertThat(ModelSections.projection(model)).contains("## Model projection (not a measurement)");
		assertThat(RunModel.of(RESULTS).whatIf()).isNull();
		assertThat(ModelSections.projection(RunModel.of(RESULTS))).isEmpty();
	}

	/** The value of a stack's one calibration cell; fails unless it has exactly one. */
	private static <V> V onlyCellOf(Stack stack, Map<Cell, V> byCell) {
		List<V> values = byCell.entrySet()
			.stream()
			.filter((e) -> e.getKey().stack() == stack)
			.map(Map.Entry::getValue)
			.toList();
		assertThat(values).as("the calibration cells of %s among %s", stack, byCell.keySet()).hasSize(1);
		return values.get(0);
	}

	private static CellSummary find(Stack stack, int concurrency) {
		List<CellSummary> found = RESULTS.matrix()
			.stream()
			.filter((s) -> s.cell().stack() == stack && s.cell().concurrency() == concurrency)
			.toList();
		return found.get(0);
	}

}
