package dev.twinstack.bench.run;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.twinstack.bench.analysis.Ceiling;
import dev.twinstack.bench.analysis.LittlesLaw;
import dev.twinstack.bench.load.CompositePlan;
import dev.twinstack.bench.load.EngineWindow;
import dev.twinstack.bench.load.ErrorKind;
import dev.twinstack.bench.load.JtlAnalysis;
import dev.twinstack.bench.load.LoadStats;
import dev.twinstack.bench.load.OpenModel;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.load.warmup.WarmUp;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.measure.CellMonitor;
import dev.twinstack.bench.measure.CpuShares;
import dev.twinstack.bench.measure.GcCost;
import dev.twinstack.bench.measure.JitCompilation;
import dev.twinstack.bench.measure.PoolWaits;
import dev.twinstack.bench.measure.storage.ProfileStore;
import dev.twinstack.bench.measure.storage.Storage;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.monitoring.SeriesSummary;
import dev.twinstack.monitoring.TimeSeries;

/**
 * The tail of a measured trial ({@link TrialRunner}), once its load has ended, the same
 * for every kind of app: reads every sample of the trial's JTL, counts each remote
 * engine's samples, settles the stored count (composite workloads) and clears what the
 * bench stored ({@link ProfileStore#drop}: the collection of a database the bench owns,
 * only the run's documents of another), takes the steady window of the readings with the
 * CPU shares the app lets the bench see, GC and pool waits, the JIT's compilation over
 * the whole trial, the app's requests in flight against Little's law
 * ({@link LittlesLaw}), computes the ceiling from the downstream latency alone and builds
 * the trial's {@link CellResult}.
 */
final class TrialTail {

	/**
	 * The longest wait for a trial's stored count to settle: the client's response
	 * timeout plus margin.
	 */
	static final Duration STORED_COUNT_TIMEOUT = CompositePlan.RESPONSE_TIMEOUT.plusSeconds(10);

	/** Fewest readings (one a second) that make a steady window. */
	static final int MIN_STEADY_READINGS = 3;

	private final BenchSettings settings;

	private final ProfileStore store;

	/**
	 * Creates the tail of the trials.
	 * @param settings the bench settings (engines, latency, duration, output folder)
	 * @param store the MongoDB the apps store into
	 */
	TrialTail(BenchSettings settings, ProfileStore store) {
		this.settings = settings;
		this.store = store;
	}

	/**
	 * Gathers the trial's figures.
	 * @param cell the cell
	 * @param run the trial's load
	 * @param runDir the trial's folder, holding its {@code samples.jtl}
	 * @param load when the load ran, JMeter's figures and the monitor's readings
	 * @param threadCap the app's worker thread cap, empty without one (applied to
	 * thread-per-request stacks only)
	 * @param appLog the app's log, {@code null} when the bench did not start the app
	 * @param cpuShares the CPU shares the app lets the bench see of the steady window
	 * ({@link AppUnderTest#cpuShares})
	 * @return the trial's results, without the JFR cross-check
	 */
	CellResult collect(Cell cell, ScenarioPlan.Run run, Path runDir, Load load, OptionalInt threadCap, Path appLog,
			Function<Map<String, SeriesSummary>, CpuShares> cpuShares) {
		Path jtl = runDir.resolve("samples.jtl");
		LoadStats stats = load.stats();
		// with remote engines, the per-second figures count the window every engine
		// covers
		JtlAnalysis samples = JtlAnalysis.read(jtl,
				this.settings.engines().remote() ? this.settings.engines().addresses() : List.of());
		Storage storage = null;
		if (cell.workload().stores()) {
			storage = this.store.settle(run.runId(), stats.requests(), stats.errors(), STORED_COUNT_TIMEOUT);
			this.store.drop();
		}
		TimeSeries steady = steadyWindow(load.monitored().series(), samples, run.rampUp(), load.started(),
				stats.elapsedSeconds());
		LittlesLaw littlesLaw = (samples.firstStartMs() > 0) ? LittlesLaw.read(load.monitored().series(), jtl,
				Instant.ofEpochMilli(samples.firstStartMs()).plus(run.rampUp()).plusSeconds(1)) : null;
		CpuShares cpu = cpuShares.apply(steady.summaries());
		Ceiling ceiling = Ceiling.of(cell, this.settings.fixedLatency(),
				cell.stack().threadPerRequest() ? threadCap : OptionalInt.empty(), throughput(stats, samples));
		return new CellResult(cell, run.runId(), load.started().toString(), load.finished().toString(),
				(cell.load() == LoadModel.COUNT) ? 0 : this.settings.duration().toSeconds(), stats, samples.latency(),
				samples.throughput(),
				(cell.load() == LoadModel.OPEN)
						? OpenModel.arrivalRate(samples.startsPerSecond(), CompositePlan.RAMP_UP_SECONDS) : null,
				load.monitored().server(), cpu, GcCost.over(steady), PoolWaits.over(steady), storage, ceiling, null,
				relative(jtl), null, relative(runDir.resolve("metrics.csv")),
				(appLog != null) ? relative(appLog) : null, null, samples.engineSamples(), samples.window(),
				JitCompilation.over(load.monitored().series()))
			.withLittlesLaw(littlesLaw)
			.withErrors(samples.errorsByKind(), samples.errorsPerSecond())
			.withScheduled(samples.scheduled());
	}

