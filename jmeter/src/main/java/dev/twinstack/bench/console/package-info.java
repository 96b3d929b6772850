/**
 * What the bench prints on stdout while it runs: progress lines and the time left.
 */
package dev.twinstack.bench.console;
