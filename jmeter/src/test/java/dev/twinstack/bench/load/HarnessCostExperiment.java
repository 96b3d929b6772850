package dev.twinstack.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.forLoopController;
import static us.abstracta.jmeter.javadsl.JmeterDsl.htmlReporter;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jtlWriter;
import static us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;

import dev.twinstack.bench.load.engine.LoadGenerator;
import dev.twinstack.bench.process.MockServicesProcess;
import dev.twinstack.bench.settings.BenchSettings;
import org.junit.jupiter.api.Test;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;
import us.abstracta.jmeter.javadsl.core.assertions.DslResponseAssertion.TargetField;
import us.abstracta.jmeter.javadsl.core.threadgroups.DslDefaultThreadGroup;
import us.abstracta.jmeter.javadsl.http.DslHttpSampler.HttpClientImpl;
import us.abstracta.jmeter.javadsl.http.DslHttpSampler;

/**
 * The load generator's own cost, each cut of the bench's plan measured on and off in one
 * run: JMeter (this JVM) loads one WireMock stub of mock-services (100 ms, another JVM)
 * at {@value #THREADS} threads with each variant of the plan in turn, round after round
 * (A, B, C, … then again), and the CPU this JVM spent per request is compared (its
 * process CPU time over the run ÷ the samples). Not part of {@code ./mvnw verify} (its
 * name ends in neither Tests nor IT): an experiment, run on a quiet machine with
 * {@code ./mvnw -pl jmeter -am test -Dtest=HarnessCostExperiment
 * -Dsurefire.failIfNoSpecifiedTests=false}; it writes {@code target/harness-cost.md}. The
 * figures are quoted in jmeter/README.md.
 */
class HarnessCostExperiment {

	static final int THREADS = 200;

	static final int ROUNDS = 3;

	static final Duration HOLD = Duration.ofSeconds(10);

	@Test
	void measuresEachCutOnAndOff() throws IOException {
		BenchSettings settings = BenchSettings.from(Map.of());
		Path out = Path.of("target", "harness-cost");
		Map<String, BiFunction<String, Path, DslTestPlan>> variants = new LinkedHashMap<>();
		// what the bench ran before: jmeter-java-dsl's defaults (cookie and cache
		// managers), a JTL with every default field and the dashboard's own listener
		variants.put("DSL defaults, JTL + dashboard listener", (url, dir) -> testPlan(group(sampler(url)),
				jtlWriter(dir.toString(), "samples.jtl"), htmlReporter(dir.toString(), "dashboard")));
		variants.put("no cookie/cache managers", (url, dir) -> ScenarioPlan.lean(group(sampler(url)),
				jtlWriter(dir.toString(), "samples.jtl"), htmlReporter(dir.toString(), "dashboard")));
		variants.put("… and no dashboard listener (rendered after)",
				(url, dir) -> ScenarioPlan.lean(group(sampler(url)), jtlWriter(dir.toString(), "samples.jtl")));
		variants.put("… and the lean JTL (the bench now)",
				(url, dir) -> ScenarioPlan.lean(group(sampler(url)), ScenarioPlan.jtl(dir)));
		variants.put("… with JMeter's Java HTTP implementation", (url, dir) -> ScenarioPlan
			.lean(group(sampler(url).clientImpl(HttpClientImpl.JAVA)), ScenarioPlan.jtl(dir)));
		Map<String, List<double[]>> runs = new LinkedHashMap<>();
		try (MockServicesProcess mocks = MockServicesProcess.start(settings, out.resolve("mock-services.log"))) {
			String url = mocks.customersUrl() + "/customers/${__Random(1,100000)}";
			// warm both JVMs once, unmeasured
			run(variants.get("… and the lean JTL (the bench now)").apply(url, out.resolve("warm-up")));
			for (int round = 1; round <= ROUNDS; round++) {
				int i = 0;
				for (Map.Entry<String, BiFunction<String, Path, DslTestPlan>> variant : variants.entrySet()) {
					Path dir = out.resolve("r" + round + "-v" + (++i));
					runs.computeIfAbsent(variant.getKey(), (key) -> new ArrayList<>())
						.add(run(variant.getValue().apply(url, dir)));
				}
			}
		}
		StringBuilder md = new StringBuilder(String.format(Locale.ROOT,
				"| JMeter plan (%d threads, stub at 100 ms, %d s holds, median of %d rounds) | CPU per request (ms) "
						+ "| req/s |%n|---|---:|---:|%n",
				THREADS, HOLD.toSeconds(), ROUNDS));
		runs.forEach((name, values) -> md
			.append(String.format(Locale.ROOT, "| %s | %.3f | %.0f |%n", name, median(values, 0), median(values, 1))));
		Files.createDirectories(out);
		Files.writeString(Path.of("target", "harness-cost.md"), md);
		System.out.println(md);
		assertThat(runs.values())
			.allSatisfy((values) -> assertThat(values).allSatisfy((v) -> assertThat(v[1]).isPositive()));
	}

	private static double[] run(DslTestPlan plan) {
		com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) ManagementFactory
			.getOperatingSystemMXBean();
		long cpu = os.getProcessCpuTime();
		TestPlanStats stats = LoadGenerator.run(plan, ScenarioPlan.ENGINE_PROPERTIES);
		double cpuMs = (os.getProcessCpuTime() - cpu) / 1e6;
		long samples = stats.overall().samplesCount();
		return new double[] { cpuMs / samples, samples * 1000.0 / stats.duration().toMillis() };
	}

	private static DslDefaultThreadGroup group(DslHttpSampler sampler) {
		return threadGroup("stub").rampToAndHold(THREADS, Duration.ofSeconds(1), HOLD)
			.children(forLoopController("requests", -1, sampler));
	}

	private static DslHttpSampler sampler(String url) {
		return httpSampler("GET customer", url).connectionTimeout(CompositePlan.CONNECT_TIMEOUT)
			.responseTimeout(CompositePlan.RESPONSE_TIMEOUT)
			.children(responseAssertion("status is 200").fieldToTest(TargetField.RESPONSE_CODE).equalsToStrings("200"));
	}

	private static double median(List<double[]> values, int index) {
		double[] sorted = values.stream().mapToDouble((v) -> v[index]).sorted().toArray();
		return sorted[sorted.length / 2];
	}

}
