/**
 * The report, a function of the results: report.md, index.html, charts, results.json and
 * the console summary.
 */
package dev.twinstack.bench.report;
