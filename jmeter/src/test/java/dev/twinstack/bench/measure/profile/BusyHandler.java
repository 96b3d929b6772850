package dev.twinstack.bench.measure.profile;

import java.util.function.BooleanSupplier;

/**
 * Stands in for an app's endpoint code in a {@code dev.twinstack.*.profile} package: its
 * frames are handler frames to {@code WorkKind}.
 */
public final class BusyHandler {

	private BusyHandler() {
	}

	/**
	 * Spins on the CPU for a while, part in its own code, part in a call.
	 * @param call the call, e.g. an outbound HTTP client's code
	 * @param more whether to go on
	 * @return a value computed, so the work is not optimized away
	 */
	public static long spin(Runnable call, BooleanSupplier more) {
		long sum = 0;
		while (more.getAsBoolean()) {
			for (int i = 0; i < 1_000; i++) {
				sum = sum * 31 + Long.hashCode(sum ^ i);
			}
			call.run();
		}
		return sum;
	}

}
