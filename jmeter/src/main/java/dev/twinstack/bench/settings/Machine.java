package dev.twinstack.bench.settings;

import oshi.SystemInfo;

/**
 * The machine the bench runs on, as the CPU shares and ceilings need it.
 */
public final class Machine {

	private static final int CORES = new SystemInfo().getHardware().getProcessor().getLogicalProcessorCount();

	private Machine() {
	}

	/**
	 * Returns the machine's logical processors: every core, also once this JVM is pinned
	 * to some of them ({@code Runtime.availableProcessors()} then counts only those).
	 * @return the count, as OSHI reads it
	 */
	public static int cores() {
		return CORES;
	}

}
