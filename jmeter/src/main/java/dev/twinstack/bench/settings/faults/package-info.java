/**
 * What the {@code faults} scenario runs: the downstream services faulted, the faults and
 * the {@code bench.fault*} settings.
 */
package dev.twinstack.bench.settings.faults;
