package dev.twinstack.bench.plans;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.twinstack.bench.load.ArrivalSchedule;
import dev.twinstack.bench.load.engine.LoadGenerator;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The committed {@code plans/*.jmx} must be what {@link JmxPlan} exports today, and each
 * must load back and run in JMeter 5.6.3 with its JMeter properties. Regenerate them with
 * {@value #REGENERATE}.
 */
class JmxPlansTests {

	static final String REGENERATE = "./mvnw -pl jmeter test -Dtest=JmxPlansTests -Dbench.updatePlans=true";

	private static final Path GENERATED = Path.of("target", "plans");

	/** An open run's hold (s): 4 leave 3 whole seconds however the timer's fall. */
	private static final int OPEN_HOLD_SECONDS = 4;

	static List<JmxPlan> plans() {
		return JmxPlan.ALL;
	}

	static List<JmxPlan> closedPlans() {
		return JmxPlan.ALL.stream().filter((plan) -> plan.load() == LoadModel.CLOSED).toList();
	}

	static List<JmxPlan> openPlans() {
		return JmxPlan.ALL.stream().filter((plan) -> plan.load() == LoadModel.OPEN).toList();
	}

	@Test
	void committedPlansAreUpToDate() throws Exception {
		JmxPlans.saveAll(GENERATED);
		if (Boolean.getBoolean("bench.updatePlans")) {
			JmxPlans.saveAll(JmxPlans.FOLDER);
		}
		for (JmxPlan plan : JmxPlan.ALL) {
			Path committed = JmxPlans.FOLDER.resolve(plan.fileName());
			assertThat(committed).as("%s (regenerate it with %s)", committed.toAbsolutePath(), REGENERATE).exists();
			assertThat(Files.readString(committed))
				.as("%s is stale: it differs from %s, which JmxPlan exports now. Regenerate it with %s",
						committed.toAbsolutePath(), GENERATED.resolve(plan.fileName()).toAbsolutePath(), REGENERATE)
				.isEqualTo(Files.readString(GENERATED.resolve(plan.fileName())));
		}
		try (Stream<Path> files = Files.list(JmxPlans.FOLDER)) {
			assertThat(files.map((file) -> file.getFileName().toString()))
				.as("files in %s that no JmxPlan exports", JmxPlans.FOLDER.toAbsolutePath())
				.containsExactlyInAnyOrderElementsOf(JmxPlan.ALL.stream().map(JmxPlan::fileName).toList());
		}
	}

	@ParameterizedTest
	@MethodSource("plans")
	void committedPlanLoadsBackAndRoundTrips(JmxPlan plan) throws Exception {
		DslTestPlan loaded = DslTestPlan.fromJmx(committed(plan).toString());
		Path roundTrip = GENERATED.resolve("roundtrip-" + plan.fileName());
		Files.createDirectories(GENERATED);
		loaded.saveAsJmx(roundTrip.toString());
		assertThat(Files.readString(roundTrip)).isEqualTo(Files.readString(committed(plan)));
	}

	@ParameterizedTest
	@MethodSource("plans")
	void planReadsEveryVariableFromJmeterPropertiesWithJmetersOwnFunctions(JmxPlan plan) throws Exception {
		String jmx = Files.readString(committed(plan));
		plan.properties().forEach((name, value) -> assertThat(jmx).contains("__P(" + name + ","));
		assertThat(jmx).contains("${__intSum(${__P(rampUp,1)},${__P(duration,60)}",
				"<longProp name=\"HTTPSampler.connect_timeout\">5000</longProp>",
				"<longProp name=\"HTTPSampler.response_timeout\">30000</longProp>",
				"${__P(runId,manual)}-${__counter(FALSE,)}", "JMeter properties (-Jname=value) and defaults: host=");
		assertThat(jmx).doesNotContain("CompoundVariable", "DslLambda", "class=\"us.abstracta", "class=\"dev.twinstack",
				"CookieManager", "CacheManager", "ResultCollector");
		if (plan.load() == LoadModel.CLOSED) {
			assertThat(jmx).doesNotContain("groovy", "Jsr223", "jsr223", "JSR223");
		}
	}

	@ParameterizedTest
	@MethodSource("openPlans")
	void openPlanIsStockJmeterWithTheArrivalTimer(JmxPlan plan) throws Exception {
		String jmx = Files.readString(committed(plan));
		assertThat(jmx).contains("testclass=\"ThreadGroup\"", "testclass=\"JSR223Timer\"",
				"<stringProp name=\"scriptLanguage\">groovy</stringProp>",
				"${__P(rate,100)} ${__jexl3(${__P(rate,100)} / ${__P(rampUp,1)} &gt; 1 ? ${__P(rate,100)} / "
						+ "${__P(rampUp,1)} : 1)} ${__P(rampUp,1)} ${__P(duration,60)} 5",
				"${__intSum(${__P(rampUp,1)},${__P(duration,60)},35)}", "-Jsample_variables=arrival,scheduledMs");
		assertThat(jmx).doesNotContain("kg.apc", "blazemeter", "tstFeedback", "initThreads");
	}

	@ParameterizedTest
	@MethodSource("closedPlans")
	void closedPlanRunsForItsDurationWithItsProperties(JmxPlan plan) throws Exception {
		try (PlanStub stub = new PlanStub()) {
			Map<String, String> properties = properties(plan, stub);
			properties.put("threads", "3");
			long start = System.nanoTime();
			TestPlanStats stats = run(plan, properties);
			double seconds = (System.nanoTime() - start) / 1e9;
			assertThat(stats.overall().errorsCount()).as("errors").isZero();
			assertThat(stats.overall().samplesCount()).as("samples").isPositive();
			assertThat(seconds).as("run time (s) of rampUp 0 + duration 2").isBetween(1.5, 15.0);
			assertRequests(plan, stub.requests(), stats.overall().samplesCount());
			assertThat(stub.requests().stream().map(PlanStub.Request::clientPort).distinct().count())
				.as("TCP connections of 3 threads")
				.isLessThanOrEqualTo(3);
		}
	}

	/**
	 * Runs an open plan at 25 req/s (1 s ramp-up from 25 req/s, 4 s hold): the timer
	 * sends every arrival of the schedule once, evenly spaced, then ends the threads.
	 * Each whole second from the first arrival at the stub after the first holds 25
	 * arrivals, give or take a step on its edges and a few for a busy machine's late
	 * wake-ups.
	 */
	@ParameterizedTest
	@MethodSource("openPlans")
	void openPlanSendsItsScheduleEvenlySpaced(JmxPlan plan) throws Exception {
		try (PlanStub stub = new PlanStub()) {
			Map<String, String> properties = properties(plan, stub);
			int rate = 25;
			int maxThreads = 10;
			properties.put("rate", String.valueOf(rate));
			properties.put("rampUp", "1");
			properties.put("duration", String.valueOf(OPEN_HOLD_SECONDS));
			properties.put("maxThreads", String.valueOf(maxThreads));
			TestPlanStats stats = run(plan, properties);
			long total = ArrivalSchedule.of(rate, Duration.ofSeconds(1), Duration.ofSeconds(OPEN_HOLD_SECONDS)).total();
			assertThat(stats.overall().errorsCount()).as("errors").isZero();
			assertThat(stats.overall().samplesCount()).as("samples: every arrival once").isEqualTo(total);
			assertRequests(plan, stub.requests(), stats.overall().samplesCount());
			List<Integer> perSecond = arrivalsPerSecond(stub.requests());
			// the first second can hold more: a fresh JMeter's first arrivals are sent
			// late (Groovy's first compilation), then on their schedule (40 seen)
			assertThat(perSecond.subList(1, perSecond.size() - 1))
				.as("arrivals a second after the first of %s", perSecond)
				.allSatisfy((count) -> assertThat(count).isBetween(rate - 5, rate + 5));
			assertThat(stub.requests().stream().map(PlanStub.Request::clientPort).distinct().count())
				.as("TCP connections (the threads keep theirs)")
				.isLessThanOrEqualTo(maxThreads);
		}
	}

	@Test
	void unknownPlanNamesTheAcceptedOnes() {
		assertThatIllegalArgumentException().isThrownBy(() -> JmxPlan.byName("composite-count"))
			.withMessage("No plan named 'composite-count': accepted [composite, cpu-light, large-payload, slow-io, "
					+ "composite-open, cpu-light-open, large-payload-open, slow-io-open]");
		assertThatIllegalArgumentException().isThrownBy(() -> new JmxPlan(Scenario.FAULTS, LoadModel.CLOSED))
			.withMessageStartingWith("No .jmx plan for faults in the closed model: plans exist for [composite,");
		assertThatIllegalArgumentException().isThrownBy(() -> JmxPlan.byName("slow-io").property("rate"))
			.withMessageContaining("Plan slow-io reads no property rate: it reads [host, port, threads,");
	}

	/** Requests arrived in each second from the first one, the last one partial. */
	private static List<Integer> arrivalsPerSecond(List<PlanStub.Request> requests) {
		long first = requests.stream().mapToLong(PlanStub.Request::arrivedNanos).min().orElseThrow();
		long last = requests.stream().mapToLong(PlanStub.Request::arrivedNanos).max().orElseThrow();
		int[] counts = new int[(int) ((last - first) / 1_000_000_000L) + 1];
		requests.forEach((request) -> counts[(int) ((request.arrivedNanos() - first) / 1_000_000_000L)]++);
		return Arrays.stream(counts).boxed().toList();
	}

	private static Map<String, String> properties(JmxPlan plan, PlanStub stub) {
		Map<String, String> properties = new HashMap<>();
		properties.put("port", String.valueOf(stub.port()));
		properties.put("rampUp", "0");
		properties.put("duration", "2");
		properties.put("runId", "t-" + plan.name());
		properties.put("fanout", "parallel");
		properties.put("zeroCopy", "false");
		return properties;
	}

	private static TestPlanStats run(JmxPlan plan, Map<String, String> properties) throws IOException {
		return LoadGenerator.run(DslTestPlan.fromJmx(committed(plan).toString()), properties, null,
				Duration.ofSeconds(30));
	}

	private static void assertRequests(JmxPlan plan, List<PlanStub.Request> requests, long samples) {
		assertThat(requests).as("requests the stub answered").hasSize((int) samples);
		String expected = switch (plan.scenario()) {
			case COMPOSITE -> "POST /profiles/\\d+\\?fanout=parallel";
			case CPU_LIGHT -> "GET /scenarios/cpu-light\\?seed=\\d+";
			case LARGE_PAYLOAD -> "GET /scenarios/large-payload\\?zeroCopy=false";
			case SLOW_IO -> "GET /scenarios/slow-io/\\d+";
			case FAULTS -> throw new IllegalStateException();
		};
		assertThat(requests).allSatisfy((request) -> {
			assertThat(request.method() + " " + request.uri()).matches(expected);
			assertThat(request.requestId()).matches("t-" + plan.name() + "-\\d+");
		});
	}

	private static Path committed(JmxPlan plan) {
		return JmxPlans.FOLDER.resolve(plan.fileName());
	}

}