	/**
	 * Returns the throughput a trial's ceiling efficiency is judged by: JMeter's own
	 * (requests over its elapsed time) in the bench's JVM; with remote engines, the mean
	 * of the whole seconds of the window every engine covers, as JMeter's elapsed time
	 * spans the union of the engines' windows, whose edges only some engines load.
	 * @param stats JMeter's figures
	 * @param samples the trial's JTL
	 * @return req/s
	 */
	static double throughput(LoadStats stats, JtlAnalysis samples) {
		if (samples.window() == null || samples.throughput().seconds() == 0) {
			return stats.throughput();
		}
		return samples.throughput().mean();
	}

	/**
	 * Describes a trial's figures for its progress line, up to its CPU shares, which each
	 * kind of trial describes in its own terms.
	 * @param label the trial's name
	 * @param result the trial's results
	 * @return e.g. {@code [mvc c=400 1/3] 532.1 req/s, p50 699 ms, p99 894 ms, 3548
	 * requests, 0 errors, stored 3548 / acknowledged 3548; peak heap 199 MB, peak threads
	 * 322; JIT 0.1 s, 1.2 % of the trial}, the JIT's part left out when it was not read,
	 * then the requests in flight ({@link LittlesLaw#describe}) when read; errors with
	 * their kinds, e.g. {@code 15 errors (12 reset, 3 http-503)}
	 */
	static String describe(String label, CellResult result) {
		Storage storage = result.storage();
		return String.format(Locale.ROOT,
				"[%s] %.1f req/s, p50 %.0f ms, p99 %.0f ms, %d requests, %d errors%s%s; peak heap %s MB, peak threads %s",
				label, result.load().throughput(), result.latency().p50Ms(), result.latency().p99Ms(),
				result.load().requests(), result.load().errors(), kinds(result),
				(storage != null) ? ", stored " + storage.stored() + " / acknowledged " + storage.acknowledged() : "",
				whole(result.server().summary("app_heap_used_mb").peak()),
				whole(result.server().summary("app_threads_live").peak()))
				+ ((result.jit() != null) ? String.format(Locale.ROOT, "; JIT %.1f s, %.1f %% of the trial%s",
						result.jit().compilationMs() / 1000, result.jit().percent(),
						result.jit().atWork(WarmUp.TRIAL_JIT_PERCENT) ? " (still at work)" : "") : "")
				+ ((result.littlesLaw() != null) ? "; " + result.littlesLaw().describe() : "");
	}

