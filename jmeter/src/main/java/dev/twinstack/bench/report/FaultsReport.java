package dev.twinstack.bench.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import dev.twinstack.bench.faults.AppGauges;
import dev.twinstack.bench.faults.DatabaseOutage;
import dev.twinstack.bench.faults.FaultInjector;
import dev.twinstack.bench.faults.FaultRun;
import dev.twinstack.bench.faults.FaultsRunner;
import dev.twinstack.bench.faults.OutageRun;
import dev.twinstack.bench.faults.Recovery;

/**
 * Renders the {@code faults} section of report.md (and so of index.html): what was
 * injected, a verdict, and one table row per stack × service × fault × share.
 */
final class FaultsReport {

	private FaultsReport() {
	}

	/**
	 * Appends the section; nothing when no fault ran.
	 * @param md the report
	 * @param runs the fault runs
	 * @param outages the database outages
	 */
	static void append(StringBuilder md, List<FaultRun> runs, List<OutageRun> outages) {
		if (!runs.isEmpty()) {
			appendDownstream(md, runs);
		}
		if (!outages.isEmpty()) {
			appendOutages(md, outages);
		}
	}

	private static void appendOutages(StringBuilder md, List<OutageRun> outages) {
		md.append("## Database outage\n\n")
			.append("Per stack, under the same closed load: ")
			.append(DatabaseOutage.BEFORE_SECONDS)
			.append(" s healthy, then MongoDB stopped for ")
			.append(DatabaseOutage.DOWN_SECONDS)
			.append(" s through mock-services' admin API (`POST /__admin/ext/mongo/stop`, connections closed, data ")
			.append("lost) and started again empty, then ")
			.append(DatabaseOutage.AFTER_SECONDS)
			.append(" s more. The contract: 503 for every request sent and answered while it is down, each within ")
			.append("2 × `app.database.timeout` + the three calls + ")
			.append(FaultsRunner.MARGIN_MS)
			.append(" ms; 201 again within the same bound after the restart; the new database holds exactly the ")
			.append("201s answered after the restart, none of them partial.\n\n")
			.append("| Stack | Requests | Statuses | Down | Sent and answered while down (not 503) | p99 failed "
					+ "| Slowest failure (limit) | First 201 after restart (limit) | Stored / ack. after restart "
					+ "| Partial documents |\n")
			.append("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
		for (OutageRun run : outages) {
			md.append("| ")
				.append(run.stack().id())
				.append(" | ")
				.append(run.requests())
				.append(" | ")
				.append(statuses(run.statuses()))
				.append(run.statusesAsExpected() ? "" : " ✗")
				.append(" | ")
				.append(run.downMs())
				.append(" ms | ")
				.append(run.whileDown())
				.append(" (")
				.append(run.whileDownNot503())
				.append(")")
				.append((run.whileDownNot503() == 0) ? " ✓" : " ✗")
				.append(" | ")
				.append(ms(run.failedP99Ms()))
				.append(" | ")
				.append(ms(run.failedMaxMs()))
				.append(" (")
				.append(run.failureLimitMs())
				.append(")")
				.append((run.failedMaxMs() != null && run.failedMaxMs() <= run.failureLimitMs()) ? " ✓" : " ✗")
				.append(" | ")
				.append((run.firstSuccessAfterRestartMs() != null) ? run.firstSuccessAfterRestartMs() + " ms" : "never")
				.append(" (")
				.append(run.backLimitMs())
				.append(")")
				.append((run.firstSuccessAfterRestartMs() != null
						&& run.firstSuccessAfterRestartMs() <= run.backLimitMs()) ? " ✓" : " ✗")
				.append(" | ")
				.append(run.stored())
				.append(" / ")
				.append(run.acknowledgedAfterRestart())
				.append((run.stored() == run.acknowledgedAfterRestart()) ? " ✓" : " ✗")
				.append(" | ")
				.append(run.incomplete())
				.append((run.incomplete() == 0) ? " ✓" : " ✗")
				.append(" |\n");
		}
		md.append('\n');
	}

	private static void appendDownstream(StringBuilder md, List<FaultRun> runs) {
		FaultRun first = runs.get(0);
		long passed = runs.stream().filter(FaultRun::passed).count();
		md.append("## Downstream faults\n\n")
			.append("Per stack, each downstream service in turn answered with each fault — WireMock's ")
			.append("`CONNECTION_RESET_BY_PEER`, `EMPTY_RESPONSE`, `MALFORMED_RESPONSE_CHUNK`, ")
			.append("`RANDOM_DATA_THEN_CLOSE`, a 503 status, and a delay 1 s beyond the apps' client timeout — ")
			.append("first for 10 % of the requests (customer ids ending in ")
			.append(FaultInjector.FAULTED_DIGIT)
			.append(", the load sending random ids), then for all of them: a priority-1 stub added through the ")
			.append("service's WireMock admin API, removed to lift the fault. Load: JMeter, closed model, `POST ")
			.append("/profiles/{random id}?fanout=sequential`. The contract: 502 for each fault, 504 for the delay; ")
			.append("every failure within the client timeout + the calls before the faulted one + ")
			.append(FaultsRunner.MARGIN_MS)
			.append(" ms (*limit*); nothing stored for a failed request (*stored* = *acknowledged* 201s); after the ")
			.append("lift, *recovery* is the time to a 201 with the app's live threads (`jvm.threads.live`, at most ")
			.append(AppGauges.THREAD_TOLERANCE)
			.append(" above) and downstream connections in use (Apache HttpClient 5 leased + pending, Reactor ")
			.append("Netty active + pending) back to their values before the fault, probing every ")
			.append(Recovery.POLL_MS)
			.append(" ms (the probe's own time included).\n\n")
			.append(String.format(Locale.ROOT, "**%d of %d runs** showed the contract's behaviour", passed,
					runs.size()))
			.append((passed == runs.size()) ? ".\n\n" : "; the others are marked ✗.\n\n");
		md.append("| Stack | Service | Fault | Share | Requests | Errors | Statuses | p99 failed | p99 ok "
				+ "| Slowest failure (limit) | Stored / ack. | Recovery | Threads, connections before → after |\n")
			.append("|---|---|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---|\n");
		for (FaultRun run : runs) {
			md.append("| ")
				.append(run.stack().id())
				.append(" | ")
				.append(run.service().id())
				.append(" | ")
				.append(run.fault().id())
				.append(" | ")
				.append(run.share())
				.append(" % | ")
				.append(run.requests())
				.append(" | ")
				.append(fmt("%.1f %%", run.errorPercent()))
				.append(" | ")
				.append(statuses(run.statuses()))
				.append(run.statusesAsExpected() ? "" : " ✗")
				.append(" | ")
				.append(ms(run.failedP99Ms()))
				.append(" | ")
				.append(ms(run.succeededP99Ms()))
				.append(" | ")
				.append(ms(run.failedMaxMs()))
				.append(" (")
				.append(run.limitMs())
				.append(")")
				.append(run.withinLimit() ? " ✓" : " ✗")
				.append(" | ")
				.append(run.stored())
				.append(" / ")
				.append(run.acknowledged())
				.append((run.stored() == run.acknowledged()) ? " ✓" : " ✗")
				.append(" | ")
				.append((run.recoveryMs() != null) ? run.recoveryMs() + " ms"
						: "✗ not within " + FaultsRunner.RECOVERY_LIMIT.toSeconds() + " s")
				.append(" | ")
				.append(fmt("%.0f → %.0f, %.0f → %.0f", run.threadsBefore(), run.threadsAfter(),
						run.connectionsBefore(), run.connectionsAfter()))
				.append(" |\n");
		}
		md.append("\nEach run's JTL: `")
			.append(first.jtl().replaceAll("/[^/]+/[^/]+/samples\\.jtl$", "/<stack>/<service>-<fault>-<share>/"))
			.append("samples.jtl`; the apps' logs: `logs/faults-<stack>.log`.\n\n");
	}

	private static String statuses(Map<String, Long> statuses) {
		return statuses.entrySet()
			.stream()
			.map((entry) -> entry.getKey().replace("|", "/") + " × " + entry.getValue())
			.collect(Collectors.joining(", "));
	}

	private static String ms(Double value) {
		return (value != null) ? fmt("%.0f ms", value) : "—";
	}

	private static String fmt(String format, Object... args) {
		return String.format(Locale.ROOT, format, args);
	}

}
