package dev.twinstack.bench.load;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.process.BenchShutdown;
import dev.twinstack.bench.process.JavaProcess;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.threads.JMeterContextService;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;

/**
 * Runs a plan in JMeter embedded in this JVM, with the given JMeter properties (what
 * {@code -J} sets on JMeter's command line), stopping early when the process under load
 * exits or the run outlives its limit ({@link WatchedJmeterEngine}), and returning only
 * once every sampler thread of the run has ended ({@link LingeringThreads}).
 */
public final class LoadGenerator {

	/** A request in flight at the end ends within the plans' 30 s response timeout. */
	private static final Duration LINGER = Duration.ofSeconds(35);

	private static final Duration STOP_GRACE = Duration.ofSeconds(5);

	private LoadGenerator() {
	}

	/**
	 * Runs the plan to its end, unwatched.
	 * @param plan the plan
	 * @param properties JMeter properties read by the plan's {@code __P} functions
	 * @return JMeter's statistics
	 */
	public static TestPlanStats run(DslTestPlan plan, Map<String, String> properties) {
		return run(plan, properties, null, null);
	}

	/**
	 * Runs the plan until its end, the target's exit or the limit, whichever comes first.
	 * @param plan the plan
	 * @param properties JMeter properties read by the plan's {@code __P} functions
	 * @param target the process under load, {@code null} for none
	 * @param limit the longest the run may take, {@code null} for no limit
	 * @return JMeter's statistics of what ran
	 * @throws BenchException when the JVM is shutting down
	 */
	public static TestPlanStats run(DslTestPlan plan, Map<String, String> properties, JavaProcess target,
			Duration limit) {
		return run(plan, properties, target, limit, null);
	}

	/**
	 * Runs the plan until its end, the target's exit, the limit or a condition, whichever
	 * comes first.
	 * @param plan the plan
	 * @param properties JMeter properties read by the plan's {@code __P} functions
	 * @param target the process under load, {@code null} for none
	 * @param limit the longest the run may take, {@code null} for no limit
	 * @param stopWhen checked every 250 ms: {@code true} stops the load gracefully;
	 * {@code null} for none
	 * @return JMeter's statistics of what ran
	 * @throws BenchException when the JVM is shutting down
	 */
	public static TestPlanStats run(DslTestPlan plan, Map<String, String> properties, JavaProcess target,
			Duration limit, BooleanSupplier stopWhen) {
		if (BenchShutdown.inProgress()) {
			throw new BenchException("the bench is stopping: no new load");
		}
		WatchedJmeterEngine engine = new WatchedJmeterEngine(target, limit, stopWhen);
		properties.forEach(engine::prop);
		try {
			TestPlanStats stats = plan.runIn(engine);
			LingeringThreads.awaitNone(JMeterContextService::getNumberOfThreads, LINGER,
					StandardJMeterEngine::stopEngineNow, STOP_GRACE);
			return stats;
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
