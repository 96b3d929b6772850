package dev.twinstack.mocks;

import java.time.Duration;
import java.util.Objects;

/**
 * How {@link MockServices} runs: where it listens, how slow each service answers and how
 * many threads serve the load.
 *
 * @param bindAddress the address every server binds to, e.g. {@code 127.0.0.1}
 * @param customersPort TCP port of the customers service (0 = a free random port)
 * @param ordersPort TCP port of the orders service (0 = a free random port)
 * @param recommendationsPort TCP port of the recommendations service (0 = a free random
 * port)
 * @param slowPort TCP port of the slow service (0 = a free random port)
 * @param mongoPort TCP port of the embedded MongoDB (0 = a free random port)
 * @param customersLatency latency added to every customers response
 * @param ordersLatency latency added to every orders response
 * @param recommendationsLatency latency added to every recommendations response
 * @param slowLatency latency added to every slow response (1 s by default)
 * @param asyncThreads threads per service that send delayed responses (at least 1); a
 * delayed response holds no thread while it waits
 * @param containerThreads Jetty threads per service that read requests and render
 * responses (at least {@value #MIN_CONTAINER_THREADS})
 * @param mongoStorage where MongoDB keeps its documents: in the heap or on disk
 * @param heapWarningPercent heap used after GC, in percent of the maximum heap, from
 * which mock-services warns (1 to 100)
 */
