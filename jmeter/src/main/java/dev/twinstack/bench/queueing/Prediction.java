package dev.twinstack.bench.queueing;

import java.util.List;

/**
 * What the model predicts for one concurrency: a model projection, never a measurement.
 *
 * @param concurrency requests in the loop (the load generator's clients)
 * @param throughput predicted requests per second (req/s)
 * @param latencyMs predicted mean time from request to answer, think time left out (ms)
 * @param binding the lowest asymptotic bound: what limits the throughput at this
 * concurrency
 * @param bounds every bound, the binding one among them
 * @param loads the predicted load of each centre (and of the worker threads, when
 * limited)
 */
public record Prediction(int concurrency, double throughput, double latencyMs, Bound binding, List<Bound> bounds,
		List<Mva.Load> loads) {

	public Prediction {
		bounds = List.copyOf(bounds);
		loads = List.copyOf(loads);
	}

}
