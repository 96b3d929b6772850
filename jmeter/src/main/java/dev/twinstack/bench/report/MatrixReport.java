package dev.twinstack.bench.report;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.twinstack.bench.analysis.AppStages;
import dev.twinstack.bench.analysis.Ceiling;
import dev.twinstack.bench.analysis.CpuCost;
import dev.twinstack.bench.analysis.CrossCheck;
import dev.twinstack.bench.analysis.KneeFinder;
import dev.twinstack.bench.analysis.LittlesLaw;
import dev.twinstack.bench.analysis.ScenarioAnalysis;
import dev.twinstack.bench.load.ErrorKind;
import dev.twinstack.bench.load.ScheduledLatency;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Scenario;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.Spread;
import dev.twinstack.bench.report.queueing.RunModel;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.results.TrialFigures;
import dev.twinstack.monitoring.JfrWindow;

/**
 * Renders the scenario matrix for report.md: per workload, one side-by-side table per
 * (load, heap) with one column per stack (medians over the trials with min–max, the
 * ceilings, efficiency, validity and the app's health), the knee of each concurrency
 * sweep, and a short generated analysis.
 */
public final class MatrixReport {

	private static final String MISSING = "—";

	private MatrixReport() {
	}

	/**
	 * Renders every workload's section.
	 * @param summaries the cells over their trials
	 * @param stacks the stacks, in column order
	 * @return Markdown
	 */
	static String render(List<CellSummary> summaries, List<Stack> stacks) {
		return render(summaries, stacks, RunModel.NONE);
	}

	/**
	 * Renders every workload's section, with the model's prediction of each cell.
	 * @param summaries the cells over their trials
	 * @param stacks the stacks, in column order
	 * @param model the run's model
	 * @return Markdown
	 */
	static String render(List<CellSummary> summaries, List<Stack> stacks, RunModel model) {
		return render(summaries, stacks, model, List.of());
	}

	/**
	 * Renders every workload's section, with the model's prediction of each cell and what
	 * each trial's JFR recording says about the JIT.
	 * @param summaries the cells over their trials
	 * @param stacks the stacks, in column order
	 * @param model the run's model
	 * @param trials every trial's full results, in run order (empty when not at hand)
	 * @return Markdown
	 */
	static String render(List<CellSummary> summaries, List<Stack> stacks, RunModel model, List<CellResult> trials) {
		Map<Workload, List<CellSummary>> byWorkload = new LinkedHashMap<>();
		summaries.stream()
			.sorted(Comparator.comparing((CellSummary s) -> s.cell().workload()))
			.forEach((s) -> byWorkload.computeIfAbsent(s.cell().workload(), (w) -> new ArrayList<>()).add(s));
		List<WorkloadView> workloads = new ArrayList<>();
		byWorkload.forEach((workload, cells) -> {
			Map<String, List<CellSummary>> groups = new LinkedHashMap<>();
			cells.forEach(
					(s) -> groups.computeIfAbsent(RunModel.loadAndHeap(s.cell()), (key) -> new ArrayList<>()).add(s));
			List<CellSummary> representative = representative(groups);
			String analysis = ScenarioAnalysis.write(workload, RunModel.loadAndHeap(representative.get(0).cell()),
					representative.stream().map(CellSummary::figures).toList());
			List<TableView> tables = new ArrayList<>();
			groups.forEach((name, group) -> tables.add(table(name, group, stacks, model, trials)));
			workloads.add(new WorkloadView(workload.id(), analysis, knees(cells, stacks), tables));
		});
		return MarkdownMustacheFactory.render("matrix.md.mustache", new MatrixView(workloads));
	}

	/**
	 * The closed cells on the default heap at the highest concurrency, else the first
	 * group.
	 */
	private static List<CellSummary> representative(Map<String, List<CellSummary>> groups) {
		return groups.values()
			.stream()
			.filter((group) -> group.get(0).cell().heap().isDefault() && group.get(0).cell().load() == LoadModel.CLOSED)
			.max(Comparator.comparingInt((List<CellSummary> group) -> group.get(0).cell().concurrency()))
			.orElse(groups.values().iterator().next());
	}

