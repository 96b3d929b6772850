/**
 * The queueing model applied to a finished run: the fitted demands, who won where, the
 * verdict and model sections of report.md, and the what-if projection of a run folder.
 */
package dev.twinstack.bench.report.queueing;
