package dev.twinstack.bench.faults;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import dev.twinstack.bench.load.CompositePlan;
import dev.twinstack.bench.load.engine.LoadGenerator;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.storage.ProfileStore;
import dev.twinstack.bench.process.AppProcess;
import dev.twinstack.bench.process.BenchException;

/**
 * The database outage of the {@code faults} scenario: a closed load of {@code POST
 * /profiles/{random id}} during which MongoDB is stopped for {@value #DOWN_SECONDS} s
 * (through mock-services' admin API) and started again, empty. The contract: 503 while it
 * is down, within 2 × {@code app.database.timeout}; 201 again soon after it is back; no
 * partial document.
 */
public final class DatabaseOutage {

	/** Healthy load before MongoDB stops (s). */
	public static final int BEFORE_SECONDS = 2;

	/**
	 * How long MongoDB stays stopped (s): long enough for every client to send and get
	 * answered a whole request while it is down: the requests in flight when the stop
	 * ends fail after the driver's server selection waits for
	 * {@code app.database.timeout}, and the next ones take as long again (docs/design.md,
	 * "The database outage").
	 */
	public static final int DOWN_SECONDS = 6;

	/** Load after MongoDB is back (s). */
	public static final int AFTER_SECONDS = 3;

	/** The apps' {@code app.database.timeout} (their default). */
	static final Duration DATABASE_TIMEOUT = Duration.ofSeconds(2);

	private DatabaseOutage() {
	}

	/**
	 * Runs the outage against one app.
	 * @param app the app
	 * @param injector the switch of the mocks' MongoDB
	 * @param store the profiles collection
	 * @param concurrency JMeter threads
	 * @param latencyMs the downstream latency of each call (ms)
	 * @param outputDir the bench's output folder
	 * @param runId the run's request id prefix
	 * @return what happened
	 */
	static OutageRun run(AppProcess app, FaultInjector injector, ProfileStore store, int concurrency, long latencyMs,
			Path outputDir, String runId) {
		Path runDir = FaultsRunner
			.freshJtl(outputDir.resolve("runs").resolve("faults").resolve(app.stack().id()).resolve("database-outage"));
		String base = app.baseUri().toString().replaceAll("/$", "");
		ScenarioPlan.Run load = new ScenarioPlan.Run(base, Workload.COMPOSITE_SEQUENTIAL, LoadModel.CLOSED, concurrency,
				0, 0, Duration.ofSeconds(CompositePlan.RAMP_UP_SECONDS),
				Duration.ofSeconds(BEFORE_SECONDS + DOWN_SECONDS + AFTER_SECONDS), runId);
		// on a thread of its own, not the common pool: on JDK 25 with 2 CPUs its one
		// worker
		// blocked here would also hold every JDK HttpClient answer the monitor waits for
		ExecutorService loadThread = Executors.newSingleThreadExecutor();
		CompletableFuture<Void> running = CompletableFuture.runAsync(
				() -> LoadGenerator.run(ScenarioPlan.plan(load, runDir), ScenarioPlan.ENGINE_PROPERTIES), loadThread);
		loadThread.shutdown();
		long stoppedAt;
		long startedAt;
		// "while down" is from the end of the stop to the start of the restart: the stop
		// closes the connections one by one, and a request sent while it does may still
		// be answered 201 (docs/design.md, "The database outage"); likewise a request
		// sent while down may be answered 201 once the restart is
		// under way
		try {
			sleep(Duration.ofSeconds(CompositePlan.RAMP_UP_SECONDS + BEFORE_SECONDS));
			injector.stopMongo();
			stoppedAt = System.currentTimeMillis();
			sleep(Duration.ofSeconds(DOWN_SECONDS));
		}
		finally {
			startedAt = System.currentTimeMillis();
			// never leave the database down, whatever happened
			injector.startMongo();
		}
		try {
			running.join();
		}
		catch (CompletionException ex) {
			throw (ex.getCause() instanceof BenchException bench) ? bench
					: new BenchException("the database outage load failed: " + ex.getCause(), ex.getCause());
		}
		long failureLimitMs = 2 * DATABASE_TIMEOUT.toMillis() + 3 * latencyMs + FaultsRunner.MARGIN_MS;
		long backLimitMs = 2 * DATABASE_TIMEOUT.toMillis() + 3 * latencyMs + FaultsRunner.MARGIN_MS;
		long stored = store.countRun(runId);
		long incomplete = store.countIncomplete(runId);
		return OutageRun.of(app.stack(), runDir.resolve("samples.jtl"), stoppedAt, startedAt, failureLimitMs,
				backLimitMs, stored, incomplete,
				outputDir.relativize(runDir.resolve("samples.jtl")).toString().replace('\\', '/'));
	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new BenchException("interrupted during the database outage", ex);
		}
	}

}
