package dev.twinstack.bench.process;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import dev.twinstack.bench.load.engine.LoadGenerator;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.Jcmd;
import dev.twinstack.bench.measure.storage.ProfileStore;
import dev.twinstack.bench.measure.StubLatencyProbe;
import dev.twinstack.bench.settings.BenchSettings;
import org.junit.jupiter.api.Test;
import oshi.SystemInfo;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What watching an app costs it, each watcher measured on and off in one run: one
 * webflux-app pinned to CPU 1 (JMeter, this JVM, and mock-services pinned to CPU 0) under
 * the composite sequential load at {@value #THREADS} threads, round after round through
 * the variants: nothing; a JFR recording with the JDK's {@code default} settings; one
 * with {@code profile} (what the bench records); the bench's once-a-second scrape of
 * {@code /actuator/prometheus}; the stub-latency probe (one GET to a stub every 250 ms).
 * JFR is started and stopped in the running JVM ({@code jcmd JFR.start / JFR.stop}), so
 * every variant meets the same JIT state. Compared: the app's CPU per request (its
 * process CPU time over the hold ÷ the requests, from OSHI), mock-services' and JMeter's,
 * and the throughput. Not part of {@code ./mvnw verify}: run on a quiet machine with
 * {@code ./mvnw -pl jmeter -am test -Dtest=ObservationCostExperiment
 * -Dsurefire.failIfNoSpecifiedTests=false}; it writes {@code target/observation-cost.md}.
 * The figures are quoted in jmeter/README.md.
 */
class ObservationCostExperiment {

	static final int THREADS = 100;

	static final int ROUNDS = 3;

	static final Duration HOLD = Duration.ofSeconds(20);

	static final Duration WARM_UP = Duration.ofSeconds(240);

	private static final OperatingSystem OS = new SystemInfo().getOperatingSystem();

	private static final HttpClient HTTP = HttpClient.newHttpClient();

	@Test
	void measuresEachWatcherOnAndOff() throws Exception {
		BenchSettings settings = BenchSettings.from(Map.of());
		Path out = Path.of("target", "observation-cost");
		Files.createDirectories(out);
		List<String> variants = List.of("nothing", "JFR default", "JFR profile (the bench)", "Prometheus scrape 1/s",
				"stub-latency probe 4/s");
		Map<String, List<double[]>> runs = new LinkedHashMap<>();
		try (MockServicesProcess mocks = MockServicesProcess.start(settings, out.resolve("mock-services.log"));
				AppProcess app = AppProcess.start(Stack.WEBFLUX, settings, mocks, out.resolve("app.log"), Map.of(),
						"health");
				ProfileStore store = new ProfileStore(mocks.mongoUri())) {
			long appPid = app.process().pid();
			Taskset.pinAllThreads(appPid, List.of(1));
			Taskset.pinAllThreads(ProcessHandle.current().pid(), List.of(0));
			Taskset.pinAllThreads(mocks.process().pid(), List.of(0));
			Path java = settings.jdk().java();
			ScenarioPlan.Run load = new ScenarioPlan.Run(app.baseUri().toString().replaceAll("/$", ""),
					Workload.COMPOSITE_SEQUENTIAL, LoadModel.CLOSED, THREADS, 0, 0, Duration.ofSeconds(1), HOLD, "obs");
			// warm the app's JIT, unmeasured
			LoadGenerator.run(ScenarioPlan.plan(new ScenarioPlan.Run(load.baseUri(), load.workload(), load.load(),
					THREADS, 0, 0, Duration.ofSeconds(1), WARM_UP, "obs-warm")), ScenarioPlan.ENGINE_PROPERTIES);
			for (int round = 1; round <= ROUNDS; round++) {
				// each round starts one variant later, so a JIT still settling does not
				// favour the variants that come last
				for (int i = 0; i < variants.size(); i++) {
					String variant = variants.get((i + round - 1) % variants.size());
					ScenarioPlan.Run run = new ScenarioPlan.Run(load.baseUri(), load.workload(), load.load(), THREADS,
							0, 0, load.rampUp(), HOLD, "obs-r" + round + "-" + runs.size());
					double[] figures = measure(variant, run, appPid, mocks, app, java);
					runs.computeIfAbsent(variant, (key) -> new ArrayList<>()).add(figures);
					System.out.printf(Locale.ROOT, "round %d, %s: app %.3f ms/request, JIT %.0f ms, %.1f req/s%n",
							round, variant, figures[0], figures[4], figures[3]);
					store.drop();
				}
			}
		}
		StringBuilder md = new StringBuilder(String.format(Locale.ROOT,
				"| watcher (webflux-app on CPU 1, composite sequential, %d threads, %d s holds, median of %d rounds) "
						+ "| app CPU ms/request | mock-services | JMeter | req/s | app JIT ms per hold |%n"
						+ "|---|---:|---:|---:|---:|---:|%n",
				THREADS, HOLD.toSeconds(), ROUNDS));
		runs.forEach((name,
				values) -> md.append(String.format(Locale.ROOT, "| %s | %.3f | %.3f | %.3f | %.1f | %.0f |%n", name,
						median(values, 0), median(values, 1), median(values, 2), median(values, 3),
						median(values, 4))));
		Files.writeString(Path.of("target", "observation-cost.md"), md);
		System.out.println(md);
		assertThat(runs.values())
			.allSatisfy((values) -> assertThat(values).allSatisfy((v) -> assertThat(v[3]).isPositive()));
	}

