package dev.twinstack.bench.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.IntStream;

import dev.twinstack.bench.load.JtlAnalysis;
import dev.twinstack.bench.load.LoadStats;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.load.ThroughputStats;
import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.CellMonitor;
import dev.twinstack.bench.measure.storage.InProcessMongo;
import dev.twinstack.bench.measure.CpuShares;
import dev.twinstack.bench.measure.JitCompilation;
import dev.twinstack.bench.measure.storage.ProfileStore;
import dev.twinstack.bench.measure.ServerStats;
import dev.twinstack.bench.process.MockServicesProcess;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.Machine;
import dev.twinstack.monitoring.TimeSeries;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The tail of a measured trial, shared by apps the bench started and remote targets: the
 * JTL's figures, the stored count, the steady window and the result's files.
 */
class TrialTailTests {

	private static final Instant START = Instant.parse("2026-11-21T10:00:00Z");

	private static final String RUN_ID = "t1-mvc-composite-sequential-c10";

	/**
	 * 60 samples of 50 ms, one started every 100 ms from 0.2 s: the last ends at 6.15 s.
	 */
	private static final int SAMPLES = 60;

	@TempDir
	Path output;

	@RegisterExtension
	final InProcessMongo mongo = new InProcessMongo();

	@Test
	void anAppTheBenchStartedIsJudgedOnEveryProcessOverTheSteadyWindowAndItsCollectionDropped() throws Exception {
		Path runDir = trialStored();
		Path appLog = this.output.resolve("logs/mvc-app.log");
		CellResult result = new TrialTail(settings(), this.mongo.store()).collect(cell(Stack.MVC), run(), runDir,
				load(runDir), OptionalInt.of(200), appLog, (steady) -> CpuShares.of(Machine.cores(), steady));
		assertThat(result.runId()).isEqualTo(RUN_ID);
		assertThat(result.startedAt()).isEqualTo("2026-11-21T10:00:00Z");
		assertThat(result.latency().samples()).isEqualTo(SAMPLES);
		assertThat(result.latency().p50Ms()).isEqualTo(50);
		assertThat(result.throughput().perSecond()).isNotEmpty();
		assertThat(result.storage().stored()).isEqualTo(SAMPLES);
		assertThat(result.storage().acknowledged()).isEqualTo(SAMPLES);
		assertThat(result.storage().duplicates()).isZero();
		// the bench's own database: the collection is dropped, the other run's document
		// too
		assertThat(this.mongo.profiles().countDocuments()).isZero();
		// the steady window: the readings at 2.5 to 5.5 s, after the ramp-up
		assertThat(result.cpu().cores()).isEqualTo(Machine.cores());
		assertThat(result.cpu().appMean()).isCloseTo(0.4, within(1e-9));
		assertThat(result.cpu().mocksMean()).isCloseTo(0.2, within(1e-9));
		assertThat(result.cpu().machineMean()).isCloseTo(0.9, within(1e-9));
		// 3 × 100 ms downstream, 10 in flight, 200 Tomcat threads
		assertThat(result.ceiling().downstreamMs()).isEqualTo(300.0);
		assertThat(result.ceiling().threadCap()).isEqualTo(200);
		assertThat(result.durationSeconds()).isEqualTo(4);
		assertThat(result.arrivalRate()).isNull();
		assertThat(result.jtl()).isEqualTo("runs/cell/trial-1/samples.jtl");
		assertThat(result.metricsCsv()).isEqualTo("runs/cell/trial-1/metrics.csv");
		assertThat(result.appLog()).isEqualTo("logs/mvc-app.log");
		assertThat(result.engineSamples()).isNull();
		assertThat(result.jfr()).isNull();
		// the JIT over the whole trial, the first reading (0.5 s) to the last (9.5 s),
		// not the steady window: 1800 ms in 9 s
		assertThat(result.jit()).isEqualTo(new JitCompilation(9.0, 1800.0));
		assertThat(TrialTail.describe("mvc 1/1", result))
			.isEqualTo("[mvc 1/1] 10.0 req/s, p50 50 ms, p99 50 ms, 60 requests, 0 errors, stored 60 / acknowledged 60;"
					+ " peak heap 120 MB, peak threads 40; JIT 1.8 s, 20.0 % of the trial (still at work)");
	}

	@Test
	void aRemoteTargetIsJudgedOnItsOwnCpuMeterAndOnlyItsDocumentsAreDeleted() throws Exception {
		Path runDir = trialStored();
		CellResult result;
		// a database the bench does not own: its store deletes only the run's documents
		try (ProfileStore shared = new ProfileStore(this.mongo.uri(MockServicesProcess.DATABASE),
				MockServicesProcess.DATABASE, "t1")) {
			result = new TrialTail(settings(), shared).collect(cell(Stack.WEBFLUX), run(), runDir, load(runDir),
					OptionalInt.of(200), null, (steady) -> RemoteTarget.shares(Machine.cores(), steady));
		}
		assertThat(result.storage().stored()).isEqualTo(SAMPLES);
		// a database the bench does not own: the other run's document stays
		assertThat(this.mongo.profiles().countDocuments()).isEqualTo(1);
		assertThat(result.cpu().appMean()).isCloseTo(0.3, within(1e-9));
		assertThat(result.cpu().mocksMean()).isNull();
		assertThat(result.cpu().machineMean()).isNull();
		// no thread cap on a stack without a thread per request
		assertThat(result.ceiling().threadCap()).isNull();
		assertThat(result.appLog()).isNull();
		// the same readings of its Prometheus page as for an app the bench started
		assertThat(result.jit()).isEqualTo(new JitCompilation(9.0, 1800.0));
	}

