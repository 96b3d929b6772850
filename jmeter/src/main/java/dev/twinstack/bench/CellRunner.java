package dev.twinstack.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

import us.abstracta.jmeter.javadsl.core.TestPlanStats;

/**
 * Warms an app up and measures its cells: load with JMeter while a {@link CellMonitor}
 * samples the app, the mocks and the load generator; read every sample of the JTL; count
 * what MongoDB stored, empty the collection.
 */
final class CellRunner {

	/** The {@code uri} tag of the measured requests in the app's Micrometer meters. */
	static final String REQUEST_URI = "/profiles/{customerId}";

	/**
	 * Longest wait for the stored count to stop changing: the client's response timeout
	 * plus margin.
	 */
	private static final Duration STORED_COUNT_TIMEOUT = CompositePlan.RESPONSE_TIMEOUT.plusSeconds(10);

	private final BenchSettings settings;

	private final ProfileStore store;

	private final MockServicesProcess mocks;

	private final String runPrefix;

	private final Progress progress;

	CellRunner(BenchSettings settings, ProfileStore store, MockServicesProcess mocks, String runPrefix,
			Progress progress) {
		this.settings = settings;
		this.store = store;
		this.mocks = mocks;
		this.runPrefix = runPrefix;
		this.progress = progress;
	}

	/**
	 * Loads the app at the highest concurrency for the warm-up time, split over the
	 * fanouts; each part ramps up over its first half (a cold JVM flooded at once mostly
	 * times out). The results are discarded and the stored documents dropped.
	 * @param app the running app
	 */
	void warmUp(AppProcess app) {
		long perFanout = this.settings.warmup().toSeconds() / this.settings.fanouts().size();
		if (perFanout < 1) {
			return;
		}
		int concurrency = this.settings.concurrency().get(this.settings.concurrency().size() - 1);
		for (Fanout fanout : this.settings.fanouts()) {
			long rampUp = Math.max(1, perFanout / 2);
			long hold = Math.max(1, perFanout - rampUp);
			Console.line(String.format("[warm-up] %s %s c=%d: %d s ramp-up + %d s (%s)", app.stack().id(), fanout.id(),
					concurrency, rampUp, hold, this.progress.status(Instant.now())));
			String runId = this.runPrefix + "-warmup-" + app.stack().id() + "-" + fanout.id();
			Map<String, String> properties = CompositePlan.properties(app.port(), fanout, concurrency,
					Duration.ofSeconds(rampUp), Duration.ofSeconds(hold), runId);
			LoadGenerator.run(CompositePlan.plan(), properties);
			requireAlive(app);
		}
		this.store.drop();
	}

	/**
	 * Measures the time to complete {@link BenchSettings#memoryRequests()} requests and
	 * the app's memory after them, with the first fanout of the matrix (so the
	 * measurement leaves no threads behind that the cells would not have created anyway).
	 * @param app the warmed-up app
	 * @return the figures, {@code null} when the measurement is switched off
	 */
	MemoryAfterRequests measureMemory(AppProcess app) {
		int requests = this.settings.memoryRequests();
		if (requests == 0) {
			return null;
		}
		Fanout fanout = this.settings.fanouts().get(0);
		Console.line(String.format("[memory] %s: %d requests, %s fanout, %d clients (%s)", app.stack().id(), requests,
				fanout.id(), MemoryAfterRequests.CONCURRENCY, this.progress.status(Instant.now())));
		MemoryAfterRequests memory = MemoryMeasurement.run(app, fanout, requests,
				this.runPrefix + "-memory-" + app.stack().id());
		requireAlive(app);
		this.store.drop();
		Console.line(String.format(java.util.Locale.ROOT,
				"[memory] %s: %d requests in %.2f s (%d errors); heap %s MB, RSS %s MB; after a full GC heap %s MB, "
						+ "RSS %s MB",
				app.stack().id(), memory.requests(), memory.seconds(), memory.errors(), mb(memory.heapUsedMb()),
				mb(memory.rssMb()), mb(memory.heapAfterGcMb()), mb(memory.rssAfterGcMb())));
		return memory;
	}

