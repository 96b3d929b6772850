package dev.twinstack.bench;

import java.util.Optional;

/**
 * The compact summary printed at the end of a bench: one line per cell.
 */
final class ConsoleSummary {

	private static final String FORMAT = "%-26s %9s %9s %9s %9s %8s %15s %10s%n";

	private ConsoleSummary() {
	}

	static String render(BenchResults results) {
		StringBuilder out = new StringBuilder();
		out.append(ReportWriter.fmt(FORMAT, "cell", "req/s", "mean ms", "p99 ms", "requests", "errors", "stored/ack",
				"efficiency"));
		for (CellResult r : results.cells()) {
			LoadStats load = r.load();
			out.append(ReportWriter.fmt(FORMAT, r.cell().id(), ReportWriter.fmt("%.1f", load.throughput()),
					ReportWriter.fmt("%.1f", r.latency().meanMs()), ReportWriter.fmt("%.0f", r.latency().p99Ms()),
					String.valueOf(load.requests()), String.valueOf(load.errors()),
					r.storage().stored() + "/" + r.storage().acknowledged(),
					Optional.ofNullable(r.ceiling().efficiency())
						.map((efficiency) -> ReportWriter.fmt("%.0f %%", efficiency * 100))
						.orElse("n/a")));
		}
		return out.toString();
	}

}
