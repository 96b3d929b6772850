package dev.twinstack.bench.matrix;

import java.util.Comparator;
import java.util.regex.Pattern;

/**
 * A value of the app-cores axis ({@code bench.appCpus}): either {@code all} (no pinning:
 * the app, JMeter, mock-services and MongoDB share every core) or a number of cores given
 * to the app alone, the others left to the rest. The question it answers is the one of
 * users deploying with a CPU limit: which stack serves more per core.
 *
 * @param cores the cores given to the app alone, at least 1; {@code 0} for {@link #ALL}
 * @see dev.twinstack.bench.process.CpuPlacement
 */
public record AppCpus(int cores) {

	/** The setting that holds the axis. */
	public static final String PROPERTY = "bench.appCpus";

	/** No pinning: every process shares every core. */
	public static final AppCpus ALL = new AppCpus(0);

	/** What a value of the axis may be, for the settings table and its errors. */
	public static final String ACCEPTED = "all or a whole number of cores for the app alone, from 1 up, e.g. 1 or 2";

	/** {@code all} last, after the counts in ascending order. */
	public static final Comparator<AppCpus> AXIS_ORDER = Comparator
		.comparingInt((AppCpus cpus) -> cpus.isAll() ? Integer.MAX_VALUE : cpus.cores());

	private static final String ALL_ID = "all";

	private static final Pattern COUNT = Pattern.compile("[1-9]\\d{0,3}");

	public AppCpus {
		if (cores < 0) {
			throw new IllegalArgumentException("cores must be 0 (all) or more, got " + cores);
		}
	}

	/**
	 * Parses one value of the axis.
	 * @param value {@code all} or a whole number from 1, surrounding spaces ignored
	 * @return the value, or {@code null} when the text is not {@link #ACCEPTED}
	 */
	public static AppCpus parse(String value) {
		String trimmed = value.trim();
		if (trimmed.equals(ALL_ID)) {
			return ALL;
		}
		return COUNT.matcher(trimmed).matches() ? new AppCpus(Integer.parseInt(trimmed)) : null;
	}

	/**
	 * Tells whether the value fits a machine: a count must leave at least one core for
	 * JMeter, mock-services and MongoDB.
	 * @param machineCores the machine's logical processors (not this JVM's
	 * {@code availableProcessors()}, which shrinks once the JVM is pinned)
	 * @return {@code true} for {@code all} and for counts up to {@code machineCores - 1}
	 */
	public boolean fits(int machineCores) {
		return isAll() || this.cores <= machineCores - 1;
	}

	/**
	 * Says which values fit a machine, for the error when one does not.
	 * @param machineCores the machine's logical processors
	 * @return e.g. {@code all or 1 on this machine of 2 cores (logical processors; at
	 * least one stays with JMeter, mock-services and MongoDB)}
	 */
	public static String acceptedOn(int machineCores) {
		String accepted = (machineCores <= 1) ? "all"
				: (machineCores == 2) ? "all or 1" : "all or 1 to " + (machineCores - 1);
		return accepted + " on this machine of " + coresInWords(machineCores)
				+ " (logical processors; at least one stays with JMeter, mock-services and MongoDB)";
	}

	/**
	 * Words a number of cores, as every title, label and error of the bench does.
	 * @param cores the count
	 * @return e.g. {@code 1 core}, {@code 2 cores}
	 */
	public static String coresInWords(int cores) {
		return cores + ((cores == 1) ? " core" : " cores");
	}

	/**
	 * Returns the value's part of the names of cells, app starts and charts.
	 * @return e.g. {@code -cpu1}; empty for {@code all}, which names leave out
	 */
	public String suffix() {
		return isAll() ? "" : "-cpu" + id();
	}

	/**
	 * Returns whether the value means no pinning.
	 * @return {@code true} for {@code all}
	 */
	public boolean isAll() {
		return this.cores == 0;
	}

	/**
	 * Returns the value as written in the setting, usable in folder and cell names.
	 * @return {@code all}, {@code 1}, {@code 2}, …
	 */
	public String id() {
		return isAll() ? ALL_ID : Integer.toString(this.cores);
	}

	@Override
	public String toString() {
		return id();
	}

}
