/**
 * The report, a function of the run's folder: report.md, index.html, charts,
 * results.json, the console summary, and the {@code render} command that writes a run
 * folder's report again.
 */
package dev.twinstack.bench.report;
