package dev.twinstack.mvc.scenario;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The answer of {@code GET /scenarios/cpu-light}: {@value #VALUES} values derived from
 * the seed by as many rounds of SHA-256, and a SHA-256 digest over all rounds. Computed
 * in memory, no I/O, about 1 KB of JSON, the same bytes in both stacks for a seed.
 *
 * @param seed the seed, 1 to 999999999
 * @param values round {@code i} is SHA-256 of round {@code i - 1} (round 0: SHA-256 of
 * the ASCII text {@code twinstack:cpu-light:<seed>}); each value is the first
 * {@value #VALUE_BYTES} bytes of rounds 1 to {@value #VALUES}, in lower-case hex
 * @param digest SHA-256 of rounds 1 to {@value #VALUES} (all 32 bytes of each), in
 * lower-case hex
 */
public record CpuLightResult(long seed, List<String> values, String digest) {

	/** Number of values (and of SHA-256 rounds after the first). */
	static final int VALUES = 32;

	/** Bytes of each round shown as a value (24 hex characters). */
	static final int VALUE_BYTES = 12;

	private static final HexFormat HEX = HexFormat.of();

	/**
	 * Computes the answer for a seed.
	 * @param seed the seed, 1 to 999999999
	 * @return the answer
	 */
	static CpuLightResult compute(long seed) {
		MessageDigest rounds = sha256();
		MessageDigest all = sha256();
		byte[] round = rounds.digest(("twinstack:cpu-light:" + seed).getBytes(StandardCharsets.US_ASCII));
		List<String> values = new ArrayList<>(VALUES);
		for (int i = 0; i < VALUES; i++) {
			round = rounds.digest(round);
			values.add(HEX.formatHex(round, 0, VALUE_BYTES));
			all.update(round);
		}
		return new CpuLightResult(seed, List.copyOf(values), HEX.formatHex(all.digest()));
	}

	private static MessageDigest sha256() {
		try {
			return MessageDigest.getInstance("SHA-256");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("every Java platform has SHA-256", ex);
		}
	}

}
