/**
 * The app's JVM seen from outside: its GC log, the JFR cross-check and flame graphs, the
 * heap after N requests ({@code jcmd}), and what became of the app in a trial.
 */
package dev.twinstack.bench.measure.jvm;
