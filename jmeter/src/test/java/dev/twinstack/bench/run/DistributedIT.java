package dev.twinstack.bench.run;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import dev.twinstack.bench.console.Progress;
import dev.twinstack.bench.load.JtlAnalysis;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.load.engine.LoadAgent;
import dev.twinstack.bench.load.engine.RmiTransport;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.storage.ProfileStore;
import dev.twinstack.bench.process.JavaProcess;
import dev.twinstack.bench.process.MockServicesProcess;
import dev.twinstack.bench.process.ProcessRegistry;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.faults.DownstreamService;
import dev.twinstack.bench.settings.remote.LoadEngines;
import dev.twinstack.bench.settings.remote.Targets;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * JMeter's remote testing on one machine as if on several: two load agents (the project's
 * own {@link LoadAgent}, RMI over TLS with a keystore made for the test) on the loopback
 * addresses 127.0.0.2 and 127.0.0.3, mock-services and webflux-app on 127.0.0.1, started
 * by the bench's process classes. A closed and an open cell run through
 * {@code -Dbench.engines}, the closed one once more in the bench's JVM for comparison.
 * Asserts: both engines' samples in the JTL, the threads or the rate split between them,
 * stored == acknowledged, and every process (the agents too) stopped at the end. A second
 * test loads a webflux-app started by hand on 127.0.0.4 as a remote target
 * ({@code -Dbench.targets}) from both engines. Linux routes all of 127.0.0.0/8 to the
 * loopback interface: no traffic leaves the machine.
 */
class DistributedIT {

	private static final Path OUT = Path.of("target", "distributed-it").toAbsolutePath();

	private static final List<String> HOSTS = List.of("127.0.0.2", "127.0.0.3");

	private static final int CONCURRENCY = 20;

	/** Low enough for the 2-core machine with a barely warm app to keep it. */
	private static final int RATE = 40;

	/**
	 * The latency the open cell's threads are sized for (ms): a cold app answers in about
	 * a second, not in the ideal 300 ms.
	 */
	private static final double OPEN_LATENCY_MS = 1000;

	private static final List<JavaProcess> agents = new ArrayList<>();

	private static final Instant started = Instant.now();

	private static List<String> engines;

	private static BenchSettings settings;

	private static MockServicesProcess mocks;

	private static ProfileStore store;

