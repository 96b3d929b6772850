package dev.twinstack.mocks;

import java.net.URI;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.extension.Extension;
import com.github.tomakehurst.wiremock.global.GlobalSettings;
import com.github.tomakehurst.wiremock.http.LogNormal;
import com.github.tomakehurst.wiremock.http.UniformDistribution;

/**
 * The downstream world of the composite endpoint in one place: the customers, orders and
 * recommendations services and the slow service of the slow-io scenario (one WireMock
 * server each, with simulated latency) and a MongoDB, in memory or on disk
 * ({@link MongoStorage}). Start it with {@link #start(MockServicesOptions)}, e.g. from a
 * test:
 *
 * <pre class="code">
 * try (MockServices mocks = MockServices.start(MockServicesOptions.forTests())) {
 *     URI orders = mocks.baseUrl(Downstream.ORDERS);
 *     String mongoUri = mocks.mongoUri();
 * }
 * </pre>
 *
 * Delayed responses are sent asynchronously, so a delay holds no server thread: more than
 * 1000 delayed requests can be in flight per service.
 */
public final class MockServices implements AutoCloseable {

	/** Name of the MongoDB database in {@link #mongoUri()}. */
	public static final String DATABASE = "twinstack";

	/**
	 * The collection the apps store their profiles in, in database {@value #DATABASE}.
	 */
	public static final String PROFILES = "profiles";

	private static final Logger logger = LoggerFactory.getLogger(MockServices.class);

	private final MockServicesOptions options;

	private final Map<Downstream, WireMockServer> servers;

	private final EmbeddedMongo mongo;

	private MockServices(MockServicesOptions options, Map<Downstream, WireMockServer> servers, EmbeddedMongo mongo) {
		this.options = options;
		this.servers = servers;
		this.mongo = mongo;
	}

	/**
	 * Starts the four services and MongoDB; returns once all of them listen.
	 * @param options where to listen, latencies and thread counts
	 * @return the running services, to be closed by the caller
	 * @throws IllegalStateException naming the server and address when one cannot start
	 * (everything already started is stopped again)
	 */
	public static MockServices start(MockServicesOptions options) {
		Map<Downstream, WireMockServer> servers = new EnumMap<>(Downstream.class);
		EmbeddedMongo mongo = new EmbeddedMongo(options.bindAddress(), options.mongoPort(), options.mongoStorage(),
				options.heapWarningPercent());
		MockServices services = new MockServices(options, servers, mongo);
		try {
			for (Downstream service : Downstream.values()) {
				WireMockServer server = new WireMockServer(configuration(options, service, mongo));
				servers.put(service, server);
				startServer(server, service, options);
				server.updateGlobalSettings(globalSettings(options.latency(service)));
				logger.info("{} service listening on {} (latency {}, async threads {}, container threads {})", service,
						services.baseUrl(service), options.latency(service), options.asyncThreads(),
						options.containerThreads());
			}
			mongo.start();
			if (options.mongoStorage().kind() == MongoStorage.Kind.NONE) {
				logger.info("MongoDB not started (--mongo-storage none): the apps store into a MongoDB of their own");
			}
			else {
				logger.info("MongoDB (mongo-java-server, {}) listening on {}; heap warning from {}% after GC",
						mongo.describeStorage(), services.mongoUri(), options.heapWarningPercent());
			}
			return services;
		}
		catch (RuntimeException | Error ex) {
			services.close();
			throw ex;
		}
	}

	private static void startServer(WireMockServer server, Downstream service, MockServicesOptions options) {
		try {
			server.start();
		}
		catch (Exception ex) { // Jetty can throw checked exceptions without declaring
								// them
			throw new IllegalStateException(service + " service could not listen on " + options.bindAddress() + ":"
					+ options.port(service) + ": " + rootMessage(ex), ex);
		}
	}

	static WireMockConfiguration configuration(MockServicesOptions options, Downstream service, EmbeddedMongo mongo) {
		return WireMockConfiguration.options()
			.bindAddress(options.bindAddress())
			.port(options.port(service))
			.jettyAcceptors(1)
			.jettyAcceptQueueSize(2048)
			.jettyStopTimeout(1000L)
			.containerThreads(options.containerThreads())
			.asynchronousResponseEnabled(true)
			.asynchronousResponseThreads(options.asyncThreads())
			.disableRequestJournal()
			.gzipDisabled(true)
			.templatingEnabled(true)
			// customers also carries the database outage switch: POST
			// /__admin/ext/mongo/stop and /start
			.extensions((service == Downstream.CUSTOMERS)
					? new Extension[] { new WaitedMsTransformer(), new MongoAdminExtension(mongo) }
					: new Extension[] { new WaitedMsTransformer() })
			.notifier(new QuietNotifier(service))
			.adminAuthenticator(new LoopbackAdminAuthenticator())
			.mappingSource(new ClasspathMappingsSource(service.mappingResource()));
	}

	static GlobalSettings globalSettings(Latency latency) {
		GlobalSettings.Builder settings = GlobalSettings.builder();
		if (latency instanceof Latency.Fixed fixed) {
			settings.fixedDelay((int) fixed.delay().toMillis());
		}
		else if (latency instanceof Latency.LogNormal logNormal) {
			settings.delayDistribution(new LogNormal(logNormal.median().toMillis(), logNormal.sigma()));
		}
		else if (latency instanceof Latency.Uniform uniform) {
			settings.delayDistribution(
					new UniformDistribution((int) uniform.min().toMillis(), (int) uniform.max().toMillis()));
		}
		return settings.build();
	}

