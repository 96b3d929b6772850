package dev.twinstack.bench.report.queueing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

import dev.twinstack.bench.analysis.CpuCost;
import dev.twinstack.bench.analysis.LittlesLaw;
import dev.twinstack.bench.analysis.ModelFit;
import dev.twinstack.bench.analysis.Winners;
import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.queueing.LoadDependentDemands;
import dev.twinstack.bench.queueing.LoadDependentDemands.MeasuredLoad;
import dev.twinstack.bench.queueing.StackDemands;
import dev.twinstack.bench.queueing.WhatIf;
import dev.twinstack.bench.load.warmup.WarmUp;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.settings.Projection;

/**
 * The queueing model applied to a run, and who won where: computed once from the results
 * for results.json, report.md and index.html alike. Every closed cell with CPU figures is
 * predicted ({@link ModelFit}); every comparison (workload, load, heap, placement) is
 * decided by {@link Winners}; an optional what-if ({@code bench.project}) projects each
 * stack's measured demands onto another machine.
 *
 * <p>
 * The demands come from where the cells run: the CPU per request of the same stack,
 * workload, heap and placement, from its closed cells and from any warm-up run that kept
 * the app on its own cores. A warm-up run lent every CPU (the JIT run) is another
 * placement and never calibrates. The CPU per request changes with the load
 * (docs/design.md, "Load-dependent demands in the model"), so the demands are load
 * dependent ({@link LoadDependentDemands}). Each cell is predicted from what it did not
 * measure, the first that exists of ({@link Kind}): the <i>other loads</i> of its
 * placement (leave one out), the same load at <i>another placement</i> (the CPU per
 * request in ms of one core moved to this cell's cores), else the <i>same cell's</i>
 * demands (a check of the model's shape only). A cell with a counterpart at another
 * placement also gets that prediction on its own ({@code placementChecks}).
 *
 * @param checks per matrix cell, its prediction and measured ÷ predicted; its
 * {@code calibratedAt} is the highest load used at or below the cell's, else the lowest
 * @param demands per calibration cell, the demands it gave
 * @param curves per calibration cell, the CPU per request at every load measured for it
 * @param sources per matrix cell, which demand its prediction used, e.g.
 * {@code c=50–400 interpolated}
 * @param kinds per matrix cell, what its prediction is
 * @param placementChecks per matrix cell with the same load measured at another
 * placement, the prediction from that placement's CPU per request
 * @param outcomes per comparison, in matrix order: its cells and outcome
 * @param whatIf the projection asked for, {@code null} when none
 */
