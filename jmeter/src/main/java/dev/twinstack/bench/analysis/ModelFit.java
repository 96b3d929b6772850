package dev.twinstack.bench.analysis;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.ArrayList;
import java.util.List;

import dev.twinstack.bench.queueing.Bursts;
import dev.twinstack.bench.queueing.Prediction;
import dev.twinstack.bench.queueing.StackDemands;

/**
 * The queueing model ({@link dev.twinstack.bench.queueing}) fed with what the bench
 * measured, and its prediction checked against the measurement. Which measured figure
 * feeds which model input, and why:
 * <ul>
 * <li><b>app CPU</b> (a queueing centre of the app's cores): the app's CPU ms per request
 * ({@link CpuCost#appMs()}, CPU time over completed requests) at the <i>calibration</i>,
 * the lowest load of the same stack, workload, heap and placement with a CPU reading: the
 * warm-up's JIT run below the cells' concurrency (its last rounds, e.g. at c = 50 before
 * cells at c = 400) or else the lowest concurrency cell. Demands are measured at low
 * load, as operational analysis prescribes (Menascé et al., <i>Performance by Design</i>,
 * ch. 3); the base-latency load at concurrency 1 is too short and too light for a CPU
 * figure above the idle processes' own. Every higher concurrency is then predicted, not
 * fitted; a cell calibrated by its own readings is a check of the model's shape
 * only.</li>
 * <li><b>harness CPU</b> (JMeter and mock-services, a queueing centre of the cores left
 * to them when the app is pinned; one shared centre with the app's otherwise):
 * {@link CpuCost#harnessMs()} of the same cell: the harness shares the machine, so its
 * CPU limits the throughput as much as the app's. The CPU no bench process used
 * ({@link CpuCost#otherMs()}) is left out.</li>
 * <li><b>downstream</b> (a delay centre): the configured latency × the calls made one
 * after another (3 sequential, 1 parallel or slow-io), as the Little's-law ceiling takes
 * it; the stubs answer asynchronously, so they queue nothing.</li>
 * <li><b>other delay</b> (a delay centre): the base latency (median at concurrency 1
 * minus the downstream wait, measured after the warm-up) minus the CPU above: loopback
 * hops, wake-ups, the stubs' own lateness. A median, not a mean, at 1 ms resolution: at
 * concurrency 1 the two differ little. 0 where no base latency was measured (workloads
 * without a downstream wait).</li>
 * <li><b>worker threads</b>: Tomcat's {@code server.tomcat.threads.max} for the stacks
 * that hold a thread per request ({@code mvc}), none otherwise.</li>
 * </ul>
 * Measured ÷ predicted compares the cell's median steady throughput of successful
 * requests with the model's X(N), and the median trial's mean latency with the model's
 * R(N): the mean, because mean value analysis predicts means. With no think time both
 * sides obey R = N / X, so the latency ratio mirrors the throughput ratio; both are
 * shown.
 */
public final class ModelFit {

	/** Measured ÷ predicted beyond 1 ± this share is called off (10 %). */
	public static final double TOLERANCE = 0.10;

	private ModelFit() {
	}

	/**
	 * The model's inputs for one stack and workload, from the calibration cell.
	 * @param stack the stack's id
	 * @param cost the calibration cell's CPU per request (median over its trials)
	 * @param baseLatencyMs the base latency at concurrency 1 (ms), {@code null} when not
	 * measured
	 * @param calls downstream calls made one after another per request (0 without any)
	 * @param callLatencyMs the configured latency of one such call (ms)
	 * @param cores the machine's cores
	 * @param appCores the cores the app was pinned to, 0 or {@code cores} when not pinned
	 * @param threads the app's worker-thread cap, 0 for none
	 * @return the demands, {@code null} without the app's or the harness's CPU figure
	 */
	public static StackDemands demands(String stack, CpuCost cost, Double baseLatencyMs, int calls,
			double callLatencyMs, int cores, int appCores, int threads) {
		if (cost == null || cost.appMs() == null || cost.harnessMs() == null || cores < 1) {
			return null;
		}
		boolean pinned = appCores > 0 && appCores < cores;
		double other = (baseLatencyMs != null)
				? StackDemands.otherDelayMs(baseLatencyMs, cost.appMs(), cost.harnessMs()) : 0;
		return new StackDemands(stack, cost.appMs(), cost.harnessMs(), calls, callLatencyMs, other,
				pinned ? appCores : cores, pinned ? cores - appCores : StackDemands.SHARED, threads);
	}

