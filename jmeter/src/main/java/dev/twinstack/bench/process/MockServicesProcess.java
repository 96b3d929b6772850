package dev.twinstack.bench.process;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.faults.DownstreamService;
import dev.twinstack.bench.settings.remote.Targets;

/**
 * mock-services (three WireMock services and an embedded MongoDB) running as its own JVM
 * on free loopback ports, and the MongoDB the apps store into: its embedded one, or the
 * one of {@code bench.mongoUri} (the embedded one is then not started:
 * {@code --mongo-storage none}).
 */
public final class MockServicesProcess implements AutoCloseable {

	public static final String HOST = "127.0.0.1";

	/** The database the apps write to in the embedded MongoDB. */
	public static final String DATABASE = "twinstack";

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

	private final Ports ports;

	private final JavaProcess process;

	private final Targets targets;

	private MockServicesProcess(Ports ports, JavaProcess process, Targets targets) {
		this.ports = ports;
		this.process = process;
		this.targets = targets;
	}

	/**
	 * The TCP ports of the mocks.
	 *
	 * @param customers customers service
	 * @param orders orders service
	 * @param recommendations recommendations service
	 * @param mongo embedded MongoDB
	 * @param slow slow service
	 */
	record Ports(int customers, int orders, int recommendations, int mongo, int slow) {
	}

	/**
	 * Starts mock-services on free ports and waits until every stub answers and MongoDB
	 * accepts connections.
	 * @param settings the bench settings (jar, JVM options, latency)
	 * @param log the log file
	 * @return the running mocks
	 */
	public static MockServicesProcess start(BenchSettings settings, Path log) {
		return start(settings, log, null);
	}

	/**
	 * Starts mock-services on free ports and waits until every stub answers and MongoDB
	 * accepts connections.
	 * @param settings the bench settings (jar, JVM options, latency)
	 * @param log the log file
	 * @param runId the bench run's id, for the VisualVM display name
	 * ({@code twinstack-mocks-<heap>-<run>}); {@code null} for
	 * {@code twinstack-mock-services}
	 * @return the running mocks
	 */
	public static MockServicesProcess start(BenchSettings settings, Path log, String runId) {
		List<String> jvmArgs = new ArrayList<>(settings.mocksJvmArgs());
		if (runId != null) {
			jvmArgs.add("-Dvisualvm.display.name="
					+ BenchJvms.displayName("mocks", null, BenchJvms.heapOf(settings.mocksJvmArgs()), runId));
		}
		// every listener on a free port, the slow service too (it always starts): a
		// second bench or a hand-started mock-services on the default ports must not
		// collide
		List<Integer> free = FreePorts.allocate(5);
		Ports ports = new Ports(free.get(0), free.get(1), free.get(2), free.get(3), free.get(4));
		List<String> args = new ArrayList<>(List.of("--bind", HOST, "--customers-port",
				String.valueOf(ports.customers()), "--orders-port", String.valueOf(ports.orders()),
				"--recommendations-port", String.valueOf(ports.recommendations()), "--mongo-port",
				String.valueOf(ports.mongo()), "--latency", settings.latency(), "--slow-port",
				String.valueOf(ports.slow()), "--slow-latency", settings.slowLatency(),
				// in memory: the bench counts each trial's documents by a regex over
				// their
				// ids and drops the collection after it, which the disk store (the
				// standalone default) makes slow and heavy on the heap; none when the
				// apps store into the MongoDB of bench.mongoUri
				"--mongo-storage", settings.targets().externalMongo() ? "none" : "memory"));
		JavaProcess process = JavaProcess.start(settings.jdk().java(), "mock-services", jvmArgs,
				settings.jars().mockServices(), args, log);
		MockServicesProcess mocks = new MockServicesProcess(ports, process, settings.targets());
		try {
			process.awaitReady("stubs answer 200 and MongoDB accepts connections", READY_TIMEOUT,
					() -> Probes.httpOk(URI.create(mocks.customersUrl() + "/customers/1"))
							&& Probes.httpOk(URI.create(mocks.ordersUrl() + "/customers/1/orders"))
							&& Probes.httpOk(URI.create(mocks.recommendationsUrl() + "/customers/1/recommendations"))
							&& Probes.httpOk(URI.create(mocks.slowUrl() + "/slow/1"))
							&& (!mocks.embeddedMongo() || Probes.tcpOpen(HOST, ports.mongo())));
		}
		catch (RuntimeException ex) {
			process.stop();
			throw ex;
		}
		return mocks;
	}

	public String customersUrl() {
		return "http://" + HOST + ":" + this.ports.customers();
	}

	/**
	 * The embedded MongoDB's switch and state on the customers service's admin API
	 * (mock-services' {@code MongoAdminExtension}).
	 * @return e.g. {@code http://127.0.0.1:9081/__admin/ext/mongo}; {@code /stop} and
	 * {@code /start} below it
	 */
	public String mongoAdminUrl() {
		return customersUrl() + "/__admin/ext/mongo";
	}

	String ordersUrl() {
		return "http://" + HOST + ":" + this.ports.orders();
	}

	String recommendationsUrl() {
		return "http://" + HOST + ":" + this.ports.recommendations();
	}

	/**
	 * Returns the base URL of a downstream service in these mocks.
	 * @param service the service
	 * @return e.g. {@code http://127.0.0.1:41234}
	 */
	public String baseUrl(DownstreamService service) {
		return switch (service) {
			case CUSTOMERS -> customersUrl();
			case ORDERS -> ordersUrl();
			case RECOMMENDATIONS -> recommendationsUrl();
		};
	}

	/**
	 * Returns the slow service's base URL.
	 * @return e.g. {@code http://127.0.0.1:9084}
	 */
	public String slowUrl() {
		return "http://" + HOST + ":" + this.ports.slow();
	}

	/**
	 * Returns the connection string of the MongoDB the apps store into: the embedded
	 * server's, database {@code twinstack}, or {@code bench.mongoUri}, credentials
	 * included (never print it: {@link Targets#withoutCredentials(String)}).
	 * @return e.g. {@code mongodb://127.0.0.1:27018/twinstack}
	 */
	public String mongoUri() {
		return embeddedMongo() ? "mongodb://" + HOST + ":" + this.ports.mongo() + "/" + DATABASE
				: this.targets.mongoUri();
	}

	/**
	 * Returns the database the apps store into.
	 * @return {@code twinstack} in the embedded server, else the bench's database in the
	 * MongoDB of {@code bench.mongoUri} ({@link Targets#mongoDatabase()})
	 */
	public String database() {
		return embeddedMongo() ? DATABASE : this.targets.mongoDatabase();
	}

	/**
	 * Tells whether the apps store into mock-services' embedded MongoDB.
	 * @return {@code false} with {@code bench.mongoUri}
	 */
	public boolean embeddedMongo() {
		return !this.targets.externalMongo();
	}

	/**
	 * Tells whether the bench drops its collection between cells (its own database) or
	 * deletes only its own documents ({@link Targets#ownsDatabase()}).
	 * @return {@code true} in the embedded server and in the bench's own database
	 */
	public boolean ownsDatabase() {
		return this.targets.ownsDatabase();
	}

	Ports ports() {
		return this.ports;
	}

	public JavaProcess process() {
		return this.process;
	}

	@Override
	public void close() {
		this.process.stop();
	}

}
