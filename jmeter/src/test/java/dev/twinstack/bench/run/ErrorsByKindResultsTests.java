package dev.twinstack.bench.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.twinstack.bench.load.LoadStats;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.CellMonitor;
import dev.twinstack.bench.measure.CpuShares;
import dev.twinstack.bench.measure.ServerStats;
import dev.twinstack.bench.measure.jvm.AppHealth;
import dev.twinstack.bench.measure.jvm.GcLog;
import dev.twinstack.bench.report.ConsoleSummary;
import dev.twinstack.bench.report.ResultsJson;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.results.ResultsFile;
import dev.twinstack.bench.results.ResultsFixture;
import dev.twinstack.bench.results.TrialFigures;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.Machine;
import dev.twinstack.monitoring.TimeSeries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * A trial's failed samples, counted by kind from its JTL, reach its results, its cell's
 * summary over the trials, {@code results.json} (and back) and the console.
 */
class ErrorsByKindResultsTests {

	private static final Instant START = Instant.parse("2026-11-21T10:00:00Z");

	private static final String RUN_ID = "t1-mvc-cpu-light-c10";

	@TempDir
	Path output;

	@Test
	void aTrialsErrorsByKindReachResultsJsonAndTheConsole() throws Exception {
		Path runDir = Files.createDirectories(this.output.resolve("runs/cell/trial-1"));
		writeJtl(runDir.resolve("samples.jtl"));
		BenchSettings settings = BenchSettings.from(Map.of("bench.profile", "smoke", "bench.latency", "100ms",
				"bench.duration", "4s", "bench.outputDir", this.output.toString()));
		Cell cell = new Cell(Stack.MVC, Workload.CPU_LIGHT, LoadModel.CLOSED, 10, 0, Heap.DEFAULT, AppCpus.ALL);
		// cpu-light stores nothing: no database to settle
		CellResult result = new TrialTail(settings, null).collect(cell, run(), runDir, load(), OptionalInt.empty(),
				null, (steady) -> CpuShares.of(Machine.cores(), steady));

		assertThat(result.errorsByKind()).containsExactly(entry("reset", 3L), entry("timeout", 2L),
				entry("http-503", 1L));
		assertThat(TrialTail.describe("mvc 1/1", result))
			.contains("60 requests, 6 errors (3 reset, 2 timeout, 1 http-503)");

		AppHealth ok = AppHealth.assess(true, null, "", new GcLog.Summary(0, 0, 0, 0));
		CellSummary summary = CellSummary.of(cell,
				List.of(TrialFigures.of(result, result.steadyThroughput(), null, ok),
						TrialFigures.of(result, result.steadyThroughput(), null, ok)),
				settings, null, OptionalInt.empty(), 10, 2);
		assertThat(summary.errorsByKind()).containsExactly(entry("reset", 6L), entry("timeout", 4L),
				entry("http-503", 2L));
		BenchResults fixture = ResultsFixture.results();
		BenchResults results = new BenchResults(fixture.settings(), fixture.environment(), fixture.processes(),
				fixture.startedAt(), fixture.finishedAt(), fixture.wallSeconds(), List.of(result), fixture.apps(),
				fixture.memory(), fixture.jdk(), fixture.skipped(), List.of(summary), List.of(result, result),
				List.of(), List.of(), true, null);

		JsonNode json = new ObjectMapper().readTree(ResultsJson.toJson(results));
		JsonNode matrixKinds = json.path("matrix").path(0).path("errorsByKind");
		assertThat(matrixKinds.toString()).isEqualTo("{\"reset\":6,\"timeout\":4,\"http-503\":2}");
		assertThat(json.path("cells").path(0).path("errorsByKind").toString())
			.isEqualTo("{\"reset\":3,\"timeout\":2,\"http-503\":1}");
		assertThat(json.path("matrix").path(0).path("trials").path(0).path("errorsByKind").path("reset").asLong())
			.isEqualTo(3);
		// the resets ended in seconds 2 and 3 of the trial
		assertThat(json.path("trials").path(0).path("errorsPerSecond").path("byKind").path("reset").toString())
			.isEqualTo("[0,0,2,1,0,0]");

		Files.writeString(this.output.resolve(ResultsFile.NAME), ResultsJson.toJson(results));
		BenchResults read = ResultsFile.read(this.output);
		assertThat(read.matrix().get(0).errorsByKind()).isEqualTo(summary.errorsByKind());
		assertThat(read.cells().get(0).errorsPerSecond()).isEqualTo(result.errorsPerSecond());

		assertThat(ConsoleSummary.render(results))
			.contains("Errors, " + cell.id() + ": 6 reset, 4 timeout, 2 http-503\n");
	}

	/**
	 * 60 samples of 50 ms, one started every 100 ms from 0.2 s; samples 20, 25 and 30
	 * reset, 40 and 41 timed out (after 1 s), 50 answered 503.
	 */
	private static void writeJtl(Path jtl) throws Exception {
		StringBuilder rows = new StringBuilder(
				"timeStamp,elapsed,label,responseCode,responseMessage,threadName,success,failureMessage,bytes\n");
		for (int i = 0; i < 60; i++) {
			long start = START.toEpochMilli() + 200 + 100L * i;
			String row = switch (i) {
				case 20, 25, 30 -> ",50,cpu-light,Non HTTP response code: java.net.SocketException,"
						+ "Non HTTP response message: Connection reset,cpu-light 1-1,false,,0\n";
				case 40, 41 -> ",1000,cpu-light,Non HTTP response code: java.net.SocketTimeoutException,"
						+ "Non HTTP response message: Read timed out,cpu-light 1-1,false,,0\n";
				case 50 -> ",50,cpu-light,503,Service Unavailable,cpu-light 1-1,false,status,100\n";
				default -> ",50,cpu-light,200,OK,cpu-light 1-1,true,,1500\n";
			};
			rows.append(start).append(row);
		}
		Files.writeString(jtl, rows);
	}

	private static ScenarioPlan.Run run() {
		return new ScenarioPlan.Run("http://127.0.0.1:8080", Workload.CPU_LIGHT, LoadModel.CLOSED, 10, 0, 0,
				Duration.ofSeconds(1), Duration.ofSeconds(4), RUN_ID);
	}

	/** JMeter's figures and ten readings, one a second. */
	private static TrialTail.Load load() {
		List<TimeSeries.Row> rows = new java.util.ArrayList<>();
		for (int i = 0; i < 10; i++) {
			rows.add(new TimeSeries.Row(START.plusMillis(500 + i * 1000L),
					new double[] { 0.4, 0.2, 0.1, 0.9, 120, 40 }));
		}
		TimeSeries series = new TimeSeries(
				List.of("app_cpu", "mocks_cpu", "loadgen_cpu", "machine_cpu", "app_heap_used_mb", "app_threads_live"),
				rows);
		return new TrialTail.Load(START, START.plusSeconds(8), LoadStats.of(60, 6, 6.0, 50, 50, 50, 50, 50, 50, 50),
				new CellMonitor.Result(ServerStats.from(series.summaries(), 0), series));
	}

}
