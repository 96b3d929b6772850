package dev.twinstack.bench;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * One app (mvc-app or webflux-app) running as its own JVM on a free port, pointed at the
 * mocks.
 */
final class AppProcess implements AutoCloseable {

	/**
	 * Tomcat's worker thread cap, passed explicitly to mvc-app so the report's thread
	 * ceiling matches what ran (it is also Spring Boot's default).
	 */
	static final int TOMCAT_MAX_THREADS = 200;

	private static final String TOMCAT_MAX_THREADS_ARG = "--server.tomcat.threads.max=";

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);

	private final Stack stack;

	private final int port;

	private final List<String> args;

	private final JavaProcess process;

	private AppProcess(Stack stack, int port, List<String> args, JavaProcess process) {
		this.stack = stack;
		this.port = port;
		this.args = args;
		this.process = process;
	}

	/**
	 * Starts an app on a free port and waits until {@code GET /actuator/health} answers
	 * 200.
	 * @param stack which app
	 * @param settings the bench settings (jar, JVM options)
	 * @param mocks the running mocks the app calls and stores into
	 * @param log the log file
	 * @return the running app
	 */
	static AppProcess start(Stack stack, BenchSettings settings, MockServicesProcess mocks, Path log) {
		int port = FreePorts.allocate(1).get(0);
		List<String> args = new ArrayList<>(
				List.of("--server.port=" + port, "--server.address=" + MockServicesProcess.HOST,
						"--app.downstream.customers-url=" + mocks.customersUrl(),
						"--app.downstream.orders-url=" + mocks.ordersUrl(),
						"--app.downstream.recommendations-url=" + mocks.recommendationsUrl(),
						"--spring.mongodb.uri=" + mocks.mongoUri()));
		if (stack == Stack.MVC) {
			args.add(TOMCAT_MAX_THREADS_ARG + TOMCAT_MAX_THREADS);
		}
		JavaProcess process = JavaProcess.start(stack.module(), settings.appJvmArgs(), settings.jars().app(stack), args,
				log);
		AppProcess app = new AppProcess(stack, port, List.copyOf(args), process);
		try {
			process.awaitReady("GET /actuator/health = 200", READY_TIMEOUT,
					() -> Probes.httpOk(app.baseUri().resolve("actuator/health")));
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
	OptionalInt threadCap() {
		return this.args.stream()
			.filter((arg) -> arg.startsWith(TOMCAT_MAX_THREADS_ARG))
			.mapToInt((arg) -> Integer.parseInt(arg.substring(TOMCAT_MAX_THREADS_ARG.length())))
			.findFirst();
	}

	/**
	 * Returns the app's base URI with a trailing slash.
	 * @return e.g. {@code http://127.0.0.1:41234/}
	 */
	URI baseUri() {
		return URI.create("http://" + MockServicesProcess.HOST + ":" + this.port + "/");
	}

	Stack stack() {
		return this.stack;
	}

	int port() {
		return this.port;
	}

	JavaProcess process() {
		return this.process;
	}

	@Override
	public void close() {
		this.process.stop();
	}

}
