/**
 * The independent open-model check: Gatling (module {@code open-check}) run as a JVM of
 * its own at the bench's arrival rates, and its figures read back.
 */
package dev.twinstack.bench.load.opencheck;