public record MockServicesOptions(String bindAddress, int customersPort, int ordersPort, int recommendationsPort,
		int slowPort, int mongoPort, Latency customersLatency, Latency ordersLatency, Latency recommendationsLatency,
		Latency slowLatency, int asyncThreads, int containerThreads, MongoStorage mongoStorage,
		int heapWarningPercent) {

	/** Default bind address: loopback only. */
	public static final String DEFAULT_BIND_ADDRESS = "127.0.0.1";

	/** Default latency of the slow service: a fixed 1 s. */
	public static final Latency DEFAULT_SLOW_LATENCY = Latency.fixed(Duration.ofSeconds(1));

	/** Default TCP port of the embedded MongoDB. */
	public static final int DEFAULT_MONGO_PORT = 27018;

	/** Default number of threads per service sending delayed responses. */
	public static final int DEFAULT_ASYNC_THREADS = 16;

	/** Default number of Jetty threads per service. */
	public static final int DEFAULT_CONTAINER_THREADS = 32;

	/**
	 * Default heap used after GC, in percent of the maximum, from which mock-services
	 * warns.
	 */
	public static final int DEFAULT_HEAP_WARNING_PERCENT = 75;

	/** Fewest Jetty threads a service can run with (acceptor, selector and workers). */
	public static final int MIN_CONTAINER_THREADS = 8;

	/** Accepted port values, as shown in error messages. */
	static final String ACCEPTED_PORTS = "a whole number from 0 to 65535 (0 = a free random port)";

	public MockServicesOptions {
		if (bindAddress == null || bindAddress.isBlank()) {
			throw new IllegalArgumentException("bind address must be an IP address or host name, e.g. 127.0.0.1");
		}
		requirePort("customers port", customersPort);
		requirePort("orders port", ordersPort);
		requirePort("recommendations port", recommendationsPort);
		requirePort("slow port", slowPort);
		requirePort("mongo port", mongoPort);
		Objects.requireNonNull(customersLatency, "customersLatency");
		Objects.requireNonNull(ordersLatency, "ordersLatency");
		Objects.requireNonNull(recommendationsLatency, "recommendationsLatency");
		Objects.requireNonNull(slowLatency, "slowLatency");
		requireThreads("async threads", asyncThreads, 1);
		requireThreads("container threads", containerThreads, MIN_CONTAINER_THREADS);
		Objects.requireNonNull(mongoStorage, "mongoStorage");
		if (heapWarningPercent < 1 || heapWarningPercent > 100) {
			throw new IllegalArgumentException(
					"heap warning must be a whole percentage from 1 to 100, got " + heapWarningPercent);
		}
	}

	/**
	 * The standalone defaults: loopback, ports 9081, 9082, 9083, 9084 and 27018, a fixed
	 * 100 ms latency for the three composite services and 1 s for the slow service,
	 * {@value #DEFAULT_ASYNC_THREADS} async threads and
	 * {@value #DEFAULT_CONTAINER_THREADS} container threads per service, MongoDB on a
	 * temporary file ({@link MongoStorage#DISK}: a long run does not fill the heap), a
	 * warning from {@value #DEFAULT_HEAP_WARNING_PERCENT} % of the heap.
	 * @return the default options
	 */
	public static MockServicesOptions defaults() {
		return new MockServicesOptions(DEFAULT_BIND_ADDRESS, Downstream.CUSTOMERS.defaultPort(),
				Downstream.ORDERS.defaultPort(), Downstream.RECOMMENDATIONS.defaultPort(),
				Downstream.SLOW.defaultPort(), DEFAULT_MONGO_PORT, Latency.DEFAULT, Latency.DEFAULT, Latency.DEFAULT,
				DEFAULT_SLOW_LATENCY, DEFAULT_ASYNC_THREADS, DEFAULT_CONTAINER_THREADS, MongoStorage.DISK,
				DEFAULT_HEAP_WARNING_PERCENT);
	}

	/**
	 * Options for tests: loopback, free random ports, no latency (the slow service
	 * included; give it one with {@link #withLatency(Downstream, Latency)}), MongoDB in
	 * memory.
	 * @return the test options
	 */
	public static MockServicesOptions forTests() {
		return new MockServicesOptions(DEFAULT_BIND_ADDRESS, 0, 0, 0, 0, 0, Latency.NONE, Latency.NONE, Latency.NONE,
				Latency.NONE, DEFAULT_ASYNC_THREADS, DEFAULT_CONTAINER_THREADS, MongoStorage.MEMORY,
				DEFAULT_HEAP_WARNING_PERCENT);
	}

	/**
	 * Returns the configured port of a service.
	 * @param service the service
	 * @return its TCP port (0 = a free random port)
	 */
	public int port(Downstream service) {
		return switch (service) {
			case CUSTOMERS -> this.customersPort;
			case ORDERS -> this.ordersPort;
			case RECOMMENDATIONS -> this.recommendationsPort;
			case SLOW -> this.slowPort;
		};
	}

	/**
	 * Returns the configured latency of a service.
	 * @param service the service
	 * @return its latency
	 */
	public Latency latency(Downstream service) {
		return switch (service) {
			case CUSTOMERS -> this.customersLatency;
			case ORDERS -> this.ordersLatency;
			case RECOMMENDATIONS -> this.recommendationsLatency;
			case SLOW -> this.slowLatency;
		};
	}

	/**
	 * Returns a copy with the same latency for the three composite services
	 * ({@link Downstream#composite()}); the slow service keeps its own.
	 * @param latency the latency
	 * @return the new options
	 */
	public MockServicesOptions withLatency(Latency latency) {
		return new MockServicesOptions(this.bindAddress, this.customersPort, this.ordersPort, this.recommendationsPort,
				this.slowPort, this.mongoPort, latency, latency, latency, this.slowLatency, this.asyncThreads,
				this.containerThreads, this.mongoStorage, this.heapWarningPercent);
	}

	/**
	 * Returns a copy with another latency for one service.
	 * @param service the service
	 * @param latency its latency
	 * @return the new options
	 */
	public MockServicesOptions withLatency(Downstream service, Latency latency) {
		return new MockServicesOptions(this.bindAddress, this.customersPort, this.ordersPort, this.recommendationsPort,
				this.slowPort, this.mongoPort, (service == Downstream.CUSTOMERS) ? latency : this.customersLatency,
				(service == Downstream.ORDERS) ? latency : this.ordersLatency,
				(service == Downstream.RECOMMENDATIONS) ? latency : this.recommendationsLatency,
				(service == Downstream.SLOW) ? latency : this.slowLatency, this.asyncThreads, this.containerThreads,
				this.mongoStorage, this.heapWarningPercent);
	}

	/**
	 * Returns a copy with other thread counts.
	 * @param asyncThreads threads per service sending delayed responses
	 * @param containerThreads Jetty threads per service
	 * @return the new options
	 */
	public MockServicesOptions withThreads(int asyncThreads, int containerThreads) {
		return new MockServicesOptions(this.bindAddress, this.customersPort, this.ordersPort, this.recommendationsPort,
				this.slowPort, this.mongoPort, this.customersLatency, this.ordersLatency, this.recommendationsLatency,
				this.slowLatency, asyncThreads, containerThreads, this.mongoStorage, this.heapWarningPercent);
	}

	/**
	 * Returns a copy with another MongoDB storage and heap warning.
	 * @param mongoStorage where MongoDB keeps its documents
	 * @param heapWarningPercent heap used after GC, in percent, from which mock-services
	 * warns
	 * @return the new options
	 */
	public MockServicesOptions withMongoStorage(MongoStorage mongoStorage, int heapWarningPercent) {
		return new MockServicesOptions(this.bindAddress, this.customersPort, this.ordersPort, this.recommendationsPort,
				this.slowPort, this.mongoPort, this.customersLatency, this.ordersLatency, this.recommendationsLatency,
				this.slowLatency, this.asyncThreads, this.containerThreads, mongoStorage, heapWarningPercent);
	}

	static void requirePort(String name, int port) {
		if (port < 0 || port > 65535) {
			throw new IllegalArgumentException(name + " must be " + ACCEPTED_PORTS + ", got " + port);
		}
	}

	private static void requireThreads(String name, int threads, int min) {
		if (threads < min || threads > 10_000) {
			throw new IllegalArgumentException(
					name + " must be a whole number from " + min + " to 10000, got " + threads);
		}
	}

}
