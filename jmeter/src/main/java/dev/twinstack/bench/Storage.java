package dev.twinstack.bench;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What the client was told versus what reached MongoDB in one cell.
 *
 * @param acknowledged requests answered 201 (samples − errors)
 * @param stored documents in MongoDB carrying the cell's run id, counted once the count
 * stopped changing
 */
public record Storage(long acknowledged, long stored) {

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

}
