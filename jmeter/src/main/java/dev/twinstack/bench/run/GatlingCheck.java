package dev.twinstack.bench.run;

import java.nio.file.Path;
import java.util.List;

import dev.twinstack.bench.load.CompositePlan;
import dev.twinstack.bench.load.RunId;
import dev.twinstack.bench.load.opencheck.OpenCheck;
import dev.twinstack.bench.load.opencheck.OpenCheckPlan;
import dev.twinstack.bench.load.opencheck.OpenCheckResult;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.measure.storage.ProfileStore;
import dev.twinstack.bench.measure.storage.Storage;
import dev.twinstack.bench.settings.BenchSettings;

/**
 * Runs the independent open-model check once a capacity search has ended
 * ({@link OpenCheck}): one Gatling JVM, an unmeasured warm-up step at the lowest checked
 * rate, then a step per checked rate, lowest first, each as long as one of the search's
 * rungs (ramp-up and hold) with the ramp-up's seconds left out, as the bench leaves out
 * its ramp. For a storing workload, counts what was stored under Gatling's request ids
 * against what it acknowledged, as {@link WrkCrossCheck} does; what the bench stored is
 * cleared before and after ({@link ProfileStore#drop}).
 */
final class GatlingCheck {

	/**
	 * The {@code open-check} module, from the bench's working folder ({@code jmeter/}).
	 */
	static final Path MODULE = Path.of("open-check");

	/** The unmeasured warm-up step (s): Gatling's own JIT and connections. */
	static final int WARM_UP_SECONDS = 5;

	private final BenchSettings settings;

	private final ProfileStore store;

	private final String runPrefix;

	/**
	 * Creates the check.
	 * @param settings the bench settings (the rungs' duration)
	 * @param store the MongoDB the apps store into
	 * @param runPrefix the bench run's prefix of the request ids
	 */
	GatlingCheck(BenchSettings settings, ProfileStore store, String runPrefix) {
		this.settings = settings;
		this.store = store;
		this.runPrefix = runPrefix;
	}

	/**
	 * What one Gatling run measured.
	 *
	 * @param result Gatling's figures, a step per checked rate
	 * @param storage stored against acknowledged for a storing workload, else
	 * {@code null}
	 */
	record Run(OpenCheckResult result, Storage storage) {
	}

	/**
	 * Runs Gatling once on a searched cell's app.
	 * @param cell the searched cell
	 * @param baseUri the app's base URI
	 * @param prefix Gatling's command prefix (its CPUs: the harness's), empty for none
	 * @param rates the checked rates (req/s), lowest first
	 * @param dir Gatling's output folder
	 * @return what it measured
	 * @throws dev.twinstack.bench.process.BenchException when Gatling could not run
	 * ({@link OpenCheck#run})
	 */
	Run run(Cell cell, String baseUri, List<String> prefix, List<Integer> rates, Path dir) {
		String requestIdPrefix = RunId.of(this.runPrefix, cell.id(), "-g");
		OpenCheckPlan plan = plan(this.settings, cell, baseUri, requestIdPrefix, rates);
		boolean stores = cell.workload().stores();
		if (stores) {
			this.store.drop();
		}
		try {
			OpenCheckResult result = OpenCheck.run(MODULE, prefix, plan, dir);
			Storage storage = stores ? this.store.settle(requestIdPrefix, result.requests(),
					result.requests() - result.acknowledged(), TrialTail.STORED_COUNT_TIMEOUT) : null;
			return new Run(result, storage);
		}
		finally {
			if (stores) {
				this.store.drop();
			}
		}
	}

	/**
	 * Plans the check: the warm-up at the lowest rate, then each rate for a rung's
	 * ramp-up and hold, the ramp-up's seconds skipped.
	 * @param settings the bench settings (the hold)
	 * @param cell the searched cell (its workload)
	 * @param baseUri the app's base URI
	 * @param requestIdPrefix the prefix of Gatling's request ids
	 * @param rates the checked rates (req/s), lowest first; at least one
	 * @return the plan
	 */
	static OpenCheckPlan plan(BenchSettings settings, Cell cell, String baseUri, String requestIdPrefix,
			List<Integer> rates) {
		int seconds = CompositePlan.RAMP_UP_SECONDS + (int) settings.duration().toSeconds();
		return OpenCheckPlan.of(cell.workload(), baseUri, requestIdPrefix,
				new OpenCheckPlan.Step(rates.get(0), WARM_UP_SECONDS),
				rates.stream().map((rate) -> new OpenCheckPlan.Step(rate, seconds)).toList(),
				CompositePlan.RAMP_UP_SECONDS);
	}

	/**
	 * Returns how long one check takes: the warm-up, each step after its pause, and the
	 * Gatling JVM's start and end (s).
	 * @param settings the bench settings
	 * @param steps the checked rates
	 * @return the wall time (s)
	 */
	static long seconds(BenchSettings settings, int steps) {
		return WARM_UP_SECONDS + 15 + steps * (2 + CompositePlan.RAMP_UP_SECONDS + settings.duration().toSeconds());
	}

}
