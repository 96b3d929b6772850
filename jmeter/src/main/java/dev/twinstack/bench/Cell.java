package dev.twinstack.bench;

/**
 * One point of the bench matrix.
 *
 * @param stack the app
 * @param fanout how it calls its downstream services
 * @param concurrency concurrent clients (JMeter threads)
 */
public record Cell(Stack stack, Fanout fanout, int concurrency) {

	/**
	 * Returns the cell's folder name under {@code runs/}.
	 * @return e.g. {@code mvc-sequential-c100}
	 */
	public String id() {
		return this.stack.id() + "-" + this.fanout.id() + "-c" + this.concurrency;
	}

}