	@BeforeAll
	static void startAgentsAndMocks() throws IOException {
		// JMeter appends to an existing JTL: start from an empty folder
		if (Files.exists(OUT)) {
			try (Stream<Path> files = Files.walk(OUT)) {
				for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
					Files.delete(file);
				}
			}
		}
		Files.createDirectories(OUT);
		Path keystore = OUT.resolve("rmi_keystore.jks");
		Files.deleteIfExists(keystore);
		RmiTransport.createKeystore(keystore);
		engines = new ArrayList<>();
		for (String host : HOSTS) {
			int[] ports = freePorts(host);
			engines.add(host + ":" + ports[0]);
			agents.add(JavaProcess.startMain("load-agent-" + host, List.of("-Xmx256m"), classpath(),
					LoadAgent.class.getName(), List.of("--bind", host, "--port", String.valueOf(ports[0]), "--rmi-port",
							String.valueOf(ports[1]), "--keystore", keystore.toString()),
					OUT.resolve("logs/load-agent-" + host + ".log")));
		}
		Map<String, String> properties = new HashMap<>();
		System.getProperties().stringPropertyNames().forEach((name) -> properties.put(name, System.getProperty(name)));
		properties.putAll(Map.of("bench.profile", "smoke", "bench.stacks", "webflux", "bench.concurrency",
				String.valueOf(CONCURRENCY), "bench.duration", "5s", "bench.outputDir", OUT.toString(), "bench.engines",
				String.join(",", engines), "bench.rmiKeystore", keystore.toString()));
		settings = BenchSettings.from(properties);
		mocks = MockServicesProcess.start(settings, OUT.resolve("logs/mock-services.log"));
		store = new ProfileStore(mocks.mongoUri());
		for (JavaProcess agent : agents) {
			Awaitility.await(agent.role() + " ready")
				.atMost(Duration.ofSeconds(60))
				.pollInterval(Duration.ofMillis(250))
				.failFast(agent.role() + " exited; its log: " + agent.log(), () -> !agent.isAlive())
				.until(() -> Files.readString(agent.log()).contains(LoadAgent.READY));
		}
	}

	@AfterAll
	static void stopEverything() {
		if (store != null) {
			store.close();
		}
		if (mocks != null) {
			mocks.close();
		}
		agents.forEach(JavaProcess::stop);
		assertThat(agents).noneMatch(JavaProcess::isAlive);
		assertThat(ProcessRegistry.running()).isEmpty();
		System.out.printf("DistributedIT: %.0f s from the agents' start to every process stopped%n",
				Duration.between(started, Instant.now()).toMillis() / 1000.0);
	}

	@Test
	void closedAndOpenCellsRunOnBothEnginesAndStoreWhatTheyAcknowledge() throws IOException {
		try (AppSession session = AppSession.start(Stack.WEBFLUX, Heap.DEFAULT, settings, mocks, "dist-it")) {
			TrialRunner remote = new TrialRunner(settings, store, "dit", progress());
			Cell closed = new Cell(Stack.WEBFLUX, Workload.COMPOSITE_SEQUENTIAL, LoadModel.CLOSED, CONCURRENCY, 0,
					Heap.DEFAULT);
			BenchSettings local = settings.withEngines(LoadEngines.LOCAL);
			TrialRunner inThisJvm = new TrialRunner(local, store, "dil", progress());
			// a first, unmeasured run warms the app's JIT up, so that both measured runs
			// of the closed cell meet a similar app
			inThisJvm.run(closed, ScenarioPlan.trial(local, session.target().baseUri(), closed, 300, "dit-warm"),
					OUT.resolve("runs/warm-up"), session, "warm-up, this JVM");
			Path closedDir = OUT.resolve("runs/closed");
			CellResult closedResult = remote.run(closed,
					ScenarioPlan.trial(settings, session.target().baseUri(), closed, 300, "dit-closed"), closedDir,
					session, "closed, 2 engines");
			assertBothEnginesShared(closedResult, closedDir);
			// each engine ran half the clients: its own 10 thread names
			Map<String, Set<String>> threads = threadsPerEngine(closedDir.resolve("samples.jtl"));
			assertThat(threads.keySet()).containsExactlyInAnyOrderElementsOf(engines);
			threads.values().forEach((names) -> assertThat(names).hasSize(CONCURRENCY / engines.size()));
			// warmed up first, the engines start close together (one after another:
			// apache/jmeter#6232)
			Map<String, Long> firstStarts = firstStartPerEngine(closedDir.resolve("samples.jtl"));
			long stagger = firstStarts.values().stream().mapToLong(Long::longValue).max().getAsLong()
					- firstStarts.values().stream().mapToLong(Long::longValue).min().getAsLong();
			assertThat(stagger).as("ms between the engines' first requests").isLessThan(3000);

			// the same cell with JMeter in this JVM, for comparison
			CellResult localResult = inThisJvm.run(closed,
					ScenarioPlan.trial(local, session.target().baseUri(), closed, 300, "dit-local"),
					OUT.resolve("runs/local"), session, "closed, this JVM");
			assertThat(localResult.engineSamples()).isNull();
			assertThat(localResult.storage().verified()).isTrue();

			Cell open = new Cell(Stack.WEBFLUX, Workload.COMPOSITE_SEQUENTIAL, LoadModel.OPEN, 0, RATE, Heap.DEFAULT);
			Path openDir = OUT.resolve("runs/open");
			CellResult openResult = remote.run(open,
					ScenarioPlan.trial(settings, session.target().baseUri(), open, OPEN_LATENCY_MS, "dit-open"),
					openDir, session, "open, 2 engines");
			assertBothEnginesShared(openResult, openDir);
			// each engine ran half the rate: the arrivals together kept the whole rate
			assertThat(openResult.arrivalRate()).isBetween(RATE * 0.9, RATE * 1.1);
			openResult.engineSamples()
				.values()
				.forEach((samples) -> assertThat(samples).isBetween((long) (openResult.load().requests() * 0.4),
						(long) (openResult.load().requests() * 0.6)));
			System.out.printf(
					"DistributedIT: closed c=%d, 2 engines %.1f req/s (samples per engine %s, first requests %d ms "
							+ "apart), this JVM %.1f req/s; open %d req/s, 2 engines: arrivals %.1f req/s (samples per "
							+ "engine %s)%n",
					CONCURRENCY, closedResult.steadyThroughput(), closedResult.engineSamples(), stagger,
					localResult.steadyThroughput(), RATE, openResult.arrivalRate(), openResult.engineSamples());
		}
	}

	@Test
	void enginesLoadAnAppStartedAsARemoteTarget() throws IOException {
		// an app started by hand on a third address, as docs/distributed.md starts it,
		// loaded through -Dbench.targets from both engines
		String host = "127.0.0.4";
		int port = freePorts(host)[0];
		Path jar = settings.jars().webflux();
		JavaProcess app = JavaProcess.start("webflux-app-target", List.of("-Xms256m", "-Xmx256m"), jar,
				List.of("--server.address=" + host, "--server.port=" + port,
						"--app.downstream.customers-url=" + mocks.baseUrl(DownstreamService.CUSTOMERS),
						"--app.downstream.orders-url=" + mocks.baseUrl(DownstreamService.ORDERS),
						"--app.downstream.recommendations-url=" + mocks.baseUrl(DownstreamService.RECOMMENDATIONS),
						"--app.downstream.slow-url=" + mocks.slowUrl(), "--spring.mongodb.uri=" + mocks.mongoUri()),
				OUT.resolve("logs/webflux-app-target.log"));
		try {
			Map<String, String> properties = new HashMap<>();
			System.getProperties()
				.stringPropertyNames()
				.forEach((name) -> properties.put(name, System.getProperty(name)));
			properties.putAll(Map.of("bench.profile", "smoke", "bench.concurrency", String.valueOf(CONCURRENCY),
					"bench.duration", "5s", "bench.outputDir", OUT.resolve("targets").toString(), "bench.engines",
					String.join(",", engines), "bench.rmiKeystore", settings.engines().keystore().toString(),
					"bench.targets", "webflux=http://" + host + ":" + port, "bench.mongoUri", mocks.mongoUri()));
			BenchSettings targets = BenchSettings.from(properties);
			Targets.Target target = targets.targets().of(Stack.WEBFLUX);
			Cell closed = new Cell(Stack.WEBFLUX, Workload.COMPOSITE_SEQUENTIAL, LoadModel.CLOSED, CONCURRENCY, 0,
					Heap.DEFAULT);
			// waits for the target's health, as the bench does
			RemoteTarget remote = RemoteTarget.apps(targets).start(List.of(closed));
			Path runDir = OUT.resolve("targets/runs/closed");
			CellResult result = new TrialRunner(targets, store, "dtt", progress()).run(closed,
					ScenarioPlan.trial(targets, remote.target().baseUri(), closed, 300, "dtt-closed"), runDir, remote,
					"closed target, 2 engines");
			assertBothEnginesShared(result, runDir);
			assertThat(result.engineWindow()).isNotNull();
			assertThat(result.engineWindow().durationMs()).isPositive();
			assertThat(result.server().summary("app_heap_used_mb").peak()).as("the target's heap, from its Actuator")
				.isPositive();
			System.out.printf(
					"DistributedIT: target %s, 2 engines %.1f req/s (samples per engine %s, both engines %.1f s, "
							+ "started %d ms apart), stored %d = acknowledged %d%n",
					target.base(), result.steadyThroughput(), result.engineSamples(),
					result.engineWindow().durationMs() / 1000.0, result.engineWindow().startSpreadMs(),
					result.storage().stored(), result.storage().acknowledged());
		}
		finally {
			app.stop();
		}
		assertThat(app.isAlive()).isFalse();
	}

	private static void assertBothEnginesShared(CellResult result, Path runDir) {
		assertThat(result.load().requests()).isPositive();
		assertThat(result.load().errors()).isZero();
		assertThat(result.engineSamples()).containsOnlyKeys(engines);
		result.engineSamples().values().forEach((samples) -> assertThat(samples).isPositive());
		assertThat(result.engineSamples().values().stream().mapToLong(Long::longValue).sum())
			.isEqualTo(result.load().requests());
		assertThat(JtlAnalysis.read(runDir.resolve("samples.jtl")).latency().samples())
			.isEqualTo(result.load().requests());
		assertThat(result.storage().verified())
			.as("stored %d, acknowledged %d", result.storage().stored(), result.storage().acknowledged())
			.isTrue();
		assertThat(result.storage().stored()).isEqualTo(result.storage().acknowledged());
	}

	private static Map<String, Set<String>> threadsPerEngine(Path jtl) {
		Map<String, Set<String>> threads = new HashMap<>();
		JtlAnalysis.forEachSample(jtl, List.of("threadName"), (record) -> {
			String name = record.get("threadName");
			engines.stream()
				.filter((engine) -> name.startsWith(engine + "-"))
				.forEach((engine) -> threads.computeIfAbsent(engine, (key) -> new HashSet<>()).add(name));
		});
		return threads;
	}

	private static Map<String, Long> firstStartPerEngine(Path jtl) {
		Map<String, Long> first = new HashMap<>();
		JtlAnalysis.forEachSample(jtl, List.of("timeStamp", "threadName"), (record) -> {
			String name = record.get("threadName");
			long start = Long.parseLong(record.get("timeStamp"));
			engines.stream()
				.filter((engine) -> name.startsWith(engine + "-"))
				.forEach((engine) -> first.merge(engine, start, Math::min));
		});
		return first;
	}

	private static Progress progress() {
		return new Progress(Instant.now(), 3, 10, 0, 1);
	}

	/** This JVM's class path: JMeter, the plugins and the bench's classes. */
	private static String classpath() {
		return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
	}

	/** Two ports free on a loopback address: the agent's registry and its engine. */
	private static int[] freePorts(String host) throws IOException {
		try (ServerSocket first = new ServerSocket(0, 1, InetAddress.getByName(host));
				ServerSocket second = new ServerSocket(0, 1, InetAddress.getByName(host))) {
			return new int[] { first.getLocalPort(), second.getLocalPort() };
		}
	}

}
