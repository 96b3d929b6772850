package dev.twinstack.bench.queueing;

/**
 * An asymptotic bound on the throughput of a closed system (Lazowska et al.,
 * <i>Quantitative System Performance</i>, 1984, ch. 5): X(N) ≤ N / (D + Z) with D the sum
 * of the demands (Little's law: the clients' concurrency over the least time a request
 * takes), X ≤ m / D<sub>k</sub> for each centre k of m servers (the utilisation law: a
 * CPU of m cores busy D<sub>k</sub> per request), and X ≤ T / D for T worker threads that
 * each hold a request for its whole stay.
 *
 * @param name what sets it: {@value ClosedModel#CONCURRENCY},
 * {@value ClosedModel#THREADS} or the name of a queueing centre, e.g. {@code app cpu}
 * @param throughput the most requests per second it allows (req/s)
 */
public record Bound(String name, double throughput) {
}
