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
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.twinstack.bench.analysis.CrossCheck;
import dev.twinstack.bench.analysis.Validity;
import dev.twinstack.bench.load.warmup.WarmUp;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.measure.storage.ProfileStore;
import dev.twinstack.bench.process.JavaProcess;
import dev.twinstack.bench.process.ProcessRegistry;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.TrialFigures;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.monitoring.DebianPackages;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Remote targets on one machine as if on three: mock-services on 127.0.0.3 and
 * webflux-app on 127.0.0.2 (its Actuator on a port of its own), started as the README's
 * commands start them (the jars with their bind and URL options, through the bench's
 * {@link JavaProcess}), then a short bench with {@code -Dbench.targets} and
 * {@code -Dbench.mongoUri}: it starts no process, waits for the app's health (the app is
 * still starting when the bench begins), measures one small cell and writes its report.
 * Asserts on results.json: throughput, stored == acknowledged, heap and threads read from
 * the target, the target named, the mocks' and machine's CPU unknown (null) rather than
 * 0. Every process it started is stopped, also on failure. Linux routes all of
 * 127.0.0.0/8 to the loopback interface: no traffic leaves the machine.
 */
class RemoteTargetsIT {

	private static final Path OUT = Path.of("target", "remote-targets-it").toAbsolutePath();

	private static final String APP_HOST = "127.0.0.2";

	private static final String MOCKS_HOST = "127.0.0.3";

	/** The stubs' latency, as mock-services is started and as the bench is told. */
	private static final double STUB_MS = 100;

	private static final List<JavaProcess> started = new ArrayList<>();

	private static final Instant start = Instant.now();

	private static String targets;

	private static String mongoUri;

	private static String stubs;

	private static int appPort;

	private static int managementPort;

