/**
 * The bench's queueing model: exact mean value analysis of the closed system, the
 * asymptotic ceilings, and the what-if projection to another machine's shape.
 */
package dev.twinstack.bench.queueing;
