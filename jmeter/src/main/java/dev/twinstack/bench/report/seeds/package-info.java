/**
 * The {@code seeds} profile's section of report.md: the two original write-ups' figures
 * in their own form, beside this machine's, and whether this machine agrees with each
 * finding.
 */
package dev.twinstack.bench.report.seeds;
