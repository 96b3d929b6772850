package dev.twinstack.bench.faults;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.twinstack.bench.load.ErrorKind;
import dev.twinstack.bench.load.JtlAnalysis;
import dev.twinstack.bench.load.LatencyStats;
import dev.twinstack.bench.matrix.Stack;
import org.HdrHistogram.Histogram;

/**
 * What a database outage under load did to one stack (the {@code databaseOutages} array
 * of results.json): MongoDB stopped in the middle of a closed load and started again
 * (empty: mongo-java-server keeps documents in memory).
 *
 * @param stack the stack
 * @param requests requests sent
 * @param statuses requests per status seen, or per kind of failure ({@link ErrorKind})
 * for those without one
 * @param downMs how long MongoDB was stopped (ms)
 * @param whileDown requests sent and answered while MongoDB was stopped
 * @param whileDownNot503 of those, the ones not answered 503 (must be 0)
 * @param statusesAsExpected whether every request got 201 or 503, and 503s were seen
 * @param failedP99Ms p99 of the failed requests (ms), {@code null} without failures
 * @param failedMaxMs the slowest failed request (ms), {@code null} without failures
 * @param failureLimitMs the longest a 503 may take: 2 × {@code app.database.timeout} +
 * the three downstream calls + a margin (ms)
 * @param firstSuccessAfterRestartMs from the restart to the first 201 answered after it
 * (ms), {@code null} when none came
 * @param backLimitMs the longest that may take (ms)
 * @param acknowledgedAfterRestart 201s answered after the restart (what the new, empty
 * database must hold)
 * @param stored documents stored for the run's request ids at the end
 * @param incomplete stored documents without a customer, orders, recommendations or
 * composedAt (must be 0: no partial documents)
 * @param jtl the run's JTL, relative to the output folder
 */
public record OutageRun(Stack stack, long requests, Map<String, Long> statuses, long downMs, long whileDown,
		long whileDownNot503, boolean statusesAsExpected, Double failedP99Ms, Double failedMaxMs, long failureLimitMs,
		Long firstSuccessAfterRestartMs, long backLimitMs, long acknowledgedAfterRestart, long stored, long incomplete,
		String jtl) {

	/**
	 * Reads the run's JTL and judges it.
	 * @param stack the stack
	 * @param jtlFile the JTL (CSV, JMeter's default fields)
	 * @param stoppedAt when MongoDB's stop had completed (ms since the epoch)
	 * @param startedAt when its restart was asked for (ms since the epoch)
	 * @param failureLimitMs the longest a 503 may take (ms)
	 * @param backLimitMs the longest the first 201 after the restart may take (ms)
	 * @param stored documents stored for the run
	 * @param incomplete stored documents missing a part
	 * @param jtl the JTL's path relative to the output folder
	 * @return the run
	 */
	public static OutageRun of(Stack stack, Path jtlFile, long stoppedAt, long startedAt, long failureLimitMs,
			long backLimitMs, long stored, long incomplete, String jtl) {
		Histogram failed = new Histogram(JtlAnalysis.MAX_TRACKED_MS, 3);
		Map<String, Long> statuses = new TreeMap<>();
		// requests, while down, of those not 503, 201s answered after the restart
		long[] counts = new long[4];
		List<Long> successesAfterRestart = new ArrayList<>();
		JtlAnalysis.forEachSample(jtlFile, List.of("timeStamp", "elapsed", "responseCode", "success"), (record) -> {
			long start = Long.parseLong(record.get("timeStamp"));
			long elapsed = Math.max(0, Long.parseLong(record.get("elapsed")));
			long end = start + elapsed;
			String status = ErrorKind.statusOrKind(record.get("responseCode"),
					record.isSet("responseMessage") ? record.get("responseMessage") : null);
			counts[0]++;
			statuses.merge(status, 1L, Long::sum);
			if (!Boolean.parseBoolean(record.get("success"))) {
				failed.recordValue(Math.min(elapsed, JtlAnalysis.MAX_TRACKED_MS));
			}
			if (start >= stoppedAt && end <= startedAt) {
				counts[1]++;
				counts[2] += status.equals("503") ? 0 : 1;
			}
			if (status.equals("201") && end >= startedAt) {
				successesAfterRestart.add(end - startedAt);
			}
		});
		long requests = counts[0];
		long whileDown = counts[1];
		long whileDownNot503 = counts[2];
		long acknowledgedAfter = successesAfterRestart.size();
		Long firstSuccess = successesAfterRestart.stream().min(Long::compare).orElse(null);
		LatencyStats failures = LatencyStats.of(failed);
		boolean expected = statuses.containsKey("503")
				&& statuses.keySet().stream().allMatch((status) -> status.equals("201") || status.equals("503"));
		boolean anyFailure = failures.samples() > 0;
		return new OutageRun(stack, requests, statuses, startedAt - stoppedAt, whileDown, whileDownNot503, expected,
				anyFailure ? failures.p99Ms() : null, anyFailure ? failures.maxMs() : null, failureLimitMs,
				firstSuccess, backLimitMs, acknowledgedAfter, stored, incomplete, jtl);
	}

	/**
	 * Tells whether the outage showed the contract's behaviour: 503 (only) while MongoDB
	 * was down, within the limit, 201 again within the limit after the restart, every
	 * document acknowledged after the restart stored and none partial.
	 * @return {@code true} when all hold
	 */
	public boolean passed() {
		return this.statusesAsExpected && this.whileDownNot503 == 0 && this.failedMaxMs != null
				&& this.failedMaxMs <= this.failureLimitMs && this.firstSuccessAfterRestartMs != null
				&& this.firstSuccessAfterRestartMs <= this.backLimitMs && this.stored == this.acknowledgedAfterRestart
				&& this.incomplete == 0;
	}

}
