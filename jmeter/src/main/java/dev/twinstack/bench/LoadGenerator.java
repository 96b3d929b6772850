package dev.twinstack.bench;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.TimeoutException;

import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedJmeterEngine;

/**
 * Runs a plan in JMeter embedded in this JVM, with the given JMeter properties (what
 * {@code -J} sets on JMeter's command line).
 */
final class LoadGenerator {

	private LoadGenerator() {
	}

	/**
	 * Runs the plan to its end.
	 * @param plan the plan
	 * @param properties JMeter properties read by the plan's {@code __P} functions
	 * @return JMeter's statistics
	 */
	static TestPlanStats run(DslTestPlan plan, Map<String, String> properties) {
		EmbeddedJmeterEngine engine = new EmbeddedJmeterEngine();
		properties.forEach(engine::prop);
		try {
			return plan.runIn(engine);
		}
		catch (IOException | TimeoutException ex) {
			throw new BenchException("JMeter run failed: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new BenchException("JMeter run interrupted", ex);
		}
	}

}
