package dev.twinstack.bench.measure.jvm;

import static us.abstracta.jmeter.javadsl.JmeterDsl.forLoopController;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import java.io.IOException;
import java.time.Duration;

import dev.twinstack.bench.load.CompositePlan;
import dev.twinstack.bench.load.engine.LoadGenerator;
import dev.twinstack.bench.load.LoadStats;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.process.AppProcess;
import dev.twinstack.bench.settings.MemoryRequests;
import dev.twinstack.monitoring.ActuatorProbe;
import dev.twinstack.monitoring.ProcessProbe;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;

/**
 * Measures {@link MemoryAfterRequests}: a full GC ({@code jcmd <pid> GC.run}) and the
 * app's heap, so that every reading starts from the same clean heap (the reason is in
 * {@link MemoryAfterRequests}); N requests from 10 JMeter threads (N / 10 each, back to
 * back, all started at once); the app's heap, threads and RSS; then a full GC and the
 * heap and RSS again.
 */
public final class MemoryMeasurement {

	/** How long a GC's notification may take to reach Micrometer. */
	private static final Duration NOTIFICATION_WAIT = Duration.ofMillis(250);

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
		Reading before = cleanHeap(app) ? read(app) : Reading.MISSING;
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
		Reading after = read(app);
		Reading afterGc = Jcmd.gc(app.process().launcher(), app.process().pid()) ? read(app) : Reading.MISSING;
		return figures(app.stack(), workload, threads, load, before, after, afterGc);
	}

	/**
	 * Runs a full GC and lets Micrometer count it: its GC listener hears of a collection
	 * from a JMX notification after the collection, which a reading taken at once could
	 * miss (it would then count the GC among those during the requests).
	 * @return {@code true} when the GC ran
	 */
	private static boolean cleanHeap(AppProcess app) {
		boolean collected = Jcmd.gc(app.process().launcher(), app.process().pid());
		if (collected) {
			try {
				Thread.sleep(NOTIFICATION_WAIT.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		return collected;
	}

	/**
	 * Puts the figures together from the load and the three readings.
	 * @param stack the stack
	 * @param workload what the requests did
	 * @param concurrency concurrent clients
	 * @param load JMeter's figures of the requests
	 * @param before after the full GC before the requests ({@link Reading#MISSING}
	 * without {@code jcmd})
	 * @param after right after the requests
	 * @param afterGc after the full GC after them ({@link Reading#MISSING} without
	 * {@code jcmd})
	 * @return the figures; each figure whose reading failed is {@code null}
	 */
	static MemoryAfterRequests figures(Stack stack, Workload workload, int concurrency, LoadStats load, Reading before,
			Reading after, Reading afterGc) {
		Long collections = (Double.isNaN(before.gcPauses()) || Double.isNaN(after.gcPauses())) ? null
				: Math.round(after.gcPauses() - before.gcPauses());
		return new MemoryAfterRequests(stack, workload, (int) load.requests(), concurrency, load.errors(),
				load.elapsedSeconds(), load.throughput(), value(after.heapMb()), value(after.threads()),
				value(after.rssMb()), value(afterGc.heapMb()), value(afterGc.rssMb()), value(before.heapMb()),
				collections);
	}

	/**
	 * One reading of the app; {@code NaN} where a figure could not be read.
	 *
	 * @param heapMb heap in use (Micrometer {@code jvm.memory.used{area=heap}}, MB)
	 * @param threads live threads
	 * @param rssMb resident set size (OSHI, MB)
	 * @param gcPauses garbage collections since the start (Micrometer
	 * {@code jvm.gc.pause} count)
	 */
	record Reading(double heapMb, double threads, double rssMb, double gcPauses) {

		/** No reading (no {@code jcmd}, so no clean heap to read). */
		static final Reading MISSING = new Reading(Double.NaN, Double.NaN, Double.NaN, Double.NaN);

	}

	private static Reading read(AppProcess app) {
		ActuatorProbe actuator = new ActuatorProbe("app", app.actuatorUri(), "/profiles/{customerId}",
				Duration.ofSeconds(5));
		double heap = Double.NaN;
		double threads = Double.NaN;
		double pauses = Double.NaN;
		try {
			double[] meters = actuator.read();
			heap = meters[actuator.columns().indexOf("app_heap_used_mb")];
			threads = meters[actuator.columns().indexOf("app_threads_live")];
			pauses = meters[actuator.columns().indexOf("app_gc_pauses")];
		}
		catch (IOException ex) {
			// reported as missing
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		double rss = new ProcessProbe("app", app.process().pid()).read()[0];
		return new Reading(heap, threads, rss, pauses);
	}

	private static Double value(double value) {
		return Double.isNaN(value) ? null : value;
	}

}
