package dev.twinstack.bench.results;

import java.util.List;
import java.util.Map;

import dev.twinstack.bench.analysis.Ceiling;
import dev.twinstack.bench.analysis.LittlesLaw;
import dev.twinstack.bench.load.EngineWindow;
import dev.twinstack.bench.load.ErrorKind;
import dev.twinstack.bench.load.ErrorsPerSecond;
import dev.twinstack.bench.load.LatencyStats;
import dev.twinstack.bench.load.LoadStats;
import dev.twinstack.bench.load.OpenModel;
import dev.twinstack.bench.load.ScheduledLatency;
import dev.twinstack.bench.load.ThroughputStats;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.measure.CpuShares;
import dev.twinstack.bench.measure.GcCost;
import dev.twinstack.bench.measure.jvm.JfrCheck;
import dev.twinstack.bench.measure.JitCompilation;
import dev.twinstack.bench.measure.PoolWaits;
import dev.twinstack.bench.measure.ServerStats;
import dev.twinstack.bench.measure.storage.Storage;
import dev.twinstack.bench.measure.threads.ThreadPlacement;

/**
 * Everything measured in one cell.
 *
 * @param cell stack, workload, load, heap
 * @param runId prefix of the cell's request ids ({@code X-Request-Id: <runId>-<n>})
 * @param startedAt when the load started (ISO-8601 UTC, ms)
 * @param finishedAt when the load ended (ISO-8601 UTC, ms)
 * @param durationSeconds configured hold time after the ramp-up (s), 0 for the count
 * model
 * @param load JMeter's own figures (its statistics over every sample, with remote engines
 * over the union of their windows; its percentiles are estimates, kept to cross-check
 * {@code latency})
 * @param latency response-time percentiles of every sample, from an HdrHistogram of the
 * JTL
 * @param throughput requests completed per second, second by second, and their
 * percentiles; with remote engines over the window every engine covered
 * ({@code engineWindow})
 * @param arrivalRate the open model's achieved arrival rate: requests started per second
 * over the hold (req/s, {@link OpenModel#arrivalRate}); {@code null} for the closed
 * models
 * @param server the app's JVM (Micrometer) and every process's RSS and CPU (OSHI),
 * sampled once a second
 * @param cpu CPU shares of the load generator, mocks, app and machine
 * @param gc the app's GC pauses and allocation over the steady window, as deltas;
 * {@code null} when its Prometheus page was not read
 * @param pools the app's pool waits over the steady window; {@code null} when none was
 * read
 * @param storage acknowledged versus stored; {@code null} for workloads that store
 * nothing
 * @param ceiling the Little's-law ceiling and efficiency
 * @param jfr the app's JFR recording over the cell's window, cross-checked against
 * Micrometer; {@code null} until the app has stopped
 * @param jtl the cell's JTL file, relative to the output folder
 * @param dashboard the cell's JMeter dashboard folder, relative to the output folder;
 * {@code null} for a trial other than its cell's median one (rendered on demand from its
 * JTL)
 * @param metricsCsv the cell's time series ({@code metrics.csv}), relative to the output
 * folder
 * @param appLog the app's log, relative to the output folder
 * @param flameGraph the CPU flame graph of the trial's steady window (HTML), relative to
 * the output folder; {@code null} for the trials that get none (one cell per stack)
 * @param engineSamples samples of each remote load engine ({@code host:port}, in the
 * order of {@code bench.engines}), counted in the JTL; {@code null} when JMeter ran in
 * the bench's JVM
 * @param engineWindow the window every remote engine covered, which {@code throughput}
 * (and so the steady throughput, the steady window of the readings and the ceiling's
 * efficiency) counts: its length and how far apart the engines started and ended;
 * {@code load} and {@code latency} take every sample; {@code null} when JMeter ran in the
 * bench's JVM
 * @param jit the app's JIT compilation over the whole trial (Micrometer's
 * {@code jvm.compilation.time}, read at its start and end); {@code null} when not read
 * @param threads which threads ran the handler, the outbound calls and the MongoDB driver
 * over the trial's steady window, from the app's JFR recording; {@code null} for the
 * trials that get none (those with a flame graph get it)
 * @param littlesLaw the app's requests in flight against the load generator's rate ×
 * latency over the counted window ({@link LittlesLaw}); {@code null} when the app's
 * in-flight gauge was not read
 * @param errorsByKind the failed samples of each kind ({@link ErrorKind}:
 * {@code refused}, {@code reset}, {@code timeout}, {@code http-503}, …), counted in the
 * JTL, the most frequent first; {@code null} in results written before kinds were counted
 * @param errorsPerSecond the failed samples of each kind per second, for the time charts;
 * {@code null} as {@code errorsByKind}
 * @param scheduled the open model's latency from the intended send time, beside
 * {@code latency} (the service time); {@code null} for the closed models
 */
