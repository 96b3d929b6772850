/**
 * Judging the figures: ceilings, CPU cost, validity, the wrk cross-check, knees and the
 * verdicts.
 */
package dev.twinstack.bench.analysis;