	private static List<String> knees(List<CellSummary> cells, List<Stack> stacks) {
		List<String> lines = new ArrayList<>();
		for (Stack stack : stacks) {
			Map<Heap, List<KneeFinder.Point>> sweeps = new LinkedHashMap<>();
			cells.stream()
				.filter((s) -> s.cell().stack() == stack && s.cell().load() == LoadModel.CLOSED)
				.forEach((s) -> sweeps.computeIfAbsent(s.cell().heap(), (h) -> new ArrayList<>())
					// successful requests only: an app out of memory answers errors fast
					.add(new KneeFinder.Point(s.cell().concurrency(), s.throughput().median() * (1 - s.errorRate()))));
			sweeps.forEach((heap, points) -> KneeFinder.find(points)
				.ifPresent((knee) -> lines.add("Knee of " + stack.id() + (heap.isDefault() ? "" : " (heap " + heap
					.id() + ")") + ": " + ((knee.concurrency() != null) ? fmt(
							"c = %d (%.0f req/s); beyond it an added client buys less than half its share of throughput (requests queue, latency grows)",
							knee.concurrency(), knee.throughput())
							: "none up to c = "
									+ points.stream().mapToInt(KneeFinder.Point::concurrency).max().orElse(0)
									+ ": throughput still grew with concurrency")
						+ fmt("; peak %.0f req/s at c = %d.", knee.peakThroughput(), knee.peakConcurrency()))));
		}
		return lines;
	}

