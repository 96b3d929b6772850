package dev.twinstack.bench.load.engine;

import java.nio.file.Path;

import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.process.JavaProcess;
import dev.twinstack.bench.settings.remote.LoadEngines;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;

/**
 * Where JMeter runs a measured trial's plan, chosen once from {@code bench.engines} and
 * passed to the trial as a strategy, as jmeter-java-dsl's
 * {@code testPlan(...).runIn(engine)} takes its engine: in this JVM ({@link ThisJvm}), or
 * on the remote engines, each running its share of the load ({@link RemoteEngines}).
 */
public interface LoadEngine {

	/**
	 * Returns the engine of the settings.
	 * @param engines {@code bench.engines}
	 * @param outputDir the bench's output folder (the remote engines' warm-up goes to
	 * {@code runs/engines-warm-up})
	 * @param runPrefix the bench run's prefix of the request ids
	 * @return JMeter in this JVM, or the remote engines (a warning on the console when
	 * RMI runs without TLS)
	 */
	static LoadEngine of(LoadEngines engines, Path outputDir, String runPrefix) {
		if (!engines.remote()) {
			return new ThisJvm();
		}
		if (engines.keystore() == null) {
			Console.line("WARN load engines over " + RmiTransport.INSECURE_WARNING);
		}
		return new RemoteEngines(engines, outputDir, runPrefix);
	}

	/**
	 * Loads the app once, unmeasured, before the first measured trial when the engine
	 * needs it; nothing by default.
	 * @param trial the first measured trial, whose workload and app the warm-up loads
	 * @param target the app's JVM, {@code null} for a remote target
	 */
	default void warmUpOnce(ScenarioPlan.Run trial, JavaProcess target) {
	}

	/**
	 * Runs a measured trial's plan, with a JTL in its folder, until its end, the target's
	 * exit or the run's time limit.
	 * @param run the trial's load
	 * @param runDir the trial's folder
	 * @param target the app's JVM (the load stops when it exits), {@code null} for a
	 * remote target
	 * @return JMeter's statistics of every sample
	 */
	TestPlanStats run(ScenarioPlan.Run run, Path runDir, JavaProcess target);

	/**
	 * JMeter embedded in this JVM, given the plans' properties.
	 */
	final class ThisJvm implements LoadEngine {

		@Override
		public TestPlanStats run(ScenarioPlan.Run run, Path runDir, JavaProcess target) {
			return LoadGenerator.run(ScenarioPlan.plan(run, runDir), ScenarioPlan.ENGINE_PROPERTIES, target,
					run.timeLimit());
		}

	}

}
