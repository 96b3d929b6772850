package dev.twinstack.bench.matrix;

import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How the large payload leaves the app: the {@code zeroCopy} query parameter of
 * {@code GET /scenarios/large-payload}.
 */
public enum Transfer {

	/** Tomcat sendfile / Netty file region: the kernel copies the file to the socket. */
	ZERO_COPY("zero-copy"),

	/** Read into a user-space buffer and written out ({@code ?zeroCopy=false}). */
	COPY("copy");

	private final String id;

	Transfer(String id) {
		this.id = id;
	}

	/**
	 * Returns the name used in properties and the report.
	 * @return {@code zero-copy} or {@code copy}
	 */
	@JsonValue
	public String id() {
		return this.id;
	}

	/**
	 * Returns the accepted ids, as shown in error messages.
	 * @return {@code [zero-copy, copy]}
	 */
	public static List<String> ids() {
		return Arrays.stream(values()).map(Transfer::id).toList();
	}

	/**
	 * Finds a transfer by its id.
	 * @param id the id
	 * @return the transfer, or {@code null} when none has this id
	 */
	public static Transfer byId(String id) {
		return Arrays.stream(values()).filter((transfer) -> transfer.id.equals(id)).findFirst().orElse(null);
	}

}
