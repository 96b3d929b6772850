package dev.twinstack.bench.results;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.twinstack.bench.analysis.CpuCost;
import dev.twinstack.bench.analysis.LittlesLaw;
import dev.twinstack.bench.analysis.SecondsNoise;
import dev.twinstack.bench.load.LoadStats;
import dev.twinstack.bench.load.ScheduledLatency;
import dev.twinstack.bench.measure.jvm.AppHealth;
import dev.twinstack.bench.measure.GcCost;
import dev.twinstack.bench.measure.JitCompilation;
import dev.twinstack.bench.measure.PoolWaits;
import dev.twinstack.bench.measure.StubLatencyProbe;

/**
 * What one trial of a cell measured, as the scenario matrix needs it: JMeter's figures,
 * the app's peaks, CPU shares, the stubs' latency and the app's health.
 *
 * @param requests samples taken
 * @param errors failed samples
 * @param throughput requests per second over the trial (req/s)
 * @param arrivalRate the open model's achieved arrival rate (req/s), {@code null} for the
 * closed models
 * @param p50Ms median latency (ms)
 * @param p99Ms 99th percentile (ms)
 * @param p999Ms 99.9th percentile (ms)
 * @param maxMs slowest request (ms)
 * @param receivedKBps bytes received by JMeter per second, in KB (1024 bytes) per second
 * @param peakHeapMb the app's peak heap used (MB), {@code null} when not sampled
 * @param peakThreads the app's peak live platform threads, {@code null} when not sampled
 * @param machineCpu the machine's CPU use, 0–1 of all cores, {@code null} when not
 * measured
 * @param loadGeneratorShare CPU used by the load generator, 0–1 of the machine, or
 * {@code null}
 * @param mocksShare CPU used by mock-services, 0–1 of the machine, or {@code null}
 * @param cpuCost CPU per request of the app, the load generator, the mocks and the whole
 * machine (ms of one core) over the steady load
 * @param stubs the stubs' latency during the trial, {@code null} when not probed
 * @param health what became of the app
 * @param gc the app's GC pauses and allocation over the steady window, as deltas,
 * {@code null} when not read
 * @param pools the app's pool waits over the steady window, {@code null} when not read
 * @param jit the app's JIT compilation over the whole trial, {@code null} when not read
 * @param seconds the trial's steady seconds (their count, mean and sd), {@code null} when
 * too short or not counted
 * @param littlesLaw the app's requests in flight against the load generator's rate ×
 * latency over the counted window, {@code null} when not read
 * @param errorsByKind the failed samples of each kind ({@link CellResult#errorsByKind}),
 * {@code null} when not counted
 * @param scheduled the open model's latency from the intended send time (p50Ms and p99Ms
 * are the service time's), {@code null} for the closed models
 */
public record TrialFigures(long requests, long errors, double throughput, Double arrivalRate, double p50Ms,
		double p99Ms, double p999Ms, double maxMs, double receivedKBps, Double peakHeapMb, Double peakThreads,
		Double machineCpu, Double loadGeneratorShare, Double mocksShare, CpuCost cpuCost,
		StubLatencyProbe.Summary stubs, AppHealth health, GcCost gc, PoolWaits pools, JitCompilation jit,
		SecondsNoise seconds, LittlesLaw littlesLaw, Map<String, Long> errorsByKind, ScheduledLatency scheduled) {

	/**
	 * Creates a trial's figures without a Little's-law check, errors by kind and
	 * schedule.
	 * @param requests samples taken
	 * @param errors failed samples
	 * @param throughput requests per second (req/s)
	 * @param arrivalRate the open model's achieved arrival rate (req/s), or {@code null}
	 * @param p50Ms median latency (ms)
	 * @param p99Ms 99th percentile (ms)
	 * @param p999Ms 99.9th percentile (ms)
	 * @param maxMs slowest request (ms)
	 * @param receivedKBps KB received per second
	 * @param peakHeapMb the app's peak heap used (MB), or {@code null}
	 * @param peakThreads the app's peak live platform threads, or {@code null}
	 * @param machineCpu the machine's CPU use, or {@code null}
	 * @param loadGeneratorShare CPU used by the load generator, or {@code null}
	 * @param mocksShare CPU used by mock-services, or {@code null}
	 * @param cpuCost CPU per request of each process
	 * @param stubs the stubs' latency, or {@code null}
	 * @param health what became of the app
	 * @param gc GC pauses and allocation, or {@code null}
	 * @param pools pool waits, or {@code null}
	 * @param jit the app's JIT compilation, or {@code null}
	 * @param seconds the trial's steady seconds, or {@code null}
	 */
	public TrialFigures(long requests, long errors, double throughput, Double arrivalRate, double p50Ms, double p99Ms,
			double p999Ms, double maxMs, double receivedKBps, Double peakHeapMb, Double peakThreads, Double machineCpu,
			Double loadGeneratorShare, Double mocksShare, CpuCost cpuCost, StubLatencyProbe.Summary stubs,
			AppHealth health, GcCost gc, PoolWaits pools, JitCompilation jit, SecondsNoise seconds) {
		this(requests, errors, throughput, arrivalRate, p50Ms, p99Ms, p999Ms, maxMs, receivedKBps, peakHeapMb,
				peakThreads, machineCpu, loadGeneratorShare, mocksShare, cpuCost, stubs, health, gc, pools, jit,
				seconds, null, null, null);
	}

	/**
	 * Takes a trial's figures from its full results.
	 * @param result the trial's results
	 * @param throughput the trial's steady throughput (req/s)
	 * @param stubs the stub latency probe's summary, or {@code null}
	 * @param health what became of the app
	 * @return the figures
	 */
	public static TrialFigures of(CellResult result, double throughput, StubLatencyProbe.Summary stubs,
			AppHealth health) {
		LoadStats load = result.load();
		double bytesPerRequest = (load.requests() > 0) ? (double) load.receivedBytes() / load.requests() : 0;
		return new TrialFigures(load.requests(), load.errors(), throughput, result.arrivalRate(),
				result.latency().p50Ms(), result.latency().p99Ms(), result.latency().p999Ms(), result.latency().maxMs(),
				bytesPerRequest * throughput / 1024, result.server().summary("app_heap_used_mb").peak(),
				result.server().summary("app_threads_live").peak(), result.cpu().machineMean(),
				result.cpu().loadGeneratorMean(), result.cpu().mocksMean(), CpuCost.of(result.cpu(), throughput), stubs,
				health, result.gc(), result.pools(), result.jit(), SecondsNoise.of(result.throughput().perSecond()),
				result.littlesLaw(), result.errorsByKind(), result.scheduled());
	}

	/**
	 * Returns the app's CPU time per request over the steady load: its mean CPU share of
	 * the machine × cores × 1000 / the steady throughput, both over the hold after the
	 * ramp-up.
	 * @return ms of one core per request, {@code null} without a CPU reading or requests
	 */
	@JsonProperty
	public Double appCpuMsPerRequest() {
		return (this.cpuCost != null) ? this.cpuCost.appMs() : null;
	}

}
