package dev.twinstack.bench.run;

import java.util.List;

import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the matrix runner groups cells into app starts.
 */
class MatrixRunnerTests {

	@Test
	void eachWorkloadGetsItsOwnJvm() {
		Cell mvcSequential40 = Cell.closed(Stack.MVC, Workload.COMPOSITE_SEQUENTIAL, 40, Heap.DEFAULT);
		Cell mvcSequential400 = Cell.closed(Stack.MVC, Workload.COMPOSITE_SEQUENTIAL, 400, Heap.DEFAULT);
		Cell mvcParallel = Cell.closed(Stack.MVC, Workload.COMPOSITE_PARALLEL, 400, Heap.DEFAULT);
		Cell mvcSmallHeap = Cell.closed(Stack.MVC, Workload.COMPOSITE_SEQUENTIAL, 400, Heap.parse("64m"));
		Cell webfluxSequential = Cell.closed(Stack.WEBFLUX, Workload.COMPOSITE_SEQUENTIAL, 400, Heap.DEFAULT);
		List<Cell> cells = List.of(mvcSequential40, mvcSequential400, mvcParallel, mvcSmallHeap, webfluxSequential);
		assertThat(MatrixRunner.forks(cells, true)).containsExactly(List.of(mvcSequential40, mvcSequential400),
				List.of(mvcParallel), List.of(mvcSmallHeap), List.of(webfluxSequential));
		assertThat(MatrixRunner.forks(cells, false)).as("bench.fork=app")
			.containsExactly(List.of(mvcSequential40, mvcSequential400, mvcParallel), List.of(mvcSmallHeap),
					List.of(webfluxSequential));
	}

}