	/**
	 * What the cell measured, as the check needs it.
	 *
	 * @param concurrency the clients
	 * @param throughput median steady throughput of successful requests (req/s)
	 * @param meanLatencyMs mean latency of the median trial (ms), {@code null} when not
	 * known
	 * @param cost the cell's own CPU per request, {@code null} when not measured
	 * @param stubDrift the stubs' median latency over the configured one, minus 1,
	 * {@code null} when not probed
	 * @param errorRate failed / all requests
	 * @param inAppShare the share of the requests in flight that were inside the app (its
	 * in-flight gauge over the load generator's rate × mean latency, Little's law), 0–1;
	 * {@code null} when not read
	 * @param stages where the app's time per request went, by its own timers
	 * ({@link AppStages}); {@code null} when not read
	 * @param sendDispersion the index of dispersion of JMeter's sends per
	 * {@value LittlesLaw#BURST_WINDOW_MS} ms ({@link LittlesLaw#sendDispersion()}), 1 for
	 * random arrivals; {@code null} when not read
	 */
	public record Measured(int concurrency, double throughput, Double meanLatencyMs, CpuCost cost, Double stubDrift,
			double errorRate, Double inAppShare, AppStages stages, Double sendDispersion) {

		/**
		 * What the cell measured, without the in-flight reading.
		 * @param concurrency the clients
		 * @param throughput median steady throughput of successful requests (req/s)
		 * @param meanLatencyMs mean latency of the median trial (ms), {@code null} when
		 * not known
		 * @param cost the cell's own CPU per request, {@code null} when not measured
		 * @param stubDrift the stubs' median latency over the configured one, minus 1
		 * @param errorRate failed / all requests
		 */
		public Measured(int concurrency, double throughput, Double meanLatencyMs, CpuCost cost, Double stubDrift,
				double errorRate) {
			this(concurrency, throughput, meanLatencyMs, cost, stubDrift, errorRate, null, null, null);
		}

	}

	/**
	 * One cell measured against the model.
	 *
	 * @param calibratedAt the concurrency whose CPU figures fed the model
	 * @param predictedThroughput X(N) (req/s)
	 * @param predictedLatencyMs R(N), the mean (ms)
	 * @param binding the bound that limits X(N): {@code concurrency}, {@code threads} or
	 * a CPU centre
	 * @param throughputRatio measured ÷ predicted throughput
	 * @param latencyRatio measured ÷ predicted mean latency, {@code null} when not known
	 * @param off whether the throughput ratio is beyond 1 ± {@value #TOLERANCE}
	 * @param ownCpuThroughput X(N) of the model fed with the cell's own CPU per request
	 * (req/s), {@code null} without it
	 * @param burstyThroughput X(N) of the model fed with the cell's own CPU per request
	 * and its sends' bursts ({@link Bursts}), req/s; {@code null} without either
	 * @param leftOut what the model leaves out that explains the miss, {@code null} when
	 * not off
	 */
	public record Check(int calibratedAt, double predictedThroughput, double predictedLatencyMs, String binding,
			double throughputRatio, Double latencyRatio, boolean off, Double ownCpuThroughput, Double burstyThroughput,
			String leftOut) {
	}

	/**
	 * Predicts a cell and compares.
	 * @param demands the stack's demands from the calibration cell
	 * @param calibratedAt the calibration cell's concurrency
	 * @param measured the cell's figures
	 * @return the check
	 */
	public static Check check(StackDemands demands, int calibratedAt, Measured measured) {
		Prediction prediction = demands.predict(measured.concurrency()).get(0);
		double ratio = measured.throughput() / prediction.throughput();
		Double latencyRatio = (measured.meanLatencyMs() != null) ? measured.meanLatencyMs() / prediction.latencyMs()
				: null;
		boolean off = Math.abs(ratio - 1) > TOLERANCE;
		StackDemands ownDemands = withCpu(demands, measured.cost());
		Prediction own = (ownDemands != null) ? ownDemands.predict(measured.concurrency()).get(0) : null;
		Double index = dispersion(measured);
		Double bursty = (ownDemands != null && index != null)
				? Bursts.throughput(ownDemands.model(), measured.concurrency(), index) : null;
		return new Check(calibratedAt, prediction.throughput(), prediction.latencyMs(), prediction.binding().name(),
				ratio, latencyRatio, off, (own != null) ? own.throughput() : null, bursty,
				off ? leftOut(demands, calibratedAt, measured, prediction, ownDemands, own) : null);
	}

