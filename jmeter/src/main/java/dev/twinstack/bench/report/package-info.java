/**
 * The report, a function of the run's folder: report.md and its sections, index.html,
 * results.json, the console summary, and what the {@code cli} commands read back from a
 * run folder. The queueing model's sections, the seeds profile's section and the charts
 * have sub-packages of their own.
 */
package dev.twinstack.bench.report;
