package dev.twinstack.bench.report.seeds;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.MemoryAfterRequests;
import dev.twinstack.bench.report.MarkdownMustacheFactory;
import dev.twinstack.bench.report.ReportSections;
import dev.twinstack.bench.report.charts.ChartData;
import dev.twinstack.bench.report.seeds.SeedFindings.Change;
import dev.twinstack.bench.report.seeds.SeedFindings.Verdict;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.settings.BenchProfile;

/**
 * The {@code seeds} profile's section of report.md, rendered from
 * {@code seeds.md.mustache}: the two original experiments in their own form (seed 000's
 * side-by-side {@code ab} tables, three tests and their average, and its five memory
 * readings; seed 001's time to complete and throughput per server, heap and fanout, with
 * its heap and thread charts), beside the write-ups' figures ({@link SeedFigures}), and
 * one paragraph per experiment on whether this machine agrees with the write-up's finding
 * ({@link SeedFindings}).
 */
public final class SeedsReport {

	/** The profile this section belongs to. */
	static final String PROFILE = BenchProfile.SEEDS.id();

	private static final String TEMPLATES = "dev/twinstack/bench/report/seeds";

	/**
	 * The two stacks, in the write-ups' column order: coroutines (asynchronous) first.
	 */
	private static final List<Stack> STACKS = List.of(Stack.COROUTINES, Stack.MVC);

	static final String MISSING = "—";

	private SeedsReport() {
	}

	/**
	 * A table row.
	 *
	 * @param label the first column
	 * @param cells the other columns
	 */
	record Row(String label, List<String> cells) {
	}

	/**
	 * One {@code ab} test: a side-by-side table.
	 *
	 * @param number the test's number, from 1
	 * @param rows the rows
	 */
	record AbTest(int number, List<Row> rows) {
	}

	/**
	 * The heap, thread and CPU charts of one heap and fanout of seed 001.
	 *
	 * @param title e.g. {@code -Xmx64m, parallel fanout}
	 * @param images the charts drawn
	 */
	record Charts(String title, List<ReportSections.Image> images) {
	}

	/**
	 * What the template renders.
	 *
	 * @param source000 seed 000's file
	 * @param source001 seed 001's file
	 * @param plan001 where seed 001's JMeter plan is described
	 * @param ab000 seed 000's tests, this machine
	 * @param average000 this machine's average beside the write-up's
	 * @param duration000 the time to handle the memory requests, per reading
	 * @param memory000 the heap in use after them, per reading
	 * @param memoryRequests requests before each memory reading
	 * @param memoryWorkload their workload
	 * @param finding000 seed 000's paragraph
	 * @param summary001 seed 001's summary table, this machine beside the write-up
	 * @param charts001 seed 001's charts
	 * @param finding001 seed 001's paragraph
	 * @param clients001 the clients of seed 001's cells here
	 * @param requests001 the requests of each of seed 001's cells here
	 */
	record View(String source000, String source001, String plan001, List<AbTest> ab000, List<Row> average000,
			List<Row> duration000, List<Row> memory000, int memoryRequests, String memoryWorkload, String finding000,
			List<Row> summary001, List<Charts> charts001, String finding001, int clients001, int requests001) {
	}

