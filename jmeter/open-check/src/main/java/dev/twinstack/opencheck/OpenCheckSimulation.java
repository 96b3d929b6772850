package dev.twinstack.opencheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatling.javaapi.core.OpenInjectionStep;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.nothingFor;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * Sends the bench's request at constant arrival rates, step after step, with Gatling's
 * open injection ({@code constantUsersPerSec}: users evenly spaced, each started on
 * schedule whatever the answers in flight), one request per user over one shared
 * keep-alive connection pool, as the bench's threads share theirs. Parameters:
 * {@link OpenCheckParameters}. An unmeasured warm-up step comes first (a fresh Gatling
 * JVM answers its first requests slowly); each step starts after a pause once every
 * request of the one before was answered. At the end it writes
 * {@code <out>/latency.json}, each step's figures from its {@link StepRecorder}:
 *
 * <pre>
 * {"requestIdPrefix": "...", "requests": 1234, "acknowledged": 1234,
 *  "warmUp": {step figures} or null,
 *  "steps": [{"rate": 150.0, "seconds": 12, "skipSeconds": 2, "skipped": 300, "sent": 1500,
 *             "ok": 1500, "ko": 0, "p50Ms": 312.4, "p99Ms": 402.1, "maxMs": 455.0}, ...]}
 * </pre>
 *
 * {@code requests} counts the request ids handed out, {@code acknowledged} the answers
 * with the expected status, both over the whole run (warm-up and skipped seconds
 * included). Run as {@code java -cp <classes>:<classpath.txt> -DopenCheck.…=…
 * io.gatling.app.Gatling -s dev.twinstack.opencheck.OpenCheckSimulation -rf <folder>
 * -nr}; the {@code gatling.conf} here turns Gatling's analytics and its simulation.log
 * off.
 */
public class OpenCheckSimulation extends Simulation {

	/** The file written into {@code openCheck.out}. */
	public static final String LATENCY_JSON = "latency.json";

	private final OpenCheckParameters parameters = OpenCheckParameters.fromSystemProperties();

	private final AtomicLong requestIds = new AtomicLong();

	private final LongAdder acknowledged = new LongAdder();

	private final StepRecorder warmUp;

	private final List<StepRecorder> steps = new ArrayList<>();

	/**
	 * Sets the steps up from the system properties.
	 */
	public OpenCheckSimulation() {
		HttpProtocolBuilder protocol = http.baseUrl(this.parameters.baseUrl())
			.shareConnections()
			.disableWarmUp()
			.disableCaching()
			.disableAutoReferer();
		List<PopulationBuilder> populations = new ArrayList<>();
		OpenCheckParameters.Step warmUpStep = this.parameters.warmUp();
		this.warmUp = (warmUpStep != null) ? new StepRecorder(warmUpStep, 0) : null;
		if (warmUpStep != null) {
			populations.add(population("warm-up", this.warmUp, warmUpStep, 0));
		}
		for (int i = 0; i < this.parameters.steps().size(); i++) {
			OpenCheckParameters.Step step = this.parameters.steps().get(i);
			StepRecorder recorder = new StepRecorder(step, this.parameters.skipSeconds());
			this.steps.add(recorder);
			populations.add(population("step-" + (i + 1), recorder, step,
					(warmUpStep != null || i > 0) ? this.parameters.pauseSeconds() : 0));
		}
		// one after another: a step starts once every user of the one before has ended
		PopulationBuilder chain = populations.get(populations.size() - 1);
		for (int i = populations.size() - 2; i >= 0; i--) {
			chain = populations.get(i).andThen(chain);
		}
		setUp(chain).protocols(protocol);
	}

	private PopulationBuilder population(String name, StepRecorder recorder, OpenCheckParameters.Step step,
			int pauseSeconds) {
		List<OpenInjectionStep> injection = new ArrayList<>();
		if (pauseSeconds > 0) {
			injection.add(nothingFor(Duration.ofSeconds(pauseSeconds)));
		}
		injection.add(constantUsersPerSec(step.rate()).during(Duration.ofSeconds(step.seconds())));
		return users(name, recorder).injectOpen(injection);
	}

	private ScenarioBuilder users(String name, StepRecorder recorder) {
		int expected = this.parameters.status();
		return scenario(name).exec((session) -> {
			long start = System.nanoTime();
			return session.set("start", start).set("measured", recorder.started(start));
		}).exec(request()).exec((session) -> {
			long end = System.nanoTime();
			boolean ok = !session.isFailed() && session.contains("status") && session.getInt("status") == expected;
			if (ok) {
				this.acknowledged.increment();
			}
			if (session.getBoolean("measured")) {
				recorder.ended(session.getLong("start"), end, ok);
			}
			return session;
		});
	}

	private HttpRequestActionBuilder request() {
		OpenCheckParameters p = this.parameters;
		// functions, not strings: Gatling reads #{...} in a string as its EL
		HttpRequestActionBuilder request = http("request").httpRequest(p.method(), (session) -> p.randomPath())
			.header("X-Request-Id", (session) -> p.requestIdPrefix() + "-" + this.requestIds.incrementAndGet());
		for (Map.Entry<String, String> header : p.headers().entrySet()) {
			request = request.header(header.getKey(), (session) -> header.getValue());
		}
		if (p.body() != null) {
			request = request.body(StringBody((session) -> p.body()));
		}
		return request.check(status().saveAs("status"));
	}

	@Override
	public void after() {
		Map<String, Object> latency = new LinkedHashMap<>();
		latency.put("requestIdPrefix", this.parameters.requestIdPrefix());
		latency.put("requests", this.requestIds.get());
		latency.put("acknowledged", this.acknowledged.sum());
		latency.put("warmUp", (this.warmUp != null) ? this.warmUp.figures() : null);
		latency.put("steps", this.steps.stream().map(StepRecorder::figures).toList());
		Path file = this.parameters.out().resolve(LATENCY_JSON);
		try {
			Files.createDirectories(file.getParent());
			new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(file.toFile(), latency);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not write " + file, ex);
		}
	}

}
