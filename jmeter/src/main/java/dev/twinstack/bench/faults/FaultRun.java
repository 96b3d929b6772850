package dev.twinstack.bench.faults;

import java.util.Map;

import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.settings.faults.DownstreamService;
import dev.twinstack.bench.settings.faults.Fault;
import dev.twinstack.bench.settings.faults.FaultSettings;

/**
 * What one fault run measured: a fault applied to a share of one downstream service's
 * calls under a short closed load, then lifted (the {@code faults} array of
 * results.json).
 *
 * @param stack the stack
 * @param service the faulted service
 * @param fault the fault
 * @param share the share of requests hit (%)
 * @param expectedStatus the status the contract gives the failed requests (502, 504)
 * @param requests requests sent
 * @param errors requests not answered 201
 * @param errorPercent errors ÷ requests (%)
 * @param targeted requests the fault was meant to hit: all at 100 %, those whose customer
 * id ends in {@link FaultInjector#FAULTED_DIGIT} at 10 % (counted from the JTL's URLs);
 * -1 when the JTL has no URLs
 * @param statuses requests per status seen, or per kind of failure
 * ({@link dev.twinstack.bench.load.ErrorKind}) for those without one
 * @param statusesAsExpected whether the fault hit (errors &gt; 0) and every failed
 * request got the expected status
 * @param failedP99Ms p99 of the failed requests (ms), {@code null} without failures
 * @param failedMaxMs the slowest failed request (ms), {@code null} without failures
 * @param succeededP99Ms p99 of the successful requests (ms), {@code null} without any
 * @param limitMs the longest a failure may take: the client timeout, the calls before the
 * faulted one and a margin (ms)
 * @param withinLimit whether every failure came within the limit (none hung)
 * @param acknowledged requests answered 201
 * @param stored documents stored for the run's request ids
 * @param firstSuccessMs from lifting the fault to the first 201 (ms), {@code null} when
 * none came
 * @param recoveryMs from lifting the fault to a 201 with threads and connections back to
 * their pre-fault values (ms), {@code null} when not within the limit
 * @param threadsBefore live threads before the fault
 * @param threadsAfter live threads at the end of the recovery
 * @param connectionsBefore downstream connections in use or awaited before the fault
 * @param connectionsAfter the same at the end of the recovery
 * @param jtl the run's JTL, relative to the output folder
 */
public record FaultRun(Stack stack, DownstreamService service, Fault fault, int share, int expectedStatus,
		long requests, long errors, double errorPercent, long targeted, Map<String, Long> statuses,
		boolean statusesAsExpected, Double failedP99Ms, Double failedMaxMs, Double succeededP99Ms, long limitMs,
		boolean withinLimit, long acknowledged, long stored, Long firstSuccessMs, Long recoveryMs, double threadsBefore,
		double threadsAfter, double connectionsBefore, double connectionsAfter, String jtl) {

	public static FaultRun of(Stack stack, FaultSettings.Case run, FaultSamples samples, long limitMs, long stored,
			Recovery recovery, String jtl) {
		long requests = samples.requests();
		long errors = samples.failed().samples();
		long acknowledged = samples.count(201);
		boolean asExpected = errors > 0 && acknowledged + samples.count(run.fault().expectedStatus()) == requests;
		boolean failures = errors > 0;
		long targeted = (run.share() >= 100) ? requests : samples.faultedIds();
		return new FaultRun(stack, run.service(), run.fault(), run.share(), run.fault().expectedStatus(), requests,
				errors, (requests > 0) ? 100.0 * errors / requests : 0, targeted, samples.statuses(), asExpected,
				failures ? samples.failed().p99Ms() : null, failures ? samples.failed().maxMs() : null,
				(samples.succeeded().samples() > 0) ? samples.succeeded().p99Ms() : null, limitMs,
				!failures || samples.failed().maxMs() <= limitMs, acknowledged, stored, recovery.firstSuccessMs(),
				recovery.recoveredMs(), recovery.before().threads(), recovery.after().threads(),
				recovery.before().connections(), recovery.after().connections(), jtl);
	}

	/**
	 * Tells whether the fault failed exactly the requests it targeted (its errors equal
	 * {@link #targeted}): a fault that leaks into other requests, or misses some of its
	 * own, fails this.
	 * @return {@code true} when they are equal; {@code false} also when the targeted
	 * count is unknown (-1)
	 */
	public boolean failedAsTargeted() {
		return this.errors == this.targeted;
	}

	/**
	 * Tells whether the run showed the contract's behaviour: the expected status for
	 * every failure, exactly the targeted requests failed, none beyond the limit, stored
	 * = acknowledged, and a recovery.
	 * @return {@code true} when all hold
	 */
	public boolean passed() {
		return this.statusesAsExpected && failedAsTargeted() && this.withinLimit && this.stored == this.acknowledged
				&& this.recoveryMs != null;
	}

}
