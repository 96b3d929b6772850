/**
 * The bench's independent open-model check: a Gatling simulation, run as a JVM of its
 * own, that sends the bench's request at constant arrival rates and writes each step's
 * latencies to {@code latency.json}.
 */
package dev.twinstack.opencheck;