	/**
	 * Measures one cell.
	 * @param cell the cell
	 * @param app the running app of the cell's stack
	 * @param index the cell's number, from 1
	 * @return the cell's results (without the JFR cross-check, made once the app stops)
	 */
	CellResult run(Cell cell, AppProcess app, int index) {
		Path outputDir = this.settings.outputDir();
		Path runDir = outputDir.resolve("runs").resolve(cell.id());
		String runId = this.runPrefix + "-" + cell.id();
		Console.line(String.format("[cell %d/%d] %s %s c=%d: %d s + %d s ramp-up (%s)", index,
				BenchRunner.cellCount(this.settings), cell.stack().id(), cell.fanout().id(), cell.concurrency(),
				this.settings.duration().toSeconds(), CompositePlan.RAMP_UP_SECONDS,
				this.progress.status(Instant.now())));
		this.store.drop();
		Map<String, String> properties = CompositePlan.properties(app.port(), cell.fanout(), cell.concurrency(),
				this.settings.duration(), runId);
		Instant started = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		this.progress.cellStarted(started);
		TestPlanStats stats;
		CellMonitor monitor = CellMonitor.start(app, this.mocks, REQUEST_URI, cell.id(), this.progress);
		try {
			stats = LoadGenerator.run(CompositePlan.plan(runDir), properties);
			// a full GC inside the cell's window, after the load: every cell starts from
			// a
			// clean heap, and JFR records the heap in use at the end of the cell
			Jcmd.gc(app.process().launcher(), app.process().pid());
		}
		finally {
			monitor.close();
		}
		Instant finished = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		CellMonitor.Result monitored = monitor.finish(runDir.resolve("metrics.csv"), started);
		requireAlive(app);
		LoadStats load = LoadStats.from(stats.overall());
		JtlAnalysis samples = JtlAnalysis.read(runDir.resolve("samples.jtl"));
		long stored = this.store.awaitStableCount(runId, STORED_COUNT_TIMEOUT);
		this.store.drop();
		Storage storage = new Storage(load.requests() - load.errors(), stored);
		// CPU over the load only, not the JMeter dashboard generation and GC after it
		CpuShares cpu = CpuShares.of(Runtime.getRuntime().availableProcessors(),
				monitored.series()
					.between(started, started.plusMillis(Math.round(load.elapsedSeconds() * 1000) + 500))
					.summaries());
		Ceiling ceiling = Ceiling.of(cell, this.settings.fixedLatency(), app.threadCap(), load.throughput());
		CellResult result = new CellResult(cell, runId, started.toString(), finished.toString(),
				this.settings.duration().toSeconds(), load, samples.latency(), samples.throughput(), monitored.server(),
				cpu, storage, ceiling, null, relative(runDir.resolve("samples.jtl")),
				relative(runDir.resolve("dashboard")), relative(runDir.resolve("metrics.csv")),
				relative(app.process().log()));
		this.progress.cellFinished(Instant.now());
		Console.line(String.format(java.util.Locale.ROOT,
				"[cell %d/%d] %s: %.1f req/s, p50 %.0f ms, p99 %.0f ms, %d requests, %d errors, stored %d / "
						+ "acknowledged %d; peak heap %s MB, peak threads %s; CPU app %s, mocks %s, JMeter %s",
				index, BenchRunner.cellCount(this.settings), cell.id(), load.throughput(), samples.latency().p50Ms(),
				samples.latency().p99Ms(), load.requests(), load.errors(), stored, storage.acknowledged(),
				mb(result.server().summary("app_heap_used_mb").peak()),
				mb(result.server().summary("app_threads_live").peak()), percent(cpu.appMean()),
				percent(cpu.mocksMean()), percent(cpu.loadGeneratorMean())));
		return result;
	}

	private static void requireAlive(AppProcess app) {
		if (!app.process().isAlive()) {
			throw new BenchException(app.process().role() + " died during the load; last lines of "
					+ app.process().log() + ":\n" + app.process().logTail());
		}
	}

	private String relative(Path path) {
		return this.settings.outputDir().relativize(path).toString().replace('\\', '/');
	}

	private static String mb(Double value) {
		return (value != null) ? String.format(java.util.Locale.ROOT, "%.0f", value) : "?";
	}

	private static String percent(Double share) {
		return (share != null) ? String.format(java.util.Locale.ROOT, "%.0f %%", share * 100) : "?";
	}

}
