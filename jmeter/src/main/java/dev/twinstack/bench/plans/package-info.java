/**
 * The bench's plans as JMeter .jmx files for people who run JMeter themselves: every
 * workload in the closed and the open model, parameterised by JMeter properties, their
 * export, and opening one in JMeter's GUI from the project's jars.
 */
package dev.twinstack.bench.plans;
