package dev.twinstack.bench.measure.storage;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What the client was told versus what reached MongoDB in one trial: the bench's
 * integrity check (every 201 stored exactly once).
 *
 * @param acknowledged requests answered 201 (samples − errors)
 * @param stored documents in MongoDB carrying the trial's run id, counted once the count
 * stopped changing
 * @param duplicates request ids of the run stored more than once (must be 0)
 */
public record Storage(long acknowledged, long stored, long duplicates) {

	/**
	 * Creates a storage record without duplicates.
	 * @param acknowledged requests answered 201
	 * @param stored documents stored
	 */
	public Storage(long acknowledged, long stored) {
		this(acknowledged, stored, 0);
	}

	/**
	 * Returns documents stored without a 201 reaching the client: requests still in
	 * flight when the load stopped (the client gave up on them) or answered after a
	 * client timeout.
	 * @return stored − acknowledged when positive, else 0
	 */
	@JsonProperty
	public long storedNotAcknowledged() {
		return Math.max(0, this.stored - this.acknowledged);
	}

	/**
	 * Returns 201 answers whose document is missing: must be 0.
	 * @return acknowledged − stored when positive, else 0
	 */
	@JsonProperty
	public long acknowledgedNotStored() {
		return Math.max(0, this.acknowledged - this.stored);
	}

	/**
	 * Returns whether the trial passes the integrity check: no acknowledged document
	 * missing, none stored twice.
	 * @return {@code true} when verified
	 */
	@JsonProperty
	public boolean verified() {
		return acknowledgedNotStored() == 0 && this.duplicates == 0;
	}

}
