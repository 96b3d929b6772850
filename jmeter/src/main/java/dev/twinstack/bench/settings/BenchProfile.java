package dev.twinstack.bench.settings;

import java.time.Duration;
import java.util.List;

import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.MatrixBlock;
import dev.twinstack.bench.matrix.Scenario;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Transfer;
import dev.twinstack.bench.matrix.Workload;

/**
 * The named matrices: what {@code -Dbench.profile} selects before single properties
 * override parts of it. Documented in jmeter/README.md.
 *
 * @param id the name
 * @param blocks the matrix, as cartesian blocks
 * @param duration hold time per trial, after a 1 s ramp-up
 * @param warmup the most load per app start before measuring, in rounds until each
 * workload's throughput is steady ({@link dev.twinstack.bench.load.warmup.WarmUp})
 * @param baseline load at concurrency 1 per workload after the warm-up, for the base
 * latency
 * @param trials measured repetitions of every cell
 * @param requests requests per cell of the {@code count} model (a block may set its own)
 * @param memoryRepeats how many times the memory after N requests is measured per stack,
 * back to back
 * @param memoryWorkload the workload of the memory after N requests; {@code null} for
 * composite with the matrix's first fanout
 */
public record BenchProfile(String id, List<MatrixBlock> blocks, Duration duration, Duration warmup, Duration baseline,
		int trials, int requests, int memoryRepeats, Workload memoryWorkload) {

	/**
	 * A profile that measures the memory after N requests once per stack, on composite.
	 * @param id the name
	 * @param blocks the matrix, as cartesian blocks
	 * @param duration hold time per trial, after a 1 s ramp-up
	 * @param warmup the most load per app start before measuring
	 * @param baseline load at concurrency 1 per workload after the warm-up
	 * @param trials measured repetitions of every cell
	 * @param requests requests per cell of the {@code count} model
	 */
	public BenchProfile(String id, List<MatrixBlock> blocks, Duration duration, Duration warmup, Duration baseline,
			int trials, int requests) {
		this(id, blocks, duration, warmup, baseline, trials, requests, 1, null);
	}

	private static final List<Stack> ALL_STACKS = List.of(Stack.values());

	/**
	 * The scenarios of the matrix: every one but {@code faults}, which runs on its own.
	 */
	private static final List<Scenario> ALL_SCENARIOS = List.of(Scenario.COMPOSITE, Scenario.CPU_LIGHT,
			Scenario.LARGE_PAYLOAD, Scenario.SLOW_IO);

	private static final List<Fanout> BOTH_FANOUTS = List.of(Fanout.values());

	private static final List<Transfer> BOTH_TRANSFERS = List.of(Transfer.values());

	private static final List<Heap> DEFAULT_HEAP = List.of(Heap.DEFAULT);

	private static final List<LoadModel> CLOSED = List.of(LoadModel.CLOSED);

	/** The capacity search's first rung (req/s). */
	public static final int CAPACITY_START_RATE = 150;

	/** The full profile's overload: far beyond what a 2-core box serves (clients). */
	public static final int OVERLOAD_CONCURRENCY = 2000;

	/**
	 * {@code smoke} (every {@code ./mvnw verify}, under 2 minutes): mvc and webflux,
	 * composite sequential at concurrency 10, one 5 s trial.
	 */
	public static final BenchProfile SMOKE = new BenchProfile("smoke",
			List.of(new MatrixBlock(List.of(Stack.MVC, Stack.WEBFLUX), List.of(Scenario.COMPOSITE),
					List.of(Fanout.SEQUENTIAL), BOTH_TRANSFERS, DEFAULT_HEAP, CLOSED, List.of(10), List.of(50))),
			Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(2), 1, 500);

	/**
	 * {@code standard} ({@code -Pbench}): the five stacks on composite sequential at
	 * concurrency 400, where they differ, three 10 s trials per cell, each cell
	 * cross-checked by wrk. 10 s, not 5: at c = 400 the per-second throughput moves so
	 * much that 5 s trials spread several times wider. Each cell has its own app JVM (a
	 * JVM per workload, as JMH forks one per benchmark), warmed up until its JIT is quiet
	 * and its throughput steady, at most 180 s. A fresh JVM needs most of that, so a
	 * second workload costs minutes per stack: composite parallel, c = 100, large-payload
	 * and slow-io run in {@code full}; cpu-light at c = 400 measured the load generator
	 * on 2 cores (docs/design.md, "The standard profile").
	 * {@code -Dbench.fanouts=sequential,parallel}, {@code -Dbench.concurrency} or
	 * {@code -Dbench.scenarios} bring them back here; {@code seeds} compares the fanouts
	 * in the original experiments' form.
	 */
	public static final BenchProfile STANDARD = new BenchProfile("standard",
			List.of(new MatrixBlock(ALL_STACKS, List.of(Scenario.COMPOSITE), List.of(Fanout.SEQUENTIAL), BOTH_TRANSFERS,
					DEFAULT_HEAP, CLOSED, List.of(400), List.of(300))),
			Duration.ofSeconds(10), Duration.ofSeconds(180), Duration.ofSeconds(2), 3, 5000);

	/**
	 * {@code full} (the longest; its Failsafe limit is 3 hours): every workload × heap at
	 * 40 and 1000 clients, a concurrency sweep of composite sequential, the open model on
	 * composite sequential and slow-io, a fixed request count on cpu-light, and an
	 * overload block (composite sequential at 2000 clients on a 64 MB heap: the apps may
	 * shed, queue or die, which is a result); three trials each.
	 */
	public static final BenchProfile FULL = new BenchProfile("full",
			List.of(new MatrixBlock(ALL_STACKS, ALL_SCENARIOS, BOTH_FANOUTS, BOTH_TRANSFERS,
					List.of(Heap.DEFAULT, Heap.parse("128m"), Heap.parse("64m")), CLOSED, List.of(40, 1000),
					List.of(300)),
					new MatrixBlock(ALL_STACKS, List.of(Scenario.COMPOSITE), List.of(Fanout.SEQUENTIAL), BOTH_TRANSFERS,
							DEFAULT_HEAP, CLOSED, List.of(10, 100, 200, 400), List.of(300)),
					new MatrixBlock(ALL_STACKS, List.of(Scenario.COMPOSITE, Scenario.SLOW_IO),
							List.of(Fanout.SEQUENTIAL), BOTH_TRANSFERS, DEFAULT_HEAP, List.of(LoadModel.OPEN),
							List.of(40), List.of(300, 900)),
					new MatrixBlock(ALL_STACKS, List.of(Scenario.CPU_LIGHT), BOTH_FANOUTS, BOTH_TRANSFERS, DEFAULT_HEAP,
							List.of(LoadModel.COUNT), List.of(40), List.of(300)),
					new MatrixBlock(ALL_STACKS, List.of(Scenario.COMPOSITE), List.of(Fanout.SEQUENTIAL), BOTH_TRANSFERS,
							List.of(Heap.parse("64m")), CLOSED, List.of(OVERLOAD_CONCURRENCY), List.of(300))),
			Duration.ofSeconds(6), Duration.ofSeconds(30), Duration.ofSeconds(2), 3, 20_000);

	/**
	 * The original write-ups' two stacks: Kotlin coroutines against thread-per-request.
	 */
	private static final List<Stack> SEED_STACKS = List.of(Stack.MVC, Stack.COROUTINES);

	/** Clients of seed 001's JMeter plan ("Concurrent users 20, loop count 10"). */
	public static final int SEED_001_CLIENTS = 20;

	/** Requests of seed 001: 20 clients × 10 loops. */
	public static final int SEED_001_REQUESTS = 200;

	/** Clients of seed 000's {@code ab -n 1000 -c 10}. */
	public static final int SEED_000_CLIENTS = 10;

	/** Requests of seed 000's {@code ab -n 1000 -c 10}. */
	public static final int SEED_000_REQUESTS = 1000;

	/** Readings of seed 000's "memory usage after handling 500 requests" per server. */
	public static final int SEED_000_MEMORY_READINGS = 5;

	/**
	 * {@code seeds} (about 17 minutes on 2 cores, the bench's estimate; measured times in
	 * docs/results/): the two experiments this project grew from, in their own form
	 * ({@code /work/shared/seeds/000_*.txt}, {@code 001_*.txt}; the report's section *The
	 * original experiments* sets them side by side). Block A, seed 000: mvc and
	 * coroutines on cpu-light as {@code ab -n 1000 -c 10}, three trials, and the memory
	 * after 500 cpu-light requests five times per stack (on that block's default heap:
	 * the first start of each stack). Block B, seed 001: mvc and coroutines on composite,
	 * both fanouts, at -Xmx128m and -Xmx64m, 200 requests from 20 clients (the seed's
	 * JMeter plan: 20 users × 10 loops; without its 300 ms think time), three trials
	 * each. Each app start is warmed up for at most 60 s.
	 */
	public static final BenchProfile SEEDS = new BenchProfile("seeds",
			List.of(new MatrixBlock(SEED_STACKS, List.of(Scenario.CPU_LIGHT), BOTH_FANOUTS, BOTH_TRANSFERS,
					DEFAULT_HEAP, List.of(LoadModel.COUNT), List.of(SEED_000_CLIENTS), List.of(300),
					List.of(AppCpus.ALL), SEED_000_REQUESTS),
					new MatrixBlock(SEED_STACKS, List.of(Scenario.COMPOSITE), BOTH_FANOUTS, BOTH_TRANSFERS,
							List.of(Heap.parse("128m"), Heap.parse("64m")), List.of(LoadModel.COUNT),
							List.of(SEED_001_CLIENTS), List.of(300), List.of(AppCpus.ALL), SEED_001_REQUESTS)),
			Duration.ofSeconds(5), Duration.ofSeconds(60), Duration.ofSeconds(2), 3, SEED_000_REQUESTS,
			SEED_000_MEMORY_READINGS, Workload.CPU_LIGHT);

	/**
	 * {@code capacity} (about 25 minutes on 2 cores for five stacks, the bench's
	 * estimate): each stack's capacity at the latency objective ({@code bench.slo}) on
	 * composite sequential, placed as in standard so that the figures compare. The
	 * block's one open cell per stack is the search's first rung (150 req/s): a ladder ×
	 * 1.5 up to the first failing rung, then a bisection, then up to three confirmation
	 * trials ({@link dev.twinstack.bench.analysis.capacity.CapacitySearch}); each rung is
	 * one 10 s open trial after the ramp-up. Each app start is warmed up for at most 60
	 * s; the low rungs keep warming the JIT.
	 */
	public static final BenchProfile CAPACITY = new BenchProfile("capacity",
			List.of(new MatrixBlock(ALL_STACKS, List.of(Scenario.COMPOSITE), List.of(Fanout.SEQUENTIAL), BOTH_TRANSFERS,
					DEFAULT_HEAP, List.of(LoadModel.OPEN), List.of(40), List.of(CAPACITY_START_RATE))),
			Duration.ofSeconds(10), Duration.ofSeconds(60), Duration.ofSeconds(2), 1, 5000);

	/** Every profile, in order. */
	public static final List<BenchProfile> ALL = List.of(SMOKE, STANDARD, FULL, SEEDS, CAPACITY);

	/**
	 * Returns the accepted names.
	 * @return {@code [smoke, standard, full, seeds, capacity]}
	 */
	public static List<String> ids() {
		return ALL.stream().map(BenchProfile::id).toList();
	}

	/**
	 * Names a block of a profile, as jmeter/README.md and {@code -Dbench.help} do.
	 * @param index the block's index in {@link #blocks()}
	 * @return {@code A}, {@code B}, …
	 */
	public static String blockName(int index) {
		return String.valueOf((char) ('A' + index));
	}

	/**
	 * Finds a profile by its name.
	 * @param id the name
	 * @return the profile, or {@code null}
	 */
	public static BenchProfile byId(String id) {
		return ALL.stream().filter((profile) -> profile.id.equals(id)).findFirst().orElse(null);
	}

}
