package dev.twinstack.bench.report.queueing;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.twinstack.bench.analysis.LittlesLaw;
import dev.twinstack.bench.analysis.ModelFit;
import dev.twinstack.bench.analysis.Winners;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.queueing.LoadDependentDemands;
import dev.twinstack.bench.queueing.Prediction;
import dev.twinstack.bench.queueing.StackDemands;
import dev.twinstack.bench.queueing.WhatIf;
import dev.twinstack.bench.report.CapacityRows;
import dev.twinstack.bench.report.ComparisonRows;
import dev.twinstack.bench.report.MarkdownMustacheFactory;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellSummary;

/**
 * The report's sections of the queueing model and the verdict, rendered from the mustache
 * templates next to this class ({@code *.md.mustache}): the verdict and the winners grid
 * on top, the model against the measurement, and the what-if projection (a model
 * projection, kept apart from every measurement).
 */
public final class ModelSections {

	static final String TEMPLATES = "dev/twinstack/bench/report/queueing";

	/** At most this many rankings in the verdict. */
	static final int VERDICT_LINES = 5;

	/** One colour per stack, in stack order, as the charts' palette; ties in white. */
	private static final List<String> SWATCHES = List.of("🟦", "🟩", "🟧", "🟪", "🟫");

	private static final String TIE = "⬜";

	private ModelSections() {
	}

	/**
	 * Renders the verdict: per headline comparison every stack ranked with its ratio to
	 * the best ({@link StackRanking}) and why the leader leads; the winners grid when the
	 * run has more than one comparison.
	 * @param results the run
	 * @param model the run's model
	 * @return Markdown, empty without a comparison
	 */
	public static String verdict(BenchResults results, RunModel model) {
		List<String> capacity = CapacityRows.lines(results);
		if (model.outcomes().isEmpty()) {
			return capacity.isEmpty() ? "" : render("verdict.md.mustache", new VerdictView(List.of(), List.of(),
					List.of(), "", Winners.NOISE_PERCENT, false, false, capacity, objective(results)));
		}
		List<Stack> stacks = results.settings().stacks();
		List<StackRanking> headline = StackRanking.headline(model, stacks);
		List<RankingView> rankings = headline.stream().limit(VERDICT_LINES).map(ModelSections::ranking).toList();
		List<String> columns = new ArrayList<>();
		Map<Workload, Map<String, String>> grid = new LinkedHashMap<>();
		for (RunModel.Comparison comparison : model.outcomes()) {
			String column = column(comparison.cells().get(0).cell());
			if (!columns.contains(column)) {
				columns.add(column);
			}
			grid.computeIfAbsent(comparison.workload(), (w) -> new LinkedHashMap<>())
				.put(column, swatch(results, comparison.outcome()) + " " + comparison.outcome().label()
						+ (anyInvalid(comparison.outcome()) ? " †" : ""));
		}
		String capacityColumn = CapacityRows.column(results);
		String capacityLeader = CapacityRows.leader(results);
		if (capacityColumn != null && capacityLeader != null) {
			// the capacity's workload: its rungs' (composite sequential in the profile)
			columns.add(capacityColumn);
			grid.computeIfAbsent(results.matrix()
				.stream()
				.filter((cell) -> cell.cell().load() == LoadModel.OPEN)
				.findFirst()
				.map((cell) -> cell.cell().workload())
				.orElse(Workload.COMPOSITE_SEQUENTIAL), (w) -> new LinkedHashMap<>())
				.put(capacityColumn,
						(CapacityRows.tie(capacityLeader) ? TIE
								: swatch(results, capacityLeader.substring(0, capacityLeader.indexOf(' ')))) + " "
								+ capacityLeader);
		}
		List<GridRow> rows = new ArrayList<>();
		grid.forEach((workload, cells) -> rows.add(new GridRow(workload.id(),
				columns.stream().map((column) -> cells.getOrDefault(column, "—")).toList())));
		List<String> legend = new ArrayList<>();
		for (Stack stack : stacks) {
			legend.add(swatch(results, stack.id()) + " " + stack.id());
		}
		legend.add(TIE + " tie or contested");
		// a grid of one comparison repeats the ranking above it
		boolean showGrid = model.outcomes().size() + ((capacityColumn != null && capacityLeader != null) ? 1 : 0) > 1;
		return render("verdict.md.mustache",
				new VerdictView(rankings, showGrid ? columns : List.of(), showGrid ? rows : List.of(),
						String.join(" · ", legend), Winners.NOISE_PERCENT, headline.size() > VERDICT_LINES, showGrid,
						capacity, objective(results)));
	}

