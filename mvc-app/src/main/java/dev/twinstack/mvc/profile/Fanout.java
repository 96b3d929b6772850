package dev.twinstack.mvc.profile;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How the three downstream calls are made: one after another, or all at once.
 */
public enum Fanout {

	/** Customers, then orders, then recommendations. */
	SEQUENTIAL,

	/** All three calls at once; when one fails the others are cancelled. */
	PARALLEL;

	/** The accepted values of the {@code fanout} query parameter, in order. */
	static final List<String> ACCEPTED = Arrays.stream(values()).map(Fanout::value).toList();

	/**
	 * The value used in the query parameter, in JSON and in MongoDB.
	 * @return the lower-case name, e.g. {@code sequential}
	 */
	@JsonValue
	public String value() {
		return name().toLowerCase(Locale.ROOT);
	}

	/**
	 * The fanout with the given lower-case value.
	 * @param value e.g. {@code parallel}
	 * @return the fanout, or {@code null} when no fanout has that value
	 */
	static Fanout fromValue(String value) {
		for (Fanout fanout : values()) {
			if (fanout.value().equals(value)) {
				return fanout;
			}
		}
		return null;
	}

}
