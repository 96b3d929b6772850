package dev.twinstack.bench.load.engine;

import java.time.Duration;
import java.util.List;

import dev.twinstack.bench.process.JavaProcess;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jorphan.collections.HashTree;
import us.abstracta.jmeter.javadsl.core.engines.DistributedJmeterEngine;
import us.abstracta.jmeter.javadsl.core.engines.TestStopper;

/**
 * jmeter-java-dsl's {@link DistributedJmeterEngine} (JMeter's remote testing over RMI),
 * watched while it runs ({@link WatchedRunner}). What the watch can do remotely: a stop
 * is JMeter's remote stop, which ends the engines' threads at once (the DSL offers no
 * graceful remote stop), and when the engines still do not report the end 10 s later the
 * bench stops waiting for them ({@link #abandoned()}); the engines' own CPU and threads
 * are not watched.
 */
final class WatchedDistributedEngine extends DistributedJmeterEngine {

	private final JavaProcess target;

	private final Duration limit;

	private WatchedRunner runner;

	/**
	 * Creates the engine.
	 * @param engines the engines' {@code host:port}
	 * @param target the process under load, {@code null} for none
	 * @param limit the longest the run may take, {@code null} for no limit
	 */
	WatchedDistributedEngine(List<String> engines, JavaProcess target, Duration limit) {
		super(engines.toArray(String[]::new));
		this.target = target;
		this.limit = limit;
	}

	/**
	 * Builds the runner, once the plan's tree is built: the JTL writer has then set
	 * {@code sample_variables}, which this JVM writes the engines' samples' variables by.
	 * JMeter reads that property into {@link SampleEvent} when a local engine starts, but
	 * a remote run starts none here.
	 */
	@Override
	protected TestRunner buildTestRunner(HashTree testPlanTree, HashTree rootTree, TestStopper testStopper) {
		SampleEvent.initSampleVariables();
		this.runner = new WatchedRunner(super.buildTestRunner(testPlanTree, rootTree, testStopper), this.target,
				this.limit, null, WatchedRunner::abandon);
		return this.runner;
	}

	/**
	 * Tells whether the bench stopped waiting for the engines to report the end.
	 * @return {@code true} when the run was abandoned
	 */
	boolean abandoned() {
		return this.runner != null && this.runner.abandoned();
	}

}