	/**
	 * Names the most frequent kinds of a trial's errors.
	 * @return e.g. {@code  (12 reset, 3 http-503)}, empty without errors
	 */
	private static String kinds(CellResult result) {
		Map<String, Long> byKind = result.errorsByKind();
		return (byKind == null || byKind.isEmpty()) ? "" : " (" + ErrorKind.describe(byKind, 3) + ")";
	}

	/**
	 * Describes each remote engine's samples and the window they all covered.
	 * @param result the trial's results
	 * @return e.g. {@code ; samples per engine 127.0.0.2:1099 612, 127.0.0.3:1099 610;
	 * both engines 4.2 s (started 1.1 s apart): 48.5 req/s steady}, empty for JMeter in
	 * this JVM
	 */
	static String engines(CellResult result) {
		Map<String, Long> engineSamples = result.engineSamples();
		if (engineSamples == null) {
			return "";
		}
		EngineWindow window = result.engineWindow();
		return "; samples per engine "
				+ engineSamples.entrySet()
					.stream()
					.map((entry) -> entry.getKey() + " " + entry.getValue())
					.collect(Collectors.joining(", "))
				+ ((window != null) ? String.format(Locale.ROOT,
						"; every engine ran %.1f s (they started %.1f s apart): %.1f req/s steady in that window",
						window.durationMs() / 1000.0, window.startSpreadMs() / 1000.0, result.steadyThroughput()) : "");
	}

	/**
	 * Formats a CPU share for a progress line.
	 * @param share 0–1 of the machine, {@code null} when not measured
	 * @return e.g. {@code 43 %}, {@code ?} when not measured
	 */
	static String percent(Double share) {
		return (share != null) ? String.format(Locale.ROOT, "%.0f %%", share * 100) : "?";
	}

	/**
	 * Formats a figure as a whole number for a progress line.
	 * @param value the figure, {@code null} when not measured
	 * @return e.g. {@code 199}, {@code ?} when not measured
	 */
	static String whole(Double value) {
		return (value != null) ? String.format(Locale.ROOT, "%.0f", value) : "?";
	}

	/**
	 * Returns the readings of a trial's steady load, the window its CPU shares are judged
	 * on: from the end of the ramp-up (plus one reading, which covers the second before
	 * it; the count model has no ramp-up) to the last sample's end, like the steady
	 * throughput they are compared with; with remote engines, of the window every engine
	 * covers ({@link JtlAnalysis#firstStartMs()}, {@link JtlAnalysis#lastEndMs()}).
	 * Without {@value #MIN_STEADY_READINGS} readings there (a short count run), the whole
	 * load from JMeter's start; never the JMeter dashboard generation and GC after the
	 * load.
	 * @param series the trial's readings, one a second
	 * @param samples the trial's JTL
	 * @param rampUp the trial's ramp-up
	 * @param started when JMeter was started
	 * @param elapsedSeconds JMeter's elapsed time, first start to last end (s)
	 * @return the readings of the window
	 */
	static TimeSeries steadyWindow(TimeSeries series, JtlAnalysis samples, Duration rampUp, Instant started,
			double elapsedSeconds) {
		if (samples.firstStartMs() > 0) {
			TimeSeries steady = series.between(Instant.ofEpochMilli(samples.firstStartMs()).plus(rampUp).plusSeconds(1),
					Instant.ofEpochMilli(samples.lastEndMs()));
			if (steady.rows().size() >= MIN_STEADY_READINGS) {
				return steady;
			}
		}
		return series.between(started, started.plusMillis(Math.round(elapsedSeconds * 1000) + 500));
	}

	private String relative(Path path) {
		return this.settings.outputDir().relativize(path).toString().replace('\\', '/');
	}

	/**
	 * A trial's load once it has ended.
	 *
	 * @param started when JMeter was started (ms)
	 * @param finished when the load and the last reading had ended (ms)
	 * @param stats JMeter's overall figures
	 * @param monitored the monitor's readings and the app's meters
	 */
	record Load(Instant started, Instant finished, LoadStats stats, CellMonitor.Result monitored) {

	}

}
