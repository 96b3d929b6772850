package dev.twinstack.bench.load;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The id of one load run, the prefix of every request id it sends
 * ({@code X-Request-Id: <run id>-<n>} from JMeter, {@code <run id>-<thread>-<n>} from
 * wrk), by which the stored documents are counted. The apps accept request ids of at most
 * 64 characters, so a run id holds at most {@value #MAX_LENGTH}: room for a thread number
 * and up to 999,999,999 requests.
 */
public final class RunId {

	/** The longest run id: 64 − {@code "-2-".length()} − 9 digits. */
	public static final int MAX_LENGTH = 64 - "-2-".length() - 9;

	private static final int HASH_LENGTH = 8;

	private RunId() {
	}

	/**
	 * Returns {@code <prefix>-<name><suffix>}; when longer than {@value #MAX_LENGTH}, the
	 * name is cut and ends in a hash of its whole, so different names stay different
	 * (e.g. a long cell id).
	 * @param prefix the bench run's prefix, e.g. {@code btozjkw}
	 * @param name what runs, e.g. a cell id
	 * @param suffix what is appended, e.g. {@code -t2}, {@code -wrk}; may be empty
	 * @return the run id, at most {@value #MAX_LENGTH} characters
	 * @throws IllegalArgumentException when prefix and suffix leave no room for the name
	 */
	public static String of(String prefix, String name, String suffix) {
		String id = prefix + "-" + name + suffix;
		if (id.length() <= MAX_LENGTH) {
			return id;
		}
		int room = MAX_LENGTH - prefix.length() - 1 - suffix.length() - HASH_LENGTH - 1;
		if (room < 1) {
			throw new IllegalArgumentException("run id prefix '" + prefix + "' and suffix '" + suffix
					+ "' leave no room within " + MAX_LENGTH + " characters");
		}
		return prefix + "-" + name.substring(0, room) + "-" + hash(name) + suffix;
	}

	private static String hash(String name) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(digest).substring(0, HASH_LENGTH);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("Every JDK has SHA-256", ex);
		}
	}

}
