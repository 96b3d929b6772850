package dev.twinstack.bench.results;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.List;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.twinstack.bench.measure.storage.Storage;

/**
 * The run's integrity check, over every trial that stores documents: each 201 stored
 * exactly once.
 *
 * @param trials trials that store documents
 * @param acknowledged 201 answers, in total
 * @param stored documents stored, in total
 * @param missing acknowledged documents missing, in total (must be 0)
 * @param duplicates request ids stored twice or more, in total (must be 0)
 * @param failedTrials ids of the trials that failed the check
 */
public record Integrity(int trials, long acknowledged, long stored, long missing, long duplicates,
		List<String> failedTrials) {

	/**
	 * Sums the storage records of the trials.
	 * @param trials every trial of the run
	 * @return the totals
	 */
	public static Integrity of(List<CellResult> trials) {
		List<CellResult> storing = trials.stream().filter((trial) -> trial.storage() != null).toList();
		List<Storage> storages = storing.stream().map(CellResult::storage).filter(Objects::nonNull).toList();
		return new Integrity(storing.size(), storages.stream().mapToLong(Storage::acknowledged).sum(),
				storages.stream().mapToLong(Storage::stored).sum(),
				storages.stream().mapToLong(Storage::acknowledgedNotStored).sum(),
				storages.stream().mapToLong(Storage::duplicates).sum(),
				storing.stream().filter((trial) -> !trial.storage().verified()).map(CellResult::runId).toList());
	}

	/**
	 * Returns whether every storing trial passed.
	 * @return {@code true} when no document is missing and none is stored twice
	 */
	@JsonProperty
	public boolean verified() {
		return this.failedTrials.isEmpty();
	}

	/**
	 * Returns the one-line verdict for the report and the console.
	 * @return e.g.
	 * {@code "verified: 12 trials, 19,022 acknowledged, 19,022 stored, 0 missing, 0 duplicates"}
	 */
	public String line() {
		return fmt("%s: %d trials, %,d acknowledged (201), %,d stored, %,d missing, " + "%,d duplicated request ids%s",
				verified() ? "verified" : "FAILED", this.trials, this.acknowledged, this.stored, this.missing,
				this.duplicates, verified() ? "" : "; failed trials " + this.failedTrials);
	}

}
