package dev.twinstack.bench.load.engine;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.settings.remote.LoadEngines;
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

	/**
	 * Pause after a remote run: a JMeter server reports the end of a test before it marks
	 * itself idle, and refuses the next plan in between ("Engine is busy",
	 * apache/jmeter#6304).
	 */
	private static final Duration REMOTE_IDLE = Duration.ofMillis(500);

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

	/**
	 * Runs a plan on JMeter's remote engines (jmeter-java-dsl's
	 * {@code DistributedJmeterEngine}), each running the whole plan, until its end, the
	 * target's exit or the limit. The plan must carry each engine's share of the load
	 * ({@link ScenarioPlan#distributed}); the engines cannot be sent JMeter properties,
	 * so the plan holds values, not {@code __P} functions. The engines call this JVM back
	 * (their samples, the end of the test) at {@code java.rmi.server.hostname}: set here,
	 * unless given, to this machine's address on the route to the first engine, on the
	 * ports {@code bench.rmiLocalPort} fixes (JMeter's {@code client.rmi.localport}),
	 * else on ports RMI picks.
	 * @param plan the plan
	 * @param engines the engines' {@code host:port}, the RMI keystore (TLS) or none
	 * (plain RMI), the callback port
	 * @param target the process under load, {@code null} for none
	 * @param limit the longest the run may take, {@code null} for no limit
	 * @return JMeter's statistics of every engine's samples
	 * @throws BenchException when the JVM is shutting down, an engine cannot be reached
	 * or the engines do not report the end of the run
	 */
	public static TestPlanStats runRemote(DslTestPlan plan, LoadEngines engines, JavaProcess target, Duration limit) {
		if (BenchShutdown.inProgress()) {
			throw new BenchException("the bench is stopping: no new load");
		}
		RmiTransport transport = new RmiTransport(engines.keystore());
		transport.requireKeystore();
		RemoteCallbacks.prepare(engines.addresses().get(0), transport);
		WatchedDistributedEngine engine = new WatchedDistributedEngine(engines.addresses(), target, limit);
		transport.jmeterProperties().forEach(engine::prop);
		if (engines.callbackPort() > 0) {
			engine.localBasePort(engines.callbackPort());
		}
		try {
			TestPlanStats stats = plan.runIn(engine);
			if (engine.abandoned()) {
				Thread.interrupted();
				throw new BenchException("the load engines " + engines.addresses()
						+ " did not report the end of the run; " + "stopped waiting for them (their logs say why)");
			}
			Thread.sleep(REMOTE_IDLE.toMillis());
			return stats;
		}
		catch (IOException | TimeoutException | RuntimeException ex) {
			if (ex instanceof BenchException bench) {
				throw bench;
			}
			throw new BenchException("JMeter's remote run on " + engines.addresses() + " failed: " + ex.getMessage(),
					ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new BenchException("JMeter run interrupted", ex);
		}
	}

}
