package dev.twinstack.bench.settings;

/**
 * The independent load generator that runs every closed cell's trials once more
 * ({@code bench.crosscheck}).
 */
public enum CrossChecker {

	/** wrk, on this machine, right after each trial. */
	WRK,

	/** No cross-check. */
	NONE;

	/**
	 * Returns the value as written in the setting.
	 * @return {@code wrk} or {@code none}
	 */
	public String id() {
		return SettingsParser.word(this);
	}

}
