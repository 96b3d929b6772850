package dev.twinstack.bench.matrix;

import com.fasterxml.jackson.annotation.JsonInclude;

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
 * @param requests requests of a {@code count} cell whose block sets its own count; 0 for
 * the profile's ({@code bench.requests}) and for the other load models (left out of
 * results.json when 0)
 */
public record Cell(Stack stack, Workload workload, LoadModel load, int concurrency, int rate, Heap heap,
		AppCpus appCpus, @JsonInclude(JsonInclude.Include.NON_DEFAULT) int requests) {

	/**
	 * A cell of the profile's request count.
	 * @param stack the app
	 * @param workload what each request does
	 * @param load how JMeter loads the app
	 * @param concurrency concurrent clients, 0 for the open model
	 * @param rate requested arrival rate of the open model (req/s), 0 otherwise
	 * @param heap the app's heap
	 * @param appCpus the cores the app runs on alone
	 */
	public Cell(Stack stack, Workload workload, LoadModel load, int concurrency, int rate, Heap heap, AppCpus appCpus) {
		this(stack, workload, load, concurrency, rate, heap, appCpus, 0);
	}

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
	 * Returns the same cell at another arrival rate (a rung of the capacity search).
	 * @param rate the arrival rate (req/s)
	 * @return the cell
	 */
	public Cell withRate(int rate) {
		return new Cell(this.stack, this.workload, this.load, this.concurrency, rate, this.heap, this.appCpus,
				this.requests);
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
	 * {@code mvc-vt-cpu-light-n-c40-h64m},
	 * {@code webflux-composite-sequential-c400-cpu1},
	 * {@code mvc-composite-parallel-n200-c20-h64m} (a count of the cell's own)
	 */
	public String id() {
		String level = switch (this.load) {
			case CLOSED -> "c" + this.concurrency;
			case COUNT -> "n" + ((this.requests > 0) ? String.valueOf(this.requests) : "") + "-c" + this.concurrency;
			case OPEN -> "r" + this.rate;
		};
		return this.stack.id() + "-" + this.workload.id() + "-" + level
				+ (this.heap.isDefault() ? "" : "-h" + this.heap.id()) + this.appCpus.suffix();
	}

	/**
	 * Returns the load in words, for progress lines and the report.
	 * @return e.g. {@code c=400}, {@code 300 req/s}
	 */
	public String loadLabel() {
		return switch (this.load) {
			case CLOSED -> "c=" + this.concurrency;
			case COUNT ->
				"c=" + this.concurrency + ", fixed count" + ((this.requests > 0) ? " of " + this.requests : "");
			case OPEN -> this.rate + " req/s";
		};
	}

}
