package dev.twinstack.mvc.scenario;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import dev.twinstack.mvc.profile.InvalidRequestException;

/**
 * Validates the inputs of the scenario endpoints as the README says: every problem is an
 * {@link InvalidRequestException} (→ 400) naming the accepted values, and any query
 * parameter an endpoint does not know is rejected.
 */
final class ScenarioParameters {

	/** Query parameter of {@code /scenarios/cpu-light}. */
	static final String SEED = "seed";

	/** Query parameter of {@code /scenarios/large-payload}. */
	static final String ZERO_COPY = "zeroCopy";

	/** The seed when none is given. */
	static final long DEFAULT_SEED = 1;

	private static final String WHOLE_NUMBER_RANGE = "a whole number from 1 to 999999999";

	private static final Pattern WHOLE_NUMBER = Pattern.compile("[1-9][0-9]{0,8}");

	private static final List<String> BOOLEANS = List.of("true", "false");

	private ScenarioParameters() {
	}

	/**
	 * The {@code seed} of {@code /scenarios/cpu-light}.
	 * @param queryParams all query parameters; only {@code seed} is accepted
	 * @return the seed, 1 to 999999999; {@value #DEFAULT_SEED} when absent
	 */
	static long seed(Map<String, List<String>> queryParams) {
		String seed = single(queryParams, SEED, WHOLE_NUMBER_RANGE);
		if (seed == null) {
			return DEFAULT_SEED;
		}
		return wholeNumber(SEED, seed);
	}

	/**
	 * The {@code zeroCopy} flag of {@code /scenarios/large-payload}.
	 * @param queryParams all query parameters; only {@code zeroCopy} is accepted
	 * @return {@code false} for {@code zeroCopy=false}; {@code true} for
	 * {@code zeroCopy=true} or when absent
	 */
	static boolean zeroCopy(Map<String, List<String>> queryParams) {
		String zeroCopy = single(queryParams, ZERO_COPY, "one of " + BOOLEANS);
		if (zeroCopy == null) {
			return true;
		}
		if (!BOOLEANS.contains(zeroCopy)) {
			throw new InvalidRequestException(ZERO_COPY + " must be one of " + BOOLEANS + ", got '" + zeroCopy + "'");
		}
		return Boolean.parseBoolean(zeroCopy);
	}

	/**
	 * The customer id of {@code /scenarios/slow-io/{customerId}}.
	 * @param customerId the raw path variable
	 * @param queryParams all query parameters; none is accepted
	 * @return the customer id, 1 to 999999999
	 */
	static long customerId(String customerId, Map<String, List<String>> queryParams) {
		long id = wholeNumber("customerId", customerId);
		rejectUnknown(queryParams, List.of());
		return id;
	}

	private static long wholeNumber(String name, String value) {
		if (value == null || !WHOLE_NUMBER.matcher(value).matches()) {
			throw new InvalidRequestException(name + " must be " + WHOLE_NUMBER_RANGE + ", got '" + value + "'");
		}
		return Long.parseLong(value);
	}

	/** The one value of the only accepted parameter, {@code null} when absent. */
	private static String single(Map<String, List<String>> queryParams, String name, String accepted) {
		rejectUnknown(queryParams, List.of(name));
		List<String> values = queryParams.getOrDefault(name, List.of());
		if (values.isEmpty()) {
			return null;
		}
		if (values.size() > 1) {
			throw new InvalidRequestException(
					name + " must be given at most once, got " + values.size() + " values; accepted: " + accepted);
		}
		return (values.get(0) != null) ? values.get(0) : "";
	}

	private static void rejectUnknown(Map<String, List<String>> queryParams, List<String> accepted) {
		for (String name : queryParams.keySet()) {
			if (!accepted.contains(name)) {
				throw new InvalidRequestException("unknown query parameter '" + name + "'; accepted: " + accepted);
			}
		}
	}

}