	private static double[] measure(String variant, ScenarioPlan.Run run, long appPid, MockServicesProcess mocks,
			AppProcess app, Path java) throws Exception {
		boolean jfr = variant.startsWith("JFR");
		if (jfr) {
			assertThat(Jcmd.run(java, appPid, "JFR.start", "name=observation-cost",
					"settings=" + (variant.contains("profile") ? "profile" : "default")))
				.as("jcmd JFR.start (its output is in the log)")
				.isPresent();
		}
		ScheduledExecutorService watcher = Executors.newSingleThreadScheduledExecutor();
		if (variant.startsWith("Prometheus")) {
			URI scrape = app.actuatorUri().resolve("prometheus");
			watcher.scheduleAtFixedRate(() -> get(scrape), 0, 1, TimeUnit.SECONDS);
		}
		StubLatencyProbe probe = variant.startsWith("stub") ? StubLatencyProbe.forWorkload(run.workload(), mocks)
				: null;
		com.sun.management.OperatingSystemMXBean self = (com.sun.management.OperatingSystemMXBean) ManagementFactory
			.getOperatingSystemMXBean();
		long jmeter = self.getProcessCpuTime();
		long appCpu = cpuMs(appPid);
		long mocksCpu = cpuMs(mocks.process().pid());
		double jit = compilationMs(app);
		TestPlanStats stats = LoadGenerator.run(ScenarioPlan.plan(run), ScenarioPlan.ENGINE_PROPERTIES);
		double appMs = cpuMs(appPid) - appCpu;
		double mocksMs = cpuMs(mocks.process().pid()) - mocksCpu;
		double jmeterMs = (self.getProcessCpuTime() - jmeter) / 1e6;
		double jitMs = compilationMs(app) - jit;
		watcher.shutdownNow();
		if (probe != null) {
			probe.close();
		}
		if (jfr) {
			assertThat(Jcmd.run(java, appPid, "JFR.stop", "name=observation-cost"))
				.as("jcmd JFR.stop (its output is in the log)")
				.isPresent();
		}
		long requests = stats.overall().samplesCount();
		assertThat(stats.overall().errorsCount()).as("errors in " + variant).isZero();
		return new double[] { appMs / requests, mocksMs / requests, jmeterMs / requests,
				requests * 1000.0 / stats.duration().toMillis(), jitMs };
	}

	private static double compilationMs(AppProcess app) throws Exception {
		String body = HTTP
			.send(HttpRequest.newBuilder(app.actuatorUri().resolve("prometheus")).build(),
					HttpResponse.BodyHandlers.ofString())
			.body();
		return body.lines()
			.filter((line) -> line.startsWith("jvm_compilation_time_ms_total"))
			.mapToDouble((line) -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
			.sum();
	}

	private static long cpuMs(long pid) {
		OSProcess process = OS.getProcess((int) pid);
		return process.getUserTime() + process.getKernelTime();
	}

	private static void get(URI uri) {
		try {
			HTTP.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding());
		}
		catch (IOException ex) {
			// a missed scrape is a cheaper variant, not a failed experiment
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static double median(List<double[]> values, int index) {
		double[] sorted = values.stream().mapToDouble((v) -> v[index]).sorted().toArray();
		return sorted[sorted.length / 2];
	}

}
