/**
 * The warm-up: where it is decided ({@link dev.twinstack.bench.load.warmup.WarmUpPlan}),
 * one run until steady, and its record.
 */
package dev.twinstack.bench.load.warmup;
