package dev.twinstack.bench.settings.faults;

import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The three downstream services of the composite endpoint, in the sequential fanout's
 * order, and how each one's URL carries the customer id (the README's contract).
 */
public enum DownstreamService {

	/** {@code GET /customers/{id}}. */
	CUSTOMERS("customers", "/customers/%s"),

	/** {@code GET /customers/{id}/orders}. */
	ORDERS("orders", "/customers/%s/orders"),

	/** {@code GET /customers/{id}/recommendations}. */
	RECOMMENDATIONS("recommendations", "/customers/%s/recommendations");

	private final String id;

	private final String pathFormat;

	DownstreamService(String id, String pathFormat) {
		this.id = id;
		this.pathFormat = pathFormat;
	}

	/**
	 * Returns the service's name, as in the apps' problems.
	 * @return e.g. {@code orders}
	 */
	@JsonValue
	public String id() {
		return this.id;
	}

	/**
	 * Returns a WireMock {@code urlPathPattern} matching this service's path for the
	 * customer ids a regular expression matches.
	 * @param idPattern e.g. {@code [0-9]*7} (ids ending in 7)
	 * @return e.g. {@code /customers/[0-9]*7/orders}
	 */
	public String pathPattern(String idPattern) {
		return String.format(this.pathFormat, idPattern);
	}

	/**
	 * Returns how many calls the sequential fanout makes before this one.
	 * @return 0 for customers, 1 for orders, 2 for recommendations
	 */
	public int callsBefore() {
		return ordinal();
	}

	/**
	 * Returns the accepted ids, as shown in error messages.
	 * @return {@code [customers, orders, recommendations]}
	 */
	public static List<String> ids() {
		return Arrays.stream(values()).map(DownstreamService::id).toList();
	}

	/**
	 * Finds a service by its id.
	 * @param id the id
	 * @return the service, or {@code null}
	 */
	public static DownstreamService byId(String id) {
		return Arrays.stream(values()).filter((service) -> service.id.equals(id)).findFirst().orElse(null);
	}

}
