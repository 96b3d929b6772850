package dev.twinstack.bench.run;

import java.util.List;

import dev.twinstack.bench.load.warmup.WarmUp;
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

	@Test
	void aJitRunCutShortIsSaidAtOnce() {
		List<Double> rounds = List.of(140.0, 150.0, 160.0);
		WarmUp cut = new WarmUp("composite-sequential", 50, rounds, List.of(2500.0, 2000.0, 1500.0), 153, false, true);
		assertThat(MatrixRunner.unsteady(Stack.MVC, cut, 180)).hasValueSatisfying((line) -> assertThat(line)
			.startsWith("[warm-up] mvc composite-sequential: not steady within its 153 s of the 180 s bound (3 rounds")
			.endsWith("a longer -Dbench.warmup gives it time"));
		WarmUp steady = new WarmUp("composite-sequential", 50, List.of(160.0, 161.0, 160.0),
				List.of(100.0, 100.0, 100.0), 90, true, true);
		assertThat(MatrixRunner.unsteady(Stack.MVC, steady, 180)).isEmpty();
	}

}
