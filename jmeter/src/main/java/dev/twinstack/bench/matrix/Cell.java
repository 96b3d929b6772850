package dev.twinstack.bench.matrix;

/**
 * One point of the bench matrix, measured once per trial.
 *
 * @param stack the app
 * @param workload what each request does
 * @param load how JMeter loads the app
 * @param concurrency concurrent clients (JMeter threads) of the closed models, 0 for the
 * open model
 * @param rate requested arrival rate of the open model (req/s), 0 for the closed models
 * @param heap the app's heap
 * @param appCpus the cores the app runs on alone ({@code all}: no pinning)
 */
public record Cell(Stack stack, Workload workload, LoadModel load, int concurrency, int rate, Heap heap,
		AppCpus appCpus) {

	/**
	 * A cell whose app shares every core with the harness.
	 * @param stack the app
	 * @param workload what each request does
	 * @param load how JMeter loads the app
	 * @param concurrency concurrent clients, 0 for the open model
	 * @param rate requested arrival rate of the open model (req/s), 0 otherwise
	 * @param heap the app's heap
	 */
	public Cell(Stack stack, Workload workload, LoadModel load, int concurrency, int rate, Heap heap) {
		this(stack, workload, load, concurrency, rate, heap, AppCpus.ALL);
	}

	/**
	 * A closed, timed composite cell on the default heap.
	 * @param stack the app
	 * @param fanout the composite fanout
	 * @param concurrency concurrent clients
	 */
	public Cell(Stack stack, Fanout fanout, int concurrency) {
		this(stack, Workload.composite(fanout), LoadModel.CLOSED, concurrency, 0, Heap.DEFAULT);
	}

	/**
	 * A closed, timed cell.
	 * @param stack the app
	 * @param workload what each request does
	 * @param concurrency concurrent clients
	 * @param heap the app's heap
	 * @return the cell
	 */
	public static Cell closed(Stack stack, Workload workload, int concurrency, Heap heap) {
		return new Cell(stack, workload, LoadModel.CLOSED, concurrency, 0, heap);
	}

	/**
	 * Returns the composite fanout.
	 * @return the fanout, {@code null} when the workload is not composite
	 */
	public Fanout fanout() {
		return this.workload.fanout();
	}

	/**
	 * Returns the cell's folder name under {@code runs/}.
	 * @return e.g. {@code mvc-composite-sequential-c100}, {@code webflux-slow-io-r300},
	 * {@code mvc-vt-cpu-light-n-c40-h64m}, {@code webflux-composite-sequential-c400-cpu1}
	 */
	public String id() {
		String level = switch (this.load) {
			case CLOSED -> "c" + this.concurrency;
			case COUNT -> "n-c" + this.concurrency;
			case OPEN -> "r" + this.rate;
		};
		return this.stack.id() + "-" + this.workload.id() + "-" + level
				+ (this.heap.isDefault() ? "" : "-h" + this.heap.id())
				+ (this.appCpus.isAll() ? "" : "-cpu" + this.appCpus.id());
	}

	/**
	 * Returns the load in words, for progress lines and the report.
	 * @return e.g. {@code c=400}, {@code 300 req/s}
	 */
	public String loadLabel() {
		return switch (this.load) {
			case CLOSED -> "c=" + this.concurrency;
			case COUNT -> "c=" + this.concurrency + ", fixed count";
			case OPEN -> this.rate + " req/s";
		};
	}

}
