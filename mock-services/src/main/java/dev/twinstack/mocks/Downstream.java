package dev.twinstack.mocks;

/**
 * The three downstream services of the composite endpoint. {@link #serviceName()} is the
 * name used in URLs, metrics, log lines and error documents.
 */
public enum Downstream {

	/** {@code GET /customers/{id}}: one customer, about 300 bytes. */
	CUSTOMERS("customers", 9081),

	/** {@code GET /customers/{id}/orders}: 8 orders, about 700 bytes. */
	ORDERS("orders", 9082),

	/** {@code GET /customers/{id}/recommendations}: 10 items, about 1 KB. */
	RECOMMENDATIONS("recommendations", 9083);

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
	 * @return the default TCP port (9081, 9082 or 9083)
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

	@Override
	public String toString() {
		return this.serviceName;
	}

}
