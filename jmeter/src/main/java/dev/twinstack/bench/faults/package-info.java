/**
 * The faults scenario: faults injected into the mocks, a database outage, and how each
 * stack recovers.
 */
package dev.twinstack.bench.faults;