	/** The capacity's objective, {@code null} when the run searched none. */
	private static String objective(BenchResults results) {
		return results.capacity().isEmpty() ? null : results.capacity().get(0).objective();
	}

	private static RankingView ranking(StackRanking ranking) {
		List<RankRow> rows = ranking.places()
			.stream()
			.map((place) -> new RankRow(String.valueOf(place.rank()), place.stack(),
					StackRanking.throughput(place).replace(" req/s", "").replace("trials ", ""),
					fmt("%.2f", place.ratio()), fmt("%.0f ms", place.cell().p99Ms().median()),
					ComparisonRows.ceiling(place.cell().ceiling()), place.call(ranking.best())))
			.toList();
		return new RankingView(ranking.title(), rows,
				ranking.unranked().isEmpty() ? null : String.join("; ", ranking.unranked()),
				// the comparison's name is the ranking's heading
				line(ranking).replaceFirst("^\\*\\*[^*]*\\*\\*: ", ""));
	}

	private static boolean anyInvalid(Winners.Outcome outcome) {
		return !outcome.leader().valid() || (outcome.runnerUp() != null && !outcome.runnerUp().valid());
	}

	/**
	 * The sentence under a ranking: its two best valid cells by the winners' rule, the
	 * rule the ranking applies; a cell judged invalid is never a side of it.
	 */
	private static String line(StackRanking ranking) {
		RunModel.Comparison comparison = ranking.comparison();
		String head = "**" + comparison.workload().id() + ", " + comparison.group() + "**: ";
		List<Winners.Contender> valid = ranking.places().stream().map(StackRanking.Place::contender).toList();
		if (valid.isEmpty()) {
			return head + "no claim: no cell here was judged valid.";
		}
		Winners.Outcome o = Winners.decide(valid);
		Winners.Contender l = o.leader();
		if (o.call() == Winners.Call.ALONE) {
			return head + l.stack()
					+ ((comparison.cells().size() > 1) ? " alone has a valid cell: " : " alone ran it: ")
					+ fmt("%.0f req/s", l.throughput().median()) + ".";
		}
		Winners.Contender r = o.runnerUp();
		String figures = fmt("%.0f vs %.0f req/s, trials %.0f–%.0f vs %.0f–%.0f", l.throughput().median(),
				r.throughput().median(), l.throughput().min(), l.throughput().max(), r.throughput().min(),
				r.throughput().max());
		String wrk = (o.wrkAgrees() == null) ? "wrk did not run both" : fmt("wrk %.0f vs %.0f req/s %s",
				l.wrkThroughput(), r.wrkThroughput(), o.wrkAgrees() ? "agrees" : "ranks them the other way");
		return switch (o.call()) {
			case TIE -> head + "tie between " + l.stack() + " and " + r.stack() + fmt(" (%+.0f %%; ", o.margin() * 100)
					+ figures + ": within the trial spread; " + wrk + ").";
			case CONTESTED -> head + "no claim: JMeter puts " + l.stack() + fmt(" %.0f %% ahead of ", o.margin() * 100)
					+ r.stack() + " (" + figures + "), but " + wrk + ".";
			default -> head + l.stack() + fmt(" serves %.0f %% more than ", o.margin() * 100) + r.stack() + " ("
					+ figures + "; " + wrk + "), because " + why(comparison, o) + ".";
		};
	}

