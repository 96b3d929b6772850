package dev.twinstack.bench.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.twinstack.bench.analysis.CrossCheck;
import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.load.CompositePlan;
import dev.twinstack.bench.load.RunId;
import dev.twinstack.bench.load.WrkLoad;
import dev.twinstack.bench.load.WrkResult;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.storage.ProfileStore;
import dev.twinstack.bench.measure.storage.Storage;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.results.TrialFigures;
import dev.twinstack.bench.settings.BenchSettings;

/**
 * Runs wrk on a closed cell right after each of its trials, for as long as one trial
 * (ramp-up and hold) and then drained ({@link #drain}: its requests in flight answered,
 * none dropped), pairing the trial with the wrk run that followed it
 * ({@link CrossCheck}); for a storing workload, counts what was stored under wrk's
 * request ids ({@code <runId>-<thread>-<n>}, {@link WrkLoad}). The same for every kind of
 * app ({@link TrialRunner}): wrk loads the app's URL, the stored count is read from the
 * MongoDB the apps store into, and what the bench stored is cleared before and after
 * ({@link ProfileStore#drop}: the collection of a database the bench owns, only the run's
 * documents of another). A missing wrk or a failed run is a line on the console, never a
 * failure of the bench.
 */
final class WrkCrossCheck {

	private final BenchSettings settings;

	private final ProfileStore store;

	private final String runPrefix;

	/**
	 * Creates the cross-check.
	 * @param settings the bench settings (the trials' duration)
	 * @param store the MongoDB the apps store into
	 * @param runPrefix the bench run's prefix of the request ids
	 */
	WrkCrossCheck(BenchSettings settings, ProfileStore store, String runPrefix) {
		this.settings = settings;
		this.store = store;
		this.runPrefix = runPrefix;
	}

	/**
	 * Runs wrk once after a trial of a closed cell.
	 * @param cell the cell
	 * @param baseUri the app's base URI, e.g. {@code http://127.0.0.2:8081}
	 * @param trial the trial's number, from 1
	 * @param figures what the trial measured
	 * @param dir the cell's folder: wrk's script and output go to {@code wrk-<trial>}
	 * @param prefix wrk's command prefix (its CPUs: the harness's), empty for none
	 * @return the trial with wrk's run, {@code null} when wrk is missing or failed
	 */
	CrossCheck.Pair afterTrial(Cell cell, String baseUri, int trial, TrialFigures figures, Path dir,
			List<String> prefix) {
		Optional<Path> wrk = WrkLoad.find();
		if (wrk.isEmpty()) {
			return null;
		}
		boolean stores = cell.workload().stores();
		if (stores) {
			this.store.drop();
		}
		String runId = RunId.of(this.runPrefix, cell.id(), "-wrk" + trial);
		try {
			WrkResult result = run(wrk.get(), prefix, baseUri, cell.workload(), cell.concurrency(), runId,
					dir.resolve("wrk-" + trial));
			Storage storage = null;
			if (stores) {
				long stored = this.store.awaitStableCount(runId, TrialTail.STORED_COUNT_TIMEOUT);
				storage = new Storage(result.acknowledged(), stored, this.store.duplicates(runId));
				this.store.drop();
			}
			CrossCheck.Pair pair = new CrossCheck.Pair(trial, figures.throughput(), figures.p50Ms(), result, storage);
			Console.line(String.format(Locale.ROOT,
					"[wrk] %s after trial %d: %.1f req/s, p50 %.0f ms; JMeter ÷ wrk %.2f / %.2f%s", cell.id(), trial,
					result.throughput(), result.p50Ms(), pair.throughputRatio(), pair.p50Ratio(), (storage != null)
							? ", stored " + storage.stored() + " / acknowledged " + storage.acknowledged() : ""));
			return pair;
		}
		catch (BenchException | IllegalArgumentException ex) {
			Console.line("[wrk] " + cell.id() + " after trial " + trial + ": no cross-check, " + ex.getMessage());
			if (stores) {
				this.store.drop();
			}
			return null;
		}
	}

