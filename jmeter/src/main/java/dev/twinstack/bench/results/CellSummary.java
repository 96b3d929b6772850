package dev.twinstack.bench.results;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.twinstack.bench.analysis.Ceiling;
import dev.twinstack.bench.analysis.CpuCeiling;
import dev.twinstack.bench.analysis.CpuCost;
import dev.twinstack.bench.analysis.CrossCheck;
import dev.twinstack.bench.analysis.LittlesLaw;
import dev.twinstack.bench.analysis.MeasurementChecks;
import dev.twinstack.bench.analysis.ScenarioAnalysis;
import dev.twinstack.bench.analysis.TrialNoise;
import dev.twinstack.bench.analysis.Validity;
import dev.twinstack.bench.load.ErrorKind;
import dev.twinstack.bench.load.OpenModel;
import dev.twinstack.bench.load.warmup.WarmUp;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Scenario;
import dev.twinstack.bench.measure.jvm.AppHealth;
import dev.twinstack.bench.measure.GcCost;
import dev.twinstack.bench.measure.JitCompilation;
import dev.twinstack.bench.measure.PoolWaits;
import dev.twinstack.bench.measure.Spread;
import dev.twinstack.bench.settings.BenchSettings;

/**
 * A cell over its trials: the medians the report quotes with their min and max, the
 * ceilings computed from the median throughput, the validity and what became of the app.
 *
 * @param cell the cell
 * @param trials every trial, in run order
 * @param throughput requests per second (req/s)
 * @param p50Ms median latency (ms)
 * @param p99Ms 99th percentile (ms)
 * @param p999Ms 99.9th percentile (ms)
 * @param maxMs slowest request (ms)
 * @param transferKBps received KB per second (KB/s)
 * @param errorRate failed samples / samples over all trials
 * @param ceiling the ceilings and efficiency, from the median throughput
 * @param validity judged on the medians of the CPU shares and of the stub drift, with a
 * warning naming the trials that measured a JIT still at work
 * @param health the worst health of the trials ({@code ok} when all were)
 * @param rateKept for the open model, whether the median arrival rate kept the requested
 * rate; {@code null} for the closed models
 * @param threads the threads JMeter used: the concurrency, or the open model's limit
 * @param crossCheck the cell run once more by wrk, {@code null} when not cross-checked
 * @param trialNoise the trials' spread against their seconds' noise, {@code null} with
 * one trial or without steady seconds (and in results written before it)
 */
