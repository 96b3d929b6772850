package dev.twinstack.bench.compare;

/**
 * A cell's identity, as results.json's {@code cell} object gives it: two runs' cells
 * match when every field is equal.
 *
 * @param stack the app ({@code mvc}, {@code mvc-vt}, {@code webflux})
 * @param workload what each request does
 * @param load the load model ({@code closed}, {@code count}, {@code open})
 * @param concurrency JMeter threads of the closed and count models, 0 for the open model
 * @param rate requested arrival rate of the open model (req/s), 0 otherwise
 * @param heap the app's heap ({@code default} or a size)
 * @param appCpus the cores the app ran on alone, 0 when it shared every core
 */
record CellKey(String stack, String workload, String load, int concurrency, int rate, String heap, int appCpus) {

	/**
	 * Reads as the bench's report names cells.
	 * @return e.g. {@code mvc composite-sequential closed c=100, heap default, 1 cpu}
	 */
	String label() {
		String level = "open".equals(this.load) ? this.rate + " req/s" : "c=" + this.concurrency;
		String cpus = (this.appCpus > 0) ? this.appCpus + " cpu" + ((this.appCpus > 1) ? "s" : "") : "all cpus";
		return this.stack + " " + this.workload + " " + this.load + " " + level + ", heap " + this.heap + ", " + cpus;
	}

}
