/**
 * What the bench runs: the {@code bench.*} settings, the profiles, the JDK and the
 * {@code faults} scenario's settings.
 */
package dev.twinstack.bench.settings;