	private static TableView table(String name, List<CellSummary> group, List<Stack> stacks, RunModel model,
			List<CellResult> trials) {
		Workload workload = group.get(0).cell().workload();
		List<RowView> rows = new ArrayList<>();
		List<CellSummary> columns = stacks.stream()
			.map((stack) -> group.stream().filter((s) -> s.cell().stack() == stack).findFirst().orElse(null))
			.toList();
		row(rows, "Requests per second, steady (median, min–max)", columns, (s) -> spread(s.throughput(), "%.1f"));
		if (group.stream().anyMatch((s) -> s.trialNoise() != null)) {
			row(rows, "Trial spread (what the seconds' noise alone gives)", columns, (s) -> (s.trialNoise() == null)
					? MISSING
					: (s.trialNoise().beyond() ? "**" + s.trialNoise().describe() + "**" : s.trialNoise().describe()));
		}
		row(rows, "Latency p50 / p99 / p99.9 / max (ms)", columns,
				(s) -> fmt("%.0f / %.0f / ", s.p50Ms().median(), s.p99Ms().median())
						+ (Double.isNaN(s.p999Ms().median()) ? MISSING : fmt("%.0f", s.p999Ms().median()))
						+ fmt(" / %.0f", s.maxMs().median()));
		row(rows, "Errors (the most frequent kinds, over the trials)", columns, MatrixReport::errors);
		if (workload.scenario() == Scenario.LARGE_PAYLOAD) {
			row(rows, "Transfer rate (KB/s)", columns, (s) -> spread(s.transferKBps(), "%,.0f"));
		}
		row(rows, "Peak heap used / live threads", columns,
				(s) -> Optional.ofNullable(s.peakHeapMb()).map((heap) -> fmt("%.0f MB", heap)).orElse(MISSING) + " / "
						+ Optional.ofNullable(s.peakThreads()).map((threads) -> fmt("%.0f", threads)).orElse(MISSING));
		row(rows, "App CPU per request (ms of one core)", columns,
				(s) -> Optional.ofNullable(s.cpuMsPerRequest()).map((ms) -> fmt("%.2f", ms)).orElse(MISSING));
		row(rows, "Harness CPU per request: JMeter + mocks (ms)", columns, MatrixReport::harnessCost);
		row(rows, "Machine CPU per request, all processes (ms)", columns,
				(s) -> Optional.ofNullable(s.cpuCost().machineMs()).map((ms) -> fmt("%.2f", ms)).orElse(MISSING));
		row(rows, "GC pauses in the steady window (median)", columns, (s) -> JvmCostText.gcPauses(s.gc()));
		row(rows, "Allocated per request (median)", columns, (s) -> JvmCostText.allocation(s.gc()));
		row(rows, "Pool waits, highest peak", columns, (s) -> JvmCostText.pools(s.pools()));
		if (group.stream().anyMatch((s) -> s.trials().stream().anyMatch((t) -> t.jit() != null))) {
			row(rows, "JIT compilation per trial, s (% of the trial)", columns,
					(s) -> JvmCostText.jitPerTrial(s.trials().stream().map(TrialFigures::jit).toList()));
		}
		if (group.stream().anyMatch((s) -> jfrWindows(s.cell(), trials).stream().anyMatch(Objects::nonNull))) {
			row(rows, "JIT per trial (JFR): compilations ≥ " + JfrWindow.PROFILE_COMPILATION_THRESHOLD_MS
					+ " ms / deoptimizations", columns, (s) -> jfrJit(jfrWindows(s.cell(), trials)));
		}
		row(rows, "CPU ceiling (utilization law)", columns,
				(s) -> Optional.ofNullable(s.ceiling().cpuCeiling()).map((c) -> fmt("%.1f req/s", c)).orElse(MISSING));
		if (workload.ioBound()) {
			row(rows, "Ideal latency (downstream + base)", columns, MatrixReport::ideal);
			row(rows, "Little's-law ceiling", columns,
					(s) -> Optional.ofNullable(s.ceiling().concurrencyCeiling())
						.map((c) -> fmt("%.1f req/s (%d in flight)", c, s.threads()))
						.orElse(MISSING));
			row(rows, "Thread ceiling", columns,
					(s) -> Optional.ofNullable(s.ceiling().threadCeiling())
						.map((c) -> fmt("%.1f req/s (%d threads)", c, s.ceiling().threadCap()))
						.orElse("none"));
		}
		row(rows, "Efficiency (of the lowest ceiling)", columns,
				(s) -> Optional.ofNullable(s.ceiling().efficiency())
					.map((e) -> fmt("%.0f %% (%s)", e * 100, s.ceiling().boundBy()))
					.orElse(MISSING));
		if (group.get(0).cell().load() == LoadModel.OPEN) {
			row(rows, "Latency from the intended send p50 / p99 (service p50 / p99), ms", columns,
					(s) -> scheduled(s, (l) -> fmt("%.0f / %.0f", l.intended().p50Ms(), l.intended().p99Ms()))
							+ fmt(" (%.0f / %.0f)", s.p50Ms().median(), s.p99Ms().median()));
			row(rows, "Late sends (> " + ScheduledLatency.LATE_MS + " ms after schedule): the generator's share",
					columns, (s) -> scheduled(s,
							(l) -> fmt("%.1f %% (lateness p99 %.0f ms)", l.lateShare() * 100, l.latenessP99Ms())));
			row(rows, "Requested rate kept", columns,
					(s) -> Boolean.TRUE.equals(s.rateKept()) ? "yes" : fmt("**no**: %.0f of %d req/s started",
							Optional.ofNullable(s.arrivalRate()).orElse(0.0), s.cell().rate()));
		}
		if (group.stream().anyMatch((s) -> s.crossCheck() != null)) {
			row(rows, "Cross-check: JMeter ÷ wrk, throughput / p50", columns,
					(s) -> (s.crossCheck() == null) ? MISSING : crossCheck(s.crossCheck()));
		}
		if (group.stream().anyMatch((s) -> model.check(s.cell()).isPresent())) {
			row(rows, "Model: predicted req/s / mean latency (calibrated at c)", columns,
					(s) -> model.check(s.cell())
						.map((c) -> fmt("%.1f req/s / %.0f ms (c = %d; bound by %s)", c.predictedThroughput(),
								c.predictedLatencyMs(), c.calibratedAt(), c.binding()))
						.orElse(MISSING));
			row(rows, "Measured ÷ predicted: throughput / mean latency", columns,
					(s) -> model.check(s.cell())
						.map((c) -> (c.off() ? "**" : "") + fmt("%.2f", c.throughputRatio()) + (c.off() ? "**" : "")
								+ " / " + ((c.latencyRatio() != null) ? fmt("%.2f", c.latencyRatio()) : MISSING))
						.orElse(MISSING));
		}
		if (group.stream().anyMatch((s) -> s.littlesLaw() != null)) {
			row(rows, "Little's law: in flight at the app (from its served time) / λ·R", columns,
					MatrixReport::littlesLaw);
		}
		if (group.stream().anyMatch((s) -> s.littlesLaw() != null && s.littlesLaw().stages() != null)) {
			row(rows, "In the app per request, ms (its timers): all: calls × each / insert / elsewhere", columns,
					MatrixReport::stages);
		}
		row(rows, "App", columns,
				(s) -> s.health().needsRestart() ? "**" + s.health().status() + "**: " + s.health().cause() : "ok");
		row(rows, "Validity", columns, MatrixReport::validity);
		return new TableView(workload.id() + ", " + name, stacks.stream().map(Stack::title).toList(), rows);
	}

