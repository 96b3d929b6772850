package dev.twinstack.bench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.twinstack.bench.analysis.CpuCost;
import dev.twinstack.bench.analysis.CrossCheck;
import dev.twinstack.bench.analysis.MeasurementChecks;
import dev.twinstack.bench.faults.FaultRun;
import dev.twinstack.bench.load.LatencyStats;
import dev.twinstack.bench.load.warmup.WarmUpPlan;
import dev.twinstack.bench.load.ThroughputStats;
import dev.twinstack.bench.load.warmup.WarmUp;
import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.JfrCheck;
import dev.twinstack.bench.measure.CellMonitor;
import dev.twinstack.bench.measure.jvm.MemoryAfterRequests;
import dev.twinstack.bench.process.ProcessRegistry;
import dev.twinstack.bench.report.Browser;
import dev.twinstack.bench.report.ResultsJson;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.results.Integrity;
import dev.twinstack.bench.results.TrialFigures;
import dev.twinstack.bench.settings.BenchConfigException;
import dev.twinstack.bench.settings.BenchProfile;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.Machine;
import dev.twinstack.bench.settings.faults.FaultSettings;
import dev.twinstack.monitoring.TimeSeries;
import dev.twinstack.monitoring.TimeSeriesCsv;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Runs the bench once ({@code smoke} in a plain {@code ./mvnw verify}, {@code standard}
 * with {@code -Pbench}) against the real jars, then checks the results, the monitoring
 * and the report.
 * <p>
 * <b>A user's run or the test build's.</b> jmeter's {@code bench} Maven profile
 * ({@code ./mvnw verify -Pbench}) sets the system property {@value #USER_RUN} to
 * {@code true}; a plain {@code ./mvnw verify} leaves it {@code false}. A user's run fails
 * only for what the README says fails a bench: a bad setting ({@link #runBench}), a write
 * lost or doubled, or nothing measured
 * ({@link #everyWriteWasStoredOnceAndSomethingWasMeasured}); it installs nothing, needs
 * no browser, and runs without wrk (the cross-check is then off, with one line). Every
 * other test here checks the consistency of the measurement on the test build's own run
 * and is skipped, with that reason, in a user's run: there the same consistency checks
 * are computed by the bench itself ({@link MeasurementChecks}) and become warnings on the
 * cell and in the report. In the test build's run, wrk is found on the PATH or installed
 * where apt-get can, and {@link #noReadingOfTheTestBuildsRunIsOff} asserts that none of
 * those checks missed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BenchIT {

	private BenchSettings settings;

	private BenchResults results;

	/**
	 * The system property that marks a user's run: {@code true} under jmeter's
	 * {@code bench} Maven profile.
	 */
	static final String USER_RUN = "benchIT.userRun";

	@BeforeAll
	void runBench() {
		try {
			this.settings = BenchSettings.fromSystemProperties();
			if (!userRun() && this.settings.crossChecksWithWrk()) {
				// the test build checks the cross-check too: wrk from the PATH, else
				// installed where apt-get can, or the test fails with why
				dev.twinstack.monitoring.DebianPackages.command("wrk", "wrk");
			}
			this.results = BenchRunner.run(this.settings);
		}
		catch (BenchConfigException ex) {
			fail(ex.getMessage());
		}
	}

	/**
	 * What fails a user's run too: a 201 whose document was not stored, a document stored
	 * twice, or nothing measured (no cell, no request, no report).
	 */
	@Test
	void everyWriteWasStoredOnceAndSomethingWasMeasured() throws IOException {
		assertThat(this.settings.outputDir().resolve("report.md")).isRegularFile();
		assertThat(this.settings.outputDir().resolve("index.html")).isRegularFile();
		JsonNode parsed = ResultsJson.read(this.settings.outputDir().resolve("results.json"));
		if (!this.settings.cells().isEmpty()) {
			assertThat(this.results.cells()).as("cells measured").isNotEmpty();
			assertThat(this.results.cells()).as("cells with requests").anyMatch((cell) -> cell.load().requests() > 0);
		}
		else {
			assertThat(this.results.faults()).as("fault runs (no matrix cell asked for)").isNotEmpty();
		}
		assertThat(this.results.trials()).filteredOn((trial) -> trial.cell().workload().stores())
			.allSatisfy((trial) -> {
				assertThat(trial.storage().acknowledgedNotStored()).as("%s: answered 201 but not stored", trial.runId())
					.isZero();
				assertThat(trial.storage().duplicates()).as("%s: stored twice", trial.runId()).isZero();
			});
		Integrity integrity = this.results.integrity();
		assertThat(integrity.verified() || integrity.trials() == 0).as(integrity.line()).isTrue();
		assertThat(parsed.at("/integrity/verified").asBoolean()).isEqualTo(integrity.verified());
	}

	/**
	 * The test build's own run: every consistency check of the measurement held
	 * ({@link MeasurementChecks}; in a user's run a miss is a warning in the report).
	 */
	@Test
	void noReadingOfTheTestBuildsRunIsOff() throws IOException {
		assumeTestBuildRun();
		assumeMatrix();
		JsonNode matrix = ResultsJson.read(this.settings.outputDir().resolve("results.json")).at("/matrix");
		for (int i = 0; i < this.results.matrix().size(); i++) {
			CellSummary summary = this.results.matrix().get(i);
			if (!healthy(summary.cell())) {
				continue;
			}
			assertThat(summary.validity().checks()).as("%s consistency checks missed", summary.cell().id()).isEmpty();
			assertThat(matrix.get(i).at("/validity/checks").isArray())
				.as("%s checks in results.json", summary.cell().id())
				.isTrue();
		}
	}

	@Test
	void benchProducesASaneReport() throws IOException {
		assumeTestBuildRun();
		assumeMatrix();
		Path report = this.settings.outputDir().resolve("report.md");
		Path json = this.settings.outputDir().resolve("results.json");
		assertThat(report).isRegularFile();
		JsonNode parsed = ResultsJson.read(json);
		assertThat(parsed.at("/cells").size()).isEqualTo(BenchRunner.cellCount(this.settings));
		assertThat(parsed.at("/settings/profile").asText()).isEqualTo(this.settings.profile());
		assertThat(this.results.cells()).hasSize(BenchRunner.cellCount(this.settings));
		assertThat(this.results.cells()).extracting((cell) -> cell.cell().stack()).containsAll(this.settings.stacks());
		this.results.trials().forEach(this::assertRequestsErrorsAndAcknowledged);
		for (CellResult cell : this.results.cells()) {
			String id = cell.cell().id();
			assertThat(cell.load().requests()).as("%s requests", id).isPositive();
			// stored > acknowledged (requests the client abandoned in flight) is allowed
			// and shown in the report
			if (cell.cell().workload().stores()) {
				assertThat(cell.storage().acknowledgedNotStored()).as("%s: answered 201 but not stored", id).isZero();
			}
			else {
				assertThat(cell.storage()).as("%s stores nothing", id).isNull();
			}
			// kept compressed; the quoted (median) trial has the dashboard
			assertThat(cell.jtl()).as("%s JTL", id).endsWith("samples.jtl.gz");
			assertThat(this.settings.outputDir().resolve(cell.jtl())).as("%s JTL", id).isRegularFile();
			assertThat(this.settings.outputDir().resolve(cell.dashboard()).resolve("index.html")).as("%s dashboard", id)
				.isRegularFile();
			if (cell.cell().load() == LoadModel.OPEN) {
				// paced arrivals (the timer's per-second quota), judged by the median
				// second
				// of the hold: at most the rate and the bench's 5 % of tolerance. At
				// least
				// as many started as completed, within that 5 %, up to the rate: a stack
				// that cannot keep up lowers both (a result the report shows), a load
				// generator that falls behind only the starts
				double share = dev.twinstack.bench.load.OpenModel.ACHIEVED_SHARE;
				assertThat(cell.arrivalRate()).as("%s arrival rate, %.0f completed/s", id, cell.steadyThroughput())
					.isNotNull()
					.isBetween(share * Math.min(cell.cell().rate(), cell.steadyThroughput()),
							(2 - share) * cell.cell().rate());
			}
			else {
				assertThat(cell.arrivalRate()).as("%s arrival rate of a closed model", id).isNull();
			}
		}
		if (this.settings.targets().remote()) {
			// remote targets (docs/distributed.md): the bench started no jar
			assertThat(this.settings.outputDir().resolve("jars.sha256")).doesNotExist();
		}
		else {
			// the build measured is named by checksum, not copied
			assertThat(this.settings.outputDir().resolve("jars.sha256")).content()
				.containsPattern("(?m)^[0-9a-f]{64}  .*mock-services[^/]*\\.jar$");
		}
		assertThat(this.settings.outputDir().resolve("jars")).doesNotExist();
		assertThat(this.results.trials()).filteredOn((trial) -> trial.dashboard() != null)
			.hasSameSizeAs(this.results.cells());
		// every trial of every storing cell, not only the quoted ones
		assertThat(this.results.trials()).filteredOn((trial) -> trial.cell().workload().stores())
			.isNotEmpty()
			.allSatisfy((trial) -> {
				assertThat(trial.storage().acknowledgedNotStored()).as("%s: answered 201 but not stored", trial.runId())
					.isZero();
				assertThat(trial.storage().duplicates()).as("%s: stored twice", trial.runId()).isZero();
			});
		Integrity integrity = this.results.integrity();
		assertThat(integrity.verified()).as(integrity.line()).isTrue();
		assertThat(parsed.at("/integrity/verified").asBoolean()).isTrue();
		assertThat(parsed.at("/integrity/acknowledged").asLong()).isEqualTo(integrity.acknowledged()).isPositive();
		String markdown = Files.readString(report);
		assertThat(markdown).contains("**Integrity (stored == acknowledged)** verified: " + integrity.trials());
		this.settings.stacks().forEach((stack) -> assertThat(markdown).contains(stack.title()));
		assertThat(markdown).contains("| Little's-law ceiling |");
		if (this.results.cells()
			.stream()
			.anyMatch((cell) -> closedComposite(cell.cell()) && cell.cell().heap().isDefault())) {
			// the ab-style tables: closed composite cells on the default heap
			assertThat(markdown).contains("| Requests per second |", "| 99.9 % |");
		}
	}

	@Test
	void eachStackAndFanoutHasAFlameGraphAndEveryCellItsGcDeltas() throws IOException {
		assumeTestBuildRun();
		assumeMatrix();
		for (CellResult cell : this.results.cells()) {
			if (!healthy(cell.cell())) {
				continue;
			}
			if (cell.gc() == null) {
				// a load too short for two readings has none, never a guess; nor has a
				// window whose readings failed (an app too busy to answer its Actuator
				// in time: mvc composite parallel on one core with the JIT compiling
				// 92 % of a trial, standard run of 2026-11-24, two of seven failed)
				assertThat(sampledTwice(cell.load().elapsedSeconds()) && cell.server().failedReadings() == 0)
					.as("%s GC deltas of a %.2f s load with %d failed readings", cell.cell().id(),
							cell.load().elapsedSeconds(), cell.server().failedReadings())
					.isFalse();
				continue;
			}
			// deltas over the steady window: the app's own request count there, never
			// the totals since the JVM started (which hold the warm-up)
			assertThat(cell.gc().requests()).as("%s requests in the window", cell.cell().id())
				.isPositive()
				.isLessThanOrEqualTo(cell.load().requests());
			assertThat(cell.gc().allocatedBytesPerRequest()).as("%s bytes per request", cell.cell().id())
				.isBetween(1e3, 1e8);
			// the JIT over the whole trial, from the same readings of the Prometheus page
			assertThat(cell.jit()).as("%s JIT compilation", cell.cell().id()).isNotNull();
			assertThat(cell.jit().seconds()).as("%s JIT readings apart", cell.cell().id())
				.isBetween(1.0, cell.load().elapsedSeconds() + 30);
			assertThat(cell.jit().compilationMs()).as("%s JIT ms", cell.cell().id()).isNotNegative();
		}
		List<CellResult> drawn = this.results.cells().stream().filter((cell) -> cell.flameGraph() != null).toList();
		// one per stack and composite workload (fanout)
		assertThat(drawn).extracting((cell) -> cell.cell().stack().id() + " " + cell.cell().workload().id())
			.containsExactlyInAnyOrderElementsOf(this.results.cells()
				.stream()
				.map(CellResult::cell)
				// remote targets have no JFR recording to draw one from
				.filter((cell) -> closedComposite(cell) && cell.heap().isDefault() && !this.settings.targets().remote())
				.map((cell) -> cell.stack().id() + " " + cell.workload().id())
				.distinct()
				.toList());
		String markdown = Files.readString(this.settings.outputDir().resolve("report.md"));
		for (CellResult cell : drawn) {
			Path html = this.settings.outputDir().resolve(cell.flameGraph());
			assertThat(Files.readString(html)).as(cell.flameGraph()).contains("<canvas", cell.cell().id());
			assertThat(markdown).contains("[flame graph](" + cell.flameGraph() + ")");
		}
	}

	/**
	 * The calibration as the run recorded it; the rule itself is
	 * {@code CalibrationTests}' (report). In smoke the only warm-up run is at the cells'
	 * own concurrency and too short for a CPU reading: each cell is calibrated by its own
	 * figures.
	 */
	@Test
	void theModelIsCalibratedAtTheWarmUpsLowConcurrency() throws IOException {
		assumeTestBuildRun();
		assumeMatrix();
		assumeTrue(!this.settings.targets().remote(), "remote targets: their CPU is not read from here");
		JsonNode matrix = ResultsJson.read(this.settings.outputDir().resolve("results.json")).at("/matrix");
		int checked = 0;
		for (int i = 0; i < this.results.matrix().size(); i++) {
			Cell cell = this.results.matrix().get(i).cell();
			if (cell.load() != LoadModel.CLOSED || !healthy(cell)) {
				continue;
			}
			List<WarmUp> runs = this.results.apps()
				.stream()
				.filter((app) -> app.ran(cell))
				.flatMap((app) -> app.warmUp().stream())
				.filter((run) -> run.workload().equals(cell.workload().id()))
				.toList();
			// each warm-up run read every process's CPU over its last rounds, once it had
			// them
			for (WarmUp run : runs) {
				String name = cell.id() + " warm-up at c=" + run.concurrency();
				if (run.rounds().size() < WarmUp.WINDOW) {
					assertThat(run.cpu()).as("%s CPU, over fewer rounds than the window", name).isNull();
					continue;
				}
				WarmUp.Cpu cpu = run.cpu();
				assertThat(cpu).as("%s CPU", name).isNotNull();
				assertThat(cpu.appMs()).as("%s app CPU per request", name).isPositive();
				assertThat(cpu.loadGeneratorMs()).as("%s JMeter CPU per request", name).isPositive();
				assertThat(cpu.jitMs()).as("%s JIT per request", name).isNotNull();
				if (cell.workload().latenciesPerRequest() > 0) {
					assertThat(cpu.mocksMs()).as("%s mocks CPU per request", name).isPositive();
				}
			}
			// predicted from the other loads' demands: a warm-up run below the cell's
			// concurrency that read the CPU, or (a sweep) another cell of the same stack
			// and workload; with none, from its own
			Set<Integer> otherLoads = new TreeSet<>();
			runs.stream()
				.filter((run) -> run.cpu() != null && run.concurrency() < cell.concurrency())
				.forEach((run) -> otherLoads.add(run.concurrency()));
			this.results.matrix()
				.stream()
				.map((summary) -> summary.cell())
				.filter((other) -> other.stack() == cell.stack() && other.workload() == cell.workload()
						&& other.heap().equals(cell.heap()) && other.appCpus().equals(cell.appCpus())
						&& other.load() == LoadModel.CLOSED && other.concurrency() != cell.concurrency())
				.forEach((other) -> otherLoads.add(other.concurrency()));
			JsonNode calibratedAt = matrix.get(i).at("/model/calibratedAt");
			assertThat(calibratedAt.isInt()).as("%s has a model in results.json", cell.id()).isTrue();
			assertThat(calibratedAt.asInt()).as("%s calibrated at, other loads %s", cell.id(), otherLoads)
				.isIn(otherLoads.isEmpty() ? Set.of(cell.concurrency()) : otherLoads);
			checked++;
		}
		assertThat(checked).as("closed cells whose app stayed up").isPositive();
	}

	@Test
	void noProcessIsLeftAndTheReportIsThere() throws IOException {
		assumeTestBuildRun();
		assertThat(this.settings.outputDir().resolve("report.md")).isRegularFile();
		assertThat(this.settings.outputDir().resolve("index.html")).isRegularFile();
		assertThat(ResultsJson.read(this.settings.outputDir().resolve("results.json")).at("/settings/profile").asText())
			.isEqualTo(this.settings.profile());
		assertThat(ProcessRegistry.running()).as("processes left running").isEmpty();
	}

	@Test
	void faultsScenarioShowsTheContractsBehaviourForEveryRun() throws IOException {
		assumeTestBuildRun();
		FaultSettings faults = this.settings.faults();
		List<FaultRun> runs = this.results.faults();
		if (faults == null) {
			// not asked for: no fault run, no outage, no section
			assertThat(runs).isEmpty();
			assertThat(this.results.databaseOutages()).isEmpty();
			assertThat(Files.readString(this.settings.outputDir().resolve("report.md")))
				.doesNotContain("## Downstream faults");
			return;
		}
		FaultsChecks.assertContractShown(faults, this.results, this.settings.outputDir());
	}

	/**
	 * Whether the app stayed up through every trial of the cell.
	 * @param cell a cell of the run
	 * @return {@code false} when a trial ended in an out-of-memory, GC thrash or crash
	 */
	private boolean healthy(Cell cell) {
		return this.results.matrix()
			.stream()
			.filter((summary) -> summary.cell().equals(cell))
			.allMatch((summary) -> "ok".equals(summary.health().status()));
	}

	/**
	 * Checks one trial's request count against its plan, its errors against its cell's
	 * bound, and the 201s a storing trial acknowledged against its request count.
	 * <ul>
	 * <li>{@code count} model: exactly the cell's requests (JMeter counts a failed
	 * request as a sample too).</li>
	 * <li>closed model: every client sends back to back from its start in the 1 s ramp-up
	 * to the end of the hold H, and each request takes at most the trial's slowest M; so
	 * each client starts about floor(H / M) requests and completes all but perhaps the
	 * last: at least floor(H / M) − 1, and at least one when H ≥ M. The standard runs at
	 * 5104a05 and c7e99db sent 2.2 times this floor or more, the smoke run 1.4 times (c =
	 * 10, M = 402 ms: 166 requests for a floor of 110).</li>
	 * <li>errors: none for a closed or count cell at c ≤ 10; under 1 % of the requests
	 * for every cell that must serve ({@link #mustServe}); the overload block and the
	 * limited heaps may shed or die, which is a result.</li>
	 * <li>a storing trial acknowledged every request but its errors (so more than 99 % of
	 * them where the cell must serve): one 201 is not a storing cell's result.</li>
	 * </ul>
	 * @param trial one trial of the run
	 */
	private void assertRequestsErrorsAndAcknowledged(CellResult trial) {
		Cell cell = trial.cell();
		String id = trial.runId();
		long requests = trial.load().requests();
		long errors = trial.load().errors();
		if (healthy(cell) || mustServe(cell)) {
			assertThat(requests).as("%s requests", id).isPositive();
		}
		if (healthy(cell) && cell.load() == LoadModel.COUNT) {
			assertThat(requests).as("%s requests of the count model", id).isEqualTo(this.settings.requests(cell));
		}
		long holdMs = trial.durationSeconds() * 1000;
		double slowestMs = trial.load().maxMs();
		if (healthy(cell) && cell.load() == LoadModel.CLOSED && slowestMs <= holdMs) {
			long perClient = Math.max(1, (long) Math.floor(holdMs / slowestMs) - 1);
			assertThat(requests)
				.as("%s requests: %d clients, each at least %d in a %d ms hold with the slowest %.0f ms", id,
						cell.concurrency(), perClient, holdMs, slowestMs)
				.isGreaterThanOrEqualTo(cell.concurrency() * perClient);
		}
		if (cell.load() != LoadModel.OPEN && cell.concurrency() <= 10 && healthy(cell)) {
			assertThat(errors).as("%s errors at concurrency %d", id, cell.concurrency()).isZero();
		}
		if (mustServe(cell)) {
			assertThat((double) errors / requests).as("%s error rate (%d of %d)", id, errors, requests)
				.isLessThan(0.01);
		}
		if (cell.workload().stores()) {
			assertThat(trial.storage().acknowledged()).as("%s acknowledged: requests - errors", id)
				.isEqualTo(requests - errors);
			if (mustServe(cell)) {
				assertThat(trial.storage().acknowledged()).as("%s acknowledged of %d requests", id, requests)
					.isGreaterThan((long) (0.99 * requests));
			}
		}
	}

	/**
	 * Whether the cell's app must serve its load: below
	 * {@link BenchProfile#OVERLOAD_CONCURRENCY} (the full profile's overload block) and
	 * on the default heap. A limited heap ({@code bench.heaps}) may run out of memory and
	 * an overloaded app may shed; both are results, recorded with their cause.
	 */
	private static boolean mustServe(Cell cell) {
		return cell.concurrency() < BenchProfile.OVERLOAD_CONCURRENCY && cell.heap().isDefault();
	}

	/**
	 * The median trials of the cells whose app stayed up, for the checks of a live app.
	 */
	private List<CellResult> healthyCells() {
		List<CellResult> healthy = this.results.cells().stream().filter((cell) -> healthy(cell.cell())).toList();
		// a run where every cell died checks nothing below: that is a failure too
		assertThat(healthy).as("cells whose app stayed up").isNotEmpty();
		return healthy;
	}

	/**
	 * Whether the cell is a closed, timed composite cell (the report's tables and
	 * charts), wherever its app ran (pinned or not).
	 */
	private static boolean closedComposite(Cell cell) {
		return cell.workload().fanout() != null && cell.load() == LoadModel.CLOSED
				&& cell.workload().equals(Workload.composite(cell.workload().fanout()));
	}

	/**
	 * Whether the cell is a composite cell of the count model whose app shares every core
	 * (the seeds profile's: it has time charts of its own).
	 */
	private static boolean countComposite(Cell cell) {
		return cell.workload().fanout() != null && cell.load() == LoadModel.COUNT && cell.appCpus().isAll();
	}

	/**
	 * Whether the run is of the seeds profile, whose section draws the count cells'
	 * charts.
	 */
	private boolean seeds() {
		return BenchProfile.SEEDS.id().equals(this.settings.profile());
	}

	@Test
	void seedsProfileSetsTheOriginalExperimentsBesideTheWriteUps() throws IOException {
		assumeTestBuildRun();
		String markdown = Files.readString(this.settings.outputDir().resolve("report.md"));
		if (!seeds()) {
			assertThat(markdown).doesNotContain("## The original experiments");
			return;
		}
		assertThat(markdown).contains("## The original experiments", "### Seed 000", "#### Test 1", "#### Test 3",
				"| Requests per second | ", "[#/sec] (mean)", "#### Average", "2362.15", "Memory usage after handling",
				"### Seed 001", "| Coroutine 128MB of memory - parallel | ", "| NonCoroutine 64MB of memory | ");
		// one computed verdict per experiment: seed 000's memory, seed 001's two heaps
		assertThat(Pattern.compile("this machine \\*\\*(agrees|disagrees|ties within the trial spread)\\*\\*")
			.matcher(markdown)
			.results()
			.count()).isEqualTo(3);
		assertThat(markdown).contains("charts/memory-sequential-c" + BenchProfile.SEED_001_CLIENTS + "-n-h128m.png",
				"charts/threads-parallel-c" + BenchProfile.SEED_001_CLIENTS + "-n-h64m.png");
	}

	/**
	 * Tells whether a trial's load lasted long enough for two of the once-a-second
	 * readings ({@link CellMonitor#INTERVAL}) to fall in its window (JMeter's start to
	 * its elapsed time plus 0.5 s, {@code TrialTail.steadyWindow}): from 1.5 s on. The
	 * {@code seeds} profile's cpu-light count cells (1000 requests at c = 10, all threads
	 * at once) take about 0.2 s: no CPU, GC or allocation figures for them.
	 * @param elapsedSeconds JMeter's elapsed time, first start to last end (s)
	 * @return {@code true} when the figures must be there
	 */
	private static boolean sampledTwice(double elapsedSeconds) {
		return elapsedSeconds + 0.5 >= 2 * CellMonitor.INTERVAL.toSeconds();
	}

	/**
	 * Whether this is a user's run ({@code -Pbench}), see the class comment.
	 * @return the value of {@value #USER_RUN}
	 */
	private static boolean userRun() {
		return Boolean.getBoolean(USER_RUN);
	}

	/** The checks of the measurement's consistency: the test build's run only. */
	private static void assumeTestBuildRun() {
		assumeFalse(userRun(), "a user's run (" + USER_RUN + "): only a lost or doubled write, or nothing measured, "
				+ "fails it; the consistency checks are warnings in its report");
	}

	/**
	 * Whether the cells were cross-checked: asked for and wrk found on the PATH.
	 */
	private boolean crossChecked() {
		return this.settings.crossChecksWithWrk() && dev.twinstack.bench.load.WrkLoad.find().isPresent();
	}

	/** The tests of the scenario matrix need its cells: skipped when only faults ran. */
	private void assumeMatrix() {
		assumeTrue(!this.settings.cells().isEmpty(), "no matrix cell: only the faults scenario ran");
	}

	@Test
	void everyCellRanItsTrialsWithCeilingsValidityAndAnAnalysis() throws IOException {
		assumeTestBuildRun();
		assumeMatrix();
		assertThat(this.results.matrix()).extracting(CellSummary::cell)
			.containsExactlyElementsOf(this.settings.cells());
		assertThat(this.results.trials()).hasSize(this.settings.cellCount() * this.settings.trials());
		assertThat(this.results.jdk()).isEqualTo(this.settings.jdk());
		String markdown = Files.readString(this.settings.outputDir().resolve("report.md"));
		assertThat(markdown).contains("## Scenario matrix",
				"| JDK of the apps and mocks | " + this.settings.jdk().version());
		for (CellSummary summary : this.results.matrix()) {
			String id = summary.cell().id();
			assertThat(summary.trials()).as("%s trials", id).hasSize(this.settings.trials());
			if (!healthy(summary.cell())) {
				// running out of a limited heap is a result, recorded with its cause; any
				// other death, or a death on the default heap, fails the bench
				assertThat(summary.cell().heap().isDefault()).as("%s app (%s)", id, summary.health().cause()).isFalse();
				assertThat(summary.health().status()).as("%s app", id).isIn("oom", "gc-thrash");
				assertThat(summary.health().cause()).as("%s cause", id).isNotBlank();
				assertThat(markdown).contains(summary.health().cause());
				continue;
			}
			assertThat(summary.throughput().median()).as("%s steady throughput", id).isPositive();
			assertQuotedThroughputIsTheTrialsSeries(summary);
			if (summary.cell().concurrency() < BenchProfile.OVERLOAD_CONCURRENCY) {
				// a live app below overload answers; a cell of failures must not pass as
				// a result
				assertThat(summary.errorRate()).as("%s error rate", id).isLessThan(0.01);
			}
			// what the measuring cost, and the CPU ceiling it sets (utilization law)
			CpuCost cost = summary.cpuCost();
			if (cost.appMs() == null) {
				// a load too short for two readings has no CPU figures, never a guess
				double shortest = this.results.trials()
					.stream()
					.filter((trial) -> trial.cell().equals(summary.cell()))
					.mapToDouble((trial) -> trial.load().elapsedSeconds())
					.min()
					.orElseThrow();
				assertThat(sampledTwice(shortest)).as("%s CPU figures of a %.2f s load", id, shortest).isFalse();
				assertThat(summary.ceiling().cpuCeiling()).as("%s CPU ceiling without CPU figures", id).isNull();
				assertThat(markdown).contains("**" + summary.cell().workload().id() + ", ");
				continue;
			}
			assertThat(List.of(cost.appMs(), cost.loadGeneratorMs(), cost.machineMs())).as("%s CPU per request", id)
				.allSatisfy((ms) -> assertThat(ms).isNotNull().isPositive());
			// idle mocks may read 0.0 where the workload calls no downstream service
			assertThat(cost.mocksMs()).as("%s mocks' CPU per request", id).isNotNull().isNotNegative();
			if (summary.cell().workload().latenciesPerRequest() > 0) {
				assertThat(cost.mocksMs()).as("%s mocks' CPU per request with downstream calls", id).isPositive();
			}
			// the machine holds every process: its reading may exceed theirs, never fall
			// short but for sampling skew; checked by the bench itself
			// (MeasurementChecks), a warning in a user's run
			assertThat(summary.validity().checks()).as("%s consistency checks missed", id).isEmpty();
			int cores = Machine.cores();
			AppCpus appCpus = summary.cell().appCpus();
			double cpuCeiling = appCpus.isAll() ? cores * 1000 / cost.machineMs()
					: Math.min(appCpus.cores() * 1000 / cost.appMs(),
							(cores - appCpus.cores()) * 1000 / (cost.machineMs() - cost.appMs()));
			assertThat(summary.ceiling().cpuCeiling()).as("%s CPU ceiling", id)
				.isCloseTo(cpuCeiling, org.assertj.core.api.Assertions.within(1e-6));
			assertThat(summary.ceiling().efficiency()).as("%s efficiency", id).isNotNull();
			if (crossChecked() && summary.cell().load() == LoadModel.CLOSED) {
				CrossCheck check = summary.crossCheck();
				assertThat(check).as("%s wrk cross-check", id).isNotNull();
				assertThat(check.wrk().requests()).as("%s wrk requests", id).isPositive();
				// a wrk run right after every trial, each trial compared with its own run
				assertThat(check.pairs()).as("%s wrk runs, one per trial", id).hasSize(summary.trials().size());
				for (CrossCheck.Pair pair : check.pairs()) {
					TrialFigures trial = summary.trials().get(pair.trial() - 1);
					assertThat(pair.throughputRatio()).as("%s trial %d ÷ its wrk run", id, pair.trial())
						.isCloseTo(trial.throughput() / pair.wrk().throughput(),
								org.assertj.core.api.Assertions.within(1e-9));
					assertThat(pair.wrk().commandLine()).as("%s wrk run %d", id, pair.trial())
						.contains("-wrk" + pair.trial());
				}
				assertThat(check.throughputRatio()).as("%s JMeter ÷ wrk", id)
					.isEqualTo(check.throughputRatios().median());
				if (!check.agrees()) {
					assertThat(summary.validity().valid()).as("%s valid though wrk disagrees", id).isFalse();
					assertThat(summary.validity().reasons()).as("%s reasons", id).anyMatch((r) -> r.contains("wrk"));
				}
				if (summary.cell().workload().stores()) {
					assertThat(check.storage().acknowledgedNotStored()).as("%s wrk: 201 but not stored", id).isZero();
					assertThat(check.storage().duplicates()).as("%s wrk: stored twice", id).isZero();
					assertThat(check.storage().storedNotAcknowledged()).as("%s wrk: in flight at its ends", id)
						.isLessThanOrEqualTo((long) summary.cell().concurrency() * check.pairs().size());
				}
				assertThat(markdown).contains("| Cross-check: JMeter ÷ wrk, throughput / p50 |");
			}
			if (summary.cell().workload().ioBound()) {
				assertThat(summary.ceiling().efficiency()).as("%s efficiency", id).isNotNull().isPositive();
				assertThat(summary.ceiling().baseLatencyMs()).as("%s base latency", id).isNotNull();
				assertThat(summary.validity().stubDrift()).as("%s stub drift measured", id).isNotNull();
			}
			assertThat(markdown).contains("**" + summary.cell().workload().id() + ", ");
		}
	}

	/**
	 * Checks the cell's quoted throughput against what each trial's JTL counted second by
	 * second ({@link ThroughputStats#perSecond}, by the samples' end times):
	 * <ul>
	 * <li>each trial's figure is its steady throughput, recomputed here from the series:
	 * the mean of the whole seconds after the first (which holds the ramp-up), or
	 * JMeter's requests / elapsed time for a series under 3 seconds; the median, min and
	 * max quoted are those of the trials' figures;</li>
	 * <li>the series accounts for JMeter's own sample count: it leaves out only the
	 * samples ending in the last, partial second (under 1 s), which are at most the
	 * requests in flight at its start (JMeter's threads) plus those sent and answered
	 * within it (at most the busiest whole second's). The standard runs at 5104a05 and
	 * c7e99db left out at most 0.89 of that bound (c = 400: the 400 requests in flight
	 * when the hold ends); a trial shorter than a second (the seeds profile's 1000
	 * cpu-light requests) has no whole second to count.</li>
	 * </ul>
	 * @param summary a cell whose app stayed up
	 */
	private void assertQuotedThroughputIsTheTrialsSeries(CellSummary summary) {
		String id = summary.cell().id();
		List<CellResult> trials = this.results.trials()
			.stream()
			.filter((trial) -> trial.cell().equals(summary.cell()))
			.toList();
		assertThat(trials).as("%s trial results", id).hasSameSizeAs(summary.trials());
		double[] steady = new double[trials.size()];
		for (int i = 0; i < trials.size(); i++) {
			CellResult trial = trials.get(i);
			List<Integer> perSecond = trial.throughput().perSecond();
			long counted = perSecond.stream().mapToLong(Integer::longValue).sum();
			int busiest = perSecond.stream().mapToInt(Integer::intValue).max().orElse(0);
			assertThat(counted).as("%s samples in whole seconds %s", trial.runId(), perSecond)
				.isLessThanOrEqualTo(trial.load().requests());
			if (!perSecond.isEmpty()) {
				assertThat(counted).as("%s samples in whole seconds %s", trial.runId(), perSecond)
					.isGreaterThanOrEqualTo(trial.load().requests() - busiest - summary.threads());
			}
			steady[i] = (perSecond.size() < 3) ? trial.load().throughput()
					: (double) (counted - perSecond.get(0)) / (perSecond.size() - 1);
		}
		double[] quoted = summary.trials().stream().mapToDouble(TrialFigures::throughput).sorted().toArray();
		java.util.Arrays.sort(steady);
		assertThat(quoted).as("%s trials' throughput (req/s) against their per-second series", id)
			.containsExactly(steady, org.assertj.core.api.Assertions.within(1e-9));
		int n = steady.length;
		double median = (n % 2 == 1) ? steady[n / 2] : (steady[n / 2 - 1] + steady[n / 2]) / 2;
		assertThat(
				new double[] { summary.throughput().min(), summary.throughput().median(), summary.throughput().max() })
			.as("%s min, median, max (req/s)", id)
			.containsExactly(new double[] { steady[0], median, steady[n - 1] },
					org.assertj.core.api.Assertions.within(1e-9));
	}

	@Test
	void latencyPercentilesComeFromEverySampleAndAreMonotonic() {
		assumeTestBuildRun();
		assumeMatrix();
		for (CellResult cell : healthyCells()) {
			LatencyStats latency = cell.latency();
			// the open model's group waits for the requests in flight at the end of its
			// schedule, so every sample reaches the JTL
			assertThat(latency.samples()).as("%s samples in the JTL", cell.cell().id())
				.isEqualTo(cell.load().requests());
			assertThat(List.of(latency.minMs(), latency.p50Ms(), latency.p66Ms(), latency.p75Ms(), latency.p80Ms(),
					latency.p90Ms(), latency.p95Ms(), latency.p98Ms(), latency.p99Ms(), latency.p999Ms(),
					latency.maxMs()))
				.as("%s percentiles", cell.cell().id())
				.isSorted();
			// HdrHistogram (3 significant digits) reports the highest value equivalent to
			// the max: up to 0.1 % above it
			assertThat(latency.maxMs()).isEqualTo(cell.load().maxMs(),
					org.assertj.core.api.Assertions.within(Math.max(1.0, cell.load().maxMs() / 1000)));
			ThroughputStats throughput = cell.throughput();
			// JMeter's window: first start to last end, longer than ramp-up + hold by the
			// requests still in flight when the hold ends
			assertThat(throughput.seconds()).as("%s whole seconds", cell.cell().id())
				.isBetween((int) cell.load().elapsedSeconds() - 1, (int) cell.load().elapsedSeconds())
				.isGreaterThanOrEqualTo((int) cell.durationSeconds());
			if (cell.load().elapsedSeconds() >= 5) {
				// whole seconds are too coarse a mean for a shorter run (a small count)
				assertThat(throughput.mean()).isCloseTo(cell.load().throughput(),
						org.assertj.core.api.Assertions.withinPercentage(25));
			}
		}
	}

	@Test
	void samplerRecordsPlausibleTimeSeriesOfEveryProcess() throws IOException {
		assumeTestBuildRun();
		assumeMatrix();
		for (CellResult cell : healthyCells()) {
			String id = cell.cell().id();
			TimeSeries series = TimeSeriesCsv.read(this.settings.outputDir().resolve(cell.metricsCsv()));
			assertThat(series.rows()).as("%s rows", id).hasSizeGreaterThanOrEqualTo((int) cell.durationSeconds());
			for (int i = 1; i < series.rows().size(); i++) {
				assertThat(series.rows().get(i).time()).as("%s row %d time", id, i)
					.isAfter(series.rows().get(i - 1).time());
			}
			double heapMax = series.summary("app_heap_max_mb").peak();
			assertThat(series.summary("app_heap_used_mb").peak()).as("%s heap used (MB)", id).isBetween(5.0, heapMax);
			assertThat(series.summary("app_threads_live").peak()).as("%s live threads", id).isBetween(10.0, 2000.0);
			assertThat(series.summary("app_rss_mb").peak()).as("%s app RSS (MB)", id).isBetween(50.0, 4096.0);
			assertThat(series.summary("mocks_rss_mb").peak()).as("%s mocks RSS (MB)", id).isBetween(50.0, 4096.0);
			for (String cpu : List.of("app_cpu", "mocks_cpu", "loadgen_cpu", "machine_cpu")) {
				assertThat(series.summary(cpu).peak()).as("%s %s", id, cpu).isBetween(0.0, 1.0);
				if (!cpu.equals("mocks_cpu") || cell.cell().workload().ioBound()) {
					// the mocks idle through cpu-light and large-payload cells
					assertThat(series.summary(cpu).mean()).as("%s %s", id, cpu).isPositive();
				}
			}
			double[] requests = java.util.Arrays.stream(series.column("app_requests"))
				.filter((count) -> !Double.isNaN(count))
				.toArray();
			// a load shorter than two readings is framed by the one before and the one
			// after
			assertThat(requests).as("%s request counts read", id)
				.hasSizeGreaterThan(sampledTwice(cell.load().elapsedSeconds()) ? 2 : 1);
			double served = requests[requests.length - 1] - requests[0];
			assertThat(served).as("%s requests counted by the app's Micrometer", id)
				.isCloseTo(cell.load().requests(), org.assertj.core.api.Assertions.withinPercentage(10));
			// a load shorter than two readings may have no steady window, so no mean
			// (seeds' ab-style 1000 requests end in about 0.3 s): never a guess
			boolean read = sampledTwice(cell.load().elapsedSeconds());
			for (Double mean : java.util.Arrays.asList(cell.cpu().loadGeneratorMean(), cell.cpu().mocksMean())) {
				if (read || mean != null) {
					assertThat(mean)
						.as("%s load generator and mocks CPU of a %.2f s load", id, cell.load().elapsedSeconds())
						.isNotNull()
						.isBetween(0.0, 1.0);
				}
			}
		}
	}

	@Test
	void measuresTheMemoryAfterNRequestsPerStack() {
		assumeTestBuildRun();
		assumeMatrix();
		// bench.memoryRequests=0 switches the measurement off; each stack is measured
		// memoryRepeats times back to back (seeds: five), on the profile's workload
		List<Stack> expected = (this.settings.memoryWorkload() == null) ? List.of()
				: this.settings.stacks()
					.stream()
					.flatMap((stack) -> java.util.Collections.nCopies(this.settings.memoryRepeats(), stack).stream())
					.toList();
		assertThat(this.results.memory()).extracting(MemoryAfterRequests::stack).containsExactlyElementsOf(expected);
		for (MemoryAfterRequests memory : this.results.memory()) {
			assertThat(memory.workload()).isEqualTo(this.settings.memoryWorkload());
			assertThat(memory.requests()).isEqualTo(this.settings.memoryRequests());
			assertThat(memory.errors()).isZero();
			assertThat(memory.seconds()).isPositive();
			assertThat(memory.heapUsedMb()).isPositive();
			assertThat(memory.rssMb()).isGreaterThan(memory.heapAfterGcMb());
			// not compared with heapUsedMb: that reading is taken before the GC, and the
			// app
			// allocates (or a young GC runs) in between, so either may be the larger
			assertThat(memory.heapAfterGcMb()).as("heap after a full GC").isPositive();
			// every reading starts from a full GC
			assertThat(memory.heapBeforeMb()).as("heap after the full GC before the requests").isPositive();
			assertThat(memory.collectionsDuring()).as("GCs during the requests").isNotNull().isNotNegative();
		}
	}

	@Test
	void jfrRecordingsAgreeWithMicrometer() {
		assumeTestBuildRun();
		assumeMatrix();
		// an app that ran out of memory exits at once (-XX:+ExitOnOutOfMemoryError),
		// before JFR can write its recording: only the apps that served a cell to its
		// end must leave one
		// end must leave one (an app serves cells until it dies, so a recording that
		// served healthy cells is lost too when the app died in a later one)
		Set<String> lost = new TreeSet<>();
		Set<String> served = new TreeSet<>();
		this.results.trials()
			.stream()
			.filter((trial) -> trial.jfr() != null)
			.forEach((trial) -> (healthy(trial.cell()) ? served : lost).add(trial.jfr().file()));
		served.removeAll(lost);
		assertThat(served).isNotEmpty();
		for (BenchResults.AppInfo app : this.results.apps()) {
			if (served.contains(app.jfr())) {
				assertThat(this.settings.outputDir().resolve(app.jfr())).as("%s recording", app.stack())
					.isNotEmptyFile();
			}
			assertThat(app.displayName()).matches("twinstack-app-" + app.stack().id() + "-(512m|\\d+[mg])-b\\w+");
			if (!this.settings.warmup().isZero()) {
				// warmed up in rounds, each workload until steady or its bound
				assertThat(app.warmUp()).as("%s warm-up", app.stack()).isNotEmpty().allSatisfy((warmUp) -> {
					assertThat(warmUp.rounds()).as("%s %s rounds", app.stack(), warmUp.workload()).isNotEmpty();
					assertThat(warmUp.steady()).isEqualTo(WarmUp.isSteady(warmUp.rounds(), warmUp.jitMs()));
					// the apps expose jvm.compilation.time on their management port: read
					// every round
					assertThat(warmUp.jitMs()).as("%s %s JIT", app.stack(), warmUp.workload())
						.hasSameSizeAs(warmUp.rounds())
						.doesNotContainNull();
				});
			}
			assertThat(app.placement()).as("%s placement", app.stack()).isNotBlank();
			int cellsConcurrency = Math.min(WarmUpPlan.MAX_WARMUP_CONCURRENCY,
					this.results.matrix()
						.stream()
						.filter((cell) -> app.ran(cell.cell()))
						.mapToInt((cell) -> cell.cell().concurrency())
						.max()
						.orElse(0));
			boolean closed = this.results.matrix()
				.stream()
				.anyMatch((cell) -> app.ran(cell.cell()) && cell.cell().load() == LoadModel.CLOSED);
			if (crossChecked() && closed && this.settings.trials() > 1 && !this.settings.targets().remote()
					&& app.workload() != null
					&& app.warmUp().stream().anyMatch((warmUp) -> warmUp.concurrency() == cellsConcurrency)) {
				// wrk follows every trial, so comes before trials 2 and on: one
				// unmeasured
				// wrk run opened the run at the cells' concurrency
				String name = Path.of(app.jfr()).getFileName().toString().replaceAll("\\.jfr$", "");
				// (a restart, named -2 and on, is warmed up again without wrk)
				if (!name.matches(".*-\\d+$")) {
					assertThat(this.settings.outputDir().resolve("runs/wrk-warm-up-" + name + "/wrk.txt"))
						.as("%s wrk warm-up", name)
						.content()
						.contains("WRK-JSON ");
				}
			}
			if (this.settings.jvmPerWorkload() && !this.settings.targets().remote()) {
				// a JVM per workload: it warmed up and served that workload only
				assertThat(app.workload()).as("%s workload", app.stack()).isNotNull();
				assertThat(app.warmUp()).allMatch((warmUp) -> warmUp.workload().equals(app.workload().id()));
				assertThat(app.jfr()).contains(app.workload().id());
				assertThat(this.results.matrix().stream().filter((cell) -> app.ran(cell.cell())))
					.as("%s cells", app.jfr())
					.isNotEmpty()
					.allMatch((cell) -> cell.cell().workload() == app.workload());
			}
		}
		// an app that died mid-trial (out of a limited heap) leaves no readable recording
		for (CellResult cell : healthyCells()) {
			if (cell.jfr() != null && !served.contains(cell.jfr().file())) {
				continue;
			}
			String id = cell.cell().id();
			JfrCheck check = cell.jfr();
			assertThat(check).as("%s JFR check", id).isNotNull();
			assertThat(check.jfr()).as("%s JFR window (%s)", id, check.note()).isNotNull();
			assertThat(check.jfr().threadSamples()).as("%s thread samples", id).isPositive();
			// the JIT's events are read, none or some: a count, never unknown
			assertThat(check.jfr().deoptimizations()).as("%s deoptimizations", id).isNotNull().isNotNegative();
			assertThat(check.jfr().compilationMs()).as("%s JFR compilation ms", id).isNotNull().isNotNegative();
			assertThat(check.threadsAgree())
				.as("%s threads: Micrometer %s, JFR %s", id, check.micrometerPeakThreads(),
						check.jfr().peakActiveThreads())
				.isTrue();
			if (check.jfr().gcCount() > 0) {
				assertThat(check.heapAgrees()).as("%s heap: Micrometer %s MB, JFR before-GC %s MB, after-GC %s MB", id,
						check.micrometerPeakHeapMb(), check.jfr().peakHeapUsedMb(), check.jfr().lowestHeapAfterGcMb())
					.isTrue();
			}
		}
	}

	@Test
	void htmlReportDrawsEveryChartInChromium() {
		assumeTestBuildRun();
		assumeMatrix();
		// per fanout: throughput and latency vs concurrency; per heap, fanout and
		// concurrency with a closed composite cell: heap, threads and CPU over time
		long timeCharts = this.results.cells()
			.stream()
			.map(CellResult::cell)
			.filter((cell) -> closedComposite(cell) || (seeds() && countComposite(cell)))
			.map((cell) -> cell.workload().fanout() + "@" + cell.concurrency() + "@" + cell.heap() + "@" + cell.load()
					+ "@" + cell.appCpus())
			.distinct()
			.count();
		// throughput and latency vs concurrency: the fanouts with a cell on the default
		// heap
		long summaryCharts = this.results.cells()
			.stream()
			.map(CellResult::cell)
			.filter((cell) -> closedComposite(cell) && cell.heap().isDefault())
			.map((cell) -> cell.workload().fanout() + "@" + cell.appCpus())
			.distinct()
			.count();
		int expected = 2 * (int) summaryCharts + 3 * (int) timeCharts;
		try (Browser browser = Browser.start()) {
			browser.open(this.settings.outputDir().resolve("index.html"));
			List<Map<String, Object>> charts = browser.chartStates();
			assertThat(charts).hasSize(expected).allSatisfy((chart) -> {
				assertThat(chart.get("drawn")).as("%s drawn", chart.get("id")).isEqualTo(true);
				assertThat((Long) chart.get("points")).as("%s points", chart.get("id")).isPositive();
				assertThat((Long) chart.get("pixels")).as("%s painted pixels", chart.get("id")).isGreaterThan(2000);
			});
			assertThat(browser.consoleErrors()).isEmpty();
		}
		assertThat(this.settings.outputDir().resolve("charts").toFile().list()).hasSize(expected);
	}

	@Test
	void grafanaDashboardQueriesMetricsTheAppsExpose() throws IOException {
		assumeTestBuildRun();
		assumeMatrix();
		Set<String> used = new TreeSet<>();
		Pattern metric = Pattern.compile("\\b([a-z_]+)\\{");
		JsonNode dashboard = new ObjectMapper()
			.readTree(Path.of("..", "monitoring", "grafana", "twinstack-dashboard.json").toFile());
		dashboard.path("panels").forEach((panel) -> panel.path("targets").forEach((target) -> {
			Matcher matcher = metric.matcher(target.path("expr").asText());
			while (matcher.find()) {
				used.add(matcher.group(1));
			}
		}));
		assertThat(used).isNotEmpty();
		// each app start's scrape as it stopped:
		// <stack>[-h<heap>][-cpu<n>][-<workload>][-<n>]-prometheus.txt; an app that died
		// (out of a limited heap) could not be scraped
		List<Path> scrapes;
		try (java.util.stream.Stream<Path> files = Files.list(this.settings.outputDir().resolve("logs"))) {
			scrapes = files.filter((file) -> file.getFileName().toString().endsWith("-prometheus.txt")).toList();
		}
		assertThat(scrapes).isNotEmpty();
		String workloads = java.util.Arrays.stream(Workload.values())
			.map(Workload::id)
			.collect(java.util.stream.Collectors.joining("|"));
		for (Stack stack : this.settings.stacks()) {
			Pattern defaultHeap = Pattern
				.compile(Pattern.quote(stack.id()) + "(-cpu\\w+)?(-(" + workloads + "))?(-\\d+)?-prometheus\\.txt");
			if (this.settings.cells().stream().anyMatch((cell) -> cell.stack() == stack && cell.heap().isDefault())) {
				assertThat(scrapes).as("%s's scrape on the default heap", stack)
					.anyMatch((file) -> defaultHeap.matcher(file.getFileName().toString()).matches());
			}
		}
		for (Path file : scrapes) {
			String scrape = Files.readString(file);
			assertThat(used).as("metrics of %s", file.getFileName())
				.allSatisfy((name) -> assertThat(scrape).contains("\n" + name + "{"));
		}
	}

}