	@Test
	void steadyWindowLeavesOutTheRampUpLikeTheSteadyThroughput() {
		// JMeter's first sample at 0.2 s, 1 s ramp-up: the readings from 2.5 s to 7.5 s
		TimeSeries steady = TrialTail.steadyWindow(readings(), samples(200, 8000), Duration.ofSeconds(1), START, 7.8);
		assertThat(steady.rows()).hasSize(6);
		assertThat(steady.summary("machine_cpu").mean()).isCloseTo(0.9, within(1e-9));
	}

	@Test
	void countRunWithoutRampUpLeavesOutOnlyItsFirstSecond() {
		// the count model starts every thread at once: first sample at 0.2 s, the
		// readings from 1.5 s to 7.5 s
		TimeSeries steady = TrialTail.steadyWindow(readings(), samples(200, 8000), Duration.ZERO, START, 7.8);
		assertThat(steady.rows()).hasSize(7);
		assertThat(steady.rows().get(0).time()).isEqualTo(START.plusMillis(1500));
	}

	@Test
	void shortRunIsJudgedOverItsWholeLoad() {
		// a 2.8 s count run: two readings after its first second, so the whole load from
		// JMeter's start counts (0.5 s to 2.5 s)
		TimeSeries whole = TrialTail.steadyWindow(readings(), samples(200, 3000), Duration.ZERO, START, 2.8);
		assertThat(whole.rows()).hasSize(3);
		assertThat(whole.summary("machine_cpu").mean()).isLessThan(0.9);
	}

	private BenchSettings settings() {
		return BenchSettings.from(Map.of("bench.profile", "smoke", "bench.latency", "100ms", "bench.duration", "4s",
				"bench.outputDir", this.output.toString()));
	}

	private static ScenarioPlan.Run run() {
		return new ScenarioPlan.Run("http://127.0.0.1:8080", Workload.COMPOSITE_SEQUENTIAL, LoadModel.CLOSED, 10, 0, 0,
				Duration.ofSeconds(1), Duration.ofSeconds(4), RUN_ID);
	}

	private static Cell cell(Stack stack) {
		return new Cell(stack, Workload.COMPOSITE_SEQUENTIAL, LoadModel.CLOSED, 10, 0, Heap.DEFAULT, AppCpus.ALL);
	}

	/**
	 * The trial's folder with its JTL (every sample 50 ms, all successful), and its
	 * documents stored beside another run's.
	 */
	private Path trialStored() throws Exception {
		Path runDir = Files.createDirectories(this.output.resolve("runs/cell/trial-1"));
		StringBuilder jtl = new StringBuilder("timeStamp,elapsed,label,responseCode,threadName,success,bytes\n");
		for (int i = 0; i < SAMPLES; i++) {
			jtl.append(START.toEpochMilli() + 200 + 100L * i).append(",50,composite,201,composite 1-1,true,1500\n");
		}
		Files.writeString(runDir.resolve("samples.jtl"), jtl);
		storeTheTrialsDocuments();
		return runDir;
	}

	private void storeTheTrialsDocuments() {
		List<Document> documents = new ArrayList<>(IntStream.rangeClosed(1, SAMPLES)
			.mapToObj((i) -> new Document("requestId", RUN_ID + "-" + i))
			.toList());
		documents.add(new Document("requestId", "other-run-1"));
		this.mongo.profiles().insertMany(documents);
	}

	/** JMeter's figures and the monitor's readings of the trial. */
	private static TrialTail.Load load(Path runDir) {
		TimeSeries series = readings();
		return new TrialTail.Load(START, START.plusSeconds(8),
				LoadStats.of(SAMPLES, 0, 6.0, 50, 50, 50, 50, 50, 50, 50),
				new CellMonitor.Result(ServerStats.from(series.summaries(), 0), series));
	}

	/**
	 * One reading a second at 0.5 s, 1.5 s, … 9.5 s: the app 10 % busy for the first two
	 * (its own meter 5 %), then 40 % (its meter 30 %); the mocks 20 %, the machine 40 %
	 * then 90 %; the JIT compiling 200 ms a second (its reading at 4.5 s failed).
	 */
	private static TimeSeries readings() {
		List<TimeSeries.Row> rows = new ArrayList<>();
		for (int i = 0; i < 10; i++) {
			boolean steady = i >= 2;
			rows.add(new TimeSeries.Row(START.plusMillis(500 + i * 1000L),
					new double[] { steady ? 0.4 : 0.1, steady ? 0.3 : 0.05, 0.2, 0.1, steady ? 0.9 : 0.4, 120, 40,
							(i == 4) ? Double.NaN : 60_000 + 200 * i }));
		}
		return new TimeSeries(List.of("app_cpu", "app_cpu_micrometer", "mocks_cpu", "loadgen_cpu", "machine_cpu",
				"app_heap_used_mb", "app_threads_live", "app_jit_ms"), rows);
	}

	private static JtlAnalysis samples(long firstStartMs, long lastEndMs) {
		return new JtlAnalysis(null, ThroughputStats.NONE, List.of(), 0, START.toEpochMilli() + firstStartMs,
				START.toEpochMilli() + lastEndMs);
	}

}
