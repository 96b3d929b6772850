package dev.twinstack.bench.run;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.util.Properties;

import dev.twinstack.bench.measure.LoopbackProbe;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.settings.Machine;
import org.apache.jmeter.util.JMeterUtils;

/**
 * Describes the machine and JVM running the bench.
 */
final class EnvironmentProbe {

	private static final String GIT_PROPERTIES = "/git.properties";

	private EnvironmentProbe() {
	}

	static BenchResults.Environment describe() {
		long totalMemory = -1;
		if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
			totalMemory = os.getTotalMemorySize() / (1024 * 1024);
		}
		double[] loopback = LoopbackProbe.micros();
		String os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " ("
				+ System.getProperty("os.arch") + ")";
		return new BenchResults.Environment(System.getProperty("java.version"), System.getProperty("java.vendor"),
				Machine.cores(), totalMemory, os,
				"jmeter-java-dsl (Apache JMeter " + JMeterUtils.getJMeterVersion() + ", embedded)",
				ManagementFactory.getRuntimeMXBean().getInputArguments(), (loopback != null) ? loopback[0] : null,
				(loopback != null) ? loopback[1] : null, commit());
	}

	/**
	 * Reads the commit this module was built from, in the {@code git.properties} that
	 * git-commit-id-maven-plugin writes at build time (configured by Spring Boot's parent
	 * POM).
	 * @return the full commit id, {@code -dirty} appended when the working tree had
	 * changes; {@code null} when the build ran outside a git clone
	 */
	static String commit() {
		Properties git = new Properties();
		try (InputStream in = EnvironmentProbe.class.getResourceAsStream(GIT_PROPERTIES)) {
			if (in == null) {
				return null;
			}
			git.load(in);
		}
		catch (IOException ex) {
			return null;
		}
		String id = git.getProperty("git.commit.id");
		if (id == null || id.isBlank()) {
			return null;
		}
		return id + (Boolean.parseBoolean(git.getProperty("git.dirty")) ? "-dirty" : "");
	}

}
