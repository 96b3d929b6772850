package dev.twinstack.bench.settings;

import java.util.List;
import dev.twinstack.bench.settings.jdk.Jdk;

/**
 * The JVMs the bench starts: on which JDK, from which jars, with which options.
 *
 * @param jdk the JDK every JVM of the bench runs on
 * @param jars the runnable jars of the mocks and the apps
 * @param appJvmArgs JVM options of each app on the default heap
 * @param mocksJvmArgs JVM options of mock-services
 * @param tomcatThreads Tomcat's worker thread cap of {@code mvc}
 */
public record Jvms(Jdk jdk, BenchSettings.Jars jars, List<String> appJvmArgs, List<String> mocksJvmArgs,
		int tomcatThreads) {

	/**
	 * Returns a copy running other jars.
	 * @param jars the jars
	 * @return the new JVMs
	 */
	public Jvms withJars(BenchSettings.Jars jars) {
		return new Jvms(this.jdk, jars, this.appJvmArgs, this.mocksJvmArgs, this.tomcatThreads);
	}

}
