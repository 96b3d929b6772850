package dev.twinstack.bench.matrix;

import java.util.ArrayList;
import java.util.List;

/**
 * One cartesian part of the bench matrix: every stack × workload × heap × load model ×
 * level (concurrency for the closed models, rate for the open one). A profile is a list
 * of blocks; a {@code bench.*} axis property replaces that axis in every block.
 *
 * @param stacks the stacks
 * @param scenarios the scenarios
 * @param fanouts the composite variants
 * @param transfers the large-payload variants
 * @param heaps the app heaps
 * @param loads the load models
 * @param concurrency the concurrency levels of the closed models, ascending
 * @param rates the arrival rates of the open model (req/s), ascending
 * @param appCpus the cores given to the app alone ({@code all}: no pinning)
 * @param requests requests per cell of the {@code count} model in this block, 0 for the
 * profile's ({@code bench.requests}); a block of its own count lets one profile hold
 * experiments of different sizes, as the {@code seeds} profile does
 */
public record MatrixBlock(List<Stack> stacks, List<Scenario> scenarios, List<Fanout> fanouts, List<Transfer> transfers,
		List<Heap> heaps, List<LoadModel> loads, List<Integer> concurrency, List<Integer> rates, List<AppCpus> appCpus,
		int requests) {

	/**
	 * A block whose count cells send the profile's number of requests.
	 * @param stacks the stacks
	 * @param scenarios the scenarios
	 * @param fanouts composite's fanouts
	 * @param transfers large-payload's transfers
	 * @param heaps the heaps
	 * @param loads the load models
	 * @param concurrency the closed models' levels
	 * @param rates the open model's rates (req/s)
	 * @param appCpus the cores given to the app alone
	 */
	public MatrixBlock(List<Stack> stacks, List<Scenario> scenarios, List<Fanout> fanouts, List<Transfer> transfers,
			List<Heap> heaps, List<LoadModel> loads, List<Integer> concurrency, List<Integer> rates,
			List<AppCpus> appCpus) {
		this(stacks, scenarios, fanouts, transfers, heaps, loads, concurrency, rates, appCpus, 0);
	}

	/**
	 * A block whose apps share every core with the harness.
	 * @param stacks the stacks
	 * @param scenarios the scenarios
	 * @param fanouts composite's fanouts
	 * @param transfers large-payload's transfers
	 * @param heaps the heaps
	 * @param loads the load models
	 * @param concurrency the closed models' levels
	 * @param rates the open model's rates (req/s)
	 */
	public MatrixBlock(List<Stack> stacks, List<Scenario> scenarios, List<Fanout> fanouts, List<Transfer> transfers,
			List<Heap> heaps, List<LoadModel> loads, List<Integer> concurrency, List<Integer> rates) {
		this(stacks, scenarios, fanouts, transfers, heaps, loads, concurrency, rates, List.of(AppCpus.ALL));
	}

	/**
	 * Returns the workloads of this block.
	 * @return the scenarios expanded by fanout and transfer
	 */
	public List<Workload> workloads() {
		return Workload.of(this.scenarios, this.fanouts, this.transfers);
	}

	/**
	 * Returns the block's cells.
	 * @return every combination, in axis order
	 */
	public List<Cell> cells() {
		List<Cell> cells = new ArrayList<>();
		for (Stack stack : this.stacks) {
			for (Heap heap : this.heaps) {
				for (AppCpus cpus : this.appCpus) {
					for (Workload workload : workloads()) {
						for (LoadModel load : this.loads) {
							if (load == LoadModel.OPEN) {
								this.rates.forEach(
										(rate) -> cells.add(new Cell(stack, workload, load, 0, rate, heap, cpus, 0)));
							}
							else {
								this.concurrency.forEach((level) -> cells.add(new Cell(stack, workload, load, level, 0,
										heap, cpus, (load == LoadModel.COUNT) ? this.requests : 0)));
							}
						}
					}
				}
			}
		}
		return cells;
	}

	/**
	 * Returns a copy with another axis.
	 * @param appCpus the cores given to the app alone
	 * @return the new block
	 */
	public MatrixBlock withAppCpus(List<AppCpus> appCpus) {
		return new MatrixBlock(this.stacks, this.scenarios, this.fanouts, this.transfers, this.heaps, this.loads,
				this.concurrency, this.rates, appCpus, this.requests);
	}

	/**
	 * Returns a copy with another axis.
	 * @param stacks the stacks
	 * @return the new block
	 */
	public MatrixBlock withStacks(List<Stack> stacks) {
		return new MatrixBlock(stacks, this.scenarios, this.fanouts, this.transfers, this.heaps, this.loads,
				this.concurrency, this.rates, this.appCpus, this.requests);
	}

	/**
	 * Returns a copy with another axis.
	 * @param scenarios the scenarios
	 * @return the new block
	 */
	public MatrixBlock withScenarios(List<Scenario> scenarios) {
		return new MatrixBlock(this.stacks, scenarios, this.fanouts, this.transfers, this.heaps, this.loads,
				this.concurrency, this.rates, this.appCpus, this.requests);
	}

	/**
	 * Returns a copy with another axis.
	 * @param fanouts composite's fanouts
	 * @return the new block
	 */
	public MatrixBlock withFanouts(List<Fanout> fanouts) {
		return new MatrixBlock(this.stacks, this.scenarios, fanouts, this.transfers, this.heaps, this.loads,
				this.concurrency, this.rates, this.appCpus, this.requests);
	}

	/**
	 * Returns a copy with another axis.
	 * @param transfers large-payload's transfers
	 * @return the new block
	 */
	public MatrixBlock withTransfers(List<Transfer> transfers) {
		return new MatrixBlock(this.stacks, this.scenarios, this.fanouts, transfers, this.heaps, this.loads,
				this.concurrency, this.rates, this.appCpus, this.requests);
	}

	/**
	 * Returns a copy with another axis.
	 * @param heaps the app heaps
	 * @return the new block
	 */
	public MatrixBlock withHeaps(List<Heap> heaps) {
		return new MatrixBlock(this.stacks, this.scenarios, this.fanouts, this.transfers, heaps, this.loads,
				this.concurrency, this.rates, this.appCpus, this.requests);
	}

	/**
	 * Returns a copy with another axis.
	 * @param loads the load models
	 * @return the new block
	 */
	public MatrixBlock withLoads(List<LoadModel> loads) {
		return new MatrixBlock(this.stacks, this.scenarios, this.fanouts, this.transfers, this.heaps, loads,
				this.concurrency, this.rates, this.appCpus, this.requests);
	}

	/**
	 * Returns a copy with another axis.
	 * @param concurrency the closed models' levels
	 * @return the new block
	 */
	public MatrixBlock withConcurrency(List<Integer> concurrency) {
		return new MatrixBlock(this.stacks, this.scenarios, this.fanouts, this.transfers, this.heaps, this.loads,
				concurrency, this.rates, this.appCpus, this.requests);
	}

	/**
	 * Returns a copy with another axis.
	 * @param rates the open model's rates (req/s)
	 * @return the new block
	 */
	public MatrixBlock withRates(List<Integer> rates) {
		return new MatrixBlock(this.stacks, this.scenarios, this.fanouts, this.transfers, this.heaps, this.loads,
				this.concurrency, rates, this.appCpus, this.requests);
	}

	/**
	 * Returns a copy with another request count.
	 * @param requests requests per count cell, 0 for the profile's
	 * @return the new block
	 */
	public MatrixBlock withRequests(int requests) {
		return new MatrixBlock(this.stacks, this.scenarios, this.fanouts, this.transfers, this.heaps, this.loads,
				this.concurrency, this.rates, this.appCpus, requests);
	}

}