	private static String why(RunModel.Comparison comparison, Winners.Outcome o) {
		CellSummary leader = cell(comparison, o.leader().stack());
		CellSummary runnerUp = cell(comparison, o.runnerUp().stack());
		return Winners.why(o.leader().stack(), leader.ceiling(), leader.cpuMsPerRequest(), o.runnerUp().stack(),
				runnerUp.ceiling(), runnerUp.cpuMsPerRequest());
	}

	private static CellSummary cell(RunModel.Comparison comparison, String stack) {
		return comparison.cells().stream().filter((s) -> s.cell().stack().id().equals(stack)).findFirst().orElseThrow();
	}

	private static String swatch(BenchResults results, Winners.Outcome outcome) {
		return switch (outcome.call()) {
			case WIN, ALONE -> swatch(results, outcome.leader().stack());
			default -> TIE;
		};
	}

	private static String swatch(BenchResults results, String stack) {
		List<Stack> stacks = results.settings().stacks();
		int index = 0;
		for (int i = 0; i < stacks.size(); i++) {
			if (stacks.get(i).id().equals(stack)) {
				index = i;
			}
		}
		return SWATCHES.get(index % SWATCHES.size());
	}

	/**
	 * The grid's column of a cell: its load level, and its heap and placement when not
	 * the default.
	 */
	static String column(Cell cell) {
		return cell.loadLabel() + (cell.heap().isDefault() ? "" : ", heap " + cell.heap().id())
				+ (cell.appCpus().isAll() ? "" : ", app on " + cell.appCpus().id() + " cpu");
	}

	/**
	 * Renders the model against the measurement: the demands, one row per cell, the
	 * misses named.
	 * @param results the run
	 * @param model the run's model
	 * @return Markdown, empty when no cell could be predicted
	 */
	public static String model(BenchResults results, RunModel model) {
		if (model.checks().isEmpty()) {
			return "";
		}
		List<DemandRow> demands = new ArrayList<>();
		model.demands()
			.forEach((cell, d) -> demands.add(new DemandRow(cell.stack().id(), cell.workload().id(),
					RunModel.group(cell), fmt("%.2f (%d)", d.appCpuMs(), d.appCores()),
					(d.harnessCores() == StackDemands.SHARED) ? fmt("%.2f (shared)", d.harnessCpuMs())
							: fmt("%.2f (%d)", d.harnessCpuMs(), d.harnessCores()),
					fmt("%.0f", d.downstreamMs()), fmt("%.1f", d.otherDelayMs()),
					(d.threads() == 0) ? "none" : String.valueOf(d.threads()))));
		List<CheckRow> rows = new ArrayList<>();
		List<String> misses = new ArrayList<>();
		int within = 0;
		int predicted = 0;
		int predictedWithin = 0;
		int placed = 0;
		int placedWithin = 0;
		int bursty = 0;
		int burstyWithin = 0;
		for (CellSummary summary : results.matrix()) {
			Optional<ModelFit.Check> found = model.check(summary.cell());
			if (found.isEmpty()) {
				continue;
			}
			ModelFit.Check c = found.get();
			within += c.off() ? 0 : 1;
			RunModel.Kind kind = model.kind(summary.cell()).orElse(RunModel.Kind.SAME_CELL);
			if (kind.predicted()) {
				predicted++;
				predictedWithin += c.off() ? 0 : 1;
			}
			double measured = summary.throughput().median() * (1 - summary.errorRate());
			if (c.burstyThroughput() != null) {
				bursty++;
				burstyWithin += (Math.abs(measured / c.burstyThroughput() - 1) <= ModelFit.TOLERANCE) ? 1 : 0;
			}
			rows.add(new CheckRow(summary.cell().id(), kind.label(),
					model.source(summary.cell()).orElse(String.valueOf(c.calibratedAt())),
					fmt("%.1f", c.predictedThroughput()), fmt("%.1f", measured),
					(c.off() ? "**" : "") + fmt("%.2f", c.throughputRatio()) + (c.off() ? "**" : ""),
					fmt("%.0f", c.predictedLatencyMs()),
					(c.latencyRatio() != null) ? fmt("%.2f", c.latencyRatio()) : "—", c.binding(),
					(c.ownCpuThroughput() != null) ? fmt("%.1f", c.ownCpuThroughput()) : "—",
					(c.burstyThroughput() != null) ? fmt("%.1f", c.burstyThroughput()) : "—",
					model.placementCheck(summary.cell()).map((p) -> fmt("%.2f", p.throughputRatio())).orElse("—"),
					(summary.littlesLaw() != null && summary.littlesLaw().sendDispersion() != null)
							? fmt("%.1f", summary.littlesLaw().sendDispersion()) : "—"));
			String invalid = summary.validity().valid() ? "" : " (the cell is " + summary.validity().label() + ")";
			if (c.off()) {
				misses.add("`" + summary.cell().id() + "` " + fmt("%.2f×", c.throughputRatio()) + ": " + c.leftOut()
						+ invalid);
			}
			Optional<ModelFit.Check> placement = model.placementCheck(summary.cell());
			if (placement.isPresent()) {
				placed++;
				placedWithin += placement.get().off() ? 0 : 1;
				if (placement.get().off()) {
					misses.add("`" + summary.cell().id() + "` from the other placement "
							+ fmt("%.2f×", placement.get().throughputRatio()) + ": " + placement.get().leftOut()
							+ invalid);
				}
			}
		}
		return render("model.md.mustache", new ModelView(demands, rows, misses, within, rows.size(), predictedWithin,
				predicted, placedWithin, placed, burstyWithin, bursty, (int) Math.round(ModelFit.TOLERANCE * 100)));
	}

