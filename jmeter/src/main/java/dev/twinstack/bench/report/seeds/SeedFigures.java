package dev.twinstack.bench.report.seeds;

import java.util.List;

import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Stack;

/**
 * The figures of the two write-ups the {@code seeds} profile repeats, quoted as written
 * (other hardware, other servers: they are set beside this machine's figures, never mixed
 * with them). "Asynchronous" and "Coroutine" are the Kotlin coroutine servers
 * ({@code coroutines} here), "Synchronous" and "NonCoroutine" the thread-per-request ones
 * ({@code mvc} here).
 */
final class SeedFigures {

	/** Where seed 000 is kept, relative to the project's parent folder. */
	static final String SOURCE_000 = "shared/seeds/000_32139b439a24bde5.txt";

	/** Where seed 001 is kept, relative to the project's parent folder. */
	static final String SOURCE_001 = "shared/seeds/001_0133d197632d976d.txt";

	/**
	 * Where seed 001's JMeter plan is described: its README's "JMeter Test" table (20
	 * concurrent users, loop count 10, 300 ms between calls), in a later version than the
	 * kept file.
	 */
	static final String SOURCE_001_PLAN = "https://github.com/mmoraesbr/kotlin-coroutine-benchmark#jmeter-test";

	/** Seed 000, `ab` "Requests per second" of tests 1–3: asynchronous (coroutines). */
	static final List<Double> AB_RPS_ASYNC = List.of(2499.93, 2338.32, 2248.21);

	/** Seed 000, `ab` "Requests per second" of tests 1–3: synchronous. */
	static final List<Double> AB_RPS_SYNC = List.of(2273.14, 2824.36, 2214.46);

	/** Seed 000, `ab` "Time per request (mean)" of tests 1–3, ms: asynchronous. */
	static final List<Double> AB_TPR_ASYNC = List.of(4.000, 4.277, 4.448);

	/** Seed 000, `ab` "Time per request (mean)" of tests 1–3, ms: synchronous. */
	static final List<Double> AB_TPR_SYNC = List.of(4.399, 3.541, 4.516);

	/** Seed 000's "Average" block as written: requests per second, asynchronous. */
	static final double AB_AVERAGE_RPS_ASYNC = 2362.15;

	/** Seed 000's "Average" block as written: requests per second, synchronous. */
	static final double AB_AVERAGE_RPS_SYNC = 2437.32;

	/** Seed 000's "Average" block as written: time per request (ms), asynchronous. */
	static final double AB_AVERAGE_TPR_ASYNC = 4.24;

	/** Seed 000's "Average" block as written: time per request (ms), synchronous. */
	static final double AB_AVERAGE_TPR_SYNC = 4.516;

	/** Seed 000, "Duration to handle 500 requests" (ms), asynchronous. */
	static final List<Double> DURATION_500_ASYNC = List.of(1156.0, 950.0, 950.0, 1187.0, 867.0);

	/** Seed 000, "Duration to handle 500 requests" (ms), synchronous. */
	static final List<Double> DURATION_500_SYNC = List.of(1615.0, 1220.0, 1159.0, 1320.0, 1266.0);

	/** Seed 000, "Memory usage after handling 500 requests" (kB), asynchronous. */
	static final List<Double> MEMORY_500_ASYNC = List.of(8447.0, 8621.0, 8035.0, 8545.0, 8522.0);

	/** Seed 000, "Memory usage after handling 500 requests" (kB), synchronous. */
	static final List<Double> MEMORY_500_SYNC = List.of(16960.0, 17525.0, 16945.0, 17365.0, 17496.0);

	/**
	 * One row of seed 001's results: a server, heap and fanout, its time to complete the
	 * 200 requests and its throughput.
	 *
	 * @param stack {@code coroutines} (Coroutine) or {@code mvc} (NonCoroutine)
	 * @param heapMb the server's heap (MB)
	 * @param fanout sequential, or parallel ("Parallel Calls")
	 * @param seconds "Time to complete" (s)
	 * @param throughput "Thoughtput" (req/s)
	 */
	record Run001(Stack stack, int heapMb, Fanout fanout, double seconds, double throughput) {

		/**
		 * Names the row as the write-up does.
		 * @return e.g. {@code Coroutine 128MB of memory - parallel}
		 */
		String scenario() {
			return ((this.stack == Stack.COROUTINES) ? "Coroutine" : "NonCoroutine") + " " + this.heapMb
					+ "MB of memory" + ((this.fanout == Fanout.PARALLEL) ? " - parallel" : "");
		}

	}

	/** Seed 001's eight results, in its summary's order (fastest first). */
	static final List<Run001> RUNS_001 = List.of(new Run001(Stack.COROUTINES, 128, Fanout.PARALLEL, 7, 29.6),
			new Run001(Stack.COROUTINES, 64, Fanout.PARALLEL, 7, 28.8),
			new Run001(Stack.COROUTINES, 64, Fanout.SEQUENTIAL, 12, 17.2),
			new Run001(Stack.COROUTINES, 128, Fanout.SEQUENTIAL, 12, 15.9),
			new Run001(Stack.MVC, 128, Fanout.SEQUENTIAL, 13, 15.0),
			new Run001(Stack.MVC, 64, Fanout.SEQUENTIAL, 25, 8.1), new Run001(Stack.MVC, 128, Fanout.PARALLEL, 28, 7.1),
			new Run001(Stack.MVC, 64, Fanout.PARALLEL, 35, 5.6));

	private SeedFigures() {
	}

	/**
	 * Finds a row of seed 001.
	 * @param stack the stack
	 * @param heapMb the heap (MB)
	 * @param fanout the fanout
	 * @return the row
	 * @throws IllegalArgumentException when the write-up has no such row
	 */
	static Run001 run001(Stack stack, int heapMb, Fanout fanout) {
		return RUNS_001.stream()
			.filter((run) -> run.stack() == stack && run.heapMb() == heapMb && run.fanout() == fanout)
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException(
					"seed 001 has no run of " + stack.id() + " at " + heapMb + " MB, " + fanout.id()));
	}

}