	private static String littlesLaw(CellSummary s) {
		LittlesLaw check = s.littlesLaw();
		if (check == null) {
			return MISSING;
		}
		boolean flagged = check.warning(s.cell()) != null;
		return fmt("%.1f%s / %.1f", check.appInFlight(),
				(check.servedInFlight() != null) ? fmt(" (%.1f)", check.servedInFlight()) : "", check.clientInFlight())
				+ ((check.deviation() != null) ? ": " + (flagged ? "**" : "") + fmt("%+.0f %%", check.deviation() * 100)
						+ (flagged ? "**" : "") : "");
	}

	private static String stages(CellSummary s) {
		AppStages stages = (s.littlesLaw() != null) ? s.littlesLaw().stages() : null;
		if (stages == null) {
			return MISSING;
		}
		return fmt("%.0f: %.0f × %.0f / %.0f / %.0f", stages.residenceMs(), stages.callsPerRequest(), stages.callMs(),
				stages.databaseMs(), stages.otherMs())
				+ ((stages.lockBusy() != null) ? fmt(" (database lock %.0f %% busy)", stages.lockBusy() * 100) : "");
	}

	private static String validity(CellSummary s) {
		List<String> said = new ArrayList<>(s.validity().reasons());
		s.validity().warnings().forEach((warning) -> said.add("**warning**: " + warning));
		s.validity().checks().forEach((check) -> said.add("**warning, a reading is off**: " + check));
		return said.isEmpty() ? s.validity().label() : s.validity().label() + ": " + String.join("; ", said);
	}

	/**
	 * Returns the JFR window of each of a cell's trials, in run order, {@code null} for a
	 * trial whose recording was not read or held no JIT events.
	 */
	private static List<JfrWindow> jfrWindows(Cell cell, List<CellResult> trials) {
		return trials.stream()
			.filter((trial) -> trial.cell().equals(cell))
			.map((trial) -> (trial.jfr() != null && trial.jfr().jfr() != null
					&& trial.jfr().jfr().deoptimizations() != null) ? trial.jfr().jfr() : null)
			.toList();
	}

	private static String jfrJit(List<JfrWindow> windows) {
		if (windows.stream().noneMatch(Objects::nonNull)) {
			return MISSING;
		}
		return windows.stream()
			.map((jfr) -> (jfr != null) ? fmt("%.1f s / %,d", jfr.compilationMs() / 1000, jfr.deoptimizations())
					: JvmCostText.MISSING)
			.collect(Collectors.joining(" · "));
	}

