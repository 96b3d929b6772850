package dev.twinstack.bench.queueing;

/**
 * A service centre of a closed queueing network and the service demand one request places
 * on it (Lazowska et al., <i>Quantitative System Performance</i>, 1984, ch. 6).
 *
 * @param name what the centre stands for, e.g. {@code app cpu}
 * @param demandMs the total service time one request needs there, all visits together
 * (ms)
 * @param servers {@value #DELAY} for a delay centre (no queueing: every request is served
 * at once, as a downstream wait), 1 for a queueing centre, m &gt; 1 for m servers sharing
 * one queue (the cores of a CPU; solved by Seidmann's approximation, see {@link Mva})
 */
public record Centre(String name, double demandMs, int servers) {

	/** The servers of a delay centre: as many as there are requests. */
	public static final int DELAY = 0;

	public Centre {
		if (name == null || name.isBlank()) {
			throw new IllegalArgumentException("a centre needs a name");
		}
		if (!(demandMs >= 0) || Double.isInfinite(demandMs)) {
			throw new IllegalArgumentException(
					"demand of centre '" + name + "' is " + demandMs + " ms; expected a finite number >= 0");
		}
		if (servers < 0) {
			throw new IllegalArgumentException(
					"centre '" + name + "' has " + servers + " servers; expected 0 (delay) or more");
		}
	}

	/**
	 * A delay centre: each request spends {@code demandMs} there, whatever the load.
	 * @param name what the centre stands for
	 * @param demandMs the time per request (ms)
	 * @return the centre
	 */
	public static Centre delay(String name, double demandMs) {
		return new Centre(name, demandMs, DELAY);
	}

	/**
	 * A queueing centre of {@code servers} servers sharing one queue.
	 * @param name what the centre stands for
	 * @param demandMs the service time per request, all visits together (ms)
	 * @param servers how many servers (cores), at least 1
	 * @return the centre
	 */
	public static Centre queue(String name, double demandMs, int servers) {
		if (servers < 1) {
			throw new IllegalArgumentException(
					"queueing centre '" + name + "' has " + servers + " servers; expected 1 or more");
		}
		return new Centre(name, demandMs, servers);
	}

	/**
	 * @return whether requests never queue here
	 */
	public boolean isDelay() {
		return this.servers == DELAY;
	}

	/**
	 * The demand of the queueing part in Seidmann's approximation: D / m; 0 for a delay.
	 * @return ms per request
	 */
	double queueingMs() {
		return isDelay() ? 0 : this.demandMs / this.servers;
	}

	/**
	 * The demand of the delay part in Seidmann's approximation: D (m − 1) / m; all of it
	 * for a delay.
	 * @return ms per request
	 */
	double delayMs() {
		return isDelay() ? this.demandMs : this.demandMs - queueingMs();
	}

}