	/**
	 * Renders the what-if projection of {@code bench.project}.
	 * @param model the run's model
	 * @return Markdown, empty when no what-if was asked for
	 */
	public static String projection(RunModel model) {
		if (model.whatIf() == null) {
			return "";
		}
		List<ProjectionRow> rows = new ArrayList<>();
		model.curves().forEach((cell, measured) -> {
			if (!cell.heap().isDefault()) {
				return;
			}
			StackDemands shape = model.whatIf().apply(measured);
			Prediction p = model.whatIf().predict(measured);
			rows.add(new ProjectionRow(cell.stack().id(), cell.workload().id(), RunModel.group(cell),
					measured.describe(model.whatIf().concurrency()),
					(shape.harnessCores() == StackDemands.SHARED) ? shape.appCores() + " shared"
							: shape.appCores() + " app + " + shape.harnessCores() + " harness",
					fmt("%.0f", shape.downstreamMs()), fmt("%.0f", p.throughput()), fmt("%.0f", p.latencyMs()),
					fmt("%s (%.0f req/s)", p.binding().name(), p.binding().throughput()), errorBar(model, cell)));
		});
		WhatIfView whatIf = new WhatIfView(model.whatIf().cores(), fmt("%.0f", model.whatIf().latencyMs()),
				model.whatIf().concurrency(), model.whatIf().withHarness() ? "same machine" : "elsewhere");
		return render("projection.md.mustache", new ProjectionView(whatIf, rows, range(model)));
	}

	/**
	 * The model's measured error on this run's cells of a stack and workload, beside its
	 * projection: the largest |measured ÷ predicted − 1| over its predicted cells (the
	 * shape checks only when none was predicted), and how many lie within the tolerance.
	 * @param model the run's model
	 * @param cell a cell of the stack and workload
	 * @return e.g. {@code model within 6 % on 2 of 2 cells of this run (other loads)}
	 */
	static String errorBar(RunModel model, Cell cell) {
		return ErrorBar.describe(model.checks()
			.entrySet()
			.stream()
			.filter((e) -> e.getKey().stack() == cell.stack() && e.getKey().workload() == cell.workload())
			.map((e) -> {
				RunModel.Kind kind = model.kind(e.getKey()).orElse(RunModel.Kind.SAME_CELL);
				return new ErrorBar.Checked(e.getValue().throughputRatio(), e.getValue().off(), kind.label(),
						kind.predicted());
			})
			.toList());
	}

