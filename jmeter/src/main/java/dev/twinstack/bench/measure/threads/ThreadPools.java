package dev.twinstack.bench.measure.threads;

import java.util.regex.Pattern;

import jdk.jfr.consumer.RecordedThread;

/**
 * Groups threads into pools by name: digits become {@code *}, so
 * {@code http-nio-127.0.0.1-8080-exec-12} is in {@code http-nio-*-*-exec-*}, and tells
 * the pools' kinds apart.
 */
final class ThreadPools {

	/** An IPv4 address, with or without a port. */
	private static final Pattern ADDRESS = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}(:\\d+)?");

	/**
	 * The MongoDB driver's cluster ids, e.g. {@code ClusterId{value='65…',
	 * description='null'}}.
	 */
	private static final Pattern BRACES = Pattern.compile("\\{[^}]*}");

	private static final Pattern DIGITS = Pattern.compile("\\d+");

	/**
	 * Netty event loops: Reactor Netty's ({@code reactor-http-nio-*}) and Netty's groups.
	 */
	private static final Pattern EVENT_LOOP = Pattern
		.compile("(?i)(reactor-(http|tcp|udp)-.*|.*eventloop.*|.*-nio-\\*|.*-epoll-\\*|.*-kqueue-\\*|.*-io_uring-\\*)");

	/** The virtual-thread scheduler's workers, a {@code ForkJoinPool}. */
	private static final Pattern CARRIER = Pattern.compile("ForkJoinPool-\\*-worker-\\*");

	private ThreadPools() {
	}

	/**
	 * Tells whether a recorded thread is virtual: JFR's {@code virtual} field of the
	 * thread, recorded by JDK 21+ (read by name, as the bench compiles for Java 17).
	 * @param thread the thread
	 * @return {@code true} for a virtual thread
	 */
	static boolean isVirtual(RecordedThread thread) {
		return thread.hasField("virtual") && thread.getBoolean("virtual");
	}

	/**
	 * Returns the pool of a thread.
	 * @param name the thread's Java name, {@code null} or empty for an unnamed one
	 * @param virtual whether it is a virtual thread
	 * @return e.g. {@code http-nio-*-*-exec-*}, {@code unnamed}
	 */
	static String pool(String name, boolean virtual) {
		if (name == null || name.isBlank()) {
			return virtual ? "unnamed" : "unnamed platform";
		}
		String braces = BRACES.matcher(name).replaceAll("{…}");
		String address = ADDRESS.matcher(braces).replaceAll("*");
		return DIGITS.matcher(address).replaceAll("*");
	}

	/**
	 * Returns the kind of a thread.
	 * @param name the thread's Java name
	 * @param virtual whether it is a virtual thread
	 * @param carriers whether the app runs virtual threads, so that a
	 * {@code ForkJoinPool-*-worker-*} thread is one of their carriers
	 * @return its kind
	 */
	static PoolKind kind(String name, boolean virtual, boolean carriers) {
		if (virtual) {
			return PoolKind.VIRTUAL;
		}
		String pool = pool(name, false);
		if (carriers && CARRIER.matcher(pool).matches()) {
			return PoolKind.CARRIER;
		}
		return EVENT_LOOP.matcher(pool).matches() ? PoolKind.EVENT_LOOP : PoolKind.PLATFORM;
	}

}
