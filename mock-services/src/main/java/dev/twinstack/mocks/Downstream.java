package dev.twinstack.mocks;

import java.util.List;

/**
 * The downstream services: the three of the composite endpoint ({@link #composite()}) and
 * the {@code slow} service of the slow-io scenario. {@link #serviceName()} is the name
 * used in URLs, metrics, log lines and error documents.
 */
public enum Downstream {

	/** {@code GET /customers/{id}}: one customer, about 300 bytes. */
	CUSTOMERS("customers", 9081),

	/** {@code GET /customers/{id}/orders}: 8 orders, about 700 bytes. */
	ORDERS("orders", 9082),

	/** {@code GET /customers/{id}/recommendations}: 10 items, about 1 KB. */
	RECOMMENDATIONS("recommendations", 9083),

	/**
	 * {@code GET /slow/{id}}: {@code {"id":42,"waitedMs":1000}} after its latency (1 s by
	 * default), for the slow-io scenario; not part of the composite endpoint.
	 */
	SLOW("slow", 9084);

	private static final List<Downstream> COMPOSITE = List.of(CUSTOMERS, ORDERS, RECOMMENDATIONS);

	private final String serviceName;

	private final int defaultPort;

	Downstream(String serviceName, int defaultPort) {
		this.serviceName = serviceName;
		this.defaultPort = defaultPort;
	}

	/**
	 * Returns the service name.
	 * @return the lower-case service name, e.g. {@code orders}
	 */
	public String serviceName() {
		return this.serviceName;
	}

	/**
	 * Returns the port the standalone process listens on by default.
	 * @return the default TCP port (9081, 9082, 9083 or 9084)
	 */
	public int defaultPort() {
		return this.defaultPort;
	}

	/**
	 * Returns the classpath location of this service's default stub mapping.
	 * @return e.g. {@code mappings/orders.json}
	 */
	public String mappingResource() {
		return "mappings/" + this.serviceName + ".json";
	}

	/**
	 * Returns the three services the composite endpoint calls, in its sequential order.
	 * @return customers, orders, recommendations
	 */
	public static List<Downstream> composite() {
		return COMPOSITE;
	}

	@Override
	public String toString() {
		return this.serviceName;
	}

}
