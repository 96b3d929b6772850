/**
 * The report's charts: their data from the results and the cells' {@code metrics.csv},
 * drawn as PNG files for report.md and handed to index.html for Chart.js.
 */
package dev.twinstack.bench.report.charts;
