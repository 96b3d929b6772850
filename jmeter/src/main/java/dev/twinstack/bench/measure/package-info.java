/**
 * Measuring while the load runs: sampled series, CPU shares, JFR, GC logs, memory, stub
 * drift and the stored count.
 */
package dev.twinstack.bench.measure;
