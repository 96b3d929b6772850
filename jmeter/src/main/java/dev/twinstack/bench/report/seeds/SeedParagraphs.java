package dev.twinstack.bench.report.seeds;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.List;

import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Stack;

import dev.twinstack.bench.report.seeds.SeedFindings.Change;
import dev.twinstack.bench.report.seeds.SeedFindings.Verdict;

/**
 * The paragraphs of the {@code seeds} section that set this machine's result against each
 * write-up's finding: every figure and every verdict in them is computed, from this run
 * and from the write-ups' quoted figures ({@link SeedFigures}).
 */
final class SeedParagraphs {

	private SeedParagraphs() {
	}

	/**
	 * Names what the parallel fanout did to a server's time to complete.
	 * @param change parallel's times against sequential's
	 * @return e.g. {@code parallel helped}
	 */
	static String effect(Change change) {
		return switch (change) {
			case LOWER -> "parallel helped";
			case HIGHER -> "parallel hurt";
			case SAME -> "no change beyond the trial spread";
		};
	}

	/**
	 * One stack's memory readings of seed 000's measurement.
	 *
	 * @param afterKb heap in use after the requests, per reading (kB)
	 * @param beforeMb heap in use after the full GC before them, per reading (MB)
	 * @param addedMb heap added by the requests, per reading (MB)
	 * @param afterGcMb heap after the full GC after them, per reading (MB)
	 * @param readingsWithGc readings during whose requests a GC ran
	 */
	record Memory(List<Double> afterKb, List<Double> beforeMb, List<Double> addedMb, List<Double> afterGcMb,
			long readingsWithGc) {
	}

	/**
	 * Writes seed 000's paragraph: the memory after the requests (the finding), then the
	 * {@code ab} throughput.
	 * @param coroutines coroutines' memory readings
	 * @param mvc mvc's
	 * @param coroutinesRps coroutines' requests per second in each {@code ab} test
	 * @param mvcRps mvc's
	 * @return Markdown
	 */
	static String finding000(Memory coroutines, Memory mvc, List<Double> coroutinesRps, List<Double> mvcRps) {
		double writtenAsync = SeedFindings.mean(SeedFigures.MEMORY_500_ASYNC);
		double writtenSync = SeedFindings.mean(SeedFigures.MEMORY_500_SYNC);
		Change written = SeedFindings.compare(SeedFigures.MEMORY_500_ASYNC, SeedFigures.MEMORY_500_SYNC);
		StringBuilder text = new StringBuilder();
		text.append(fmt(
				"The write-up found the coroutine server using about half the memory of the synchronous one "
						+ "after 500 requests (%.0f vs %.0f kb on average, %.0f %%; its five readings %s). ",
				writtenAsync, writtenSync, 100 * writtenAsync / writtenSync, overlapWords(written)));
		List<Double> coroutinesKb = coroutines.afterKb();
		List<Double> mvcKb = mvc.afterKb();
		if (coroutinesKb.isEmpty() || mvcKb.isEmpty()) {
			text.append("Here the memory was not measured for both stacks, so there is nothing to compare. ");
		}
		else {
			Change measured = SeedFindings.compare(coroutinesKb, mvcKb);
			Verdict verdict = SeedFindings.judge(List.of(measured), List.of(written));
			double ours = SeedFindings.mean(coroutinesKb);
			double theirs = SeedFindings.mean(mvcKb);
			text.append(fmt(
					"Here coroutines had %.0f kb of heap in use after the requests against mvc's %.0f kb "
							+ "(%.0f %%; readings %.0f–%.0f vs %.0f–%.0f kb): this machine **%s**",
					ours, theirs, 100 * ours / theirs, min(coroutinesKb), max(coroutinesKb), min(mvcKb), max(mvcKb),
					verdict.words()));
			if (!coroutines.afterGcMb().isEmpty() && !mvc.afterGcMb().isEmpty()) {
				text.append(fmt(" (after a full GC, what each app keeps: %.1f vs %.1f MB)",
						SeedFindings.mean(coroutines.afterGcMb()), SeedFindings.mean(mvc.afterGcMb())));
			}
			text.append(". ");
			if (!coroutines.beforeMb().isEmpty() && !mvc.beforeMb().isEmpty()) {
				text.append(fmt(
						"Each reading started from a full GC, as each of the write-up's executions started a fresh "
								+ "process: the heap after the requests is what the app kept before them (%.1f vs "
								+ "%.1f MB) plus what the requests allocated and no GC had freed (%.1f vs %.1f MB "
								+ "added)",
						SeedFindings.mean(coroutines.beforeMb()), SeedFindings.mean(mvc.beforeMb()),
						SeedFindings.mean(coroutines.addedMb()), SeedFindings.mean(mvc.addedMb())));
				long withGc = coroutines.readingsWithGc() + mvc.readingsWithGc();
				text.append((withGc == 0) ? ", no GC ran during the requests. "
						: fmt("; in %d reading(s) a GC ran during the requests and freed part of it. ", withGc));
			}
			else {
				text.append("The readings did not start from a full GC (no `jcmd`): the heap in use right after the "
						+ "requests includes garbage not yet collected, so it follows when the last GC ran as much as "
						+ "what the server keeps. ");
			}
		}
		Change writtenAb = SeedFindings.compare(SeedFigures.AB_RPS_ASYNC, SeedFigures.AB_RPS_SYNC);
		text.append(fmt(
				"Under `ab -n 1000 -c 10` the write-up's servers were close (%.0f vs %.0f req/s on average; "
						+ "its three tests %s). ",
				SeedFindings.mean(SeedFigures.AB_RPS_ASYNC), SeedFindings.mean(SeedFigures.AB_RPS_SYNC),
				overlapWords(writtenAb)));
		if (!coroutinesRps.isEmpty() && !mvcRps.isEmpty()) {
			Change measuredAb = SeedFindings.compare(coroutinesRps, mvcRps);
			text.append(fmt("Here coroutines served %.0f vs mvc's %.0f req/s (tests %.0f–%.0f vs %.0f–%.0f): %s.",
					SeedFindings.mean(coroutinesRps), SeedFindings.mean(mvcRps), min(coroutinesRps), max(coroutinesRps),
					min(mvcRps), max(mvcRps), switch (measuredAb) {
						case LOWER -> "mvc ahead beyond the trial spread";
						case HIGHER -> "coroutines ahead beyond the trial spread";
						case SAME -> "a tie within the trial spread, as in the write-up";
					}));
		}
		return text.toString();
	}

