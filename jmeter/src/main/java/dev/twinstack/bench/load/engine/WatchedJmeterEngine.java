package dev.twinstack.bench.load.engine;

import java.time.Duration;
import java.util.function.BooleanSupplier;

import dev.twinstack.bench.process.JavaProcess;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jorphan.collections.HashTree;
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedJmeterEngine;
import us.abstracta.jmeter.javadsl.core.engines.TestStopper;

/**
 * JMeter embedded in this JVM, watched while it runs ({@link WatchedRunner}): a stop is
 * JMeter's graceful one, the hard stop interrupts the sampler threads.
 */
final class WatchedJmeterEngine extends EmbeddedJmeterEngine {

	private final JavaProcess target;

	private final Duration limit;

	private final BooleanSupplier stopWhen;

	/**
	 * Creates the engine that also stops the load (gracefully) once a condition holds.
	 * @param target the process under load, {@code null} for none
	 * @param limit the longest the run may take, {@code null} for no limit
	 * @param stopWhen checked at every watch (every 250 ms), {@code null} for none
	 */
	WatchedJmeterEngine(JavaProcess target, Duration limit, BooleanSupplier stopWhen) {
		this.target = target;
		this.limit = limit;
		this.stopWhen = stopWhen;
	}

	@Override
	protected TestRunner buildTestRunner(HashTree testPlanTree, HashTree rootTree, TestStopper testStopper) {
		return new WatchedRunner(super.buildTestRunner(testPlanTree, rootTree, testStopper), this.target, this.limit,
				this.stopWhen, (runner) -> StandardJMeterEngine.stopEngineNow());
	}

}
