package dev.twinstack.bench.run;

import java.lang.management.ManagementFactory;

import dev.twinstack.bench.measure.LoopbackProbe;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.settings.Machine;
import org.apache.jmeter.util.JMeterUtils;

/**
 * Describes the machine and JVM running the bench.
 */
final class EnvironmentProbe {

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
				(loopback != null) ? loopback[1] : null);
	}

}
