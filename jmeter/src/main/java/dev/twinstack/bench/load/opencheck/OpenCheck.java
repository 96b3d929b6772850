package dev.twinstack.bench.load.opencheck;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.twinstack.bench.load.CompositePlan;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.process.JavaProcess;
import dev.twinstack.bench.process.ProcessRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the independent open-model check: Gatling's open injection (module
 * {@code open-check}, {@code dev.twinstack.opencheck.OpenCheckSimulation}) in a JVM of
 * its own, because Gatling's Jackson, Netty, logback and Scala clash with
 * jmeter-java-dsl's. Gatling starts each user at its arrival time without waiting for a
 * free thread, so its latencies run from the intended send time; compare them with the
 * bench's intended p50 and p99 through
 * {@code dev.twinstack.bench.analysis.OpenCrossCheck}.
 * <p>
 * The JVM is a {@link JavaProcess} ({@link ProcessRegistry}): stopped when the run ends,
 * fails, times out or the calling thread is interrupted, and by the bench's shutdown
 * hook. It runs on the {@code java} of the bench's JVM, from
 * {@code open-check/target/classes} and the class path in
 * {@code open-check/target/classpath.txt}, both written by {@code ./mvnw package}. Its
 * log is {@code <outputDir>/gatling.log}, its figures {@code <outputDir>/latency.json}.
 * <p>
 * The capacity search calls it once it has found a capacity P
 * ({@code dev.twinstack.bench.run.GatlingCheck}): an unmeasured warm-up step, then the
 * passing rung nearest P / 2 and P, each as long as a rung with the bench's ramp-up left
 * out; its p50 and p99 go beside the bench's intended ones
 * ({@code dev.twinstack.bench.analysis.capacity.Capacity.Check}) and its stored documents
 * are counted under its request-id prefix against {@link OpenCheckResult#acknowledged()}.
 * <p>
 * A failed or missing check is a line on the console, never a failure of the bench, as
 * for wrk.
 */
public final class OpenCheck {

	private static final Logger logger = LoggerFactory.getLogger(OpenCheck.class);

	/**
	 * Gatling's launcher; it calls {@code System.exit}, one more reason for a JVM of its
	 * own.
	 */
	static final String MAIN_CLASS = "io.gatling.app.Gatling";

	/** The simulation in module {@code open-check}. */
	static final String SIMULATION = "dev.twinstack.opencheck.OpenCheckSimulation";

	/** The file the simulation writes into the output folder. */
	static final String LATENCY_JSON = "latency.json";

	/** The Gatling JVM's log, in the output folder. */
	static final String LOG = "gatling.log";

	/**
	 * The class path file {@code ./mvnw package} writes, under the module's target
	 * folder.
	 */
	static final String CLASSPATH_TXT = "classpath.txt";

	/**
	 * How long the Gatling JVM may take beyond the planned load: its start (about 7 s on
	 * an idle 2-core machine, several times that on a busy one) and its end.
	 */
	static final Duration OVERHEAD = Duration.ofSeconds(90);

	/**
	 * The JVM options before the plan's: a heap of its own size, the simulation.log
	 * writer's reflection.
	 */
	static final List<String> JVM_ARGS = List.of("-Xmx512m", "--add-opens=java.base/java.lang=ALL-UNNAMED");

	private OpenCheck() {
	}

	/**
	 * Runs the check once and waits for it.
	 * @param module the {@code open-check} module's folder, built (e.g.
	 * {@code open-check} from the bench's working folder, {@code jmeter/})
	 * @param prefix the command's prefix, e.g. {@code taskset -c 0} for the harness's
	 * CPUs; empty for none
	 * @param plan what to send
	 * @param outputDir the folder of {@value #LOG} and {@value #LATENCY_JSON} (created if
	 * missing; Gatling's results folder too)
	 * @return what Gatling measured, a step per planned step
	 * @throws BenchException when the module is not built, the JVM cannot start, exits
	 * with an error, runs over its time ({@link #timeout(OpenCheckPlan)}; it is then
	 * stopped), writes no or a malformed {@value #LATENCY_JSON}, or the thread is
	 * interrupted (the JVM is stopped, the interrupt flag kept)
	 */
	public static OpenCheckResult run(Path module, List<String> prefix, OpenCheckPlan plan, Path outputDir) {
		String classpath = classpath(module);
		Path latency = outputDir.resolve(LATENCY_JSON);
		try {
			Files.createDirectories(outputDir);
			Files.deleteIfExists(latency);
		}
		catch (IOException ex) {
			throw new BenchException("Could not prepare " + outputDir + ": " + ex.getMessage(), ex);
		}
		JavaProcess gatling = JavaProcess.startMain(prefix, "open-check", jvmArgs(plan, outputDir), classpath,
				MAIN_CLASS, List.of("-s", SIMULATION, "-rf", outputDir.toString(), "-nr"), outputDir.resolve(LOG));
		try {
			Duration timeout = timeout(plan);
			try {
				gatling.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
			}
			catch (TimeoutException ex) {
				gatling.stop();
				throw new BenchException("Gatling did not finish within " + timeout.toSeconds()
						+ " s and was stopped; last lines of " + gatling.log() + ":\n" + gatling.logTail());
			}
			catch (ExecutionException ex) {
				throw new BenchException("Could not wait for Gatling: " + ex.getCause(), ex);
			}
			catch (InterruptedException ex) {
				gatling.stop();
				Thread.currentThread().interrupt();
				throw new BenchException("Interrupted while Gatling ran: it was stopped", ex);
			}
			int exitCode = gatling.exitCode();
			if (exitCode != 0) {
				throw new BenchException("Gatling exited with code " + exitCode + "; last lines of " + gatling.log()
						+ ":\n" + gatling.logTail());
			}
			OpenCheckResult result = read(latency);
			if (result.steps().size() != plan.steps().size()) {
				throw new BenchException(
						latency + " holds " + result.steps().size() + " steps, the plan " + plan.steps().size());
			}
			return result;
		}
		finally {
			gatling.stop();
		}
	}

	/**
	 * Returns the Gatling JVM's class path: the module's classes, then its dependencies.
	 * @param module the {@code open-check} module's folder
	 * @return the class path
	 * @throws BenchException naming what is missing when the module is not built
	 */
	static String classpath(Path module) {
		Path classes = module.resolve("target/classes");
		Path dependencies = module.resolve("target").resolve(CLASSPATH_TXT);
		if (!Files.isRegularFile(dependencies) || !Files.isDirectory(classes)) {
			throw new BenchException("open-check is not built (" + (Files.isDirectory(classes) ? dependencies : classes)
					+ " is missing): run ./mvnw package first");
		}
		try {
			return classes + java.io.File.pathSeparator
					+ Files.readString(dependencies, StandardCharsets.UTF_8).strip();
		}
		catch (IOException ex) {
			throw new BenchException("Could not read " + dependencies + ": " + ex.getMessage(), ex);
		}
	}

	/**
	 * Returns the Gatling JVM's options: {@link #JVM_ARGS}, the bench's connect and
	 * response timeouts ({@link CompositePlan}) as Gatling settings, then the plan.
	 * @param plan what to send
	 * @param outputDir where {@value #LATENCY_JSON} goes
	 * @return the options
	 */
	static List<String> jvmArgs(OpenCheckPlan plan, Path outputDir) {
		List<String> args = new ArrayList<>(JVM_ARGS);
		args.add("-Dgatling.socket.connectTimeout=" + CompositePlan.CONNECT_TIMEOUT.toMillis());
		args.add("-Dgatling.http.requestTimeout=" + CompositePlan.RESPONSE_TIMEOUT.toMillis());
		args.addAll(plan.systemProperties(outputDir.toString()));
		return args;
	}

	/**
	 * Returns how long the Gatling JVM may run: {@link #OVERHEAD}, the planned load, and
	 * a response timeout per step (and warm-up) for the answers the step waits for.
	 * @param plan what to send
	 * @return the longest run
	 */
	static Duration timeout(OpenCheckPlan plan) {
		int populations = plan.steps().size() + ((plan.warmUp() != null) ? 1 : 0);
		return OVERHEAD.plusSeconds(plan.plannedSeconds())
			.plus(CompositePlan.RESPONSE_TIMEOUT.multipliedBy(populations));
	}

	/**
	 * Reads what the simulation wrote.
	 * @param latency the {@value #LATENCY_JSON} file
	 * @return its figures
	 * @throws BenchException when it is missing or malformed
	 */
	static OpenCheckResult read(Path latency) {
		if (!Files.isRegularFile(latency)) {
			throw new BenchException("Gatling wrote no " + latency);
		}
		try {
			OpenCheckResult result = new ObjectMapper()
				.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
						DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
				.readValue(latency.toFile(), OpenCheckResult.class);
			logger.info("Gatling sent {} requests under {}: {}", result.requests(), result.requestIdPrefix(),
					result.steps());
			return result;
		}
		catch (IOException ex) {
			throw new BenchException("Could not read " + latency + ": " + ex.getMessage(), ex);
		}
	}

}
