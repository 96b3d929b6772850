package dev.twinstack.bench;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import us.abstracta.jmeter.javadsl.core.TestPlanStats;

/**
 * The unmeasured loads around the cells of one app start: the warm-up, and the base
 * latency of each workload at concurrency 1 (the app's own time per request, which the
 * ideal latency adds to the downstream wait); and the {@link ScenarioPlan.Run} of a
 * measured trial.
 */
final class ScenarioLoad {

	/** The shortest warm-up per workload that is run at all (s). */
	static final int MIN_WARMUP_SECONDS = 2;

	/**
	 * The highest concurrency of a warm-up: enough to warm the JIT and every pool;
	 * overload cells beyond it are not rehearsed (a small heap would die in the warm-up).
	 */
	static final int MAX_WARMUP_CONCURRENCY = 1000;

	private ScenarioLoad() {
	}

	/**
	 * Warms the app up: the warm-up time split over the workloads, each at the given
	 * concurrency, ramping up over its first half (a cold JVM flooded at once mostly
	 * times out). Results are discarded.
	 * @param settings the bench settings (warm-up time)
	 * @param app the running app
	 * @param workloads the workloads its cells will run
	 * @param concurrency the concurrency, e.g. the highest of its cells
	 * @param runPrefix prefix of the request ids
	 */
	static void warmUp(BenchSettings settings, AppProcess app, List<Workload> workloads, int concurrency,
			String runPrefix) {
		long perWorkload = settings.warmup().toSeconds() / Math.max(1, workloads.size());
		if (settings.warmup().isZero()) {
			return;
		}
		perWorkload = Math.max(MIN_WARMUP_SECONDS, perWorkload);
		for (Workload workload : workloads) {
			long rampUp = Math.max(1, perWorkload / 2);
			long hold = Math.max(1, perWorkload - rampUp);
			Console.line(String.format("[warm-up] %s %s c=%d: %d s ramp-up + %d s", app.stack().id(), workload.id(),
					concurrency, rampUp, hold));
			ScenarioPlan.Run run = new ScenarioPlan.Run(base(app), workload, LoadModel.CLOSED, concurrency, 0, 0,
					Duration.ofSeconds(rampUp), Duration.ofSeconds(hold),
					runPrefix + "-warmup-" + app.stack().id() + "-" + workload.id());
			LoadGenerator.run(ScenarioPlan.plan(run), ScenarioPlan.ENGINE_PROPERTIES, app.process(), run.timeLimit());
			if (!app.process().isAlive()) {
				return;
			}
		}
	}

	/**
	 * Measures each workload's base latency: one client, back to back, for the baseline
	 * time (at least three downstream waits), after the warm-up.
	 * @param settings the bench settings (baseline time, downstream latencies)
	 * @param app the running app
	 * @param workloads the workloads
	 * @param runPrefix prefix of the request ids
	 * @return per workload, the median latency at concurrency 1 minus the downstream wait
	 * (ms); missing when the baseline is off or a request failed
	 */
	static Map<Workload, Double> baseLatencies(BenchSettings settings, AppProcess app, List<Workload> workloads,
			String runPrefix) {
		Map<Workload, Double> base = new LinkedHashMap<>();
		if (settings.baseline().isZero()) {
			return base;
		}
		for (Workload workload : workloads) {
			double downstreamMs = settings.downstreamMs(workload);
			long seconds = Math.max(settings.baseline().toSeconds(), (long) Math.ceil(3 * downstreamMs / 1000));
			ScenarioPlan.Run run = new ScenarioPlan.Run(base(app), workload, LoadModel.CLOSED, 1, 0, 0,
					Duration.ofSeconds(1), Duration.ofSeconds(seconds),
					runPrefix + "-base-" + app.stack().id() + "-" + workload.id());
			TestPlanStats stats = LoadGenerator.run(ScenarioPlan.plan(run), ScenarioPlan.ENGINE_PROPERTIES,
					app.process(), run.timeLimit());
			if (stats.overall().samplesCount() > 0 && stats.overall().errorsCount() == 0) {
				double medianMs = stats.overall().sampleTime().median().toNanos() / 1e6;
				base.put(workload, medianMs - downstreamMs);
				Console.line(String.format(java.util.Locale.ROOT,
						"[base latency] %s %s: median %.1f ms at c=1, %.1f ms beyond the downstream wait",
						app.stack().id(), workload.id(), medianMs, medianMs - downstreamMs));
			}
		}
		return base;
	}

	/**
	 * Returns the load of one measured trial.
	 * @param settings the bench settings (duration, request count)
	 * @param app the running app
	 * @param cell the cell
	 * @param idealLatencyMs the cell's ideal latency, which sizes the open model's
	 * threads (ms)
	 * @param runId the trial's request id prefix
	 * @return the run
	 */
	static ScenarioPlan.Run trial(BenchSettings settings, AppProcess app, Cell cell, double idealLatencyMs,
			String runId) {
		int threads = (cell.load() == LoadModel.OPEN) ? OpenModel.maxThreads(cell.rate(), idealLatencyMs)
				: cell.concurrency();
		return new ScenarioPlan.Run(base(app), cell.workload(), cell.load(), threads, cell.rate(),
				(cell.load() == LoadModel.COUNT) ? settings.requests() : 0,
				Duration.ofSeconds(CompositePlan.RAMP_UP_SECONDS), settings.duration(), runId);
	}

	private static String base(AppProcess app) {
		String uri = app.baseUri().toString();
		return uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
	}

}
