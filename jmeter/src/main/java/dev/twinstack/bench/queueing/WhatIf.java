package dev.twinstack.bench.queueing;

import static dev.twinstack.bench.text.Text.fmt;

/**
 * A what-if for the reader's hardware, e.g. {@code cores=8,latency=50ms,concurrency=2000}
 * (the bench reads it from {@code bench.project}): the same model with the same measured
 * CPU per request, on another machine's shape. A model projection, never a measurement.
 * The rules:
 * <ul>
 * <li>{@code cores}: the machine's cores. With {@code harness=same} (the default) the app
 * and the harness split them in the measured proportion (the bench pins the app to half
 * of them), or share them all when they shared them in the measurement or when fewer than
 * 2 are given; with {@code harness=none} the app has them all and the load generator and
 * the downstream services run elsewhere, their CPU left out.</li>
 * <li>{@code latency}: the latency of each downstream call; the downstream wait becomes
 * latency × the stack's sequential calls (3 for composite sequential, 1 for
 * parallel).</li>
 * <li>{@code concurrency}: the clients of the closed load generator.</li>
 * <li>CPU ms per request, the other delay and the worker threads stay as measured: the
 * reader's cores are assumed as fast as the measuring machine's. With demands measured at
 * several loads ({@link LoadDependentDemands}) the CPU per request is the one at the
 * what-if's concurrency.</li>
 * </ul>
 *
 * @param cores the machine's cores, at least 1
 * @param latencyMs the latency of one downstream call (ms)
 * @param concurrency the clients, at least 1
 * @param withHarness whether JMeter and mock-services run on the same machine
 */
public record WhatIf(int cores, double latencyMs, int concurrency, boolean withHarness) {

	public WhatIf {
		if (cores < 1 || concurrency < 1 || !(latencyMs >= 0) || Double.isInfinite(latencyMs)) {
			throw new IllegalArgumentException("what-if cores=" + cores + ", latency=" + latencyMs + " ms, concurrency="
					+ concurrency + "; expected cores >= 1, latency >= 0 ms, concurrency >= 1");
		}
	}

	/**
	 * The measured demands moved to this shape, by the rules above.
	 * @param measured the demands measured by the bench
	 * @return the demands of the projection
	 */
	public StackDemands apply(StackDemands measured) {
		int appCores = this.cores;
		int harnessCores = StackDemands.SHARED;
		if (this.withHarness && measured.harnessCores() != StackDemands.SHARED && this.cores >= 2) {
			double share = measured.appCores() / (double) (measured.appCores() + measured.harnessCores());
			appCores = (int) Math.max(1, Math.min(this.cores - 1, Math.round(this.cores * share)));
			harnessCores = this.cores - appCores;
		}
		return new StackDemands(measured.stack(), measured.appCpuMs(), this.withHarness ? measured.harnessCpuMs() : 0,
				measured.sequentialCalls(), this.latencyMs, measured.otherDelayMs(), appCores, harnessCores,
				measured.threads());
	}

	/**
	 * Predicts the measured stack on this shape.
	 * @param measured the demands measured by the bench
	 * @return the prediction at this concurrency
	 */
	public Prediction predict(StackDemands measured) {
		return apply(measured).predict(this.concurrency).get(0);
	}

	/**
	 * The load-dependent demands at this concurrency ({@link LoadDependentDemands#at}),
	 * moved to this shape by the rules above: the CPU per request measured nearest this
	 * load, interpolated between two measured loads, held beyond the highest.
	 * @param measured the demands measured by the bench at one or more loads
	 * @return the demands of the projection
	 */
	public StackDemands apply(LoadDependentDemands measured) {
		return apply(measured.at(this.concurrency));
	}

	/**
	 * Predicts the measured stack on this shape with the CPU per request at this
	 * concurrency.
	 * @param measured the demands measured by the bench at one or more loads
	 * @return the prediction at this concurrency
	 */
	public Prediction predict(LoadDependentDemands measured) {
		return predict(measured.at(this.concurrency));
	}

	/**
	 * One line for the report, labelled a model projection.
	 * @param measured the demands measured by the bench
	 * @return e.g. {@code model projection, not a measurement — mvc at cores=8 (app 4,
	 * harness 4), latency=50ms × 3 calls, concurrency=2000: 983 req/s, 2035 ms, bound by
	 * app cpu (983 req/s)}
	 */
	public String describe(StackDemands measured) {
		StackDemands shape = apply(measured);
		Prediction prediction = predict(measured);
		String placement = (shape.harnessCores() == StackDemands.SHARED) ? (this.withHarness ? "shared" : "app alone")
				: "app " + shape.appCores() + ", harness " + shape.harnessCores();
		return fmt(
				"model projection, not a measurement — %s at cores=%d (%s), latency=%sms × %d calls, "
						+ "concurrency=%d: %.0f req/s, %.0f ms, bound by %s (%.0f req/s)",
				measured.stack(), this.cores, placement, trim(this.latencyMs), measured.sequentialCalls(),
				this.concurrency, prediction.throughput(), prediction.latencyMs(), prediction.binding().name(),
				prediction.binding().throughput());
	}

	private static String trim(double number) {
		return (number == Math.rint(number)) ? String.valueOf((long) number) : String.valueOf(number);
	}

}