public record CellSummary(Cell cell, List<TrialFigures> trials, Spread throughput, Spread p50Ms, Spread p99Ms,
		Spread p999Ms, Spread maxMs, Spread transferKBps, double errorRate, Ceiling ceiling, Validity validity,
		AppHealth health, Boolean rateKept, int threads, CrossCheck crossCheck, TrialNoise trialNoise) {

	/**
	 * Summarises the trials of a cell.
	 * @param cell the cell
	 * @param trials its trials, at least one
	 * @param settings the bench settings (downstream latencies, duration)
	 * @param baseLatencyMs the base latency of the cell's stack and workload,
	 * {@code null} when not measured
	 * @param threadCap the app's worker thread cap, empty without one
	 * @param threads the threads JMeter used
	 * @param cores the machine's cores
	 * @return the summary
	 */
	public static CellSummary of(Cell cell, List<TrialFigures> trials, BenchSettings settings, Double baseLatencyMs,
			OptionalInt threadCap, int threads, int cores) {
		Spread throughput = spread(trials, TrialFigures::throughput);
		long requests = trials.stream().mapToLong(TrialFigures::requests).sum();
		long errors = trials.stream().mapToLong(TrialFigures::errors).sum();
		double downstreamMs = cell.workload().ioBound() ? settings.downstreamMs(cell.workload()) : 0;
		double errorRate = (requests > 0) ? (double) errors / requests : 0;
		// efficiency counts successful requests only: a stack that fails fast under
		// overload must not look more efficient than one that serves
		Double cpuCeiling = CpuCeiling.of(medianCost(trials), cores,
				cell.appCpus().isAll() ? cores : cell.appCpus().cores());
		Ceiling ceiling = Ceiling.of(downstreamMs, baseLatencyMs, threads, cell.rate(),
				cell.stack().threadPerRequest() ? threadCap : OptionalInt.empty(), cpuCeiling,
				throughput.median() * (1 - errorRate));
		Validity validity = Validity.assess(cores, median(trials, TrialFigures::machineCpu),
				median(trials, TrialFigures::loadGeneratorShare), median(trials, TrialFigures::mocksShare),
				cell.workload().ioBound() ? median(trials, (t) -> (t.stubs() != null) ? t.stubs().drift() : null)
						: null);
		if (settings.targets().remote()) {
			validity = validity.notMeasured("remote targets: mock-services' CPU and the machines' CPU"
					+ (settings.targets().stubs().isEmpty() ? ", and the stubs' latency (no bench.stubs)" : "")
					+ ", so neither a saturated mock-services nor a CPU limit is judged");
		}
		validity = validity.withJitAtWork(jitAtWork(trials), throughput.median(), WarmUp.TRIAL_JIT_PERCENT);
		TrialNoise noise = TrialNoise.of(trials.stream().map(TrialFigures::seconds).toList(),
				throughput.relativeRange());
		validity = validity.withSpreadBeyondNoise(noise);
		validity = validity
			.withChecksMissed(MeasurementChecks.missed(medianCost(trials), cell.workload().latenciesPerRequest() > 0,
					trials.stream()
						.filter((t) -> t.requests() > 0)
						.map((t) -> new double[] { t.p50Ms(), t.p99Ms(), t.p999Ms(), t.maxMs() })
						.toList(),
					Optional.ofNullable(GcCost.median(trials.stream().map(TrialFigures::gc).toList()))
						.map(GcCost::allocatedBytesPerRequest)
						.orElse(null)));
		validity = validity.withLittlesLaw(littlesLaw(trials), cell);
		AppHealth health = trials.stream()
			.map(TrialFigures::health)
			.filter(AppHealth::needsRestart)
			.findFirst()
			.orElse(trials.get(trials.size() - 1).health());
		Boolean rateKept = (cell.load() == LoadModel.OPEN)
				? OpenModel.rateKept(cell.rate(), median(trials, TrialFigures::arrivalRate)) : null;
		return new CellSummary(cell, List.copyOf(trials), throughput, spread(trials, TrialFigures::p50Ms),
				spread(trials, TrialFigures::p99Ms), spread(trials, TrialFigures::p999Ms),
				spread(trials, TrialFigures::maxMs), spread(trials, TrialFigures::receivedKBps), errorRate, ceiling,
				validity, health, rateKept, threads, null, noise);
	}

	/**
	 * Returns the trials whose JIT compiled for more than
	 * {@link WarmUp#TRIAL_JIT_PERCENT} % of their time: they measured a JIT still at
	 * work.
	 * @param trials the cell's trials, in run order
	 * @return those trials with their number (from 1), compilation and throughput
	 */
	static List<Validity.JitTrial> jitAtWork(List<TrialFigures> trials) {
		List<Validity.JitTrial> atWork = new java.util.ArrayList<>();
		for (int i = 0; i < trials.size(); i++) {
			JitCompilation jit = trials.get(i).jit();
			if (jit != null && jit.atWork(WarmUp.TRIAL_JIT_PERCENT)) {
				atWork
					.add(new Validity.JitTrial(i + 1, jit.compilationMs(), jit.percent(), trials.get(i).throughput()));
			}
		}
		return atWork;
	}

	/**
	 * Returns this summary with its wrk cross-check; a cell outside the cross-check's
	 * tolerance is no longer valid (the load generator may have set its figures).
	 * @param check the cross-check
	 * @return the new summary
	 */
	public CellSummary withCrossCheck(CrossCheck check) {
		Validity checked = (check != null && !check.agrees())
				? this.validity.invalidBecause("load generator disagrees with wrk by more than "
						+ CrossCheck.TOLERANCE_PERCENT + " %: " + check.describe())
				: this.validity;
		return new CellSummary(this.cell, this.trials, this.throughput, this.p50Ms, this.p99Ms, this.p999Ms, this.maxMs,
				this.transferKBps, this.errorRate, this.ceiling, checked, this.health, this.rateKept, this.threads,
				check, this.trialNoise);
	}

	/**
	 * Summarises a cell whose app could not start: one empty trial carrying the failure.
	 * @param cell the cell
	 * @param health why the app did not start
	 * @param settings the bench settings
	 * @return the summary
	 */
	public static CellSummary failed(Cell cell, AppHealth health, BenchSettings settings) {
		TrialFigures nothing = new TrialFigures(0, 0, 0, null, 0, 0, 0, 0, 0, null, null, null, null, null, null, null,
				health, null, null, null, null);
		return of(cell, List.of(nothing), settings, null, OptionalInt.empty(), Math.max(1, cell.concurrency()), 1);
	}

	/**
	 * Returns the highest peak heap over the trials.
	 * @return MB, {@code null} when not sampled
	 */
	public Double peakHeapMb() {
		return max(TrialFigures::peakHeapMb);
	}

	/**
	 * Returns the highest peak of live platform threads over the trials.
	 * @return threads, {@code null} when not sampled
	 */
	public Double peakThreads() {
		return max(TrialFigures::peakThreads);
	}

	/**
	 * Returns the app's CPU time per request, the median over the trials: what a
	 * CPU-limited machine divides its cores by.
	 * @return ms of one core per request, {@code null} when not measured
	 */
	@JsonProperty
	public Double cpuMsPerRequest() {
		return median(this.trials, TrialFigures::appCpuMsPerRequest);
	}

	/**
	 * Returns the CPU per request of the app, the load generator, the mocks and the
	 * machine, each the median over the trials.
	 * @return ms of one core per request
	 */
	@JsonProperty
	public CpuCost cpuCost() {
		return medianCost(this.trials);
	}

	/**
	 * Returns the app's GC pauses and allocation over the steady window, each the median
	 * over the trials.
	 * @return the deltas, {@code null} when no trial read them
	 */
	@JsonProperty
	public GcCost gc() {
		return GcCost.median(this.trials.stream().map(TrialFigures::gc).toList());
	}

	/**
	 * Returns the app's pool waits over the trials: the highest peak, the median mean.
	 * @return the waits, {@code null} when no trial read them
	 */
	@JsonProperty
	public PoolWaits pools() {
		return PoolWaits.over(this.trials.stream().map(TrialFigures::pools).toList());
	}

	/**
	 * Returns the app's requests in flight against the load generator's rate × latency,
	 * each figure the median over the trials ({@link LittlesLaw}).
	 * @return the check, {@code null} when no trial read the app's in-flight gauge
	 */
	@JsonProperty
	public LittlesLaw littlesLaw() {
		return littlesLaw(this.trials);
	}

	private static LittlesLaw littlesLaw(List<TrialFigures> trials) {
		return LittlesLaw.median(trials.stream().map(TrialFigures::littlesLaw).toList());
	}

	private static CpuCost medianCost(List<TrialFigures> trials) {
		List<TrialFigures> measured = trials.stream().filter((t) -> t.cpuCost() != null).toList();
		return new CpuCost(median(measured, (t) -> t.cpuCost().appMs()),
				median(measured, (t) -> t.cpuCost().loadGeneratorMs()), median(measured, (t) -> t.cpuCost().mocksMs()),
				median(measured, (t) -> t.cpuCost().machineMs()));
	}

	/**
	 * Returns the figures the generated analysis compares.
	 * @return the figures
	 */
	public ScenarioAnalysis.Figures figures() {
		return new ScenarioAnalysis.Figures(this.cell.stack(), this.throughput.median(), this.p50Ms.median(),
				this.p99Ms.median(), peakHeapMb(), peakThreads(), cpuMsPerRequest(), this.ceiling, this.validity,
				this.health,
				(this.cell.workload().scenario() == Scenario.LARGE_PAYLOAD) ? this.transferKBps.median() : null);
	}

	private Double max(Function<TrialFigures, Double> value) {
		return this.trials.stream().map(value).filter(Objects::nonNull).max(Comparator.naturalOrder()).orElse(null);
	}

	private static Spread spread(List<TrialFigures> trials, ToDoubleFunction<TrialFigures> value) {
		return Spread.of(trials.stream().map(value::applyAsDouble).toList());
	}

	/**
	 * Returns the failed samples of each kind over all trials, like {@code errorRate}.
	 * @return samples per kind ({@link ErrorKind}), the most frequent first; {@code null}
	 * when a trial's kinds were not counted
	 */
	@JsonProperty
	public Map<String, Long> errorsByKind() {
		if (this.trials.stream().anyMatch((t) -> t.errorsByKind() == null && t.errors() > 0)) {
			return null;
		}
		Map<String, Long> counts = new LinkedHashMap<>();
		this.trials.stream()
			.filter((t) -> t.errorsByKind() != null)
			.forEach((t) -> t.errorsByKind().forEach((kind, n) -> counts.merge(kind, n, Long::sum)));
		return ErrorKind.sorted(counts);
	}

	/**
	 * Returns the open model's achieved arrival rate, the median over the trials.
	 * @return req/s, {@code null} for the closed models
	 */
	public Double arrivalRate() {
		return median(this.trials, TrialFigures::arrivalRate);
	}

	private static Double median(List<TrialFigures> trials, Function<TrialFigures, Double> value) {
		List<Double> values = trials.stream().map(value).filter(Objects::nonNull).toList();
		return values.isEmpty() ? null : Spread.of(values).median();
	}

}
