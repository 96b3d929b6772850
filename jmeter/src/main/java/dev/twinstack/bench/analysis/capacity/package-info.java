/**
 * The capacity at a latency objective: each rung's outcome, the ladder and bisection over
 * the arrival rate, and what broke first.
 */
package dev.twinstack.bench.analysis.capacity;
