package dev.twinstack.bench.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import dev.twinstack.bench.analysis.CrossCheck;
import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.load.CompositePlan;
import dev.twinstack.bench.load.RunId;
import dev.twinstack.bench.load.WrkLoad;
import dev.twinstack.bench.load.WrkResult;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.measure.ProfileStore;
import dev.twinstack.bench.measure.Storage;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.settings.BenchSettings;

/**
 * Runs a closed cell once more with wrk, on this machine, for as long as one trial
 * (ramp-up and hold), and compares its throughput and p50 with the cell's medians; for a
 * storing workload, counts what was stored under wrk's request ids
 * ({@code <runId>-<thread>-<n>}, {@link WrkLoad}). The same for an app the bench started
 * ({@link CellRunner}) and for a remote target ({@link TargetsRunner}): for a target, wrk
 * loads the target's URL, the stored count is read from the MongoDB it was given, and
 * only wrk's documents are deleted afterwards (the database is not the bench's). A
 * missing wrk or a failed run is a line on the console, never a failure of the bench.
 */
final class WrkCrossCheck {

	private final BenchSettings settings;

	private final ProfileStore store;

	private final String runPrefix;

	private final boolean remoteTarget;

	/**
	 * Creates the cross-check of one kind of app.
	 * @param settings the bench settings (the trials' duration)
	 * @param store the MongoDB the app stores into
	 * @param runPrefix the bench run's prefix of the request ids
	 * @param remoteTarget {@code true} for an app started by hand elsewhere: only wrk's
	 * documents are deleted; {@code false} for an app the bench started: the collection
	 * is dropped before and after
	 */
	WrkCrossCheck(BenchSettings settings, ProfileStore store, String runPrefix, boolean remoteTarget) {
		this.settings = settings;
		this.store = store;
		this.runPrefix = runPrefix;
		this.remoteTarget = remoteTarget;
	}

	/**
	 * Runs the cross-check of a closed cell.
	 * @param cell the cell
	 * @param baseUri the app's base URI, e.g. {@code http://127.0.0.2:8081}
	 * @param summary the cell over its trials
	 * @param dir the folder of wrk's script and output
	 * @param prefix wrk's command prefix (its CPUs: the harness's), empty for none
	 * @return the comparison, {@code null} when wrk is missing or failed
	 */
	CrossCheck run(Cell cell, String baseUri, CellSummary summary, Path dir, List<String> prefix) {
		Optional<Path> wrk = WrkLoad.find();
		if (wrk.isEmpty()) {
			return null;
		}
		boolean stores = cell.workload().stores();
		if (stores && !this.remoteTarget) {
			this.store.drop();
		}
		String runId = RunId.of(this.runPrefix, cell.id(), "-wrk");
		Duration duration = this.settings.duration().plusSeconds(CompositePlan.RAMP_UP_SECONDS);
		try {
			WrkResult result = WrkLoad.run(prefix, wrk.get(), baseUri.replaceAll("/$", ""), cell.workload(),
					cell.concurrency(), duration, runId, dir);
			Storage storage = null;
			if (stores) {
				long stored = this.store.awaitStableCount(runId, TrialTail.STORED_COUNT_TIMEOUT);
				storage = new Storage(result.acknowledged(), stored, this.store.duplicates(runId));
				clear(runId);
			}
			CrossCheck check = CrossCheck.of(summary.throughput().median(), summary.p50Ms().median(), result, storage);
			Console.line("[wrk] " + cell.id() + ": " + check.describe()
					+ (check.agrees() ? "" : " — outside ±" + CrossCheck.TOLERANCE_PERCENT + " %") + ((storage != null)
							? ", stored " + storage.stored() + " / acknowledged " + storage.acknowledged() : ""));
			return check;
		}
		catch (BenchException | IllegalArgumentException ex) {
			Console.line("[wrk] " + cell.id() + ": no cross-check, " + ex.getMessage());
			if (stores && this.remoteTarget) {
				clear(runId);
			}
			return null;
		}
	}

	private void clear(String runId) {
		if (this.remoteTarget) {
			// a database the bench does not own: only wrk's documents go
			this.store.deleteRun(runId);
		}
		else {
			this.store.drop();
		}
	}

}
