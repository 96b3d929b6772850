package dev.twinstack.bench.settings;

/**
 * How many app JVMs the bench starts ({@code bench.fork}).
 */
public enum Fork {

	/** A fresh app JVM per workload, as JMH forks one per benchmark. */
	WORKLOAD,

	/** One app JVM per stack, heap and app CPUs, serving its workloads in turn. */
	APP;

	/**
	 * Returns the value as written in the setting.
	 * @return {@code workload} or {@code app}
	 */
	public String id() {
		return SettingsParser.word(this);
	}

}
