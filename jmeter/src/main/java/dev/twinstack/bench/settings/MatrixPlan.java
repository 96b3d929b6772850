package dev.twinstack.bench.settings;

import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Function;

import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.MatrixBlock;
import dev.twinstack.bench.matrix.Scenario;
import dev.twinstack.bench.matrix.Stack;

/**
 * The matrix a bench measures: the profile's blocks after the axis properties, and the
 * stacks this JDK runs.
 *
 * @param blocks the matrix, as cartesian blocks
 * @param stacks the stacks that run, in order (requested stacks the JDK cannot run are in
 * {@code skipped})
 * @param skipped requested stacks that cannot run, with the reason
 */
public record MatrixPlan(List<MatrixBlock> blocks, List<Stack> stacks, List<SkippedStack> skipped) {

	/**
	 * Returns every composite fanout of the matrix.
	 * @return the fanouts, in block order
	 */
	public List<Fanout> fanouts() {
		return distinct(this.blocks,
				(block) -> block.scenarios().contains(Scenario.COMPOSITE) ? block.fanouts() : List.<Fanout>of());
	}

	/**
	 * Returns every concurrency level of the matrix's closed models.
	 * @return the levels, ascending
	 */
	public List<Integer> concurrency() {
		return distinct(this.blocks, MatrixBlock::concurrency).stream().sorted().toList();
	}

	/**
	 * Returns the cells to measure: every block's cells without repeats and without the
	 * skipped stacks, grouped by app start (stack, then heap, then the app's cores), then
	 * by workload (an app start of its own by default), load model and level.
	 * @return the cells, in run order
	 */
	public List<Cell> cells() {
		List<Heap> heaps = distinct(this.blocks, MatrixBlock::heaps);
		return this.blocks.stream()
			.flatMap((block) -> block.cells().stream())
			.filter((cell) -> this.stacks.contains(cell.stack()))
			.distinct()
			.sorted(Comparator.comparingInt((Cell cell) -> this.stacks.indexOf(cell.stack()))
				.thenComparingInt((cell) -> heaps.indexOf(cell.heap()))
				.thenComparing((cell) -> cell.appCpus().isAll() ? Integer.MAX_VALUE : cell.appCpus().cores())
				.thenComparing(Cell::workload)
				.thenComparing(Cell::load)
				.thenComparingInt(Cell::concurrency)
				.thenComparingInt(Cell::rate))
			.toList();
	}

	public static <T> List<T> distinct(List<MatrixBlock> blocks, Function<MatrixBlock, List<T>> axis) {
		LinkedHashSet<T> values = new LinkedHashSet<>();
		blocks.forEach((block) -> values.addAll(axis.apply(block)));
		return List.copyOf(values);
	}

}