public record RunModel(Map<Cell, ModelFit.Check> checks, Map<Cell, StackDemands> demands,
		Map<Cell, LoadDependentDemands> curves, Map<Cell, String> sources, Map<Cell, Kind> kinds,
		Map<Cell, ModelFit.Check> placementChecks, List<Comparison> outcomes, WhatIf whatIf) {

	/** A run without a model: nothing predicted, nothing decided. */
	public static final RunModel NONE = new RunModel(Map.of(), Map.of(), Map.of(), Map.of(), Map.of(), Map.of(),
			List.of(), null);

	/**
	 * What a cell's prediction is: which measurement its CPU per request comes from.
	 */
	public enum Kind {

		/** Other loads of the same stack, workload, heap and placement. */
		OTHER_LOADS("other loads"),

		/**
		 * The warm-up's rehearsal at the cell's own load, the app lent every CPU, for a
		 * cell beyond every other load of its placement ({@link RunModel#withRehearsal}).
		 */
		REHEARSAL("rehearsal at the same load"),

		/** The same load of the same stack, workload and heap at another placement. */
		OTHER_PLACEMENT("other placement"),

		/**
		 * The cell's own CPU per request: a check of the model's shape, not a prediction.
		 */
		SAME_CELL("same cell's demands");

		private final String label;

		Kind(String label) {
			this.label = label;
		}

		/**
		 * @return the kind in words, e.g. {@code other loads}
		 */
		public String label() {
			return this.label;
		}

		/**
		 * @return whether the cell's own figures stayed out of its prediction
		 */
		public boolean predicted() {
			return this != SAME_CELL;
		}

	}

	/**
	 * One comparison and its outcome.
	 *
	 * @param workload the workload
	 * @param group the load, heap and placement in words, e.g.
	 * {@code c=400, default heap}
	 * @param cells the stacks' cells, in stack order
	 * @param outcome who won
	 */
	public record Comparison(Workload workload, String group, List<CellSummary> cells, Winners.Outcome outcome) {
	}

	/**
	 * Applies the model to a run, with the what-if its settings asked for.
	 * @param results the run
	 * @return the model of the run
	 */
	public static RunModel of(BenchResults results) {
		return of(results, (results.settings() != null) ? results.settings().project() : null);
	}

	/**
	 * Applies the model to a run.
	 * @param results the run
	 * @param project the reader's hardware ({@code bench.project}), {@code null} for none
	 * @return the model of the run
	 */
	public static RunModel of(BenchResults results, Projection project) {
		Map<Cell, StackDemands> demands = new LinkedHashMap<>();
		Map<Cell, LoadDependentDemands> curves = new LinkedHashMap<>();
		Map<Cell, ModelFit.Check> checks = new LinkedHashMap<>();
		Map<Cell, ModelFit.Check> placementChecks = new LinkedHashMap<>();
		Map<Cell, String> sources = new LinkedHashMap<>();
		Map<Cell, Kind> kinds = new LinkedHashMap<>();
		int cores = (results.environment() != null) ? results.environment().cores() : 0;
		for (CellSummary summary : results.matrix()) {
			Cell cell = summary.cell();
			if (cell.load() != LoadModel.CLOSED) {
				continue;
			}
			LoadDependentDemands curve = curve(results, cell, cores, demands, curves);
			if (curve == null) {
				continue;
			}
			ModelFit.Measured measured = measured(results, summary);
			LoadDependentDemands others = leaveOut(curve, cell.concurrency());
			LoadDependentDemands elsewhere = otherPlacement(results, cell, cores, demands, curves, curve.base());
			LoadDependentDemands used;
			Kind kind;
			LoadDependentDemands rehearsed = (others != null) ? withRehearsal(results, cell, others) : null;
			if (rehearsed != null) {
				used = rehearsed;
				kind = Kind.REHEARSAL;
			}
			else if (others != null) {
				used = others;
				kind = Kind.OTHER_LOADS;
			}
			else if (elsewhere != null) {
				used = elsewhere;
				kind = Kind.OTHER_PLACEMENT;
			}
			else {
				used = curve;
				kind = Kind.SAME_CELL;
			}
			checks.put(cell,
					ModelFit.check(used.at(cell.concurrency()), calibratedAt(used, cell.concurrency()), measured));
			sources.put(cell, (rehearsed != null) ? "c=" + cell.concurrency() + " rehearsal, app on every CPU"
					: used.source(cell.concurrency()));
			kinds.put(cell, kind);
			if (elsewhere != null) {
				placementChecks.put(cell, ModelFit.check(elsewhere.at(cell.concurrency()),
						calibratedAt(elsewhere, cell.concurrency()), measured));
			}
		}
		demands.values().removeIf(Objects::isNull);
		curves.values().removeIf(Objects::isNull);
		WhatIf whatIf = (project != null)
				? new WhatIf(project.cores(), project.latencyMs(), project.concurrency(), project.withHarness()) : null;
		return new RunModel(Map.copyOf(checks), demands, curves, Map.copyOf(sources), Map.copyOf(kinds),
				Map.copyOf(placementChecks), comparisons(results), whatIf);
	}

	/**
	 * The load-dependent demands of a cell's stack, workload, heap and placement,
	 * computed once per calibration; {@code null} when nothing there measured them.
	 */
	private static LoadDependentDemands curve(BenchResults results, Cell cell, int cores,
			Map<Cell, StackDemands> demands, Map<Cell, LoadDependentDemands> curves) {
		Calibration calibration = calibration(results, cell);
		if (calibration == null) {
			return null;
		}
		StackDemands stack = demands.computeIfAbsent(calibration.cell(), (key) -> demands(results, calibration, cores));
		if (stack == null) {
			return null;
		}
		return curves.computeIfAbsent(calibration.cell(), (key) -> curve(results, calibration, stack));
	}

	/**
	 * The CPU per request measured at another placement of the same stack, workload and
	 * heap at this cell's concurrency, as a curve on this cell's cores, threads and
	 * delays; {@code null} when no other placement measured this load. CPU per request is
	 * ms of one core wherever it was measured; only the cores it queues on change.
	 */
	private static LoadDependentDemands otherPlacement(BenchResults results, Cell cell, int cores,
			Map<Cell, StackDemands> demands, Map<Cell, LoadDependentDemands> curves, StackDemands base) {
		return results.matrix()
			.stream()
			.map(CellSummary::cell)
			.filter((other) -> other.load() == LoadModel.CLOSED && other.stack() == cell.stack()
					&& other.workload() == cell.workload() && other.heap().equals(cell.heap())
					&& !other.appCpus().equals(cell.appCpus()) && other.concurrency() == cell.concurrency())
			.map((other) -> curve(results, other, cores, demands, curves))
			.filter(Objects::nonNull)
			.findFirst()
			.map((other) -> {
				StackDemands at = other.at(cell.concurrency());
				return LoadDependentDemands.constant(base.withCpu(at.appCpuMs(), at.harnessCpuMs()),
						cell.concurrency());
			})
			.orElse(null);
	}

	/**
	 * The CPU per request of a calibration at every load measured for it: the
	 * calibration's, then every closed cell of the same stack, workload, heap and
	 * placement whose app kept running and whose CPU was read.
	 */
	private static LoadDependentDemands curve(BenchResults results, Calibration calibration, StackDemands base) {
		Cell at = calibration.cell();
		Map<Integer, MeasuredLoad> loads = new LinkedHashMap<>();
		loads.put(at.concurrency(), new MeasuredLoad(at.concurrency(), base.appCpuMs(), base.harnessCpuMs()));
		results.matrix()
			.stream()
			.filter((s) -> s.cell().load() == LoadModel.CLOSED && s.cell().stack() == at.stack()
					&& s.cell().workload() == at.workload() && s.cell().heap().equals(at.heap())
					&& s.cell().appCpus().equals(at.appCpus()))
			.filter((s) -> s.cpuCost().appMs() != null && s.cpuCost().harnessMs() != null && !s.health().needsRestart())
			.forEach((s) -> loads.putIfAbsent(s.cell().concurrency(),
					new MeasuredLoad(s.cell().concurrency(), s.cpuCost().appMs(), s.cpuCost().harnessMs())));
		return new LoadDependentDemands(base, List.copyOf(loads.values()));
	}

	/**
	 * For a cell beyond every other load of its placement: the CPU per request of the app
	 * and the harness read in the warm-up's rehearsal at the cell's own concurrency,
	 * right before its first trial, on the cell's cores, delays and threads; {@code null}
	 * when the cell lies within the other loads or no rehearsal read a CPU per request
	 * its JIT cannot move by more than {@link #REHEARSAL_JIT_SHARE} ({@link #rehearses};
	 * its throughput may still swing). Why: the CPU per request falls with the load (each
	 * wake-up of an event loop, of JMeter's client and of the stubs serves more requests
	 * at once) far more than it moves between the rehearsal, which lends the app every
	 * CPU, and the cell at the same load. The rehearsal is not the cell: its throughput
	 * and latency stay out of the prediction (docs/design.md, "Calibration where the
	 * cells run").
	 */
	static LoadDependentDemands withRehearsal(BenchResults results, Cell cell, LoadDependentDemands others) {
		if (others.loads().get(others.loads().size() - 1).concurrency() >= cell.concurrency()) {
			return null;
		}
		return warmUpRuns(results, cell)
			.filter((run) -> run.workload().equals(cell.workload().id()) && rehearses(run)
					&& run.concurrency() == cell.concurrency())
			.reduce((first, next) -> next)
			.map((rehearsal) -> LoadDependentDemands.constant(others.at(cell.concurrency())
				.withCpu(rehearsal.cpu().appMs(), rehearsal.cpu().loadGeneratorMs() + rehearsal.cpu().mocksMs()),
					cell.concurrency()))
			.orElse(null);
	}

	/**
	 * The most JIT compile time per request a rehearsal may have read, as a share of the
	 * app's CPU per request net of it, for that CPU to serve as a cell's demand.
	 * {@code jvm.compilation.time} is the compiler threads' elapsed time, CPU or not, so
	 * the net figure may read too low by up to that time. Below this share it is off by
	 * less than the alternative, the lowest load's demands held up to the cell's load
	 * (docs/design.md, "A rehearsal serves when its JIT cannot move its demand").
	 */
	public static final double REHEARSAL_JIT_SHARE = 0.25;

	/**
	 * Tells whether a warm-up run's CPU per request can stand for a cell's demand: read,
	 * with its JIT compile time per request at most {@link #REHEARSAL_JIT_SHARE} of the
	 * app's; without a JIT reading (the app's CPU then includes compilation), only when
	 * the run ended steady.
	 * @param run a warm-up run
	 * @return {@code true} when it serves
	 */
	static boolean rehearses(WarmUp run) {
		WarmUp.Cpu cpu = run.cpu();
		if (cpu == null) {
			return false;
		}
		if (cpu.jitMs() == null) {
			return run.steady();
		}
		return cpu.jitMs() <= REHEARSAL_JIT_SHARE * cpu.appMs();
	}

	/**
	 * The curve without the load measured at a concurrency, {@code null} when that is its
	 * only one.
	 */
	private static LoadDependentDemands leaveOut(LoadDependentDemands curve, int concurrency) {
		List<MeasuredLoad> others = curve.loads().stream().filter((l) -> l.concurrency() != concurrency).toList();
		return others.isEmpty() ? null : new LoadDependentDemands(curve.base(), others);
	}

	/** The highest load used at or below a concurrency, else the lowest. */
	private static int calibratedAt(LoadDependentDemands used, int concurrency) {
		int at = used.loads().get(0).concurrency();
		for (MeasuredLoad load : used.loads()) {
			if (load.concurrency() <= concurrency) {
				at = load.concurrency();
			}
		}
		return at;
	}

	/**
	 * Where one cell's model takes its CPU demands from.
	 *
	 * @param cell the load they were measured at: a matrix cell, or the cell's stack,
	 * workload, heap and CPUs at a warm-up run's concurrency
	 * @param cost the CPU per request measured there
	 * @param lowest the lowest closed cell of the same stack, workload, heap and CPUs
	 * with CPU figures: its base latency and downstream wait go into the model
	 */
	public record Calibration(Cell cell, CpuCost cost, CellSummary lowest) {
	}

	/**
	 * Finds the demands that feed the model of a cell: those measured at the lowest
	 * concurrency of its stack, workload, heap and placement. That is a warm-up run of
	 * the cell's app start below the cells' concurrency ({@link WarmUp#cpu()}) that read
	 * the CPU and kept the app on its own cores (the calibration run after the JIT run;
	 * of several at the lowest concurrency the last); otherwise the lowest closed cell
	 * with the app's and the harness's CPU per request. A warm-up run lent every CPU
	 * ({@link WarmUp#everyCpu()}, the JIT run, the rehearsal) never calibrates: its CPU
	 * per request is another placement's, and with a JIT at work it read up to twice the
	 * cells' own. Nor does a run at the cells' own concurrency: it is the same load as
	 * the cell, so the cell's prediction from it would be no prediction.
	 * @param results the run
	 * @param cell the cell to predict
	 * @return the calibration, {@code null} when nothing measured the demands
	 */
	public static Calibration calibration(BenchResults results, Cell cell) {
		CellSummary lowest = results.matrix()
			.stream()
			.filter((s) -> s.cell().load() == LoadModel.CLOSED && s.cell().stack() == cell.stack()
					&& s.cell().workload() == cell.workload() && s.cell().heap().equals(cell.heap())
					&& s.cell().appCpus().equals(cell.appCpus()))
			.filter((s) -> s.cpuCost().appMs() != null && s.cpuCost().harnessMs() != null && !s.health().needsRestart())
			.min(Comparator.comparingInt((CellSummary s) -> s.cell().concurrency()))
			.orElse(null);
		if (lowest == null) {
			return null;
		}
		Optional<WarmUp> warmUp = warmUpRuns(results, cell)
			.filter((run) -> run.workload().equals(cell.workload().id()) && run.cpu() != null && !run.everyCpu()
					&& run.concurrency() < lowest.cell().concurrency())
			// the last at the lowest: a calibration run after a JIT run not lent any CPU
			.reduce((first, next) -> (next.concurrency() <= first.concurrency()) ? next : first);
		if (warmUp.isPresent()) {
			WarmUp.Cpu cpu = warmUp.get().cpu();
			return new Calibration(
					new Cell(cell.stack(), cell.workload(), LoadModel.CLOSED, warmUp.get().concurrency(), 0,
							cell.heap(), cell.appCpus()),
					new CpuCost(cpu.appMs(), cpu.loadGeneratorMs(), cpu.mocksMs(), null), lowest);
		}
		return new Calibration(lowest.cell(), lowest.cpuCost(), lowest);
	}

	private static StackDemands demands(BenchResults results, Calibration calibration, int cores) {
		Cell cell = calibration.cell();
		BenchResults.Settings settings = results.settings();
		Double downstreamMs = calibration.lowest().ceiling().downstreamMs();
		// the downstream wait as the ceilings take it: the nominal latency of each call
		// made one after another (slow-io: one call to the slow service)
		int calls = (downstreamMs != null && downstreamMs > 0) ? Math.max(1, cell.workload().latenciesPerRequest()) : 0;
		double callMs = (calls > 0) ? downstreamMs / calls : 0;
		int threads = cell.stack().threadPerRequest() ? settings.tomcatMaxThreads() : 0;
		int appCores = cell.appCpus().isAll() ? cores : cell.appCpus().cores();
		return ModelFit.demands(cell.stack().id(), calibration.cost(), calibration.lowest().ceiling().baseLatencyMs(),
				calls, callMs, cores, appCores, threads);
	}

	/** The warm-up runs of the app starts that ran a cell, in order. */
	private static Stream<WarmUp> warmUpRuns(BenchResults results, Cell cell) {
		return results.apps()
			.stream()
			.filter((app) -> app.heap() != null && app.appCpus() != null && app.ran(cell))
			.flatMap((app) -> app.warmUp().stream());
	}

	private static ModelFit.Measured measured(BenchResults results, CellSummary summary) {
		Optional<CellResult> trial = results.cells()
			.stream()
			.filter((r) -> r.cell().equals(summary.cell()) && r.latency() != null)
			.findFirst();
		Double mean = trial.map(CellResult::latency).map((latency) -> latency.meanMs()).orElse(null);
		// the share of the requests in flight that were inside the app (Little's law at
		// its gauge against the load generator's rate × latency)
		Double inApp = trial.map(CellResult::littlesLaw)
			.filter((l) -> l.clientInFlight() > 0)
			.map((l) -> Math.min(1, l.appInFlight() / l.clientInFlight()))
			.orElse(null);
		return new ModelFit.Measured(summary.cell().concurrency(),
				summary.throughput().median() * (1 - summary.errorRate()), mean, summary.cpuCost(),
				summary.validity().stubDrift(), summary.errorRate(), inApp,
				trial.map(CellResult::littlesLaw).map(LittlesLaw::stages).orElse(null),
				(summary.littlesLaw() != null) ? summary.littlesLaw().sendDispersion() : null);
	}

	private static List<Comparison> comparisons(BenchResults results) {
		Map<String, List<CellSummary>> groups = new LinkedHashMap<>();
		results.matrix()
			.stream()
			.sorted(Comparator.comparing((CellSummary s) -> s.cell().workload()))
			.forEach((s) -> groups
				.computeIfAbsent(s.cell().workload().id() + "|" + group(s.cell()), (key) -> new ArrayList<>())
				.add(s));
		List<Comparison> comparisons = new ArrayList<>();
		groups.values().forEach((cells) -> {
			List<CellSummary> ordered = cells.stream()
				.sorted(Comparator
					.comparingInt((CellSummary s) -> results.settings().stacks().indexOf(s.cell().stack())))
				.toList();
			List<Winners.Contender> contenders = ordered.stream()
				.filter((s) -> !s.health().needsRestart() || s.throughput().median() > 0)
				.map(RunModel::contender)
				.toList();
			if (!contenders.isEmpty()) {
				comparisons.add(new Comparison(ordered.get(0).cell().workload(), group(ordered.get(0).cell()), ordered,
						Winners.decide(contenders)));
			}
		});
		return List.copyOf(comparisons);
	}

	static Winners.Contender contender(CellSummary s) {
		double ok = 1 - s.errorRate();
		return new Winners.Contender(s.cell().stack().id(),
				new dev.twinstack.bench.measure.Spread(s.throughput().median() * ok, s.throughput().min() * ok,
						s.throughput().max() * ok, s.throughput().trials()),
				(s.crossCheck() != null) ? s.crossCheck().wrk().throughput() : null, s.validity().valid());
	}

	/**
	 * The load and heap of a cell in words, as the matrix groups its tables.
	 * @param cell the cell
	 * @return e.g. {@code c=400, default heap}
	 */
	public static String loadAndHeap(Cell cell) {
		return cell.loadLabel() + ", " + (cell.heap().isDefault() ? "default heap" : "heap " + cell.heap().id());
	}

	/**
	 * The load, heap and placement of a cell in words, as the matrix groups its tables.
	 * @param cell the cell
	 * @return e.g. {@code c=400, default heap}, {@code c=400, default heap, app on 1
	 * core}
	 */
	static String group(Cell cell) {
		return loadAndHeap(cell)
				+ (cell.appCpus().isAll() ? "" : ", app on " + AppCpus.coresInWords(cell.appCpus().cores()));
	}

	/**
	 * Says which demand a cell's prediction used.
	 * @param cell the cell
	 * @return e.g. {@code c=50}, {@code c=50–400 interpolated}, {@code c=10 (held
	 * beyond)}; empty when the model could not be applied
	 */
	Optional<String> source(Cell cell) {
		return Optional.ofNullable(this.sources.get(cell));
	}

	/**
	 * Says what a cell's prediction is.
	 * @param cell the cell
	 * @return its kind, empty when the model could not be applied
	 */
	public Optional<Kind> kind(Cell cell) {
		return Optional.ofNullable(this.kinds.get(cell));
	}

	/**
	 * Returns a cell's prediction from another placement's CPU per request at its load.
	 * @param cell the cell
	 * @return the check, empty when no other placement measured its load
	 */
	public Optional<ModelFit.Check> placementCheck(Cell cell) {
		return Optional.ofNullable(this.placementChecks.get(cell));
	}

	/**
	 * Returns a cell's check.
	 * @param cell the cell
	 * @return its check, empty when the model could not be applied
	 */
	public Optional<ModelFit.Check> check(Cell cell) {
		return Optional.ofNullable(this.checks.get(cell));
	}

}