	/**
	 * Where the app's own timers put the wait, against the model's queueing at the CPUs;
	 * without the timers, the candidates.
	 * @param demands the demands as configured: the downstream latency the stages are
	 * measured against
	 * @param fed the demands of the last prediction: the model's time beyond its
	 * downstream delay is its CPU and queueing
	 */
	private static String stagesAgainstModel(StackDemands demands, StackDemands fed, Measured measured,
			double predictedLatencyMs) {
		AppStages stages = measured.stages();
		if (stages == null) {
			return "; the app's waits beyond its CPU (downstream calls queued on the shared harness core, the MongoDB "
					+ "pool, carrier or event-loop threads, GC pauses) were not timed";
		}
		double modelled = predictedLatencyMs - fed.downstreamMs();
		double late = stages.downstreamMs() - demands.downstreamMs();
		String stubs = (measured.stubDrift() != null)
				? fmt("; a probe of the stubs saw them %+.0f %%", measured.stubDrift() * 100) : "";
		return fmt(". The app's own timers: %s%s. Beyond the configured latency that is %.0f ms in the calls, %.0f "
				+ "in the insert and %.0f elsewhere in the app, where the model puts %.0f ms of CPU and queueing in "
				+ "all, app and harness: the I/O steps' own response time grew with the load beyond what the model's "
				+ "CPU centres queue", stages.describe(demands.callLatencyMs()), stubs, late, stages.databaseMs(),
				stages.otherMs(), modelled);
	}

	/** The sends' index of dispersion when it was read as a number Kingman can take. */
	private static Double dispersion(Measured measured) {
		Double index = measured.sendDispersion();
		return (index != null && index >= 0 && !index.isInfinite()) ? index : null;
	}

	private static StackDemands withCpu(StackDemands demands, CpuCost cost) {
		if (cost == null || cost.appMs() == null || cost.harnessMs() == null) {
			return null;
		}
		return demands.withCpu(cost.appMs(), cost.harnessMs());
	}

