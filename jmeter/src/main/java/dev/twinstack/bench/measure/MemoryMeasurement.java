package dev.twinstack.bench.measure;

import static us.abstracta.jmeter.javadsl.JmeterDsl.forLoopController;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import java.io.IOException;
import java.time.Duration;

import dev.twinstack.bench.load.CompositePlan;
import dev.twinstack.bench.load.LoadGenerator;
import dev.twinstack.bench.load.LoadStats;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.process.AppProcess;
import dev.twinstack.bench.settings.MemoryRequests;
import dev.twinstack.monitoring.ActuatorProbe;
import dev.twinstack.monitoring.ProcessProbe;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;

/**
 * Measures {@link MemoryAfterRequests}: N requests from 10 JMeter threads (N / 10 each,
 * back to back), then the app's heap, threads and RSS; then a full GC and the heap and
 * RSS again.
 */
public final class MemoryMeasurement {

	private MemoryMeasurement() {
	}

	/**
	 * Runs the measurement.
	 * @param app the warmed-up app
	 * @param workload what the requests do
	 * @param requests N, a multiple of {@value MemoryRequests#CONCURRENCY}
	 * @param runId prefix of the requests' ids
	 * @return the figures
	 */
	public static MemoryAfterRequests run(AppProcess app, Workload workload, int requests, String runId) {
		int threads = MemoryRequests.CONCURRENCY;
		String base = app.baseUri().toString().replaceAll("/$", "");
		TestPlanStats stats = LoadGenerator.run(
				ScenarioPlan.lean(threadGroup("memory", threads, 1,
						forLoopController("requests", requests / threads,
								ScenarioPlan.sampler(workload, base + workload.path(), runId)))),
				ScenarioPlan.ENGINE_PROPERTIES, app.process(),
				CompositePlan.CONNECT_TIMEOUT.plus(CompositePlan.RESPONSE_TIMEOUT)
					.multipliedBy(requests / threads)
					.plusMinutes(1));
		LoadStats load = LoadStats.from(stats.overall());
		double[] after = read(app);
		boolean collected = Jcmd.gc(app.process().launcher(), app.process().pid());
		double[] afterGc = collected ? read(app) : new double[] { Double.NaN, Double.NaN, Double.NaN };
		return new MemoryAfterRequests(app.stack(), workload, (int) load.requests(), threads, load.errors(),
				load.elapsedSeconds(), load.throughput(), value(after[0]), value(after[1]), value(after[2]),
				value(afterGc[0]), value(afterGc[2]));
	}

	/**
	 * Reads heap used (MB), live threads and RSS (MB).
	 */
	private static double[] read(AppProcess app) {
		ActuatorProbe actuator = new ActuatorProbe("app", app.actuatorUri(), "/profiles/{customerId}",
				Duration.ofSeconds(5));
		double heap = Double.NaN;
		double threads = Double.NaN;
		try {
			double[] meters = actuator.read();
			heap = meters[actuator.columns().indexOf("app_heap_used_mb")];
			threads = meters[actuator.columns().indexOf("app_threads_live")];
		}
		catch (IOException ex) {
			// reported as missing
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		double rss = new ProcessProbe("app", app.process().pid()).read()[0];
		return new double[] { heap, threads, rss };
	}

	private static Double value(double value) {
		return Double.isNaN(value) ? null : value;
	}

}
