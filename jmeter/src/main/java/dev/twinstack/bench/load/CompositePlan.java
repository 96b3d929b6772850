package dev.twinstack.bench.load;

import static us.abstracta.jmeter.javadsl.JmeterDsl.forLoopController;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.process.MockServicesProcess;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.assertions.DslResponseAssertion.TargetField;
import us.abstracta.jmeter.javadsl.core.threadgroups.DslDefaultThreadGroup;
import us.abstracta.jmeter.javadsl.http.DslHttpSampler;

/**
 * The load plan: a closed model where each of {@code threads} JMeter threads sends
 * {@code POST /profiles/{random id}?fanout=…} back to back, for a short ramp-up plus
 * {@code duration} seconds. Everything variable is a JMeter property with a default, so
 * the exported {@code plans/composite.jmx} runs in JMeter's GUI or CLI against apps
 * started by hand: <pre>
 * jmeter -n -t jmeter/plans/composite.jmx -Jport=8081 -Jfanout=parallel -Jthreads=100 -Jduration=60 \
 *   -l results.jtl -e -o dashboard
 * </pre> Properties: {@code host} (127.0.0.1), {@code port} (8080), {@code fanout}
 * (sequential), {@code threads} (10), {@code rampUp} (1, seconds), {@code duration} (60,
 * seconds, held after the ramp-up), {@code runId} (manual; requests carry
 * {@code X-Request-Id: <runId>-<n>}).
 * <p>
 * Free of Java lambdas, so it survives the .jmx export. The requests repeat inside an
 * endless loop controller (stopped by the thread group's duration) rather than as thread
 * group iterations: JMeter resets HTTP connections at each new iteration of a "new user"
 * thread group unless {@code httpclient.reset_state_on_thread_group_iteration=false}, so
 * this keeps keep-alive connections in JMeter's CLI as in the embedded run.
 */
public final class CompositePlan {

	/** Longest wait for a TCP connection to the app (ms). */
	public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

	/**
	 * Longest wait for a response once the request is sent (ms); beyond it the sample is
	 * an error.
	 */
	public static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(30);

	/**
	 * Ramp-up before the hold (seconds): threads start evenly over it (2.5 ms apart at
	 * 400 threads), so the connection burst stays below the servers' accept backlogs. It
	 * belongs to the measured window and lowers the measured throughput by about ramp-up
	 * / 2 / (ramp-up + duration): under 2 % for a 30 s cell.
	 */
	public static final int RAMP_UP_SECONDS = 1;

	private CompositePlan() {
	}

	/**
	 * Builds the plan without listeners, the form exported to .jmx: without the cookie
	 * and cache managers jmeter-java-dsl would add (a REST bench needs neither).
	 * @return the plan
	 */
	public static DslTestPlan plan() {
		return ScenarioPlan.lean(compositeThreadGroup());
	}

	private static DslDefaultThreadGroup compositeThreadGroup() {
		return threadGroup("composite")
			.rampToAndHold("${__P(threads,10)}", "${__P(rampUp," + RAMP_UP_SECONDS + ")}", "${__P(duration,60)}")
			.children(forLoopController("requests", -1, request()));
	}

	/**
	 * Builds the plan's request: {@code POST /profiles/{random id}?fanout=…} with its
	 * request id, timeouts and the 201 assertion, parameterised by the JMeter properties
	 * {@code host}, {@code port}, {@code fanout} and {@code runId}.
	 * @return the sampler
	 */
	public static DslHttpSampler request() {
		return httpSampler(Workload.COMPOSITE_LABEL,
				"http://${__P(host,127.0.0.1)}:${__P(port,8080)}/profiles/${__Random(1,100000)}"
						+ "?fanout=${__P(fanout,sequential)}")
			.method("POST")
			.header("X-Request-Id", "${__P(runId,manual)}-${__counter(FALSE,)}")
			.connectionTimeout(CONNECT_TIMEOUT)
			.responseTimeout(RESPONSE_TIMEOUT)
			.children(responseAssertion("status is 201").fieldToTest(TargetField.RESPONSE_CODE).equalsToStrings("201"));
	}

	/**
	 * Returns the JMeter properties that parameterise one measured run
	 * ({@value #RAMP_UP_SECONDS} s ramp-up).
	 * @param port the app's port
	 * @param fanout the fanout
	 * @param threads concurrent clients
	 * @param duration hold time after the ramp-up (whole seconds)
	 * @param runId prefix of every request's {@code X-Request-Id}
	 * @return the properties, as strings ({@code __P} reads only string values)
	 */
	static Map<String, String> properties(int port, Fanout fanout, int threads, Duration duration, String runId) {
		return properties(port, fanout, threads, Duration.ofSeconds(RAMP_UP_SECONDS), duration, runId);
	}

	/**
	 * Returns the JMeter properties that parameterise one run.
	 * @param port the app's port
	 * @param fanout the fanout
	 * @param threads concurrent clients
	 * @param rampUp time over which the threads start (whole seconds)
	 * @param duration hold time after the ramp-up (whole seconds)
	 * @param runId prefix of every request's {@code X-Request-Id}
	 * @return the properties, as strings ({@code __P} reads only string values)
	 */
	public static Map<String, String> properties(int port, Fanout fanout, int threads, Duration rampUp,
			Duration duration, String runId) {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("host", MockServicesProcess.HOST);
		properties.put("port", String.valueOf(port));
		properties.put("fanout", fanout.id());
		properties.put("threads", String.valueOf(threads));
		properties.put("rampUp", String.valueOf(rampUp.toSeconds()));
		properties.put("duration", String.valueOf(duration.toSeconds()));
		properties.put("runId", runId);
		return properties;
	}

	/**
	 * Writes the plan as JMeter .jmx.
	 * @param file the file to write (its folder is created)
	 * @throws IOException when writing fails
	 */
	public static void saveAsJmx(Path file) throws IOException {
		Files.createDirectories(file.toAbsolutePath().getParent());
		plan().saveAsJmx(file.toString());
	}

	/**
	 * Exports the plan: {@code java -cp … dev.twinstack.bench.load.CompositePlan [file]}.
	 * @param args the target file, default {@code plans/composite.jmx}
	 * @throws IOException when writing fails
	 */
	public static void main(String[] args) throws IOException {
		Path file = Path.of((args.length > 0) ? args[0] : "plans/composite.jmx");
		saveAsJmx(file);
		System.out.println("Wrote " + file.toAbsolutePath());
	}

}