	@BeforeAll
	static void startMocksAndAppByHand() throws IOException {
		if (Files.exists(OUT)) {
			try (Stream<Path> files = Files.walk(OUT)) {
				for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
					Files.delete(file);
				}
			}
		}
		Files.createDirectories(OUT);
		// the wrk cross-check runs on this machine against the target
		DebianPackages.command("wrk", "wrk");
		// the jars as the bench would find them (-Dbench.*Jar or ../<module>/target)
		BenchSettings.Jars jars = BenchSettings.from(Map.of()).jars();
		int[] mocks = freePorts(MOCKS_HOST, 5);
		int[] app = freePorts(APP_HOST, 2);
		appPort = app[0];
		managementPort = app[1];
		mongoUri = "mongodb://" + MOCKS_HOST + ":" + mocks[3] + "/twinstack";
		// mock-services/README.md: java -jar mock-services-exec.jar --bind … --latency
		// 100ms
		started.add(JavaProcess.start("mock-services", List.of("-Xmx512m"), jars.mockServices(),
				List.of("--bind", MOCKS_HOST, "--customers-port", String.valueOf(mocks[0]), "--orders-port",
						String.valueOf(mocks[1]), "--recommendations-port", String.valueOf(mocks[2]), "--mongo-port",
						String.valueOf(mocks[3]), "--slow-port", String.valueOf(mocks[4]), "--latency",
						(long) STUB_MS + "ms", "--mongo-storage", "memory"),
				OUT.resolve("logs/mock-services.log")));
		// docs/distributed.md, app host: java -jar webflux-app.jar --server.address=… and
		// the mocks' URLs
		String mocksUrl = "http://" + MOCKS_HOST + ":";
		started.add(JavaProcess.start("webflux-app", List.of("-Xms256m", "-Xmx256m"), jars.webflux(),
				List.of("--server.address=" + APP_HOST, "--server.port=" + appPort,
						"--management.server.address=" + APP_HOST, "--management.server.port=" + managementPort,
						"--app.downstream.customers-url=" + mocksUrl + mocks[0],
						"--app.downstream.orders-url=" + mocksUrl + mocks[1],
						"--app.downstream.recommendations-url=" + mocksUrl + mocks[2],
						"--app.downstream.slow-url=" + mocksUrl + mocks[4], "--spring.mongodb.uri=" + mongoUri),
				OUT.resolve("logs/webflux-app.log")));
		stubs = "customers=" + mocksUrl + mocks[0] + ",slow=" + mocksUrl + mocks[4];
		targets = "webflux=http://" + APP_HOST + ":" + appPort + ";management=http://" + APP_HOST + ":"
				+ managementPort;
	}

	@AfterAll
	static void stopEverything() {
		started.forEach(JavaProcess::stop);
		assertThat(started).noneMatch(JavaProcess::isAlive);
		assertThat(ProcessRegistry.running()).isEmpty();
		System.out.printf("RemoteTargetsIT: %.0f s from the first start to every process stopped%n",
				Duration.between(start, Instant.now()).toMillis() / 1000.0);
	}

	@Test
	void loadsTheTargetStartedByHandAndCountsWhatItStoredInTheGivenMongoDb() throws IOException {
		// a warm-up long enough for the mocks' JIT too: started cold by hand, the stubs
		// answered about 11 % late after 5 s of warm-up on 2 cores, 6 % after 20 s (the
		// probe's median; the validity rule allows 10 %)
		Map<String, String> properties = new HashMap<>(Map.of("bench.profile", "smoke", "bench.targets", targets,
				"bench.mongoUri", mongoUri, "bench.stubs", stubs, "bench.concurrency", "10", "bench.duration", "5s",
				"bench.warmup", "20s", "bench.baseline", "2s", "bench.outputDir", OUT.resolve("bench").toString(),
				"bench.crosscheck", "wrk"));
		// the stubs' latency the validity rule holds the probe's median against
		properties.put("bench.latency", (long) STUB_MS + "ms");
		BenchSettings settings = BenchSettings.from(properties);
		assertThat(settings.stacks()).containsExactly(Stack.WEBFLUX);
		List<JavaProcess> before = ProcessRegistry.running();

		BenchResults results = BenchRunner.run(settings);

		assertThat(ProcessRegistry.running()).as("the bench started no process").isEqualTo(before);
		assertThat(results.complete()).isTrue();
		assertThat(results.processes()).isEmpty();
		assertThat(results.matrix()).hasSize(1);
		CellResult trial = results.trials().get(0);
		assertThat(trial.steadyThroughput()).isPositive();
		assertThat(trial.load().errors()).isZero();
		assertThat(trial.storage().acknowledged()).isPositive();
		assertThat(trial.storage().stored()).isEqualTo(trial.storage().acknowledged());
		assertThat(trial.storage().verified()).isTrue();
		// heap and threads from the target's Actuator on its management port
		assertThat(trial.server().summary("app_heap_used_mb").peak()).isPositive();
		assertThat(trial.server().summary("app_heap_max_mb").peak()).isBetween(200.0, 300.0);
		assertThat(trial.server().summary("app_threads_live").peak()).isPositive();
		assertThat(trial.cpu().appMean()).as("the app's own process.cpu.usage").isNotNull().isPositive();
		assertThat(trial.cpu().mocksMean()).as("the mocks' CPU cannot be seen").isNull();
		assertThat(trial.cpu().machineMean()).as("the targets' machine cannot be seen").isNull();
		Validity validity = results.matrix().get(0).validity();
		assertThat(validity.reasons()).anyMatch((reason) -> reason.startsWith("not measured: remote targets"));
		// the stub latency probe measured the customers stub given in bench.stubs, within
		// the drift the validity rule allows: 100 ms configured, at most 10 % slower
		TrialFigures figures = results.matrix().get(0).trials().get(0);
		assertThat(figures.stubs()).isNotNull();
		assertThat(figures.stubs().samples()).isPositive();
		double driftLimit = Validity.DRIFT_LIMIT_PERCENT / 100.0;
		assertThat(figures.stubs().medianMs()).isBetween(STUB_MS, STUB_MS * (1 + driftLimit));
		assertThat(validity.stubDrift()).as("the stubs' drift the cell is judged on")
			.isNotNull()
			.isBetween(0.0, driftLimit);
		// and so the cell is valid: no helper saturated, the stubs on time, wrk within
		// ±10 % (its other reasons only say what a remote target does not let be seen)
		assertThat(validity.valid()).as("valid; reasons %s", validity.reasons()).isTrue();
		assertThat(validity.reasons()).allMatch((reason) -> reason.startsWith("not measured: "));
		// warmed up as the apps the bench starts: the cells' concurrency right before the
		// cell (c = 10 is gentle enough to need no JIT run before it)
		assertThat(results.apps()).hasSize(1);
		assertThat(results.apps().get(0).warmUp()).extracting(WarmUp::workload, WarmUp::concurrency)
			.containsExactly(tuple("composite-sequential", 10));
		// wrk from this machine against the target; its requests stored in the given
		// MongoDB under its own ids, then deleted
		CrossCheck wrk = results.matrix().get(0).crossCheck();
		assertThat(wrk).as("the wrk cross-check of the target").isNotNull();
		assertThat(wrk.wrk().throughput()).isPositive();
		assertThat(wrk.agrees()).as("JMeter and wrk within ±%d %%: %s", CrossCheck.TOLERANCE_PERCENT, wrk.describe())
			.isTrue();
		assertThat(wrk.storage().acknowledged()).isPositive();
		// every acknowledged request stored once; wrk drops the requests in flight at its
		// end, which the app may still store: at most one per connection more
		assertThat(wrk.storage().verified()).isTrue();
		assertThat(wrk.storage().storedNotAcknowledged()).isLessThanOrEqualTo(10);

		JsonNode json = new ObjectMapper().readTree(OUT.resolve("bench/results.json").toFile());
		assertThat(json.at("/settings/targets/webflux").asText()).isEqualTo(
				"http://" + APP_HOST + ":" + appPort + " (Actuator on http://" + APP_HOST + ":" + managementPort + ")");
		assertThat(json.at("/settings/targets/mongodb").asText()).isEqualTo(mongoUri);
		assertThat(json.at("/settings/targets/stubs").asText()).isEqualTo(stubs);
		assertThat(json.at("/integrity/verified").asBoolean()).isTrue();
		assertThat(json.at("/trials/0/cpu/mocksMean").isNull()).isTrue();
		assertThat(Files.readString(OUT.resolve("bench/report.md")))
			.contains("Remote targets (started by hand, not by the bench)")
			.contains("http://" + APP_HOST + ":" + appPort);
		// only the bench's own documents were deleted, after counting them
		try (ProfileStore store = new ProfileStore(mongoUri)) {
			assertThat(store.countRun(trial.runId())).isZero();
			// nor any other of the bench's: warm-up, base latency, wrk
			assertThat(store.countRun(trial.runId().substring(0, trial.runId().indexOf('-')))).isZero();
		}
		System.out.printf(
				"RemoteTargetsIT: %.1f req/s, stored %d = acknowledged %d, peak heap %.0f MB, app CPU %.0f %%; "
						+ "wrk %.1f req/s, stored %d, acknowledged %d%n",
				trial.steadyThroughput(), trial.storage().stored(), trial.storage().acknowledged(),
				trial.server().summary("app_heap_used_mb").peak(), trial.cpu().appMean() * 100, wrk.wrk().throughput(),
				wrk.storage().stored(), wrk.storage().acknowledged());
	}

	/** Ports free on a loopback address. */
	private static int[] freePorts(String host, int count) throws IOException {
		List<ServerSocket> sockets = new ArrayList<>();
		try {
			int[] ports = new int[count];
			for (int i = 0; i < count; i++) {
				ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(host));
				sockets.add(socket);
				ports[i] = socket.getLocalPort();
			}
			return ports;
		}
		finally {
			for (ServerSocket socket : sockets) {
				socket.close();
			}
		}
	}

}