	/**
	 * Appends the section when the run is of the {@code seeds} profile.
	 * @param md the report
	 * @param results the run
	 * @param charts the ids of the charts drawn
	 */
	public static void append(StringBuilder md, BenchResults results, Set<String> charts) {
		if (!PROFILE.equals(results.settings().profile())) {
			return;
		}
		List<Cell> cells001 = STACKS.stream()
			.map((stack) -> cell001(results, stack, Heap.parse("128m"), Fanout.SEQUENTIAL))
			.filter(java.util.Objects::nonNull)
			.map(CellResult::cell)
			.toList();
		int clients = cells001.isEmpty() ? 0 : cells001.get(0).concurrency();
		int requests = cells001.isEmpty() ? 0
				: trials(results, cells001.get(0)).stream().mapToInt((t) -> (int) t.load().requests()).max().orElse(0);
		List<MemoryAfterRequests> memory = results.memory();
		View view = new View(SeedFigures.SOURCE_000, SeedFigures.SOURCE_001, SeedFigures.SOURCE_001_PLAN,
				Seed000Tables.abTests(results), Seed000Tables.average(results),
				Seed000Tables.memoryRows(memory, (m) -> m.seconds() * 1000, "%.0f ms", SeedFigures.DURATION_500_ASYNC,
						SeedFigures.DURATION_500_SYNC),
				Seed000Tables.memoryRows(memory, (m) -> (m.heapUsedMb() != null) ? m.heapUsedMb() * 1024 : null,
						"%.0f kb", SeedFigures.MEMORY_500_ASYNC, SeedFigures.MEMORY_500_SYNC),
				memory.isEmpty() ? 0 : memory.get(0).requests(),
				memory.isEmpty() ? MISSING : memory.get(0).workload().id(), finding000(results), summary001(results),
				charts001(results, charts), finding001(results), clients, requests);
		md.append(MarkdownMustacheFactory.render(TEMPLATES, "seeds.md.mustache", view));
	}

	private static String finding000(BenchResults results) {
		return SeedParagraphs.finding000(memory000(results, Stack.COROUTINES), memory000(results, Stack.MVC),
				Seed000Tables.abTrials(results, Stack.COROUTINES).stream().map((t) -> t.load().throughput()).toList(),
				Seed000Tables.abTrials(results, Stack.MVC).stream().map((t) -> t.load().throughput()).toList());
	}

	/**
	 * Collects a stack's memory readings for seed 000's paragraph.
	 */
	static SeedParagraphs.Memory memory000(BenchResults results, Stack stack) {
		List<MemoryAfterRequests> memory = results.memory();
		return new SeedParagraphs.Memory(Seed000Tables.memoryValues(memory, stack, SeedsReport::heapKb),
				Seed000Tables.memoryValues(memory, stack, MemoryAfterRequests::heapBeforeMb),
				Seed000Tables.memoryValues(memory, stack, MemoryAfterRequests::heapAddedMb),
				Seed000Tables.memoryValues(memory, stack, MemoryAfterRequests::heapAfterGcMb),
				memory.stream()
					.filter((m) -> m.stack() == stack && m.collectionsDuring() != null && m.collectionsDuring() > 0)
					.count());
	}

	private static Double heapKb(MemoryAfterRequests memory) {
		return (memory.heapUsedMb() != null) ? memory.heapUsedMb() * 1024 : null;
	}

	// seed 001

	/**
	 * Finds the count cell of seed 001 for a stack, heap and fanout (its median trial),
	 * whatever its clients and requests.
	 */
	static CellResult cell001(BenchResults results, Stack stack, Heap heap, Fanout fanout) {
		return results.cells()
			.stream()
			.filter((c) -> c.cell().stack() == stack && c.cell().workload() == Workload.composite(fanout)
					&& c.cell().load() == LoadModel.COUNT && c.cell().heap().equals(heap))
			.findFirst()
			.orElse(null);
	}

	private static List<CellResult> trials(BenchResults results, Cell cell) {
		return results.trials().stream().filter((t) -> t.cell().equals(cell)).toList();
	}

	/**
	 * Returns the trials' times to complete of a seed 001 cell (s), empty when it did not
	 * run.
	 */
	static List<Double> seconds001(BenchResults results, Stack stack, int heapMb, Fanout fanout) {
		CellResult cell = cell001(results, stack, Heap.parse(heapMb + "m"), fanout);
		return (cell != null) ? trials(results, cell.cell()).stream().map((t) -> t.load().elapsedSeconds()).toList()
				: List.of();
	}

