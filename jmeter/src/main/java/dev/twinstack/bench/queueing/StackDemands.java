package dev.twinstack.bench.queueing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The measured per-request demands of one stack in one workload, and the closed model
 * they make. The centres:
 * <ul>
 * <li>{@value #APP_CPU}: the app's CPU, a queueing centre of {@code appCores}
 * servers;</li>
 * <li>{@value #HARNESS_CPU}: the CPU of JMeter (the load generator) and mock-services
 * (the stubs and MongoDB), a queueing centre of {@code harnessCores} servers; with shared
 * cores both become one centre {@value #CPU} of {@code appCores} servers
 * ({@value #APP_CPU} when the harness costs nothing, e.g. runs elsewhere);</li>
 * <li>{@value #DOWNSTREAM}: the downstream latency, a delay centre of
 * {@code sequentialCalls × callLatencyMs} (the stubs answer asynchronously, so they hold
 * no thread while they wait);</li>
 * <li>{@value #OTHER}: what else one request waits when alone (loopback round trips,
 * scheduling), a delay centre.</li>
 * </ul>
 * The CPU centres are made of the processes a request crosses, each with its visits
 * ({@link #stations}). The worker threads, when limited, hold a request for its whole
 * stay at every centre. The CPU of one request is spread over several bursts; mean value
 * analysis needs only its total per request.
 *
 * @param stack the stack, e.g. {@code mvc}
 * @param appCpuMs the app's CPU per request (ms of one core)
 * @param harnessCpuMs JMeter's and mock-services' CPU per request (ms of one core)
 * @param sequentialCalls downstream calls made one after another per request: 3 for
 * composite sequential, 1 for parallel (parallel calls wait as long as the slowest)
 * @param callLatencyMs the configured latency of one downstream call (ms)
 * @param otherDelayMs the rest of what one request takes alone, neither CPU nor
 * downstream latency (ms), see {@link #otherDelayMs(double, double, double)}
 * @param appCores the cores the app may use, at least 1
 * @param harnessCores the cores JMeter and mock-services have to themselves,
 * {@value #SHARED} when they share the app's cores
 * @param threads the app's worker threads ({@code mvc}: 200),
 * {@value ClosedModel#NO_LIMIT} for none ({@code mvc-vt}, {@code webflux})
 */
public record StackDemands(String stack, double appCpuMs, double harnessCpuMs, int sequentialCalls,
		double callLatencyMs, double otherDelayMs, int appCores, int harnessCores, int threads) {

	/** {@code harnessCores} when the harness shares the app's cores. */
	public static final int SHARED = 0;

	/** The app's CPU centre. */
	public static final String APP_CPU = "app cpu";

	/** The harness's CPU centre: JMeter and mock-services. */
	public static final String HARNESS_CPU = "harness cpu";

	/** The CPU centre of app and harness together, when they share the cores. */
	public static final String CPU = "cpu";

	/** The delay centre of the downstream latency. */
	public static final String DOWNSTREAM = "downstream";

	/** The delay centre of the rest of the base latency. */
	public static final String OTHER = "other delay";

	public StackDemands {
		requireMs(stack, "app CPU", appCpuMs);
		requireMs(stack, "harness CPU", harnessCpuMs);
		requireMs(stack, "downstream call latency", callLatencyMs);
		requireMs(stack, "other delay", otherDelayMs);
		if (sequentialCalls < 0 || appCores < 1 || harnessCores < 0 || threads < 0) {
			throw new IllegalArgumentException("stack " + stack + ": sequential calls " + sequentialCalls
					+ ", app cores " + appCores + ", harness cores " + harnessCores + ", threads " + threads
					+ "; expected calls >= 0, app cores >= 1, harness cores >= 0 (0 = shared), threads >= 0 (0 = none)");
		}
	}

	/**
	 * The part of the base latency that is neither CPU nor downstream latency.
	 * @param baseLatencyMs what one request takes alone beyond the downstream latency:
	 * the latency at concurrency 1 minus the downstream wait (ms)
	 * @param appCpuMs the app's CPU per request (ms)
	 * @param harnessCpuMs the harness's CPU per request (ms)
	 * @return the rest (ms), 0 when the CPU accounts for all of it
	 */
	public static double otherDelayMs(double baseLatencyMs, double appCpuMs, double harnessCpuMs) {
		return Math.max(0, baseLatencyMs - appCpuMs - harnessCpuMs);
	}

	/**
	 * These demands with another CPU per request, everything else kept.
	 * @param app the app's CPU per request (ms of one core)
	 * @param harness JMeter's and mock-services' CPU per request (ms)
	 * @return the demands
	 */
	public StackDemands withCpu(double app, double harness) {
		return new StackDemands(this.stack, app, harness, this.sequentialCalls, this.callLatencyMs, this.otherDelayMs,
				this.appCores, this.harnessCores, this.threads);
	}

	/**
	 * These demands with another latency of each downstream call, everything else kept.
	 * @param ms the latency of one call (ms), e.g. as a probe measured it under load
	 * @return the demands
	 * @throws IllegalArgumentException when {@code ms} is negative or not finite
	 */
	public StackDemands withCallLatency(double ms) {
		return new StackDemands(this.stack, this.appCpuMs, this.harnessCpuMs, this.sequentialCalls, ms,
				this.otherDelayMs, this.appCores, this.harnessCores, this.threads);
	}

	/**
	 * @return the downstream wait of one request, calls × latency (ms)
	 */
	public double downstreamMs() {
		return this.sequentialCalls * this.callLatencyMs;
	}

	/**
	 * @return the service centres of this stack's model: the CPU centres its
	 * {@link #stations stations} make on their cores, then the delays
	 */
	public List<Centre> centres() {
		// the stations on the cores they run on; JMeter's share does not change a centre
		List<Centre> centres = new ArrayList<>(Station.centres(stations(0.5),
				Map.of(appCentre(), this.appCores, HARNESS_CPU, Math.max(1, this.harnessCores))));
		centres.add(Centre.delay(DOWNSTREAM, downstreamMs()));
		if (this.otherDelayMs > 0) {
			centres.add(Centre.delay(OTHER, this.otherDelayMs));
		}
		return List.copyOf(centres);
	}

	/** The centre of the app's cores: shared with the harness's when not pinned. */
	private String appCentre() {
		return (this.harnessCores != SHARED) ? APP_CPU : (this.harnessCpuMs > 0) ? CPU : APP_CPU;
	}

	/**
	 * The processes one request crosses, as stations on the cores they run on
	 * ({@link Station}): the app ({@code sequentialCalls} + 2 visits: the request, each
	 * call, the insert and the answer), JMeter (2: send, receive) and mock-services
	 * ({@code sequentialCalls} + 1: each stub call, the insert). Their demands per centre
	 * add up to {@link #centres()}'.
	 * @param loadGeneratorShare JMeter's share of the harness's CPU per request (0–1), as
	 * measured
	 * @return the stations, without the harness's when it costs nothing on shared cores
	 */
	public List<Station> stations(double loadGeneratorShare) {
		if (!(loadGeneratorShare >= 0 && loadGeneratorShare <= 1)) {
			throw new IllegalArgumentException(
					"JMeter's share of the harness CPU is " + loadGeneratorShare + "; expected 0 to 1");
		}
		String app = appCentre();
		String harness = (this.harnessCores == SHARED) ? app : HARNESS_CPU;
		List<Station> stations = new ArrayList<>();
		stations.add(new Station("app", app, this.sequentialCalls + 2, this.appCpuMs));
		if (this.harnessCpuMs > 0 || this.harnessCores != SHARED) {
			stations.add(new Station("JMeter", harness, 2, this.harnessCpuMs * loadGeneratorShare));
			stations.add(new Station("mock-services", harness, this.sequentialCalls + 1,
					this.harnessCpuMs * (1 - loadGeneratorShare)));
		}
		return List.copyOf(stations);
	}

	/**
	 * @return the closed model of the bench's load: no think time, the app's threads
	 */
	public ClosedModel model() {
		return new ClosedModel(centres(), 0, this.threads);
	}

	/**
	 * Predicts the closed bench at each concurrency.
	 * @param concurrencies the load generator's clients, each at least 1
	 * @return one prediction per concurrency, in the order given
	 */
	public List<Prediction> predict(int... concurrencies) {
		return model().predict(concurrencies);
	}

	private static void requireMs(String stack, String what, double ms) {
		if (!(ms >= 0) || Double.isInfinite(ms)) {
			throw new IllegalArgumentException(
					"stack " + stack + ": " + what + " is " + ms + " ms; expected a finite number >= 0");
		}
	}

}
