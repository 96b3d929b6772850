package dev.twinstack.bench.load.opencheck;

import java.util.List;

/**
 * What one run of the open-model check measured ({@code latency.json}).
 *
 * @param requestIdPrefix the prefix of its request ids ({@code <prefix>-<n>}), by which
 * its stored documents are counted
 * @param requests request ids handed out over the whole run, warm-up and skipped seconds
 * included: every request sent
 * @param acknowledged requests answered with the expected status over the whole run: what
 * a storing workload should have stored under {@code requestIdPrefix}
 * @param warmUp the unmeasured warm-up's counts and figures, {@code null} without one
 * @param steps the measured steps, in the plan's order
 */
public record OpenCheckResult(String requestIdPrefix, long requests, long acknowledged, OpenCheckStep warmUp,
		List<OpenCheckStep> steps) {

	/**
	 * Creates a result; a missing list of steps is empty.
	 * @param requestIdPrefix the request ids' prefix
	 * @param requests requests sent
	 * @param acknowledged requests answered OK
	 * @param warmUp the warm-up, or {@code null}
	 * @param steps the steps, or {@code null}
	 */
	public OpenCheckResult {
		steps = (steps != null) ? List.copyOf(steps) : List.of();
	}

}
