/**
 * What the bench runs: the {@code bench.*} settings, each declared once with its typed
 * default ({@link dev.twinstack.bench.settings.SettingsTable}), parsed into
 * {@link dev.twinstack.bench.settings.BenchSettings}, and the profiles. The JDK, the
 * remote targets and engines, and the {@code faults} scenario have sub-packages.
 */
package dev.twinstack.bench.settings;
