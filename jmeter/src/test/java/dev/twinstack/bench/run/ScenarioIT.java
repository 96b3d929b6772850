package dev.twinstack.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.load.engine.LoadGenerator;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Scenario;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.AppHealth;
import dev.twinstack.bench.measure.storage.ProfileStore;
import dev.twinstack.bench.process.AppProcess;
import dev.twinstack.bench.process.MockServicesProcess;
import dev.twinstack.bench.process.ProcessRegistry;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.settings.BenchSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;
import us.abstracta.jmeter.javadsl.core.stats.StatsSummary;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every workload's plan against every stack's real jar, on the JDK the bench chooses:
 * each answers its expected status, the large payload arrives whole on both paths, the
 * app stays healthy, and {@code mvc-vt} really runs on virtual threads. Needs a JDK 21 or
 * newer (found like the bench finds it, or {@code -Dbench.javaHome}): without one it
 * fails rather than leave {@code mvc-vt} out.
 */
class ScenarioIT {

	private static final Path OUT = Path.of("target", "scenario-it");

	private static BenchSettings settings;

	private static MockServicesProcess mocks;

	private static ProfileStore store;

	@BeforeAll
	static void startMocks() {
		Map<String, String> properties = new HashMap<>();
		System.getProperties().stringPropertyNames().forEach((name) -> properties.put(name, System.getProperty(name)));
		properties.put("bench.profile", "smoke");
		properties.put("bench.stacks", String.join(",", Stack.ids()));
		properties.put("bench.scenarios", String.join(",", Scenario.ids()));
		properties.put("bench.outputDir", OUT.toString());
		properties.put("bench.slowLatency", "200ms");
		properties.put("bench.requests", "40");
		settings = BenchSettings.from(properties);
		mocks = MockServicesProcess.start(settings, OUT.resolve("logs/mock-services.log"));
		store = new ProfileStore(mocks.mongoUri());
	}

	@AfterAll
	static void stopMocks() {
		if (store != null) {
			store.close();
		}
		if (mocks != null) {
			mocks.close();
		}
	}

	@Test
	void everyWorkloadRunsOnEveryStack() {
		// nothing else runs mvc-app on virtual threads: a machine without a JDK 21+ fails
		// here instead of passing with mvc-vt left out
		assertThat(settings.skipped())
			.as("stacks the bench cannot run on %s (chosen as %s); mvc-vt needs a JDK %d or newer: install one "
					+ "(e.g. under /usr/lib/jvm) or point -Dbench.javaHome at it", settings.jdk().describe(),
					settings.jdk().source(), Stack.VIRTUAL_THREADS_JAVA)
			.isEmpty();
		assertThat(settings.stacks()).containsExactlyInAnyOrder(Stack.values());
		for (Stack stack : settings.stacks()) {
			try (AppSession session = AppSession.start(stack, Heap.parse("128m"), settings, mocks, "it")) {
				for (Workload workload : Workload.values()) {
					Cell cell = new Cell(stack, workload, LoadModel.COUNT, 4, 0, Heap.parse("128m"));
					String runId = "it-" + cell.id();
					ScenarioPlan.Run run = ScenarioPlan.trial(settings, session.target().baseUri(), cell, 300, runId);
					session.beginTrial();
					Instant from = Instant.now();
					TestPlanStats stats = LoadGenerator.run(ScenarioPlan.plan(run), ScenarioPlan.ENGINE_PROPERTIES);
					AppHealth health = session.endTrial(from, Instant.now());
					StatsSummary overall = stats.overall();
					assertThat(overall.samplesCount()).as(cell.id()).isEqualTo(40);
					assertThat(overall.errorsCount()).as("%s errors", cell.id()).isZero();
					assertThat(health.status()).as("%s health", cell.id()).isEqualTo("ok");
					if (workload.scenario() == Scenario.LARGE_PAYLOAD) {
						assertThat(overall.receivedBytes().total()).as("%s bytes", cell.id())
							.isGreaterThan(40L * 102_400);
					}
					if (workload.stores()) {
						assertThat(store.awaitStableCount(runId, Duration.ofSeconds(10))).isEqualTo(40);
						store.drop();
					}
				}
				// 100 clients waiting on the slow service: one platform thread each on
				// mvc,
				// virtual threads (carried by a few platform threads) on mvc-vt
				Cell slow = new Cell(stack, Workload.SLOW_IO, LoadModel.COUNT, 100, 0, Heap.parse("128m"));
				LoadGenerator.run(
						ScenarioPlan
							.plan(ScenarioPlan.trial(settings, session.target().baseUri(), slow, 300, "it-peak")),
						ScenarioPlan.ENGINE_PROPERTIES);
				double peak = peakThreads(session.app());
				switch (stack) {
					case MVC -> assertThat(peak).as("mvc peak threads").isGreaterThanOrEqualTo(100);
					case MVC_VT, WEBFLUX, COROUTINES ->
						assertThat(peak).as("%s peak threads", stack.id()).isLessThan(100);
				}
			}
		}
		assertThat(ProcessRegistry.running()).hasSize(1);
	}

	@Test
	void aHeapTooSmallForTheAppIsAResultNotABenchFailure() {
		Map<String, String> properties = new HashMap<>();
		System.getProperties().stringPropertyNames().forEach((name) -> properties.put(name, System.getProperty(name)));
		properties.putAll(Map.of("bench.profile", "smoke", "bench.stacks", "mvc", "bench.scenarios", "cpu-light",
				"bench.heaps", "16m", "bench.outputDir", OUT.resolve("tiny-heap").toString()));
		BenchSettings tiny = BenchSettings.from(properties);
		List<CellSummary> summaries = new MatrixRunner<>(tiny, AppSession.apps(tiny, mocks, "it-tiny"), "it-tiny",
				(trial) -> {
					throw new AssertionError("no trial runs without an app");
				}, Instant.now())
			.run(() -> {
			});
		assertThat(summaries).singleElement().satisfies((summary) -> {
			assertThat(summary.health().status()).isEqualTo("oom");
			assertThat(summary.health().cause()).isEqualTo("java.lang.OutOfMemoryError: Java heap space (at startup)");
			assertThat(summary.throughput().median()).isZero();
		});
		assertThat(ProcessRegistry.running()).hasSize(1);
	}

	private static double peakThreads(AppProcess app) {
		try {
			HttpResponse<String> response = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(app.actuatorUri().resolve("metrics/jvm.threads.peak")).build(),
						HttpResponse.BodyHandlers.ofString());
			return new ObjectMapper().readTree(response.body()).at("/measurements/0/value").asDouble();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
