package dev.twinstack.bench.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import com.mongodb.ConnectionString;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.settings.BenchSettings;

/**
 * One app (mvc-app or webflux-app) running as its own JVM on a free port, pointed at the
 * mocks.
 */
public final class AppProcess implements AutoCloseable {

	/**
	 * Tomcat's default worker thread cap (Spring Boot's default); {@code mvc} gets
	 * {@code bench.tomcatThreads} explicitly so the report's thread ceiling matches what
	 * ran.
	 */
	static final int TOMCAT_MAX_THREADS = BenchSettings.DEFAULT_TOMCAT_THREADS;

	private static final String TOMCAT_MAX_THREADS_PROPERTY = "server.tomcat.threads.max";

	private static final String TOMCAT_MAX_THREADS_ARG = "--" + TOMCAT_MAX_THREADS_PROPERTY + "=";

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);

	private final Stack stack;

	private final int port;

	private final int managementPort;

	private final List<String> args;

	private final JavaProcess process;

	private AppProcess(Stack stack, int port, int managementPort, List<String> args, JavaProcess process) {
		this.stack = stack;
		this.port = port;
		this.managementPort = managementPort;
		this.args = args;
		this.process = process;
	}

	/**
	 * Starts an app as the bench's monitored runs do, on a given heap: watchable, with a
	 * VisualVM display name ({@code twinstack-app-<stack>-<heap>-<run>}), a JFR recording
	 * written to {@code recording} when the JVM exits, a GC log, and exiting on its first
	 * {@code OutOfMemoryError}.
	 * @param stack which app
	 * @param heap the heap it runs with
	 * @param placement the CPUs it runs on (started behind its {@code taskset} prefix)
	 * @param settings the bench settings (jar, JVM options, JDK)
	 * @param mocks the running mocks the app calls and stores into
	 * @param log the log file
	 * @param gcLog the GC log file
	 * @param runId the bench run's id
	 * @param recording the JFR file
	 * @return the running app
	 */
	public static AppProcess startRecorded(Stack stack, Heap heap, CpuPlacement placement, BenchSettings settings,
			MockServicesProcess mocks, Path log, Path gcLog, String runId, Path recording) {
		try {
			Files.createDirectories(recording.toAbsolutePath().getParent());
			Files.createDirectories(gcLog.toAbsolutePath().getParent());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not create the folder of " + recording, ex);
		}
		List<String> jvmArgs = new ArrayList<>(heap.jvmArgs(settings.appJvmArgs()));
		jvmArgs.add("-XX:+ExitOnOutOfMemoryError");
		jvmArgs.add("-Xlog:gc:file=" + gcLog + ":utctime,level,tags");
		jvmArgs.addAll(BenchJvms.appOptions(stack.id(), BenchJvms.heapOf(jvmArgs), runId, recording));
		return start(stack, settings, placement.commandPrefix(), jvmArgs, mocks, log, Map.of(), "health");
	}

	/**
	 * Starts an app on a free port with some of its properties replaced and waits until
	 * an Actuator endpoint answers 200. Actuator listens on a port of its own
	 * ({@code management.server.port}), so the bench's readings of the app's meters do
	 * not queue behind the load: on the app's port, with every Tomcat thread busy, the
	 * readings timed out (docs/design.md, "Measuring the apps").
	 * @param stack which app
	 * @param settings the bench settings (jar, JVM options, JDK)
	 * @param mocks the running mocks the app calls and stores into
	 * @param log the log file
	 * @param overrides app properties (without {@code --}) replacing or adding to the
	 * defaults, e.g. {@code app.downstream.timeout=1s}
	 * @param readyPath the Actuator endpoint that must answer {@code GET} with 200,
	 * relative to {@link #actuatorUri()}, e.g. {@code health/liveness} for an app whose
	 * database is down
	 * @return the running app
	 */
	public static AppProcess start(Stack stack, BenchSettings settings, MockServicesProcess mocks, Path log,
			Map<String, String> overrides, String readyPath) {
		return start(stack, settings, List.of(), settings.appJvmArgs(), mocks, log, overrides, readyPath);
	}

	private static AppProcess start(Stack stack, BenchSettings settings, List<String> prefix, List<String> jvmArgs,
			MockServicesProcess mocks, Path log, Map<String, String> overrides, String readyPath) {
		List<Integer> ports = FreePorts.allocate(2);
		int port = ports.get(0);
		int managementPort = ports.get(1);
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("server.port", String.valueOf(port));
		properties.put("server.address", MockServicesProcess.HOST);
		properties.put("management.server.port", String.valueOf(managementPort));
		properties.put("management.server.address", MockServicesProcess.HOST);
		properties.put("app.downstream.customers-url", mocks.customersUrl());
		properties.put("app.downstream.orders-url", mocks.ordersUrl());
		properties.put("app.downstream.recommendations-url", mocks.recommendationsUrl());
		properties.put("app.downstream.slow-url", mocks.slowUrl());
		// a password stays out of the command line, which is logged and recorded
		Map<String, String> environment = new LinkedHashMap<>();
		if (new ConnectionString(mocks.mongoUri()).getCredential() == null) {
			properties.put("spring.mongodb.uri", mocks.mongoUri());
		}
		else {
			environment.put("SPRING_MONGODB_URI", mocks.mongoUri());
		}
		properties.put("spring.mongodb.database", mocks.database());
		if (stack.threadPerRequest()) {
			properties.put(TOMCAT_MAX_THREADS_PROPERTY, String.valueOf(settings.tomcatThreads()));
			// the parallel fanout runs 3 calls per request on this pool: 3 x the Tomcat
			// threads
			properties.put("spring.task.execution.pool.core-size", String.valueOf(3 * settings.tomcatThreads()));
			properties.put("spring.task.execution.pool.max-size", String.valueOf(3 * settings.tomcatThreads()));
		}
		properties.putAll(stack.settings());
		properties.putAll(overrides);
		List<String> args = new ArrayList<>();
		properties.forEach((name, value) -> args.add("--" + name + "=" + value));
		String role = stack.role();
		JavaProcess process = JavaProcess.start(prefix, settings.jdk().java(), role, jvmArgs,
				settings.jars().app(stack), args, environment, log);
		AppProcess app = new AppProcess(stack, port, managementPort, List.copyOf(args), process);
		try {
			process.awaitReady("GET " + app.actuatorUri().resolve(readyPath).getPath() + " = 200", READY_TIMEOUT,
					() -> Probes.httpOk(app.actuatorUri().resolve(readyPath)));
		}
		catch (RuntimeException ex) {
			process.stop();
			throw ex;
		}
		return app;
	}

	/**
	 * Returns the worker thread cap the app was started with.
	 * @return the value of {@code --server.tomcat.threads.max}, empty for webflux-app
	 */
	public OptionalInt threadCap() {
		return this.args.stream()
			.filter((arg) -> arg.startsWith(TOMCAT_MAX_THREADS_ARG))
			.mapToInt((arg) -> Integer.parseInt(arg.substring(TOMCAT_MAX_THREADS_ARG.length())))
			.findFirst();
	}

	/**
	 * Returns the app's base URI with a trailing slash.
	 * @return e.g. {@code http://127.0.0.1:41234/}
	 */
	public URI baseUri() {
		return URI.create("http://" + MockServicesProcess.HOST + ":" + this.port + "/");
	}

	/**
	 * Returns the base URI of the app's Actuator, on its own management port, with a
	 * trailing slash.
	 * @return e.g. {@code http://127.0.0.1:41235/actuator/}
	 */
	public URI actuatorUri() {
		return URI.create("http://" + MockServicesProcess.HOST + ":" + this.managementPort + "/actuator/");
	}

	public Stack stack() {
		return this.stack;
	}

	/**
	 * Returns the app's command-line arguments.
	 * @return the {@code --name=value} arguments after the jar
	 */
	public List<String> args() {
		return this.args;
	}

	public int port() {
		return this.port;
	}

	public JavaProcess process() {
		return this.process;
	}

	@Override
	public void close() {
		this.process.stop();
	}

}
