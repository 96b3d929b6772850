package dev.twinstack.bench.load.opencheck;

/**
 * What Gatling measured over one step, from {@code latency.json}: each user's latency
 * runs from its start (its arrival, on schedule) to the end of its request, OK or not, so
 * it compares with the bench's latency from the intended send time.
 *
 * @param rate the step's arrival rate (req/s)
 * @param seconds the step's length (s)
 * @param skipSeconds its first seconds, left out of the figures below (s)
 * @param skipped requests sent in those seconds
 * @param sent requests sent after them (measured)
 * @param ok measured requests answered with the expected status
 * @param ko measured requests that failed: another status, a connection error, a timeout
 * @param p50Ms median latency of the measured requests (ms)
 * @param p99Ms 99th percentile (ms)
 * @param maxMs slowest (ms)
 */
public record OpenCheckStep(double rate, int seconds, int skipSeconds, long skipped, long sent, long ok, long ko,
		double p50Ms, double p99Ms, double maxMs) {

}