public record CellResult(Cell cell, String runId, String startedAt, String finishedAt, long durationSeconds,
		LoadStats load, LatencyStats latency, ThroughputStats throughput, Double arrivalRate, ServerStats server,
		CpuShares cpu, GcCost gc, PoolWaits pools, Storage storage, Ceiling ceiling, JfrCheck jfr, String jtl,
		String dashboard, String metricsCsv, String appLog, String flameGraph, Map<String, Long> engineSamples,
		EngineWindow engineWindow, JitCompilation jit, ThreadPlacement threads, LittlesLaw littlesLaw,
		Map<String, Long> errorsByKind, ErrorsPerSecond errorsPerSecond, ScheduledLatency scheduled) {

	/**
	 * Creates a result without its Little's-law check, errors by kind and schedule.
	 * @param cell stack, workload, load, heap
	 * @param runId prefix of the cell's request ids
	 * @param startedAt when the load started
	 * @param finishedAt when the load ended
	 * @param durationSeconds configured hold time (s)
	 * @param load JMeter's own figures
	 * @param latency response-time percentiles
	 * @param throughput requests completed per second
	 * @param arrivalRate the open model's achieved arrival rate, or {@code null}
	 * @param server the app's JVM and every process's RSS and CPU
	 * @param cpu CPU shares
	 * @param gc GC pauses and allocation, or {@code null}
	 * @param pools pool waits, or {@code null}
	 * @param storage acknowledged versus stored, or {@code null}
	 * @param ceiling the Little's-law ceiling
	 * @param jfr the JFR cross-check, or {@code null}
	 * @param jtl the JTL file
	 * @param dashboard the dashboard folder, or {@code null}
	 * @param metricsCsv the time series
	 * @param appLog the app's log
	 * @param flameGraph the CPU flame graph, or {@code null}
	 * @param engineSamples samples of each remote engine, or {@code null}
	 * @param engineWindow the window every remote engine covered, or {@code null}
	 * @param jit the app's JIT compilation, or {@code null}
	 * @param threads which threads ran the work, or {@code null}
	 */
	public CellResult(Cell cell, String runId, String startedAt, String finishedAt, long durationSeconds,
			LoadStats load, LatencyStats latency, ThroughputStats throughput, Double arrivalRate, ServerStats server,
			CpuShares cpu, GcCost gc, PoolWaits pools, Storage storage, Ceiling ceiling, JfrCheck jfr, String jtl,
			String dashboard, String metricsCsv, String appLog, String flameGraph, Map<String, Long> engineSamples,
			EngineWindow engineWindow, JitCompilation jit, ThreadPlacement threads) {
		this(cell, runId, startedAt, finishedAt, durationSeconds, load, latency, throughput, arrivalRate, server, cpu,
				gc, pools, storage, ceiling, jfr, jtl, dashboard, metricsCsv, appLog, flameGraph, engineSamples,
				engineWindow, jit, threads, null, null, null, null);
	}

	/**
	 * Creates a result without its thread placement (read after the app has stopped).
	 * @param cell stack, workload, load, heap
	 * @param runId prefix of the cell's request ids
	 * @param startedAt when the load started
	 * @param finishedAt when the load ended
	 * @param durationSeconds configured hold time (s)
	 * @param load JMeter's own figures
	 * @param latency response-time percentiles
	 * @param throughput requests completed per second
	 * @param arrivalRate the open model's achieved arrival rate, or {@code null}
	 * @param server the app's JVM and every process's RSS and CPU
	 * @param cpu CPU shares
	 * @param gc GC pauses and allocation, or {@code null}
	 * @param pools pool waits, or {@code null}
	 * @param storage acknowledged versus stored, or {@code null}
	 * @param ceiling the Little's-law ceiling
	 * @param jfr the JFR cross-check, or {@code null}
	 * @param jtl the JTL file
	 * @param dashboard the dashboard folder, or {@code null}
	 * @param metricsCsv the time series
	 * @param appLog the app's log
	 * @param flameGraph the CPU flame graph, or {@code null}
	 * @param engineSamples samples of each remote engine, or {@code null}
	 * @param engineWindow the window every remote engine covered, or {@code null}
	 * @param jit the app's JIT compilation, or {@code null}
	 */
	public CellResult(Cell cell, String runId, String startedAt, String finishedAt, long durationSeconds,
			LoadStats load, LatencyStats latency, ThroughputStats throughput, Double arrivalRate, ServerStats server,
			CpuShares cpu, GcCost gc, PoolWaits pools, Storage storage, Ceiling ceiling, JfrCheck jfr, String jtl,
			String dashboard, String metricsCsv, String appLog, String flameGraph, Map<String, Long> engineSamples,
			EngineWindow engineWindow, JitCompilation jit) {
		this(cell, runId, startedAt, finishedAt, durationSeconds, load, latency, throughput, arrivalRate, server, cpu,
				gc, pools, storage, ceiling, jfr, jtl, dashboard, metricsCsv, appLog, flameGraph, engineSamples,
				engineWindow, jit, null);
	}

	/**
	 * Returns the steady throughput of the trial: the mean of its whole seconds after the
	 * first one (which holds the ramp-up); JMeter's overall figure when the trial is too
	 * short for that. Unlike requests / elapsed time, it is not lowered by the ramp-up
	 * nor by the last requests' latency after the hold.
	 * @return req/s
	 */
	public double steadyThroughput() {
		List<Integer> perSecond = this.throughput.perSecond();
		if (perSecond.size() < 3) {
			return this.load.throughput();
		}
		return perSecond.subList(1, perSecond.size()).stream().mapToInt(Integer::intValue).average().orElse(0);
	}

	/**
	 * Returns a copy with another ceiling.
	 * @param ceiling the ceiling
	 * @return the new result
	 */
	public CellResult withCeiling(Ceiling ceiling) {
		return new CellResult(this.cell, this.runId, this.startedAt, this.finishedAt, this.durationSeconds, this.load,
				this.latency, this.throughput, this.arrivalRate, this.server, this.cpu, this.gc, this.pools,
				this.storage, ceiling, this.jfr, this.jtl, this.dashboard, this.metricsCsv, this.appLog,
				this.flameGraph, this.engineSamples, this.engineWindow, this.jit, this.threads, this.littlesLaw,
				this.errorsByKind, this.errorsPerSecond, this.scheduled);
	}

	/**
	 * Returns a copy with the JFR cross-check.
	 * @param check the cross-check
	 * @return the new result
	 */
	public CellResult withJfr(JfrCheck check) {
		return new CellResult(this.cell, this.runId, this.startedAt, this.finishedAt, this.durationSeconds, this.load,
				this.latency, this.throughput, this.arrivalRate, this.server, this.cpu, this.gc, this.pools,
				this.storage, this.ceiling, check, this.jtl, this.dashboard, this.metricsCsv, this.appLog,
				this.flameGraph, this.engineSamples, this.engineWindow, this.jit, this.threads, this.littlesLaw,
				this.errorsByKind, this.errorsPerSecond, this.scheduled);
	}

	/**
	 * Returns a copy with other files: the compressed JTL, the dashboard rendered or not.
	 * @param jtl the JTL, relative to the output folder
	 * @param dashboard the dashboard's folder, relative to the output folder, or
	 * {@code null} when none was rendered
	 * @return the new result
	 */
	public CellResult withFiles(String jtl, String dashboard) {
		return new CellResult(this.cell, this.runId, this.startedAt, this.finishedAt, this.durationSeconds, this.load,
				this.latency, this.throughput, this.arrivalRate, this.server, this.cpu, this.gc, this.pools,
				this.storage, this.ceiling, this.jfr, jtl, dashboard, this.metricsCsv, this.appLog, this.flameGraph,
				this.engineSamples, this.engineWindow, this.jit, this.threads, this.littlesLaw, this.errorsByKind,
				this.errorsPerSecond, this.scheduled);
	}

	/**
	 * Returns a copy with its CPU flame graph.
	 * @param file the flame graph, relative to the output folder
	 * @return the new result
	 */
	public CellResult withFlameGraph(String file) {
		return new CellResult(this.cell, this.runId, this.startedAt, this.finishedAt, this.durationSeconds, this.load,
				this.latency, this.throughput, this.arrivalRate, this.server, this.cpu, this.gc, this.pools,
				this.storage, this.ceiling, this.jfr, this.jtl, this.dashboard, this.metricsCsv, this.appLog, file,
				this.engineSamples, this.engineWindow, this.jit, this.threads, this.littlesLaw, this.errorsByKind,
				this.errorsPerSecond, this.scheduled);
	}

	/**
	 * Returns a copy with its Little's-law check.
	 * @param check the check, {@code null} when not made
	 * @return the new result
	 */
	public CellResult withLittlesLaw(LittlesLaw check) {
		return new CellResult(this.cell, this.runId, this.startedAt, this.finishedAt, this.durationSeconds, this.load,
				this.latency, this.throughput, this.arrivalRate, this.server, this.cpu, this.gc, this.pools,
				this.storage, this.ceiling, this.jfr, this.jtl, this.dashboard, this.metricsCsv, this.appLog,
				this.flameGraph, this.engineSamples, this.engineWindow, this.jit, this.threads, check,
				this.errorsByKind, this.errorsPerSecond, this.scheduled);
	}

	/**
	 * Returns a copy with the failed samples of each kind.
	 * @param byKind samples per kind, the most frequent first
	 * @param perSecond the failed samples of each kind per second
	 * @return the new result
	 */
	public CellResult withErrors(Map<String, Long> byKind, ErrorsPerSecond perSecond) {
		return new CellResult(this.cell, this.runId, this.startedAt, this.finishedAt, this.durationSeconds, this.load,
				this.latency, this.throughput, this.arrivalRate, this.server, this.cpu, this.gc, this.pools,
				this.storage, this.ceiling, this.jfr, this.jtl, this.dashboard, this.metricsCsv, this.appLog,
				this.flameGraph, this.engineSamples, this.engineWindow, this.jit, this.threads, this.littlesLaw, byKind,
				perSecond, this.scheduled);
	}

	/**
	 * Returns a copy with its thread placement.
	 * @param placement which threads ran the work
	 * @return the new result
	 */
	public CellResult withThreads(ThreadPlacement placement) {
		return new CellResult(this.cell, this.runId, this.startedAt, this.finishedAt, this.durationSeconds, this.load,
				this.latency, this.throughput, this.arrivalRate, this.server, this.cpu, this.gc, this.pools,
				this.storage, this.ceiling, this.jfr, this.jtl, this.dashboard, this.metricsCsv, this.appLog,
				this.flameGraph, this.engineSamples, this.engineWindow, this.jit, placement, this.littlesLaw,
				this.errorsByKind, this.errorsPerSecond, this.scheduled);
	}

	/**
	 * Returns a copy with the latency from the intended send time.
	 * @param latency the figures, {@code null} for none
	 * @return the new result
	 */
	public CellResult withScheduled(ScheduledLatency latency) {
		return new CellResult(this.cell, this.runId, this.startedAt, this.finishedAt, this.durationSeconds, this.load,
				this.latency, this.throughput, this.arrivalRate, this.server, this.cpu, this.gc, this.pools,
				this.storage, this.ceiling, this.jfr, this.jtl, this.dashboard, this.metricsCsv, this.appLog,
				this.flameGraph, this.engineSamples, this.engineWindow, this.jit, this.threads, this.littlesLaw,
				this.errorsByKind, this.errorsPerSecond, latency);
	}

}
