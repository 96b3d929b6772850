/**
 * Where JMeter runs a plan: embedded in this JVM or on remote engines (the
 * {@link dev.twinstack.bench.load.engine.LoadEngine} strategy), watched, and the load
 * agent that serves as a remote engine.
 */
package dev.twinstack.bench.load.engine;
