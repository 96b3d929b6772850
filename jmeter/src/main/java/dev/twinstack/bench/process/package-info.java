/**
 * The JVMs the bench starts (mock-services, the apps): ports, readiness, CPU pinning, and
 * stopping them all on exit.
 */
package dev.twinstack.bench.process;
