package dev.twinstack.mocks.contract;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What the scenario endpoints must answer, worked out without the application's code: the
 * same in both apps, so both stacks are held to the same bytes.
 */
public final class ScenarioExpectations {

	/** Length of the large payload (bytes). */
	public static final int PAYLOAD_SIZE = 102_400;

	/** SHA-256 of the large payload, computed outside Java (the same in both apps). */
	public static final String PAYLOAD_SHA256 = "cbcae508a71a5968d3e19e80e7d887eab1d7a388ef2110a78b7803c8ee443dfd";

	/**
	 * SHA-256 of the cpu-light body for seed 42, computed outside Java (the same in both
	 * apps).
	 */
	static final String CPU_LIGHT_SEED_42_SHA256 = "0571dc3b48279333fdcec85bed47442c665e4df7e1984807396fc29d4a9c2ec8";

	static final String INVALID_REQUEST = "urn:twinstack:problem:invalid-request";

	static final String DOWNSTREAM_ERROR = "urn:twinstack:problem:downstream-error";

	static final String DOWNSTREAM_TIMEOUT = "urn:twinstack:problem:downstream-timeout";

	private ScenarioExpectations() {
	}

	/**
	 * The cpu-light body for a seed, built here without the application's code or JSON
	 * library.
	 */
	static String expectedCpuLight(long seed) {
		MessageDigest rounds = sha256Digest();
		MessageDigest all = sha256Digest();
		byte[] round = rounds.digest(("twinstack:cpu-light:" + seed).getBytes(StandardCharsets.US_ASCII));
		StringBuilder json = new StringBuilder("{\"seed\":" + seed + ",\"values\":[");
		for (int i = 0; i < 32; i++) {
			round = rounds.digest(round);
			all.update(round);
			json.append((i > 0) ? "," : "").append('"').append(HexFormat.of().formatHex(round, 0, 12)).append('"');
		}
		return json.append("],\"digest\":\"").append(HexFormat.of().formatHex(all.digest())).append("\"}").toString();
	}

	/** Reads an answer's status line and headers, up to the empty line. */
	static String headers(InputStream in) throws IOException {
		StringBuilder headers = new StringBuilder();
		while (headers.length() < 4 || !headers.substring(headers.length() - 4).equals("\r\n\r\n")) {
			int read = in.read();
			if (read == -1) {
				break;
			}
			headers.append((char) read);
		}
		return headers.toString();
	}

	/**
	 * SHA-256 in lower-case hex.
	 * @param bytes what to digest
	 * @return 64 hex characters
	 */
	public static String sha256(byte[] bytes) {
		return HexFormat.of().formatHex(sha256Digest().digest(bytes));
	}

	private static MessageDigest sha256Digest() {
		try {
			return MessageDigest.getInstance("SHA-256");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
