/**
 * What the bench runs: the `bench.*` settings and profiles, and the matrix they declare
 * (stacks, workloads, load models, heaps, cores, JDK, faults).
 */
package dev.twinstack.bench.settings;