	/**
	 * Says where the what-if leaves the range the model was checked on: the app's cores,
	 * the latency of a downstream call and the concurrency of the checked cells.
	 */
	static String range(RunModel model) {
		return ErrorBar.range(model.whatIf(), model.curves().values().stream().map(LoadDependentDemands::base).toList(),
				model.checks().keySet().stream().map(Cell::concurrency).toList());
	}

	private static String render(String template, Object view) {
		return MarkdownMustacheFactory.render(TEMPLATES, template, view);
	}

	/**
	 * The verdict.
	 *
	 * @param rankings the headline rankings
	 * @param columns the grid's columns
	 * @param rows the grid's rows
	 * @param legend the grid's legend
	 * @param noisePercent the winners' noise threshold (%)
	 * @param moreWorkloads whether more workloads are in the grid
	 * @param grid whether the grid shows
	 * @param capacity each stack's capacity line, on top (empty without a search)
	 * @param objective the capacity's objective, {@code null} without a search
	 */
	record VerdictView(List<RankingView> rankings, List<String> columns, List<GridRow> rows, String legend,
			int noisePercent, boolean moreWorkloads, boolean grid, List<String> capacity, String objective) {

		boolean ranked() {
			return !this.rankings.isEmpty();
		}

	}

	/**
	 * One ranking of the verdict.
	 *
	 * @param title the comparison, e.g. {@code composite-sequential, c=400, default heap}
	 * @param rows the ranked stacks, best first
	 * @param unranked the stacks left out, each with why, {@code null} when none
	 * @param why the leader against the runner-up, with the reason
	 */
	record RankingView(String title, List<RankRow> rows, String unranked, String why) {
	}

	/**
	 * One ranked stack, formatted.
	 *
	 * @param rank its rank, shared by stacks that tie
	 * @param stack its id
	 * @param throughput successful req/s, median (trials' min–max)
	 * @param ratio ÷ the best
	 * @param p99 the median p99
	 * @param ceiling the lowest ceiling and what sets it
	 * @param call against the best
	 */
	record RankRow(String rank, String stack, String throughput, String ratio, String p99, String ceiling,
			String call) {
	}

	record GridRow(String workload, List<String> cells) {
	}

	record ModelView(List<DemandRow> demands, List<CheckRow> rows, List<String> misses, int within, int cells,
			int predictedWithin, int predicted, int placedWithin, int placed, int burstyWithin, int bursty,
			int tolerancePercent) {

		boolean anyPlaced() {
			return this.placed > 0;
		}

		boolean anyBursty() {
			return this.bursty > 0;
		}

		boolean anyMisses() {
			return !this.misses.isEmpty();
		}

		boolean anyPredicted() {
			return this.predicted > 0;
		}

		int burstWindowMs() {
			return LittlesLaw.BURST_WINDOW_MS;
		}

	}

	record DemandRow(String stack, String workload, String group, String app, String harness, String downstream,
			String other, String threads) {
	}

	record CheckRow(String cell, String kind, String demandUsed, String predicted, String measured, String ratio,
			String predictedLatency, String latencyRatio, String binding, String ownCpu, String ownCpuBursty,
			String otherPlacement, String sendDispersion) {
	}

	record ProjectionView(WhatIfView whatIf, List<ProjectionRow> rows, String range) {
	}

	record WhatIfView(int cores, String latencyMs, int concurrency, String harness) {
	}

	record ProjectionRow(String stack, String workload, String measuredIn, String cpuUsed, String cores,
			String downstream, String throughput, String latency, String binding, String error) {
	}

}