	/**
	 * Words a cell's errors: their share, then the two most frequent kinds.
	 * @return e.g. {@code 0.53 % (12 reset, 3 http-503)}, {@code 0.00 %} without errors
	 */
	static String errors(CellSummary s) {
		Map<String, Long> kinds = s.errorsByKind();
		String rate = fmt("%.2f %%", s.errorRate() * 100);
		return (kinds == null || kinds.isEmpty()) ? rate : rate + " (" + ErrorKind.describe(kinds, 2) + ")";
	}

	private static String harnessCost(CellSummary s) {
		CpuCost cost = s.cpuCost();
		if (cost.loadGeneratorMs() == null || cost.mocksMs() == null) {
			return MISSING;
		}
		return fmt("%.2f + %.2f", cost.loadGeneratorMs(), cost.mocksMs());
	}

	private static String ideal(CellSummary s) {
		Ceiling c = s.ceiling();
		if (c.idealLatencyMs() == null) {
			return MISSING;
		}
		return (c.baseLatencyMs() != null)
				? fmt("%.0f ms (%.0f + %.1f)", c.idealLatencyMs(), c.downstreamMs(), c.baseLatencyMs())
				: fmt("%.0f ms", c.idealLatencyMs());
	}

	private static void row(List<RowView> rows, String label, List<CellSummary> columns,
			Function<CellSummary, String> value) {
		rows.add(new RowView(label, columns.stream().map((s) -> (s != null) ? value.apply(s) : MISSING).toList()));
	}

	/**
	 * Describes the open model's latency from the intended send time, of the cell's trial
	 * with the median intended p99.
	 * @return the text, {@value #MISSING} without a schedule
	 */
	private static String scheduled(CellSummary summary, Function<ScheduledLatency, String> text) {
		List<ScheduledLatency> trials = summary.trials()
			.stream()
			.map(TrialFigures::scheduled)
			.filter(Objects::nonNull)
			.sorted(Comparator.comparingDouble((l) -> l.intended().p99Ms()))
			.toList();
		return trials.isEmpty() ? MISSING : text.apply(trials.get(trials.size() / 2));
	}

	private static String spread(Spread spread, String format) {
		if (spread.trials() == 1) {
			return fmt(format, spread.median());
		}
		return fmt(format, spread.median()) + " (" + fmt(format, spread.min()) + "–" + fmt(format, spread.max()) + ")";
	}

	/** The view of {@code matrix.md.mustache}: the workloads in order. */
	record MatrixView(List<WorkloadView> workloads) {
	}

	/**
	 * One workload's section.
	 *
	 * @param id the workload's id
	 * @param analysis the generated paragraph
	 * @param knees one line per stack and heap with a knee
	 * @param tables one side-by-side table per load and heap
	 */
	record WorkloadView(String id, String analysis, List<String> knees, List<TableView> tables) {

		boolean anyKnee() {
			return !this.knees.isEmpty();
		}

	}

	/**
	 * One side-by-side table, one column per stack.
	 *
	 * @param title the heading, e.g. {@code cpu-light, closed, c = 400, default heap}
	 * @param stacks the stacks' titles
	 * @param rows the measures
	 */
	record TableView(String title, List<String> stacks, List<RowView> rows) {
	}

	/**
	 * One measure, formatted per stack.
	 *
	 * @param label the measure
	 * @param cells one value per stack
	 */
	record RowView(String label, List<String> cells) {
	}

	/**
	 * Words a cell's cross-check: the median ratios, bold outside the tolerance, with the
	 * pairs' range when there are two or more, and the quoted wrk run.
	 */
	private static String crossCheck(CrossCheck check) {
		String bold = check.agrees() ? "" : "**";
		String ratios = fmt("%s%.2f / %.2f%s", bold, check.throughputRatio(), check.p50Ratio(), bold);
		String range = (check.pairs().size() < 2) ? "" : fmt("%d pairs, throughput %.2f–%.2f; ", check.pairs().size(),
				check.throughputRatios().min(), check.throughputRatios().max());
		return fmt("%s (%swrk %.1f req/s, p50 %.0f ms)", ratios, range, check.wrk().throughput(), check.wrk().p50Ms());
	}

}
