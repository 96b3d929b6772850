package dev.twinstack.bench.report;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.List;
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
	 * Renders the sections ({@code faults.md.mustache}); nothing when no fault ran.
	 * @param runs the fault runs
	 * @param outages the database outages
	 * @return Markdown, empty when neither ran
	 */
	static String render(List<FaultRun> runs, List<OutageRun> outages) {
		return MarkdownMustacheFactory.render("faults.md.mustache",
				new FaultsView(runs.isEmpty() ? null : downstream(runs), outages.isEmpty() ? null : outages(outages)));
	}

	private static OutagesView outages(List<OutageRun> outages) {
		List<Row> rows = outages.stream()
			.map((run) -> new Row(List.of(run.stack().id(), String.valueOf(run.requests()),
					statuses(run.statuses()) + (run.statusesAsExpected() ? "" : " ✗"), run.downMs() + " ms",
					run.whileDown() + " (" + run.whileDownNot503() + ")" + mark(run.whileDownNot503() == 0),
					ms(run.failedP99Ms()),
					ms(run.failedMaxMs()) + " (" + run.failureLimitMs() + ")"
							+ mark(run.failedMaxMs() != null && run.failedMaxMs() <= run.failureLimitMs()),
					((run.firstSuccessAfterRestartMs() != null) ? run.firstSuccessAfterRestartMs() + " ms" : "never")
							+ " (" + run.backLimitMs() + ")"
							+ mark(run.firstSuccessAfterRestartMs() != null
									&& run.firstSuccessAfterRestartMs() <= run.backLimitMs()),
					run.stored() + " / " + run.acknowledgedAfterRestart()
							+ mark(run.stored() == run.acknowledgedAfterRestart()),
					run.incomplete() + mark(run.incomplete() == 0))))
			.toList();
		return new OutagesView(DatabaseOutage.BEFORE_SECONDS, DatabaseOutage.DOWN_SECONDS, DatabaseOutage.AFTER_SECONDS,
				FaultsRunner.MARGIN_MS, rows);
	}

	private static DownstreamView downstream(List<FaultRun> runs) {
		long passed = runs.stream().filter(FaultRun::passed).count();
		List<Row> rows = runs.stream()
			.map((run) -> new Row(List.of(run.stack().id(), run.service().id(), run.fault().id(), run.share() + " %",
					String.valueOf(run.requests()), errors(run),
					statuses(run.statuses()) + (run.statusesAsExpected() ? "" : " ✗"), ms(run.failedP99Ms()),
					ms(run.succeededP99Ms()),
					ms(run.failedMaxMs()) + " (" + run.limitMs() + ")" + mark(run.withinLimit()),
					run.stored() + " / " + run.acknowledged() + mark(run.stored() == run.acknowledged()),
					(run.recoveryMs() != null) ? run.recoveryMs() + " ms"
							: "✗ not within " + FaultsRunner.RECOVERY_LIMIT.toSeconds() + " s",
					fmt("%.0f → %.0f, %.0f → %.0f", run.threadsBefore(), run.threadsAfter(), run.connectionsBefore(),
							run.connectionsAfter()))))
			.toList();
		String jtls = runs.get(0)
			.jtl()
			.replaceAll("/[^/]+/[^/]+/samples\\.jtl$", "/<stack>/<service>-<fault>-<share>/");
		return new DownstreamView(FaultInjector.FAULTED_DIGIT, FaultsRunner.MARGIN_MS, AppGauges.THREAD_TOLERANCE,
				Recovery.POLL_MS, passed, runs.size(), rows, jtls);
	}

	private static String errors(FaultRun run) {
		String targeted = (run.targeted() >= 0) ? String.valueOf(run.targeted()) : "?";
		return fmt("%d of %s targeted (%.1f %%)", run.errors(), targeted, run.errorPercent())
				+ mark(run.failedAsTargeted());
	}

	private static String mark(boolean ok) {
		return ok ? " ✓" : " ✗";
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

	/**
	 * The view of {@code faults.md.mustache}.
	 *
	 * @param downstream the downstream faults, {@code null} when none ran
	 * @param outages the database outages, {@code null} when none ran
	 */
	record FaultsView(DownstreamView downstream, OutagesView outages) {
	}

	/**
	 * The downstream faults.
	 *
	 * @param faultedDigit the last digit of the customer ids faulted at 10 %
	 * @param marginMs the margin of the failures' limit, ms
	 * @param threadTolerance the live threads above the value before the fault that count
	 * as recovered
	 * @param pollMs the recovery probe's period, ms
	 * @param passed the runs that showed the contract's behaviour
	 * @param total all runs
	 * @param rows one row per stack, service, fault and share
	 * @param jtls the pattern of the runs' JTL folders
	 */
	record DownstreamView(int faultedDigit, long marginMs, int threadTolerance, long pollMs, long passed, int total,
			List<Row> rows, String jtls) {

		boolean allPassed() {
			return this.passed == this.total;
		}

	}

	/**
	 * The database outages.
	 *
	 * @param beforeSeconds healthy before the stop, s
	 * @param downSeconds MongoDB down, s
	 * @param afterSeconds after the restart, s
	 * @param marginMs the margin of the failures' limit, ms
	 * @param rows one row per stack
	 */
	record OutagesView(int beforeSeconds, int downSeconds, int afterSeconds, long marginMs, List<Row> rows) {
	}

	/**
	 * One table row, formatted.
	 *
	 * @param cells the row's cells
	 */
	record Row(List<String> cells) {
	}

}
