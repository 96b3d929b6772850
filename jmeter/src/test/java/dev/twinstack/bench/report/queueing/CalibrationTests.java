package dev.twinstack.bench.report.queueing;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.twinstack.bench.analysis.CpuCost;
import dev.twinstack.bench.load.warmup.WarmUp;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.report.ResultsJson;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.results.ResultsFixture;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where the queueing model takes its demands from ({@link RunModel#calibration}): a
 * warm-up run below the cells' lowest concurrency that read the CPU with the app on its
 * own cores, else the lowest cell itself (the smoke profile, whose only warm-up run is at
 * its cells' concurrency); never a run that lent the app every CPU (the JIT run). The
 * fixture's cells run at c = 10 and c = 400; its warm-ups, at c = 400, read no CPU.
 */
class CalibrationTests {

	private static final BenchResults RESULTS = ResultsFixture.results();

	private static final String WORKLOAD = "composite-sequential";

	@Test
	void aWarmUpRunBelowTheLowestCellThatReadTheCpuCalibratesEveryCellOfItsApp() throws Exception {
		BenchResults results = withMvcWarmUps(run(WORKLOAD, 4, cpu(9.0)));
		for (int concurrency : List.of(10, 400)) {
			RunModel.Calibration calibration = RunModel.calibration(results, cell(results, Stack.MVC, concurrency));
			assertThat(calibration.cell().concurrency()).as("c=%d calibrated at", concurrency).isEqualTo(4);
			assertThat(calibration.cost()).isEqualTo(new CpuCost(9.0, 0.5, 0.25, null));
			assertThat(calibration.lowest().cell().concurrency()).isEqualTo(10);
		}
		// webflux's warm-up read no CPU: its lowest cell
		assertThat(RunModel.calibration(results, cell(results, Stack.WEBFLUX, 400)).cell())
			.isEqualTo(cell(results, Stack.WEBFLUX, 10));
		// as results.json says it: the c = 10 cell predicted from c = 4, not its own;
		// webflux's from its other load, c = 400
		JsonNode matrix = new ObjectMapper().readTree(ResultsJson.toJson(results, RunModel.of(results))).at("/matrix");
		assertThat(calibratedAt(results, matrix, Stack.MVC, 10)).isEqualTo(4);
		assertThat(calibratedAt(results, matrix, Stack.WEBFLUX, 10)).isEqualTo(400);
	}

	@Test
	void aWarmUpRunAtTheCellsOwnConcurrencyDoesNotCalibrate() throws Exception {
		// the smoke profile: its cells at c = 10, its only warm-up run at c = 10 too
		BenchResults results = withMvcWarmUps(run(WORKLOAD, 10, cpu(9.0)));
		CellSummary lowest = summary(results, Stack.MVC, 10);
		RunModel.Calibration calibration = RunModel.calibration(results, lowest.cell());
		assertThat(calibration.cell()).isEqualTo(lowest.cell());
		assertThat(calibration.cost()).isEqualTo(lowest.cpuCost()).isNotEqualTo(new CpuCost(9.0, 0.5, 0.25, null));
		// predicted from the other load, never its own
		JsonNode matrix = new ObjectMapper().readTree(ResultsJson.toJson(results, RunModel.of(results))).at("/matrix");
		assertThat(calibratedAt(results, matrix, Stack.MVC, 10)).isEqualTo(400);
	}

	@Test
	void aWarmUpRunBetweenTheCellsDoesNotCalibrate() {
		// below the c = 400 cell, but not below the lowest, c = 10
		BenchResults results = withMvcWarmUps(run(WORKLOAD, 50, cpu(9.0)));
		assertThat(RunModel.calibration(results, cell(results, Stack.MVC, 400)).cell())
			.isEqualTo(cell(results, Stack.MVC, 10));
	}

	@Test
	void aWarmUpRunLentEveryCpuDoesNotCalibrate() {
		WarmUp jitRun = new WarmUp(WORKLOAD, 4, List.of(100.0, 101.0, 100.5), List.of(), 16.0, true, true, cpu(9.0));
		BenchResults results = withMvcWarmUps(jitRun);
		assertThat(RunModel.calibration(results, cell(results, Stack.MVC, 400)).cell())
			.isEqualTo(cell(results, Stack.MVC, 10));
	}

	@Test
	void aWarmUpRunBelowThatReadNoCpuDoesNotCalibrate() {
		BenchResults results = withMvcWarmUps(run(WORKLOAD, 4, null));
		assertThat(RunModel.calibration(results, cell(results, Stack.MVC, 400)).cell())
			.isEqualTo(cell(results, Stack.MVC, 10));
	}

	@Test
	void anotherWorkloadsWarmUpDoesNotCalibrate() {
		BenchResults results = withMvcWarmUps(run("cpu-light", 4, cpu(9.0)));
		assertThat(RunModel.calibration(results, cell(results, Stack.MVC, 400)).cell())
			.isEqualTo(cell(results, Stack.MVC, 10));
	}

	@Test
	void theLowestOfSeveralWarmUpRunsBelowCalibrates() {
		BenchResults results = withMvcWarmUps(run(WORKLOAD, 8, cpu(7.0)), run(WORKLOAD, 4, cpu(9.0)));
		RunModel.Calibration calibration = RunModel.calibration(results, cell(results, Stack.MVC, 400));
		assertThat(calibration.cell().concurrency()).isEqualTo(4);
		assertThat(calibration.cost().appMs()).isEqualTo(9.0);
	}

	@Test
	void theCalibrationRunAfterAJitRunNotLentAnyCpuCalibrates() {
		// an app not pinned: its JIT run ran where the cells run, the calibration run
		// after it at the same concurrency with the JIT done
		BenchResults results = withMvcWarmUps(run(WORKLOAD, 4, cpu(9.0)), run(WORKLOAD, 4, cpu(7.0)));
		RunModel.Calibration calibration = RunModel.calibration(results, cell(results, Stack.MVC, 400));
		assertThat(calibration.cell().concurrency()).isEqualTo(4);
		assertThat(calibration.cost().appMs()).isEqualTo(7.0);
	}

	@Test
	void anotherStacksWarmUpDoesNotCalibrate() {
		BenchResults results = withMvcWarmUps(run(WORKLOAD, 4, cpu(9.0)));
		assertThat(RunModel.calibration(results, cell(results, Stack.WEBFLUX, 10)).cell())
			.isEqualTo(cell(results, Stack.WEBFLUX, 10));
	}

	/** CPU per request: the given app ms, 0.5 ms of JMeter, 0.25 ms of mocks. */
	private static WarmUp.Cpu cpu(double appMs) {
		return new WarmUp.Cpu(appMs, null, 0.5, 0.25, 300);
	}

	private static WarmUp run(String workload, int concurrency, WarmUp.Cpu cpu) {
		// on the app's own cores, as the cells
		return new WarmUp(workload, concurrency, List.of(100.0, 101.0, 100.5), List.of(), 16.0, true, false, cpu);
	}

	/** The fixture with mvc's app start warmed up by these runs before its own. */
	private static BenchResults withMvcWarmUps(WarmUp... runs) {
		BenchResults r = RESULTS;
		BenchResults.AppInfo mvc = r.apps().get(0);
		assertThat(mvc.stack()).isEqualTo(Stack.MVC);
		List<WarmUp> warmUps = new ArrayList<>(List.of(runs));
		warmUps.addAll(mvc.warmUp());
		BenchResults.AppInfo warmed = new BenchResults.AppInfo(mvc.stack(), mvc.displayName(), mvc.jfr(),
				mvc.settings(), warmUps, mvc.placement(), mvc.heap(), mvc.appCpus());
		return new BenchResults(r.settings(), r.environment(), r.processes(), r.startedAt(), r.finishedAt(),
				r.wallSeconds(), r.cells(), List.of(warmed, r.apps().get(1)), r.memory(), r.jdk(), r.skipped(),
				r.matrix(), r.trials(), r.faults(), r.databaseOutages(), r.complete(), r.incompleteReason());
	}

	private static CellSummary summary(BenchResults results, Stack stack, int concurrency) {
		return results.matrix()
			.stream()
			.filter((s) -> s.cell().stack() == stack && s.cell().concurrency() == concurrency)
			.findFirst()
			.orElseThrow();
	}

	private static Cell cell(BenchResults results, Stack stack, int concurrency) {
		return summary(results, stack, concurrency).cell();
	}

	private static int calibratedAt(BenchResults results, JsonNode matrix, Stack stack, int concurrency) {
		int index = results.matrix().indexOf(summary(results, stack, concurrency));
		JsonNode model = matrix.get(index).path("model");
		assertThat(model.path("calibratedAt").isInt()).as("%s c=%d model in results.json", stack, concurrency).isTrue();
		return model.path("calibratedAt").asInt();
	}

}
