package dev.twinstack.bench.settings;

import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
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

	private static final String ALL_ID = "all";

	private static final Pattern COUNT = Pattern.compile("[1-9]\\d{0,3}");

	private static final String ACCEPTED = "all or a whole number of cores for the app alone, from 1 up, e.g. 1 or 2";

	/** {@code all} last, after the counts in ascending order. */
	private static final Comparator<AppCpus> AXIS_ORDER = Comparator
		.comparingInt((AppCpus cpus) -> cpus.isAll() ? Integer.MAX_VALUE : cpus.cores());

	public AppCpus {
		if (cores < 0) {
			throw new IllegalArgumentException("cores must be 0 (all) or more, got " + cores);
		}
	}

	/**
	 * Parses one value of the axis.
	 * @param value {@code all} or a whole number from 1, surrounding spaces ignored
	 * @return the value
	 * @throws BenchConfigException naming {@value #PROPERTY}, the value and what is
	 * accepted
	 */
	public static AppCpus parse(String value) {
		return parse(value, value);
	}

	/**
	 * Parses the axis: a comma-separated list such as {@code 1,2,all}.
	 * @param value the setting's value
	 * @return the values without repeats, the counts ascending and {@code all} last
	 * @throws BenchConfigException naming {@value #PROPERTY}, the whole value and what is
	 * accepted
	 */
	static List<AppCpus> parseList(String value) {
		TreeSet<AppCpus> values = new TreeSet<>(AXIS_ORDER);
		for (String part : value.split(",", -1)) {
			values.add(parse(part, value));
		}
		return List.copyOf(values);
	}

	private static AppCpus parse(String part, String whole) {
		String trimmed = part.trim();
		if (trimmed.equals(ALL_ID)) {
			return ALL;
		}
		if (!COUNT.matcher(trimmed).matches()) {
			throw SettingsParser.invalid(PROPERTY, whole, ACCEPTED);
		}
		return new AppCpus(Integer.parseInt(trimmed));
	}

	/**
	 * Checks that the value fits a machine: a count must leave at least one core for
	 * JMeter, mock-services and MongoDB.
	 * @param machineCores the machine's logical processors (not this JVM's
	 * {@code availableProcessors()}, which shrinks once the JVM is pinned)
	 * @return this value
	 * @throws BenchConfigException naming the machine's core count and the values
	 * accepted on it
	 */
	public AppCpus requireFits(int machineCores) {
		if (isAll() || this.cores <= machineCores - 1) {
			return this;
		}
		String accepted = (machineCores <= 1) ? "all"
				: (machineCores == 2) ? "all or 1" : "all or 1 to " + (machineCores - 1);
		throw SettingsParser.invalid(PROPERTY, id(),
				accepted + " on this machine of " + machineCores + " logical "
						+ ((machineCores == 1) ? "core" : "cores")
						+ " (at least one core stays with JMeter, mock-services and MongoDB)");
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