	private static List<Row> summary001(BenchResults results) {
		List<Row> rows = new ArrayList<>();
		for (SeedFigures.Run001 run : SeedFigures.RUNS_001) {
			CellResult cell = cell001(results, run.stack(), Heap.parse(run.heapMb() + "m"), run.fanout());
			List<CellResult> trials = (cell != null) ? trials(results, cell.cell()) : List.of();
			String health = (cell != null) ? health(results, cell.cell()) : "";
			String throughput = trials.isEmpty() ? MISSING
					: SeedFindings.meanAndRange(trials.stream().map((t) -> t.load().throughput()).toList(), "%.1f/sec");
			String time = trials.isEmpty() ? MISSING : SeedFindings
				.meanAndRange(trials.stream().map((t) -> t.load().elapsedSeconds()).toList(), "%.1f secs");
			long errors = trials.stream().mapToLong((t) -> t.load().errors()).sum();
			rows.add(new Row(run.scenario(), List.of(throughput, time, (errors > 0) ? errors + health : "0" + health,
					fmt("%.1f/sec", run.throughput()), fmt("%.0f secs", run.seconds()))));
		}
		return rows;
	}

	private static String health(BenchResults results, Cell cell) {
		return results.matrix()
			.stream()
			.filter((summary) -> summary.cell().equals(cell))
			.map(CellSummary::health)
			.filter((health) -> health.needsRestart())
			.map((health) -> "; app " + health.status() + ": " + health.cause())
			.findFirst()
			.orElse("");
	}

	private static List<Charts> charts001(BenchResults results, Set<String> drawn) {
		List<Charts> charts = new ArrayList<>();
		for (int heapMb : List.of(128, 64)) {
			Heap heap = Heap.parse(heapMb + "m");
			for (Fanout fanout : Fanout.values()) {
				CellResult cell = STACKS.stream()
					.map((stack) -> cell001(results, stack, heap, fanout))
					.filter(java.util.Objects::nonNull)
					.findFirst()
					.orElse(null);
				if (cell == null) {
					continue;
				}
				List<String> ids = new ArrayList<>(
						ChartData.timeIds(fanout, cell.cell().concurrency(), heap, LoadModel.COUNT));
				ids.add(ChartData.errorsId(fanout, cell.cell().concurrency(), heap, AppCpus.ALL, LoadModel.COUNT));
				List<String> alts = List.of("Heap used (solid), RSS (dashed) and the heap's max (dotted)",
						"Live threads", "CPU: app (solid), mocks (dashed), JMeter (dotted)",
						"Errors per second by kind: a line per stack and kind");
				List<ReportSections.Image> images = new ArrayList<>();
				for (int i = 0; i < ids.size(); i++) {
					if (drawn.contains(ids.get(i))) {
						images.add(new ReportSections.Image(ids.get(i), alts.get(i)));
					}
				}
				if (!images.isEmpty()) {
					charts.add(new Charts("-Xmx" + heap.id() + ", " + fanout.id() + " fanout", images));
				}
			}
		}
		return charts;
	}

	private static String finding001(BenchResults results) {
		List<String> parts = new ArrayList<>();
		for (int heapMb : List.of(128, 64)) {
			List<Change> measured = new ArrayList<>();
			List<Change> written = new ArrayList<>();
			List<String> stacks = new ArrayList<>();
			for (Stack stack : STACKS) {
				List<Double> sequential = seconds001(results, stack, heapMb, Fanout.SEQUENTIAL);
				List<Double> parallel = seconds001(results, stack, heapMb, Fanout.PARALLEL);
				if (sequential.isEmpty() || parallel.isEmpty()) {
					continue;
				}
				Change change = SeedFindings.compare(parallel, sequential);
				measured.add(change);
				written.add(SeedFindings.compare(List.of(SeedFigures.run001(stack, heapMb, Fanout.PARALLEL).seconds()),
						List.of(SeedFigures.run001(stack, heapMb, Fanout.SEQUENTIAL).seconds())));
				stacks.add(stack.id() + " " + SeedFindings.meanAndRange(sequential, "%.1f s") + " → "
						+ SeedFindings.meanAndRange(parallel, "%.1f s") + " (" + SeedParagraphs.effect(change) + ")");
			}
			if (measured.isEmpty()) {
				parts.add("at -Xmx" + heapMb + "m nothing was measured");
				continue;
			}
			Verdict verdict = SeedFindings.judge(measured, written);
			parts.add("at -Xmx" + heapMb + "m, sequential → parallel, " + String.join("; ", stacks)
					+ ": this machine **" + verdict.words() + "**");
		}
		return SeedParagraphs.finding001(parts);
	}

}
