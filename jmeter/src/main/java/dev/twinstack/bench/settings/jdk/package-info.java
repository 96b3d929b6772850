/**
 * The JDK every JVM of the bench runs on: {@code bench.javaHome}, else the newest JDK >=
 * 21 found on this machine.
 */
package dev.twinstack.bench.settings.jdk;
