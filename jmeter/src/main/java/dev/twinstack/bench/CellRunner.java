package dev.twinstack.bench;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import dev.twinstack.monitoring.MetricsSampler;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;

/**
 * Warms an app up and measures its cells: load with JMeter, sample the app's heap and
 * threads, count what MongoDB stored, empty the collection.
 */
final class CellRunner {

	private static final Duration SAMPLING_INTERVAL = Duration.ofSeconds(1);

	/**
	 * Longest wait for the stored count to stop changing: the client's response timeout
	 * plus margin.
	 */
	private static final Duration STORED_COUNT_TIMEOUT = CompositePlan.RESPONSE_TIMEOUT.plusSeconds(10);

	private final BenchSettings settings;

	private final ProfileStore store;

	private final String runPrefix;

	private final Instant benchStart;

	CellRunner(BenchSettings settings, ProfileStore store, String runPrefix, Instant benchStart) {
		this.settings = settings;
		this.store = store;
		this.runPrefix = runPrefix;
		this.benchStart = benchStart;
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
			Console.line(String.format("[warm-up] %s %s c=%d: %d s ramp-up + %d s (elapsed %s)", app.stack().id(),
					fanout.id(), concurrency, rampUp, hold, elapsed()));
			String runId = this.runPrefix + "-warmup-" + app.stack().id() + "-" + fanout.id();
			Map<String, String> properties = CompositePlan.properties(app.port(), fanout, concurrency,
					Duration.ofSeconds(rampUp), Duration.ofSeconds(hold), runId);
			LoadGenerator.run(CompositePlan.plan(), properties);
			requireAlive(app);
		}
		this.store.drop();
	}

	/**
	 * Measures one cell.
	 * @param cell the cell
	 * @param app the running app of the cell's stack
	 * @param index the cell's number, from 1
	 * @return the cell's results
	 */
	CellResult run(Cell cell, AppProcess app, int index) {
		Path outputDir = this.settings.outputDir();
		Path runDir = outputDir.resolve("runs").resolve(cell.id());
		String runId = this.runPrefix + "-" + cell.id();
		Console.line(String.format("[cell %d/%d] %s %s c=%d: %d s + %d s ramp-up (elapsed %s)", index,
				this.settings.cellCount(), cell.stack().id(), cell.fanout().id(), cell.concurrency(),
				this.settings.duration().toSeconds(), CompositePlan.RAMP_UP_SECONDS, elapsed()));
		this.store.drop();
		Map<String, String> properties = CompositePlan.properties(app.port(), cell.fanout(), cell.concurrency(),
				this.settings.duration(), runId);
		MetricsSampler sampler = MetricsSampler.start(URI.create(app.baseUri() + "actuator"), SAMPLING_INTERVAL);
		TestPlanStats stats;
		try {
			stats = LoadGenerator.run(CompositePlan.plan(runDir), properties);
		}
		finally {
			sampler.close();
		}
		requireAlive(app);
		LoadStats load = LoadStats.from(stats.overall());
		long stored = this.store.awaitStableCount(runId, STORED_COUNT_TIMEOUT);
		this.store.drop();
		Storage storage = new Storage(load.requests() - load.errors(), stored);
		Ceiling ceiling = Ceiling.of(cell, this.settings.fixedLatency(), app.threadCap(), load.throughput());
		CellResult result = new CellResult(cell, runId, this.settings.duration().toSeconds(), load,
				ServerStats.from(sampler.summary(), sampler.failedReadings()), storage, ceiling,
				relative(runDir.resolve("samples.jtl")), relative(runDir.resolve("dashboard")),
				relative(app.process().log()));
		Console.line(String.format(
				"[cell %d/%d] %s: %.1f req/s, mean %.1f ms, p99 %.0f ms, %d requests, %d errors, "
						+ "stored %d / acknowledged %d",
				index, this.settings.cellCount(), cell.id(), load.throughput(), load.meanMs(), load.p99Ms(),
				load.requests(), load.errors(), stored, storage.acknowledged()));
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

	private String elapsed() {
		return Console.elapsed(Duration.between(this.benchStart, Instant.now()));
	}

}
