/**
 * Which threads did the work: JFR's CPU samples classified into handler, outbound HTTP
 * and MongoDB driver work, grouped into thread pools, with virtual-thread pinning.
 */
package dev.twinstack.bench.measure.threads;
