/**
 * Loading an app: the JMeter plans of the scenarios, the base latency, the open model,
 * wrk, and reading the JTL; the engines in {@code load.engine}, the warm-up in
 * {@code load.warmup}.
 */
package dev.twinstack.bench.load;