	/**
	 * Tells whether a wrk run will come before one of a workload's measured trials in an
	 * app start, so that its rehearsal should open with one ({@link #warmUp}): the
	 * cross-check is on, one of the workload's cells is closed, and its cells hold more
	 * than one trial in all (a single trial's wrk run comes after everything measured).
	 * @param settings the bench settings
	 * @param cells the cells of one app start
	 * @param workload the workload
	 * @return {@code true} when it will
	 */
	static boolean precedesATrial(BenchSettings settings, List<Cell> cells, Workload workload) {
		List<Cell> ofWorkload = cells.stream().filter((cell) -> cell.workload() == workload).toList();
		return settings.crossChecksWithWrk() && ofWorkload.stream().anyMatch((cell) -> cell.load() == LoadModel.CLOSED)
				&& (long) ofWorkload.size() * settings.trials() > 1;
	}

	/**
	 * Runs wrk once, unmeasured, before a workload's run at the cells' concurrency, as a
	 * trial's wrk run (drained): the JIT then sees wrk's requests before the trials do.
	 * Why: a first trial would otherwise meet wrk's requests, and their end, with code
	 * the JIT compiled for JMeter's (docs/design.md, "The wrk cross-check"). The
	 * documents it stores go with the warm-up's.
	 * @param stack the app's stack
	 * @param workload the workload
	 * @param concurrency the connections, the cells' concurrency
	 * @param baseUri the app's base URI
	 * @param dir the folder of wrk's script and output
	 * @param prefix wrk's command prefix (its CPUs: the harness's), empty for none
	 */
	void warmUp(Stack stack, Workload workload, int concurrency, String baseUri, Path dir, List<String> prefix) {
		Optional<Path> wrk = WrkLoad.find();
		if (wrk.isEmpty()) {
			return;
		}
		String runId = RunId.of(this.runPrefix, workload.id(), "-wrk-warm");
		try {
			WrkResult result = run(wrk.get(), prefix, baseUri, workload, concurrency, runId, dir);
			Console.line(String.format(Locale.ROOT,
					"[warm-up] %s %s c=%d: wrk %.1f req/s, unmeasured (the JIT sees wrk's requests before the "
							+ "trials)",
					stack.id(), workload.id(), concurrency, result.throughput()));
		}
		catch (BenchException | IllegalArgumentException ex) {
			Console.line("[warm-up] " + stack.id() + " " + workload.id() + ": no wrk run, " + ex.getMessage());
		}
	}

	/**
	 * Returns how long wrk runs after its window for the requests in flight to be
	 * answered
	 * ({@link WrkLoad#run(List, Path, String, Workload, int, Duration, Duration, String, Path)}):
	 * 1 s plus four times the workload's downstream wait, rounded up to whole seconds (3
	 * s for composite sequential at 3 × 100 ms, whose p99.9 at c = 400 stays near 1 s).
	 * @param settings the bench settings (the workload's downstream wait)
	 * @param workload the workload
	 * @return the drain
	 */
	static Duration drain(BenchSettings settings, Workload workload) {
		return Duration.ofSeconds(1 + (long) Math.ceil(4 * settings.downstreamMs(workload) / 1000));
	}

	/**
	 * Returns how long one wrk run takes: as long as one trial (ramp-up and hold), then
	 * its drain.
	 * @param settings the bench settings
	 * @param workload the workload
	 * @return the run's wall time (s)
	 */
	static long runSeconds(BenchSettings settings, Workload workload) {
		return CompositePlan.RAMP_UP_SECONDS + settings.duration().toSeconds() + drain(settings, workload).toSeconds();
	}

	/** Runs wrk for as long as one trial (ramp-up and hold), then drained. */
	private WrkResult run(Path wrk, List<String> prefix, String baseUri, Workload workload, int concurrency,
			String runId, Path dir) {
		Duration duration = this.settings.duration().plusSeconds(CompositePlan.RAMP_UP_SECONDS);
		return WrkLoad.run(prefix, wrk, baseUri.replaceAll("/$", ""), workload, concurrency, duration,
				drain(this.settings, workload), runId, dir);
	}

	/**
	 * Returns the cell's cross-check over its pairs, said on the console.
	 * @param cell the cell
	 * @param pairs the trials that have a wrk run after them
	 * @return the comparison, {@code null} without pairs
	 */
	static CrossCheck of(Cell cell, List<CrossCheck.Pair> pairs) {
		if (pairs.isEmpty()) {
			return null;
		}
		CrossCheck check = CrossCheck.of(pairs);
		Console.line("[wrk] " + cell.id() + ": " + check.describe()
				+ (check.agrees() ? "" : " — outside ±" + CrossCheck.TOLERANCE_PERCENT + " %"));
		return check;
	}

}