	/**
	 * Names what the model leaves out, one measured input at a time: each step feeds the
	 * model one more figure the cell measured and says how far the cell then lies from
	 * it. First the cell's own CPU per request, when it differs from the demands' (they
	 * came from another load, the model holding them, or from the same load at another
	 * placement); then, past half the tolerance, the stubs' latency as the probe measured
	 * it under load (part of the probe's wait is the harness core's queue, which the
	 * model holds too: the step is an upper bound); then, while the cell is still slower
	 * than the tolerance, the sends' bursts when more dispersed than random arrivals
	 * ({@link Bursts}: every CPU queue's wait lengthened by Kingman's factor). Failures
	 * end the chain (the model knows none). Whatever the fed model still misses by more
	 * than the tolerance is named last: the requests' wait inside the app by its own
	 * timers, or the queues the model has no centre for; a cell faster than the fed model
	 * says so.
	 */
	private static String leftOut(StackDemands demands, int calibratedAt, Measured measured, Prediction prediction,
			StackDemands ownDemands, Prediction own) {
		List<String> steps = new ArrayList<>();
		StackDemands fed = demands;
		Prediction last = prediction;
		if (ownDemands != null && (Math.abs(ownDemands.appCpuMs() - demands.appCpuMs()) > 0.005
				|| Math.abs(ownDemands.harnessCpuMs() - demands.harnessCpuMs()) > 0.005)) {
			String where = (measured.concurrency() != calibratedAt)
					? fmt("changed with load (app %.2f ms, harness %.2f ms here against %.2f and %.2f at c = %d; the "
							+ "model holds the calibration's)", measured.cost().appMs(), measured.cost().harnessMs(),
							demands.appCpuMs(), demands.harnessCpuMs(), calibratedAt)
					: fmt("differs from the run the demands came from at the same load (app %.2f ms, harness %.2f ms "
							+ "here against %.2f and %.2f there, e.g. at another placement)", measured.cost().appMs(),
							measured.cost().harnessMs(), demands.appCpuMs(), demands.harnessCpuMs());
			steps.add(fmt("CPU per request %s: with this cell's own CPU it predicts %.0f req/s (%.2f×)", where,
					own.throughput(), measured.throughput() / own.throughput()));
			fed = ownDemands;
			last = own;
		}
		if (measured.errorRate() > 0.01) {
			steps.add(fmt("%.1f %% of requests failed; the model knows no failures", measured.errorRate() * 100));
			return String.join("; ", steps);
		}
		if (measured.stubDrift() != null && measured.stubDrift() > TOLERANCE / 2) {
			StackDemands probed = fed.withCallLatency(fed.callLatencyMs() * (1 + measured.stubDrift()));
			Prediction slower = probed.predict(measured.concurrency()).get(0);
			steps.add(fmt(
					"the stubs answered %.0f %% slower than configured under load; the model waits the "
							+ "configured latency: with the probed one it predicts %.0f req/s (%.2f×; an upper "
							+ "bound of the stubs' share: the probe's wait holds the harness core's queue, which the "
							+ "model has too)",
					measured.stubDrift() * 100, slower.throughput(), measured.throughput() / slower.throughput()));
			fed = probed;
			last = slower;
		}
		double lastThroughput = last.throughput();
		double lastLatencyMs = last.latencyMs();
		Double index = dispersion(measured);
		if (measured.throughput() / lastThroughput < 1 - TOLERANCE && index != null && index > 1) {
			double bursty = Bursts.throughput(fed.model(), measured.concurrency(), index);
			steps.add(fmt(
					"the load came in bursts: JMeter's sends per %d ms varied %.0f× as much as random (Poisson) "
							+ "arrivals' at the same rate (index of dispersion), and mean value analysis queues random "
							+ "arrivals; with every CPU queue's wait lengthened by (1 + that index) / 2 (Kingman's "
							+ "approximation) it predicts %.0f req/s (%.2f×)",
					LittlesLaw.BURST_WINDOW_MS, index, bursty, measured.throughput() / bursty));
			lastThroughput = bursty;
			lastLatencyMs = measured.concurrency() * 1000 / bursty;
		}
		double remaining = measured.throughput() / lastThroughput;
		if (Math.abs(remaining - 1) <= TOLERANCE && !steps.isEmpty()) {
			return String.join("; ", steps);
		}
		String rest;
		if (remaining < 1 && measured.inAppShare() != null && measured.inAppShare() >= 0.9) {
			rest = fmt("requests waited inside the app where the model has no centre: %.0f %% of those in flight "
					+ "were in the app (its gauge against rate × latency, Little's law), %.0f ms of mean latency "
					+ "against the model's %.0f, with the inputs it was given", measured.inAppShare() * 100,
					(measured.meanLatencyMs() != null) ? measured.meanLatencyMs() : Double.NaN, lastLatencyMs)
					+ stagesAgainstModel(demands, fed, measured, lastLatencyMs);
		}
		else if (remaining < 1) {
			rest = "requests waited where the model has no centre: connection pools, the accept queue, GC pauses, "
					+ "lock contention, or CPU scheduling delays beyond the mean";
		}
		else {
			rest = "the cell beat the model: its CPU figures are means over the trial, the model's CPU centre is "
					+ last.binding().name() + " and Seidmann's approximation understates throughput near saturation";
		}
		if (steps.isEmpty()) {
			String withOwn = (remaining < 1) ? "; even with this cell's own CPU it predicts %.0f req/s"
					: "; with this cell's own CPU it predicts %.0f req/s";
			return rest + ((own != null) ? fmt(withOwn, own.throughput()) : "");
		}
		return String.join("; ", steps) + fmt("; still %.2f× after that: ", remaining) + rest;
	}

}
