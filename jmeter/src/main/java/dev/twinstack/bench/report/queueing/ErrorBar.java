package dev.twinstack.bench.report.queueing;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.ArrayList;
import java.util.List;

import dev.twinstack.bench.analysis.ModelFit;
import dev.twinstack.bench.queueing.StackDemands;
import dev.twinstack.bench.queueing.WhatIf;

/**
 * The model's measured error on a run's cells, set beside a projection of the same stack
 * and workload: the largest |measured ÷ predicted − 1| over its predicted cells (the
 * shape checks only when none was predicted) and how many lie within
 * {@link ModelFit#TOLERANCE}. One wording for the report's projection and the
 * {@code project} command.
 */
final class ErrorBar {

	private ErrorBar() {
	}

	/**
	 * One cell's check, as the error bar needs it.
	 *
	 * @param ratio measured ÷ predicted throughput
	 * @param off whether it is beyond 1 ± {@link ModelFit#TOLERANCE}
	 * @param kind what the prediction rests on, e.g. {@code other loads}
	 * @param predicted whether the cell's own figures stayed out of it
	 */
	record Checked(double ratio, boolean off, String kind, boolean predicted) {
	}

	/**
	 * Describes the error of the checks of one stack and workload.
	 * @param checks the checks, in matrix order
	 * @return e.g. {@code model within 7 % on 10 of 10 cells of this run (other loads)}
	 */
	static String describe(List<Checked> checks) {
		List<Checked> predicted = checks.stream().filter(Checked::predicted).toList();
		List<Checked> used = predicted.isEmpty() ? checks : predicted;
		if (used.isEmpty()) {
			return "model not checked on this run";
		}
		// less a hair: 1.12 − 1 is 0.12000000000000011 in binary, not 13 %
		double worst = used.stream().mapToDouble((c) -> Math.abs(c.ratio() - 1)).max().orElse(0);
		long within = used.stream().filter((c) -> !c.off()).count();
		String kinds = String.join(", ", used.stream().map(Checked::kind).distinct().toList());
		return fmt("model within %.0f %% on %d of %d cells of this run (%s)", Math.ceil(worst * 100 - 1e-9),
				used.size(), used.size(), kinds)
				+ ((within < used.size()) ? fmt("; %d within %.0f %%", within, ModelFit.TOLERANCE * 100) : "")
				+ (predicted.isEmpty() ? "; no cell was predicted from other measurements" : "");
	}

	/**
	 * Says where a what-if leaves the range the model was checked on: the app's cores,
	 * the latency of a downstream call and the concurrency of the checked cells.
	 * @param w the what-if
	 * @param bases each calibration's demands
	 * @param checked the concurrency of each checked cell
	 * @return one sentence
	 */
	static String range(WhatIf w, List<StackDemands> bases, List<Integer> checked) {
		if (bases.isEmpty() || checked.isEmpty()) {
			return "The model was not checked on this run's cells: the projection has no error bar.";
		}
		int minCores = bases.stream().mapToInt(StackDemands::appCores).min().orElseThrow();
		int maxCores = bases.stream().mapToInt(StackDemands::appCores).max().orElseThrow();
		double minLatency = bases.stream().mapToDouble(StackDemands::callLatencyMs).min().orElseThrow();
		double maxLatency = bases.stream().mapToDouble(StackDemands::callLatencyMs).max().orElseThrow();
		int minC = checked.stream().mapToInt(Integer::intValue).min().orElseThrow();
		int maxC = checked.stream().mapToInt(Integer::intValue).max().orElseThrow();
		StackDemands shape = w.apply(bases.get(0));
		List<String> beyond = new ArrayList<>();
		if (shape.appCores() < minCores || shape.appCores() > maxCores) {
			beyond.add(fmt("the app on %d cores (checked: %s)", shape.appCores(), span(minCores, maxCores)));
		}
		if (w.latencyMs() < minLatency || w.latencyMs() > maxLatency) {
			beyond.add(fmt("%.0f ms per downstream call (checked: %s ms)", w.latencyMs(),
					span((int) Math.round(minLatency), (int) Math.round(maxLatency))));
		}
		if (w.concurrency() < minC || w.concurrency() > maxC) {
			beyond.add(fmt("concurrency %d (checked: %s)", w.concurrency(), span(minC, maxC)));
		}
		if (!w.withHarness()) {
			beyond.add("the harness elsewhere (checked: on this machine)");
		}
		return beyond.isEmpty() ? "The projection stays within the range the model was checked on."
				: "The projection leaves the range the model was checked on: " + String.join("; ", beyond)
						+ ". Its error there is not known.";
	}

	private static String span(int min, int max) {
		return (min == max) ? String.valueOf(min) : min + "–" + max;
	}

}
