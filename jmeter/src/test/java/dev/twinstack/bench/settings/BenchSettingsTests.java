package dev.twinstack.bench.settings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Scenario;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.settings.jdk.JdkSelector;
import dev.twinstack.mocks.Latency;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class BenchSettingsTests {

	@TempDir
	Path dir;

	private Function<String, JdkSelector> jdk25;

	private Function<String, JdkSelector> jdk17;

	@BeforeEach
	void fakeJdks() {
		this.jdk25 = FakeJdks.jdk25(this.dir);
		this.jdk17 = FakeJdks.jdk17(this.dir);
	}

	@Test
	void defaultsToTheSmokeProfile() {
		BenchSettings settings = settings(Map.of());
		assertThat(settings.profile()).isEqualTo("smoke");
		assertThat(settings.stacks()).containsExactly(Stack.MVC, Stack.WEBFLUX);
		assertThat(settings.fanouts()).containsExactly(Fanout.SEQUENTIAL);
		assertThat(settings.concurrency()).containsExactly(10);
		assertThat(settings.duration()).isEqualTo(Duration.ofSeconds(5));
		assertThat(settings.warmup()).isEqualTo(Duration.ofSeconds(5));
		assertThat(settings.trials()).isEqualTo(1);
		assertThat(settings.latency()).isEqualTo("100ms");
		assertThat(settings.fixedLatency()).contains(Duration.ofMillis(100));
		assertThat(settings.slowLatencyDuration()).isEqualTo(Duration.ofSeconds(1));
		assertThat(settings.tomcatThreads()).isEqualTo(200);
		assertThat(settings.appJvmArgs()).containsExactly("-Xms512m", "-Xmx512m");
		assertThat(settings.mocksJvmArgs()).containsExactly("-Xmx2g");
		assertThat(settings.cells()).containsExactly(new Cell(Stack.MVC, Fanout.SEQUENTIAL, 10),
				new Cell(Stack.WEBFLUX, Fanout.SEQUENTIAL, 10));
		assertThat(settings.cellCount()).isEqualTo(2);
		assertThat(settings.skipped()).isEmpty();
	}

	@Test
	void standardProfileRunsFiveStacksOnCompositeAt400() {
		BenchSettings settings = settings(Map.of("bench.profile", "standard"));
		assertThat(settings.stacks()).containsExactly(Stack.MVC, Stack.MVC_VT, Stack.WEBFLUX, Stack.COROUTINES,
				Stack.WEBFLUX_VT);
		assertThat(settings.trials()).isEqualTo(3);
		List<Cell> cells = settings.cells();
		// every cell at 400, where the stacks differ; c = 100 gave way to the warm-up
		assertThat(cells).extracting(Cell::concurrency).containsOnly(400);
		// composite sequential only: a JVM per workload, each warmed up for up to 180 s,
		// leaves no time for composite parallel; cpu-light left too: on 2 cores its cells
		// measured the load generator
		assertThat(cells).extracting(Cell::workload).containsOnly(Workload.COMPOSITE_SEQUENTIAL);
		assertThat(cells).extracting(Cell::stack).containsExactly(Stack.values());
		assertThat(settings(Map.of("bench.profile", "standard", "bench.fanouts", "sequential,parallel")).cells())
			.as("parallel back on request")
			.hasSize(5 * 2)
			.doesNotHaveDuplicates();
		assertThat(settings(Map.of("bench.profile", "standard", "bench.scenarios", "composite,cpu-light")).cells())
			.filteredOn((cell) -> cell.workload() == Workload.CPU_LIGHT)
			.as("-Dbench.scenarios brings cpu-light back")
			.hasSize(5);
		assertThat(settings.crossChecksWithWrk()).as("standard cross-checks with wrk").isTrue();
		// the app alone on half the cores, the harness on the others
		assertThat(cells).extracting(Cell::appCpus).containsOnly(new AppCpus(Machine.cores() / 2));
		assertThat(settings(Map.of("bench.profile", "standard", "bench.appCpus", "all")).cells())
			.extracting(Cell::appCpus)
			.containsOnly(AppCpus.ALL);
		assertThat(cells).allMatch((cell) -> cell.load() == LoadModel.CLOSED && cell.heap().isDefault());
		assertThat(cells).extracting(Cell::stack)
			.containsSubsequence(Stack.MVC, Stack.MVC_VT, Stack.WEBFLUX)
			.isSortedAccordingTo((a, b) -> Integer.compare(a.ordinal(), b.ordinal()));
		assertThat(settings.jdk().version()).isEqualTo("25.0.3");
	}

	@Test
	void fullProfileCoversEveryStackWorkloadAndHeapWithTrials() {
		BenchSettings settings = settings(Map.of("bench.profile", "full"));
		List<Cell> cells = settings.cells();
		for (Stack stack : Stack.values()) {
			for (Workload workload : Workload.values()) {
				for (String heap : List.of("default", "128m", "64m")) {
					assertThat(cells).as("%s %s %s", stack, workload, heap)
						.anyMatch((cell) -> cell.stack() == stack && cell.workload() == workload
								&& cell.heap().equals(Heap.parse(heap)));
				}
			}
		}
		assertThat(cells).extracting(Cell::load).contains(LoadModel.CLOSED, LoadModel.COUNT, LoadModel.OPEN);
		assertThat(cells)
			.filteredOn((cell) -> cell.stack() == Stack.MVC && cell.workload() == Workload.COMPOSITE_SEQUENTIAL
					&& cell.heap().isDefault() && cell.load() == LoadModel.CLOSED)
			.extracting(Cell::concurrency)
			.containsExactly(10, 40, 100, 200, 400, 1000);
		assertThat(cells).doesNotHaveDuplicates();
		// the overload block: every stack far beyond capacity on the smallest heap
		assertThat(cells).filteredOn((cell) -> cell.concurrency() == BenchProfile.OVERLOAD_CONCURRENCY)
			.containsExactly(Cell.closed(Stack.MVC, Workload.COMPOSITE_SEQUENTIAL, 2000, Heap.parse("64m")),
					Cell.closed(Stack.MVC_VT, Workload.COMPOSITE_SEQUENTIAL, 2000, Heap.parse("64m")),
					Cell.closed(Stack.WEBFLUX, Workload.COMPOSITE_SEQUENTIAL, 2000, Heap.parse("64m")),
					Cell.closed(Stack.COROUTINES, Workload.COMPOSITE_SEQUENTIAL, 2000, Heap.parse("64m")),
					Cell.closed(Stack.WEBFLUX_VT, Workload.COMPOSITE_SEQUENTIAL, 2000, Heap.parse("64m")));
		assertThat(settings.trials()).isEqualTo(3);
		assertThat(settings.faults()).as("faults run only when asked for").isNull();
		// one stack and heap after the other (each start then serves one workload)
		assertThat(cells.stream().map((cell) -> cell.stack() + "/" + cell.heap()).distinct().count()).isEqualTo(5 * 3);
	}

	@Test
	void axisPropertiesReplaceTheAxisInEveryBlock() {
		BenchSettings settings = settings(
				Map.of("bench.profile", "full", "bench.stacks", "mvc,webflux", "bench.scenarios", "composite",
						"bench.concurrency", "10,100,1000", "bench.heaps", "64m", "bench.loads", "closed"));
		assertThat(settings.cells()).allMatch((cell) -> cell.heap().equals(Heap.parse("64m"))
				&& cell.workload().scenario() == Scenario.COMPOSITE && cell.load() == LoadModel.CLOSED);
		assertThat(settings.cells()).extracting(Cell::concurrency).containsOnly(10, 100, 1000);
		assertThat(settings.cellCount()).isEqualTo(2 * 2 * 3);
	}

	@Test
	void openModelCellsTakeTheRates() {
		BenchSettings settings = settings(Map.of("bench.stacks", "webflux", "bench.scenarios", "slow-io,cpu-light",
				"bench.loads", "open", "bench.rates", "900,300"));
		assertThat(settings.cells()).containsExactly(
				new Cell(Stack.WEBFLUX, Workload.CPU_LIGHT, LoadModel.OPEN, 0, 300, Heap.DEFAULT),
				new Cell(Stack.WEBFLUX, Workload.CPU_LIGHT, LoadModel.OPEN, 0, 900, Heap.DEFAULT),
				new Cell(Stack.WEBFLUX, Workload.SLOW_IO, LoadModel.OPEN, 0, 300, Heap.DEFAULT),
				new Cell(Stack.WEBFLUX, Workload.SLOW_IO, LoadModel.OPEN, 0, 900, Heap.DEFAULT));
		assertThat(settings.cells().get(3).id()).isEqualTo("webflux-slow-io-r900");
	}

	@Test
	void transfersSelectTheLargePayloadVariants() {
		BenchSettings settings = settings(
				Map.of("bench.scenarios", "large-payload", "bench.transfers", "copy", "bench.stacks", "mvc"));
		assertThat(settings.cells()).extracting(Cell::workload).containsExactly(Workload.LARGE_PAYLOAD_COPY);
	}

	@Test
	void virtualThreadStacksAreSkippedWithTheirReasonOnAJdkOlderThan21() {
		BenchSettings settings = BenchSettings.from(Map.of("bench.profile", "standard"), this.jdk17);
		assertThat(settings.stacks()).containsExactly(Stack.MVC, Stack.WEBFLUX, Stack.COROUTINES);
		assertThat(settings.skipped()).hasSize(2).satisfiesExactly((skipped) -> {
			assertThat(skipped.stack()).isEqualTo(Stack.MVC_VT);
			assertThat(skipped.reason()).isEqualTo("mvc-vt needs a JDK 21 or newer; the bench runs on 17.0.15 "
					+ "(Debian, the Maven JVM): set -Dbench.javaHome to a newer JDK");
		}, (skipped) -> {
			assertThat(skipped.stack()).isEqualTo(Stack.WEBFLUX_VT);
			assertThat(skipped.reason()).startsWith("webflux-vt needs a JDK 21 or newer; the bench runs on 17.0.15");
		});
		assertThat(settings.cells()).noneMatch((cell) -> cell.stack().virtualThreads());
	}

	@Test
	void propertiesOverrideTheProfile() {
		Map<String, String> properties = new HashMap<>();
		properties.put("bench.profile", "standard");
		properties.put("bench.stacks", "webflux");
		properties.put("bench.scenarios", "composite");
		properties.put("bench.fanouts", "parallel, sequential");
		properties.put("bench.concurrency", "400,50,50");
		properties.put("bench.duration", "2m");
		properties.put("bench.warmup", "0s");
		properties.put("bench.trials", "5");
		properties.put("bench.requests", "2000");
		properties.put("bench.tomcatThreads", "400");
		properties.put("bench.latency", "lognormal:100ms:0.2");
		properties.put("bench.slowLatency", "500ms");
		properties.put("bench.appJvmArgs", " -Xmx1g  -XX:+UseZGC ");
		properties.put("bench.outputDir", "/tmp/bench-out");
		properties.put("bench.mvcJar", "/opt/mvc.jar");
		BenchSettings settings = settings(properties);
		assertThat(settings.stacks()).containsExactly(Stack.WEBFLUX);
		assertThat(settings.fanouts()).containsExactly(Fanout.PARALLEL, Fanout.SEQUENTIAL);
		assertThat(settings.concurrency()).containsExactly(50, 400);
		assertThat(settings.duration()).isEqualTo(Duration.ofMinutes(2));
		assertThat(settings.warmup()).isZero();
		assertThat(settings.trials()).isEqualTo(5);
		assertThat(settings.requests()).isEqualTo(2000);
		assertThat(settings.tomcatThreads()).isEqualTo(400);
		assertThat(settings.latency()).isEqualTo("lognormal:100ms:0.2");
		assertThat(settings.fixedLatency()).isEmpty();
		assertThat(settings.nominalLatency()).isEqualTo(Duration.ofMillis(100));
		assertThat(settings.slowLatencyDuration()).isEqualTo(Duration.ofMillis(500));
		assertThat(settings.appJvmArgs()).containsExactly("-Xmx1g", "-XX:+UseZGC");
		assertThat(settings.outputDir()).isEqualTo(Path.of("/tmp/bench-out"));
		assertThat(settings.jars().mvc()).isEqualTo(Path.of("/opt/mvc.jar"));
		assertThat(settings.jars().app(Stack.MVC_VT)).isEqualTo(Path.of("/opt/mvc.jar"));
		assertThat(settings.cells()).extracting(Cell::workload)
			.containsExactly(Workload.COMPOSITE_SEQUENTIAL, Workload.COMPOSITE_SEQUENTIAL, Workload.COMPOSITE_PARALLEL,
					Workload.COMPOSITE_PARALLEL);
	}

	@Test
	void readsFixedAndNominalLatencies() {
		assertThat(settings(Map.of("bench.latency", "fixed:250ms")).fixedLatency()).contains(Duration.ofMillis(250));
		assertThat(settings(Map.of("bench.latency", "1s")).fixedLatency()).contains(Duration.ofSeconds(1));
		BenchSettings uniform = settings(Map.of("bench.latency", "uniform:50ms:150ms"));
		assertThat(uniform.fixedLatency()).isEmpty();
		assertThat(uniform.nominalLatency()).isEqualTo(Duration.ofMillis(100));
		assertThat(uniform.downstreamMs(Workload.COMPOSITE_SEQUENTIAL)).isEqualTo(300.0);
		assertThat(uniform.downstreamMs(Workload.COMPOSITE_PARALLEL)).isEqualTo(100.0);
		assertThat(uniform.downstreamMs(Workload.SLOW_IO)).isEqualTo(1000.0);
		assertThat(uniform.downstreamMs(Workload.CPU_LIGHT)).isZero();
	}

	@Test
	void blankPropertiesMeanDefaults() {
		BenchSettings settings = settings(Map.of("bench.profile", " ", "bench.stacks", ""));
		assertThat(settings.profile()).isEqualTo("smoke");
		assertThat(settings.stacks()).containsExactly(Stack.MVC, Stack.WEBFLUX);
	}

	@Test
	void rejectsUnknownValuesListingTheAcceptedOnes() {
		assertRejected("bench.profile", "heavy",
				"bench.profile must be one of [smoke, standard, full, seeds, capacity], got 'heavy'");
		assertRejected("bench.stacks", "mvc,quarkus",
				"bench.stacks must be a comma-separated subset of [mvc, mvc-vt, webflux, coroutines, webflux-vt], "
						+ "got 'mvc,quarkus'");
		assertRejected("bench.fanouts", "sideways",
				"bench.fanouts must be a comma-separated subset of [sequential, parallel], got 'sideways'");
		assertRejected("bench.scenarios", "composite,cpu-heavy", "bench.scenarios must be a comma-separated subset "
				+ "of [composite, cpu-light, large-payload, slow-io, faults], got 'composite,cpu-heavy'");
		assertRejected("bench.transfers", "mmap",
				"bench.transfers must be a comma-separated subset of [zero-copy, copy], got 'mmap'");
		assertRejected("bench.loads", "closed,ramp",
				"bench.loads must be a comma-separated subset of [closed, count, open], got 'closed,ramp'");
		assertRejected("bench.heaps", "64m,tiny", "bench.heaps must be a comma-separated subset of "
				+ "[default or a size from 16m to 64g such as 64m, 128m, 1g], got '64m,tiny'");
		assertRejected("bench.heaps", "8m", "bench.heaps must be a comma-separated subset of "
				+ "[default or a size from 16m to 64g such as 64m, 128m, 1g], got '8m'");
	}

	@Test
	void rejectsBadNumbers() {
		String accepted = "bench.concurrency must be a comma-separated list of whole numbers from 1 to 5000, "
				+ "e.g. 10,100,400, got '";
		for (String bad : List.of("0", "5001", "10,,100", "ten", "-5", "1.5")) {
			assertRejected("bench.concurrency", bad, accepted + bad + "'");
		}
		assertRejected("bench.rates", "0,100", "bench.rates must be a comma-separated list of whole numbers "
				+ "from 1 to 50000, e.g. 300,900, got '0,100'");
		assertRejected("bench.trials", "0", "bench.trials must be a whole number from 1 to 20, got '0'");
		assertRejected("bench.requests", "many",
				"bench.requests must be a whole number from 1 to 10000000, got 'many'");
		assertRejected("bench.tomcatThreads", "9999",
				"bench.tomcatThreads must be a whole number from 1 to 5000, got '9999'");
	}

	@Test
	void eachWorkloadGetsItsOwnJvmButInFull() {
		assertThat(settings(Map.of("bench.profile", "standard")).jvmPerWorkload()).isTrue();
		assertThat(settings(Map.of("bench.profile", "seeds")).jvmPerWorkload()).isTrue();
		assertThat(settings(Map.of("bench.profile", "full")).jvmPerWorkload()).as("full: 30 s warm-ups").isFalse();
		assertThat(settings(Map.of("bench.profile", "full", "bench.fork", "workload")).jvmPerWorkload()).isTrue();
		assertThat(settings(Map.of("bench.profile", "standard", "bench.fork", "app")).jvmPerWorkload()).isFalse();
		assertRejected("bench.fork", "stack", "bench.fork must be one of [workload, app], got 'stack'");
	}

	@Test
	void rejectsBadDurations() {
		for (String bad : List.of("30", "0s", "1h", "61m", "1.5m", "30 s")) {
			assertRejected("bench.duration", bad, "bench.duration must be a whole number of seconds or minutes "
					+ "from 1s to 60m, e.g. 30s or 2m, got '" + bad + "'");
		}
		assertRejected("bench.warmup", "soon", "bench.warmup must be a whole number of seconds or minutes "
				+ "from 0s to 60m, e.g. 30s or 2m, got 'soon'");
		assertRejected("bench.slowLatency", "lognormal:1s:0.1",
				"bench.slowLatency must be a fixed latency, <duration> or fixed:<duration>, where a duration is a whole "
						+ "number of ms or s, e.g. 1s or 500ms, got 'lognormal:1s:0.1'");
	}

	@Test
	void rejectsBadLatency() {
		for (String bad : List.of("100", "fast", "lognormal:100ms", "uniform:50ms")) {
			assertRejected("bench.latency", bad,
					"bench.latency must be one of " + Latency.ACCEPTED_FORMS + ", got '" + bad + "'");
		}
		assertRejected("bench.latency", "fixed:abc", "bench.latency must be one of " + Latency.ACCEPTED_FORMS
				+ ", got 'fixed:abc' ('abc' is not a duration)");
	}

	@Test
	void errorMessageIsTheWholeStory() {
		BenchConfigException ex = new BenchConfigException("bench.x must be y, got 'z'");
		assertThat(ex.getStackTrace()).isEmpty();
		assertThat(ex.getCause()).isNull();
	}

	@Test
	void memoryRequestsDefaultPerProfileAndAreAMultipleOfTheTenClients() {
		assertThat(settings(Map.of()).memoryRequests()).isEqualTo(200);
		assertThat(settings(Map.of("bench.profile", "standard")).memoryRequests()).isEqualTo(200);
		assertThat(settings(Map.of("bench.profile", "seeds")).memoryRequests()).isEqualTo(500);
		assertThat(settings(Map.of("bench.profile", "full")).memoryRequests()).isEqualTo(500);
		assertThat(settings(Map.of("bench.memoryRequests", "1000")).memoryRequests()).isEqualTo(1000);
		assertThat(settings(Map.of("bench.memoryRequests", "0")).memoryRequests()).isZero();
		for (String bad : List.of("15", "-10", "abc", "100010", "1e3")) {
			assertRejected("bench.memoryRequests", bad, "bench.memoryRequests must be 0 (skip) or a multiple of 10 "
					+ "from 10 to 100000, e.g. 500, got '" + bad + "'");
		}
	}

	@Test
	void seedsProfileRunsBothOriginalExperimentsWithTheirOwnRequestCounts() {
		BenchSettings settings = settings(Map.of("bench.profile", "seeds"));
		assertThat(settings.stacks()).containsExactly(Stack.MVC, Stack.COROUTINES);
		assertThat(settings.trials()).isEqualTo(3);
		// per stack: seed 000 (cpu-light, ab -n 1000 -c 10) on the default heap first,
		// so the memory readings run at each stack's first start; then seed 001
		// (composite, 200 requests from 20 clients) at 128 MB and 64 MB, both fanouts
		Heap mb128 = Heap.parse("128m");
		Heap mb64 = Heap.parse("64m");
		List<Cell> mvc = List.of(
				new Cell(Stack.MVC, Workload.CPU_LIGHT, LoadModel.COUNT, 10, 0, Heap.DEFAULT, AppCpus.ALL, 1000),
				new Cell(Stack.MVC, Workload.COMPOSITE_SEQUENTIAL, LoadModel.COUNT, 20, 0, mb128, AppCpus.ALL, 200),
				new Cell(Stack.MVC, Workload.COMPOSITE_PARALLEL, LoadModel.COUNT, 20, 0, mb128, AppCpus.ALL, 200),
				new Cell(Stack.MVC, Workload.COMPOSITE_SEQUENTIAL, LoadModel.COUNT, 20, 0, mb64, AppCpus.ALL, 200),
				new Cell(Stack.MVC, Workload.COMPOSITE_PARALLEL, LoadModel.COUNT, 20, 0, mb64, AppCpus.ALL, 200));
		assertThat(settings.cells()).hasSize(10).startsWith(mvc.toArray(Cell[]::new));
		assertThat(settings.cells().subList(5, 10))
			.allSatisfy((cell) -> assertThat(cell.stack()).isEqualTo(Stack.COROUTINES));
		assertThat(settings.cells().stream().map(settings::requests)).containsExactly(1000, 200, 200, 200, 200, 1000,
				200, 200, 200, 200);
		assertThat(settings.cells().get(4).id()).isEqualTo("mvc-composite-parallel-n200-c20-h64m");
		// five memory readings per stack after 500 cpu-light requests, as seed 000 took
		assertThat(settings.memoryRequests()).isEqualTo(500);
		assertThat(settings.memoryRepeats()).isEqualTo(5);
		assertThat(settings.memoryWorkload()).isEqualTo(Workload.CPU_LIGHT);
		// the apps share every core, as in the write-ups
		assertThat(settings.cells()).allSatisfy((cell) -> assertThat(cell.appCpus().isAll()).isTrue());
	}

	@Test
	void requestsPropertySetsEveryCountCellAndMemoryMeasuresCompositeByDefault() {
		BenchSettings settings = settings(Map.of("bench.profile", "seeds", "bench.requests", "300"));
		assertThat(settings.cells()).allSatisfy((cell) -> {
			assertThat(cell.requests()).isZero();
			assertThat(settings.requests(cell)).isEqualTo(300);
		});
		assertThat(settings(Map.of()).memoryWorkload()).isEqualTo(Workload.COMPOSITE_SEQUENTIAL);
		assertThat(settings(Map.of()).memoryRepeats()).isEqualTo(1);
		assertThat(settings(Map.of("bench.fanouts", "parallel")).memoryWorkload())
			.isEqualTo(Workload.COMPOSITE_PARALLEL);
		assertThat(settings(Map.of("bench.memoryRequests", "0")).memoryWorkload()).isNull();
		assertThat(settings(Map.of("bench.scenarios", "cpu-light")).memoryWorkload()).isNull();
	}

	private BenchSettings settings(Map<String, String> properties) {
		return BenchSettings.from(properties, this.jdk25);
	}

	private void assertRejected(String property, String value, String message) {
		assertThatExceptionOfType(BenchConfigException.class).isThrownBy(() -> settings(Map.of(property, value)))
			.withMessage(message);
	}

}
