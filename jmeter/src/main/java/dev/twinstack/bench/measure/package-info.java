/**
 * Measuring while the load runs: the per-cell monitor and its sampled series, the app's
 * Prometheus meters (GC cost, JIT work, pool waits), CPU shares, the loopback and stub
 * latency probes. The app's JVM seen from outside and the MongoDB store have sub-packages
 * of their own.
 */
package dev.twinstack.bench.measure;
