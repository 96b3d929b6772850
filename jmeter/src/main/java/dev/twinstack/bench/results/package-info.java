/**
 * The records of a run (cells, trials, summaries, results.json's shape) that the report
 * and the orchestration read, and reading results.json back into them.
 */
package dev.twinstack.bench.results;
