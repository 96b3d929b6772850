package dev.twinstack.bench.report;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.Map;
import java.util.Optional;

import dev.twinstack.bench.load.ErrorKind;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.results.Integrity;

/**
 * The compact summary printed at the end of a bench: one line per cell, its median trial
 * over the trials, the kinds of the errors of each cell that failed, then one line per
 * warning of a cell's validity (a trial that measured a JIT still at work).
 */
public final class ConsoleSummary {

	private static final String FORMAT = "%-40s %14s %9s %9s %8s %10s %12s %10s%n";

	private ConsoleSummary() {
	}

	public static String render(BenchResults results) {
		StringBuilder out = new StringBuilder();
		out.append(
				fmt(FORMAT, "cell", "req/s (steady)", "p99 ms", "p99.9 ms", "errors", "efficiency", "validity", "app"));
		for (CellSummary s : results.matrix()) {
			out.append(fmt(FORMAT, s.cell().id(), fmt("%.1f", s.throughput().median()), fmt("%.0f", s.p99Ms().median()),
					fmt("%.0f", s.p999Ms().median()), fmt("%.2f %%", s.errorRate() * 100),
					Optional.ofNullable(s.ceiling().efficiency())
						.map((efficiency) -> fmt("%.0f %%", efficiency * 100))
						.orElse("n/a"),
					s.validity().label(), s.health().status()));
		}
		for (CellSummary s : results.matrix()) {
			Map<String, Long> kinds = s.errorsByKind();
			if (kinds != null && !kinds.isEmpty()) {
				out.append("Errors, ")
					.append(s.cell().id())
					.append(": ")
					.append(ErrorKind.describe(kinds, 3))
					.append('\n');
			}
		}
		for (CellSummary s : results.matrix()) {
			s.validity()
				.warnings()
				.forEach((warning) -> out.append("Warning, ")
					.append(s.cell().id())
					.append(": ")
					.append(warning)
					.append('\n'));
			s.validity()
				.checks()
				.forEach((check) -> out.append("Warning, a reading is off, ")
					.append(s.cell().id())
					.append(": ")
					.append(check)
					.append('\n'));
		}
		Integrity integrity = results.integrity();
		if (integrity.trials() > 0) {
			out.append("Integrity (stored == acknowledged) ").append(integrity.line()).append('\n');
		}
		return out.toString();
	}

}
