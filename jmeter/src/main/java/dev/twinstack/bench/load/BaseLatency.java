package dev.twinstack.bench.load;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.load.engine.LoadGenerator;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.settings.BenchSettings;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;

/**
 * The base latency of each workload at concurrency 1, after the warm-up: the app's own
 * time per request, which the ideal latency adds to the downstream wait.
 */
public final class BaseLatency {

	private BaseLatency() {
	}

	/**
	 * Measures each workload's base latency: one client, back to back, for the baseline
	 * time (at least three downstream waits).
	 * @param settings the bench settings (baseline time, downstream latencies)
	 * @param app the app, started by the bench or elsewhere
	 * @param workloads the workloads
	 * @param runPrefix prefix of the request ids
	 * @return per workload, the median latency at concurrency 1 minus the downstream wait
	 * (ms); missing when the baseline is off or a request failed
	 */
	public static Map<Workload, Double> measure(BenchSettings settings, LoadTarget app, List<Workload> workloads,
			String runPrefix) {
		Map<Workload, Double> base = new LinkedHashMap<>();
		if (settings.baseline().isZero()) {
			return base;
		}
		for (Workload workload : workloads) {
			double downstreamMs = settings.downstreamMs(workload);
			long seconds = Math.max(settings.baseline().toSeconds(), (long) Math.ceil(3 * downstreamMs / 1000));
			ScenarioPlan.Run run = new ScenarioPlan.Run(app.baseUri(), workload, LoadModel.CLOSED, 1, 0, 0,
					Duration.ofSeconds(1), Duration.ofSeconds(seconds),
					RunId.of(runPrefix, "base-" + app.stack().id() + "-" + workload.id(), ""));
			TestPlanStats stats = LoadGenerator.run(ScenarioPlan.plan(run), ScenarioPlan.ENGINE_PROPERTIES,
					app.process(), run.timeLimit());
			if (stats.overall().samplesCount() > 0 && stats.overall().errorsCount() == 0) {
				double medianMs = stats.overall().sampleTime().median().toNanos() / 1e6;
				base.put(workload, medianMs - downstreamMs);
				Console.line(String.format(Locale.ROOT,
						"[base latency] %s %s: median %.1f ms at c=1, %.1f ms beyond the downstream wait",
						app.stack().id(), workload.id(), medianMs, medianMs - downstreamMs));
			}
		}
		return base;
	}

}
