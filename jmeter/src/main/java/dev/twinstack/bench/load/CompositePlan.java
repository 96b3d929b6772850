package dev.twinstack.bench.load;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.process.MockServicesProcess;
import us.abstracta.jmeter.javadsl.http.DslHttpSampler;

/**
 * The composite request and the timings every plan shares. The request, {@code POST
 * /profiles/{random id}?fanout=…}, is parameterised by the JMeter properties {@code host}
 * (127.0.0.1), {@code port} (8080), {@code fanout} (sequential) and {@code runId}
 * (manual; requests carry {@code X-Request-Id: <runId>-<n>}), as in the exported
 * {@code plans/composite.jmx} (exported by {@code dev.twinstack.bench.plans}).
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
	 * Builds the plan's request: {@code POST /profiles/{random id}?fanout=…} with its
	 * request id, timeouts and the 201 assertion, parameterised by the JMeter properties
	 * {@code host}, {@code port}, {@code fanout} and {@code runId}.
	 * @return the sampler
	 */
	public static DslHttpSampler request() {
		return ScenarioPlan.sampler(Workload.COMPOSITE_SEQUENTIAL,
				"http://${__P(host,127.0.0.1)}:${__P(port,8080)}/profiles/${__Random(1,100000)}"
						+ "?fanout=${__P(fanout,sequential)}",
				"${__P(runId,manual)}");
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

}
