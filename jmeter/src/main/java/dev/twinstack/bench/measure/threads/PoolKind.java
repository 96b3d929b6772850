package dev.twinstack.bench.measure.threads;

import dev.twinstack.bench.matrix.Stack;

/**
 * What kind of threads a pool has, and so which stack's model it belongs to.
 */
public enum PoolKind {

	/** Virtual threads (JDK 21+). */
	VIRTUAL("virtual threads"),

	/**
	 * The platform threads that carry virtual threads ({@code ForkJoinPool-*-worker-*}).
	 */
	CARRIER("carrier threads"),

	/** Netty event loops: Reactor Netty's server and client loops, Netty's own groups. */
	EVENT_LOOP("event loops"),

	/**
	 * Any other platform thread: Tomcat's workers, executors, the driver's own threads.
	 */
	PLATFORM("platform threads");

	private final String label;

	PoolKind(String label) {
		this.label = label;
	}

	/**
	 * Returns the name shown in the report.
	 * @return e.g. {@code event loops}
	 */
	public String label() {
		return this.label;
	}

	/**
	 * Returns the kind of thread a stack's model runs its handler, calls and driver on:
	 * virtual threads for the virtual-thread stacks, event loops for the other Reactor
	 * Netty stacks, platform threads for the thread-per-request stack.
	 * @param stack the stack
	 * @return the intended kind
	 */
	public static PoolKind intendedFor(Stack stack) {
		if (stack.virtualThreads()) {
			return VIRTUAL;
		}
		return stack.eventLoop() ? EVENT_LOOP : PLATFORM;
	}

	/**
	 * Tells whether work on a pool of the given kind fits this intended kind: only the
	 * same kind does, except that a virtual thread's samples may show its carrier.
	 * @param pool the pool's kind
	 * @return whether the work ran where the model intends
	 */
	boolean admits(PoolKind pool) {
		return pool == this || (this == VIRTUAL && pool == CARRIER);
	}

}
