/**
 * Loading an app: JMeter plans and engines, the warm-up, the open model, wrk, and reading
 * the JTL.
 */
package dev.twinstack.bench.load;