	/**
	 * Writes seed 001's paragraph from its parts, one per heap.
	 * @param parts e.g.
	 * {@code at -Xmx128m, sequential → parallel, coroutines …: this machine **agrees**}
	 * @return Markdown
	 */
	static String finding001(List<String> parts) {
		StringBuilder text = new StringBuilder(
				"The write-up found that parallel calls helped the coroutine server and hurt the blocking one: ");
		List<String> written = new java.util.ArrayList<>();
		for (int heapMb : List.of(128, 64)) {
			written.add(fmt("at %d MB, Coroutine %.0f → %.0f s and NonCoroutine %.0f → %.0f s", heapMb,
					seconds(Stack.COROUTINES, heapMb, Fanout.SEQUENTIAL),
					seconds(Stack.COROUTINES, heapMb, Fanout.PARALLEL), seconds(Stack.MVC, heapMb, Fanout.SEQUENTIAL),
					seconds(Stack.MVC, heapMb, Fanout.PARALLEL)));
		}
		text.append(String.join("; ", written)).append(" to complete the 200 requests. ");
		text.append("Here, ").append(String.join(". And ", parts)).append(". ");
		text.append("(Time to complete: from JMeter's first request to its last answer; the write-up's times include "
				+ "its plan's 300 ms between calls, about 3 s for each client's 10 loops.)");
		return text.toString();
	}

	private static double seconds(Stack stack, int heapMb, Fanout fanout) {
		return SeedFigures.run001(stack, heapMb, fanout).seconds();
	}

	private static String overlapWords(Change change) {
		return (change == Change.SAME) ? "overlap, a tie by the same rule" : "do not overlap";
	}

	private static double min(List<Double> values) {
		return values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
	}

	private static double max(List<Double> values) {
		return values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
	}

}
