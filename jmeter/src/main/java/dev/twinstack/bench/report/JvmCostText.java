package dev.twinstack.bench.report;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.List;
import java.util.Map;

import dev.twinstack.bench.analysis.CpuCost;
import dev.twinstack.bench.load.warmup.WarmUp;
import dev.twinstack.bench.measure.GcCost;
import dev.twinstack.bench.measure.JitCompilation;
import dev.twinstack.bench.measure.PoolWaits;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.monitoring.JfrWindow;

/**
 * The words for a cell's GC pauses, allocation per request and pool waits over its steady
 * window, shared by the side-by-side tables and the scenario matrix, and the report's
 * "Where the CPU goes" section with each stack's flame graph.
 */
final class JvmCostText {

	static final String MISSING = "–";

	private JvmCostText() {
	}

	/**
	 * Returns the GC pauses of the window.
	 * @param gc the deltas, {@code null} when not read
	 * @return e.g. {@code 12 pauses, 85 ms in 28 s (0.30 %)}
	 */
	static String gcPauses(GcCost gc) {
		if (gc == null) {
			return MISSING;
		}
		return fmt("%d %s, %.0f ms in %.0f s", gc.gcPauses(), (gc.gcPauses() == 1) ? "pause" : "pauses", gc.gcPauseMs(),
				gc.seconds()) + ((gc.seconds() > 0) ? fmt(" (%.2f %%)", gc.gcPauseMs() / (gc.seconds() * 10)) : "");
	}

	/**
	 * Returns the bytes allocated per completed request over the window.
	 * @param gc the deltas, {@code null} when not read
	 * @return e.g. {@code 100.0 KB (1,700 MB for 17,400 requests)}
	 */
	static String allocation(GcCost gc) {
		if (gc == null || gc.allocatedBytesPerRequest() == null) {
			return MISSING;
		}
		return fmt("%.1f KB (%,.0f MB for %,d requests)", gc.allocatedBytesPerRequest() / 1024, gc.allocatedMb(),
				gc.requests());
	}

	/**
	 * Returns the JIT's compilation over one trial, in bold when it measured a JIT still
	 * at work.
	 * @param jit the compilation, {@code null} when not read
	 * @return e.g. {@code 0.1 s, 1 % of 7 s}
	 */
	static String jit(JitCompilation jit) {
		String text = jitText(jit, "%.1f s, %.0f %% of %.0f s");
		return (jit != null && jit.atWork(WarmUp.TRIAL_JIT_PERCENT)) ? text + " (JIT still at work)" : text;
	}

	/**
	 * Returns the JIT's compilation in each trial of a cell, in run order, the trials
	 * that measured a JIT still at work in bold.
	 * @param trials each trial's compilation, {@code null} where not read
	 * @return e.g. {@code 0.1 s (1 %) · **6.5 s (91 %)** · –}
	 */
	static String jitPerTrial(List<JitCompilation> trials) {
		return trials.stream()
			.map((jit) -> jitText(jit, "%.1f s (%.0f %%)"))
			.collect(java.util.stream.Collectors.joining(" · "));
	}

	/**
	 * Formats a trial's compilation (s, %, then the trial's length in s where the format
	 * has room), in bold above {@link WarmUp#TRIAL_JIT_PERCENT}.
	 */
	private static String jitText(JitCompilation jit, String format) {
		if (jit == null) {
			return MISSING;
		}
		String text = fmt(format, jit.compilationMs() / 1000, jit.percent(), jit.seconds());
		return jit.atWork(WarmUp.TRIAL_JIT_PERCENT) ? "**" + text + "**" : text;
	}

	/**
	 * Returns what the app's JFR recording says about its JIT in a trial's window.
	 * @param jfr the window, {@code null} when the recording could not be read
	 * @return e.g. {@code 6.45 s in 12 compilations ≥ 100 ms · 1,027 deoptimizations},
	 * {@code –} when the recording did not hold these events (a run before they were
	 * read)
	 */
	static String jfrJit(JfrWindow jfr) {
		if (jfr == null || jfr.deoptimizations() == null || jfr.compilationMs() == null) {
			return MISSING;
		}
		return fmt("%.2f s in %,d compilations ≥ %d ms · %,d deoptimizations", jfr.compilationMs() / 1000,
				jfr.compilations(), JfrWindow.PROFILE_COMPILATION_THRESHOLD_MS, jfr.deoptimizations());
	}

	/**
	 * Returns the pools' peaks over the window.
	 * @param pools the waits, {@code null} when not read
	 * @return e.g. {@code MongoDB 0 waiting (12 in use) · HTTP client 3 waiting · Tomcat
	 * 200 busy}
	 */
	static String pools(PoolWaits pools) {
		if (pools == null) {
			return MISSING;
		}
		StringBuilder text = new StringBuilder();
		if (pools.mongoWaitPeak() != null) {
			text.append(fmt("MongoDB %.0f waiting", pools.mongoWaitPeak()));
			if (pools.mongoCheckedOutPeak() != null) {
				text.append(fmt(" (%.0f in use)", pools.mongoCheckedOutPeak()));
			}
		}
		if (pools.clientPendingPeak() != null) {
			text.append(text.isEmpty() ? "" : " · ").append(fmt("HTTP client %.0f waiting", pools.clientPendingPeak()));
		}
		if (pools.tomcatBusyPeak() != null) {
			text.append(text.isEmpty() ? "" : " · ").append(fmt("Tomcat %.0f busy", pools.tomcatBusyPeak()));
		}
		return text.isEmpty() ? MISSING : text.toString();
	}

	/**
	 * Renders "Where the CPU goes" ({@code cpu.md.mustache}): per stack with a flame
	 * graph, its cell, the link, the app's CPU per request, the allocation per request
	 * and the GC pauses of the quoted trial's steady window.
	 * @param results the results
	 * @return Markdown, empty when no flame graph was drawn
	 */
	static String whereTheCpuGoes(BenchResults results) {
		List<CellResult> drawn = results.cells().stream().filter((cell) -> cell.flameGraph() != null).toList();
		if (drawn.isEmpty()) {
			return "";
		}
		List<FlameGraphRow> rows = drawn.stream().map((cell) -> {
			Double cpuMs = CpuCost.of(cell.cpu(), cell.steadyThroughput()).appMs();
			return new FlameGraphRow(cell.cell().stack().id(), cell.cell().id(), cell.flameGraph(),
					(cpuMs != null) ? fmt("%.2f ms", cpuMs) : MISSING, allocation(cell.gc()), gcPauses(cell.gc()));
		}).toList();
		return MarkdownMustacheFactory.render("cpu.md.mustache", Map.of("rows", rows));
	}

	/**
	 * One stack's flame graph, formatted.
	 *
	 * @param stack the stack's id
	 * @param cell the cell's id
	 * @param flameGraph the link to the HTML flame graph
	 * @param cpu the app's CPU per request
	 * @param allocated the allocation per request
	 * @param gcPauses the GC pauses of the steady window
	 */
	record FlameGraphRow(String stack, String cell, String flameGraph, String cpu, String allocated, String gcPauses) {
	}

}
