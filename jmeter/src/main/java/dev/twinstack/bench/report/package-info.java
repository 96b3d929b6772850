/**
 * The report, a function of the run's folder: report.md, index.html, charts,
 * results.json, the console summary, and what the {@code cli} commands read back from a
 * run folder.
 */
package dev.twinstack.bench.report;