	static String rootMessage(Throwable ex) {
		Throwable root = ex;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		return (root.getMessage() != null) ? root.getMessage() : root.getClass().getSimpleName();
	}

	/**
	 * Returns the options the services were started with.
	 * @return the options (ports as configured, 0 for random ones)
	 */
	public MockServicesOptions options() {
		return this.options;
	}

	/**
	 * Returns the WireMock server of a service, e.g. to add test stubs (default priority
	 * 5 wins over the default mappings' priority 10), faults, or to reset it.
	 * @param service the service
	 * @return its running server
	 */
	public WireMockServer server(Downstream service) {
		return this.servers.get(service);
	}

	/**
	 * Returns the base URL of a service.
	 * @param service the service
	 * @return e.g. {@code http://127.0.0.1:54321}
	 */
	public URI baseUrl(Downstream service) {
		return URI.create("http://" + urlHost() + ":" + server(service).port());
	}

	/**
	 * Returns the connection string of the embedded MongoDB, with the database name.
	 * @return e.g. {@code mongodb://127.0.0.1:27018/twinstack}
	 */
	public String mongoUri() {
		return mongoAddress() + "/" + DATABASE;
	}

	/**
	 * Returns the connection string of the embedded MongoDB, without a database name.
	 * @return e.g. {@code mongodb://127.0.0.1:27018}
	 */
	public String mongoAddress() {
		return "mongodb://" + urlHost() + ":" + this.mongo.port();
	}

	/**
	 * Stops MongoDB: open connections are closed and new ones are refused, until
	 * {@link #startMongo()}. Stored documents are lost.
	 */
	public void stopMongo() {
		this.mongo.stop();
		logger.info("MongoDB stopped");
	}

	/**
	 * Starts MongoDB again on the same port, empty.
	 * @throws IllegalStateException when the port cannot be bound again
	 */
	public void startMongo() {
		this.mongo.start();
		logger.info("MongoDB listening on {}", mongoUri());
	}

	/**
	 * Returns whether MongoDB is running.
	 * @return {@code false} between {@link #stopMongo()} and {@link #startMongo()}
	 */
	public boolean isMongoRunning() {
		return this.mongo.isRunning();
	}

	/**
	 * Returns what MongoDB holds in a collection of database {@value #DATABASE}, read in
	 * process (no driver): what an app stored, as a black-box test sees it.
	 * @param collection the collection, e.g. {@code profiles}
	 * @return the documents in insertion order, as plain Java values: nested documents as
	 * maps, ObjectIds as 24 hex characters, Decimal128 as {@code BigDecimal}, dates as
	 * {@code Instant}; empty when the collection does not exist
	 * @throws IllegalStateException while MongoDB is stopped
	 */
	public List<Map<String, Object>> storedDocuments(String collection) {
		return this.mongo.documents(DATABASE, collection);
	}

	/**
	 * Deletes every document of a collection of database {@value #DATABASE}.
	 * @param collection the collection, e.g. {@code profiles}
	 * @return how many documents were deleted
	 * @throws IllegalStateException while MongoDB is stopped
	 */
	public int deleteStoredDocuments(String collection) {
		return this.mongo.deleteDocuments(DATABASE, collection);
	}

	/**
	 * Counts the documents of a collection of database {@value #DATABASE}, read in
	 * process.
	 * @param collection the collection, e.g. {@value #PROFILES}
	 * @return the number of documents, 0 when the collection does not exist or MongoDB is
	 * stopped
	 */
	public long countStoredDocuments(String collection) {
		return this.mongo.countDocuments(DATABASE, collection);
	}

	/**
	 * Returns the heap warning while the heap used after GC is at or above
	 * {@link MockServicesOptions#heapWarningPercent()}.
	 * @return the warning, as logged; empty below the threshold
	 */
	public Optional<String> heapWarning() {
		return this.mongo.heapWatch().warning();
	}

	/**
	 * Changes the latency of one running service.
	 * @param service the service
	 * @param latency its new latency
	 */
	public void setLatency(Downstream service, Latency latency) {
		server(service).updateGlobalSettings(globalSettings(latency));
	}

	/**
	 * Removes every stub added since the start and restores the default mappings of all
	 * four services. Latencies are kept.
	 */
	public void resetStubs() {
		this.servers.values().forEach(WireMockServer::resetToDefaultMappings);
	}

	/**
	 * Stops the four services and MongoDB. Safe to call more than once.
	 */
	@Override
	public void close() {
		for (WireMockServer server : this.servers.values()) {
			try {
				if (server.isRunning()) {
					server.stop();
				}
			}
			catch (Exception ex) { // Jetty can throw checked exceptions without declaring
									// them
				logger.warn("Could not stop a WireMock server cleanly: {}", rootMessage(ex));
			}
		}
		this.mongo.close();
		logger.info("Mock services stopped");
	}

	private String urlHost() {
		String host = this.options.bindAddress();
		if (host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]")) {
			return "127.0.0.1";
		}
		return (host.contains(":") && !host.startsWith("[")) ? "[" + host + "]" : host;
	}

}
