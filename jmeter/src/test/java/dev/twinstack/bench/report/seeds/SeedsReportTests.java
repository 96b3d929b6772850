package dev.twinstack.bench.report.seeds;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

import dev.twinstack.bench.load.LoadStats;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.measure.jvm.AppHealth;
import dev.twinstack.bench.measure.jvm.GcLog;
import dev.twinstack.bench.measure.jvm.MemoryAfterRequests;
import dev.twinstack.bench.report.ReportWriter;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.results.ResultsFixture;
import dev.twinstack.bench.results.TrialFigures;
import dev.twinstack.bench.settings.BenchSettings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SeedsReportTests {

	private static final BenchSettings SEEDS = BenchSettings.from(Map.of("bench.profile", "seeds"));

	@Test
	void setsSeed000sAbTablesAndMemoryReadingsBesideTheWriteUp() {
		String md = render(times(6, 7, 9, 10), times(6, 7, 9, 10), memory(8_000, 17_000));
		String section = md.substring(md.indexOf("## The original experiments"));
		assertThat(section).contains("#### Test 1", "#### Test 2", "#### Test 3")
			.doesNotContain("#### Test 4")
			// 1000 requests in 0.4 s: 2500 req/s, 10 × 0.4 s / 1000 = 4 ms per request
			.contains("| Requests per second | 2500.00 [#/sec] (mean) | 2000.00 [#/sec] (mean) |")
			.contains("| Time per request | 4.000 [ms] (mean) | 5.000 [ms] (mean) |")
			.contains("| Time per request | 0.400 [ms] (mean, across all concurrent requests) |")
			.contains("| 100% | 1503 (longest request) | 1210 (longest request) |")
			// the write-up's average, and its synchronous time per request checked
			// against its own three tests
			.contains("| Requests per second | 2500.00 | 2000.00 | 2362.15 | 2437.32 |")
			.contains("4.516 (as written; the mean of its three tests is 4.152)")
			.contains("| 1 | 800 ms | 1000 ms | 1156 ms | 1615 ms |")
			.contains("| Average | 8000.0 kb | 17000.0 kb | 8434.0 kb | 17258.2 kb |");
		assertThat(section).contains("Here coroutines had 8000 kb of heap in use after the requests against mvc's "
				+ "17000 kb (47 %; readings 8000–8000 vs 17000–17000 kb): this machine **agrees**");
		// before: kb / 4096 MB, added: kb / 1024 - kb / 4096 MB; the first reading of
		// each stack saw a GC
		assertThat(section).contains("what the app kept before them (2.0 vs 4.2 MB) plus what the requests "
				+ "allocated and no GC had freed (5.9 vs 12.5 MB added); in 2 reading(s) a GC ran during the requests");
		assertThat(section).contains("here each reading starts from a full GC (`jcmd <pid> GC.run`)");
		// the count model's threads start at once, as ab's clients do; said in the
		// settings, in what was measured and in the seeds section
		assertThat(md).contains(
				"| Per trial | count model: every thread at once (no ramp-up), until the requests are sent; 3 trial(s) "
						+ "per cell |")
			.contains(ReportWriter.COUNT_MODEL)
			.doesNotContain("the count model starts its threads over 1 s");
		assertThat(section).contains("As `ab`'s\nclients, the 10 threads start at once, without ramp-up");
	}

	@Test
	void memoryTheOtherWayDisagreesAndOverlappingReadingsTie() {
		assertThat(render(times(6, 7, 9, 10), times(6, 7, 9, 10), memory(17_000, 8_000)))
			.contains("this machine **disagrees** (after a full GC");
		assertThat(render(times(6, 7, 9, 10), times(6, 7, 9, 10), memory(8_000, 8_000)))
			.contains("this machine **ties within the trial spread** (after a full GC");
	}

	@Test
	void seed001AgreesWhenParallelHelpsCoroutinesAndHurtsMvc() {
		// coroutines: sequential 6–7 s, parallel 3–4 s; mvc: sequential 6–7 s, parallel
		// 9–10 s
		String md = render(times(6, 7, 3, 4), times(6, 7, 9, 10), memory(8_000, 17_000));
		assertThat(md)
			.contains("| Coroutine 128MB of memory - parallel | 57.9/sec (50.0–66.7/sec) | 3.5 secs "
					+ "(3.0–4.0 secs) | 0 | 29.6/sec | 7 secs |")
			.contains("| NonCoroutine 64MB of memory - parallel | 21.1/sec (20.0–22.2/sec) | 9.5 secs (9.0–10.0 "
					+ "secs) | 0 | 5.6/sec | 35 secs |")
			.contains("at -Xmx128m, sequential → parallel, coroutines 6.5 s (6.0–7.0 s) → 3.5 s (3.0–4.0 s) (parallel "
					+ "helped); mvc 6.5 s (6.0–7.0 s) → 9.5 s (9.0–10.0 s) (parallel hurt): this machine **agrees**")
			.contains("at 128 MB, Coroutine 12 → 7 s and NonCoroutine 13 → 28 s");
	}

	@Test
	void seed001DisagreesWhenParallelHelpsMvcTooAndTiesWithinTheSpread() {
		assertThat(render(times(6, 7, 3, 4), times(6, 7, 3, 4), memory(8_000, 17_000)))
			.contains("mvc 6.5 s (6.0–7.0 s) → 3.5 s (3.0–4.0 s) (parallel helped): this machine **disagrees**");
		// mvc's parallel trials overlap its sequential ones: no part the other way, one
		// part within the spread
		assertThat(render(times(6, 7, 3, 4), times(6, 8, 7, 9), memory(8_000, 17_000)))
			.contains("(no change beyond the trial spread): this machine **ties within the trial spread**");
	}

	@Test
	void drawsSeed001sChartsThatExistAndNothingForOtherProfiles() {
		String md = render(times(6, 7, 3, 4), times(6, 7, 9, 10), memory(8_000, 17_000));
		assertThat(md).contains("#### -Xmx128m, sequential fanout", "](charts/memory-sequential-c20-n-h128m.png)")
			.doesNotContain("#### -Xmx64m, parallel fanout");
		assertThat(ReportWriter.render(ResultsFixture.results())).doesNotContain("## The original experiments");
	}

	/**
	 * Renders a seeds run: cpu-light tests of 1000 requests in 0.4 s (coroutines) and 0.5
	 * s (mvc); composite cells at both heaps with the given trial times.
	 * @param coroutines coroutines' sequential min, max and parallel min, max (s)
	 * @param mvc mvc's
	 */
	private static String render(double[] coroutines, double[] mvc, List<MemoryAfterRequests> memory) {
		List<CellResult> trials = new ArrayList<>();
		List<CellResult> medians = new ArrayList<>();
		for (Stack stack : List.of(Stack.MVC, Stack.COROUTINES)) {
			double seconds = (stack == Stack.COROUTINES) ? 0.4 : 0.5;
			List<CellResult> ab = new ArrayList<>();
			for (int i = 0; i < 3; i++) {
				ab.add(trial(cell(stack, "cpu-light", Heap.DEFAULT), 1000, seconds));
			}
			trials.addAll(ab);
			medians.add(ab.get(1));
			double[] times = (stack == Stack.COROUTINES) ? coroutines : mvc;
			for (Heap heap : List.of(Heap.parse("128m"), Heap.parse("64m"))) {
				for (Fanout fanout : Fanout.values()) {
					int from = (fanout == Fanout.SEQUENTIAL) ? 0 : 2;
					Cell cell = cell(stack, "composite-" + fanout.id(), heap);
					List<CellResult> three = List.of(trial(cell, 200, times[from]),
							trial(cell, 200, (times[from] + times[from + 1]) / 2), trial(cell, 200, times[from + 1]));
					trials.addAll(three);
					medians.add(three.get(1));
				}
			}
		}
		AppHealth ok = AppHealth.assess(true, null, "", new GcLog.Summary(0, 0, 0, 0));
		List<CellSummary> matrix = medians.stream()
			.map((c) -> CellSummary.of(c.cell(), List.of(TrialFigures.of(c, c.load().throughput(), null, ok)), SEEDS,
					1.0, OptionalInt.empty(), c.cell().concurrency(), 2))
			.toList();
		BenchResults base = ResultsFixture.results();
		BenchResults results = new BenchResults(BenchResults.Settings.of(SEEDS), base.environment(), base.processes(),
				base.startedAt(), base.finishedAt(), 600, medians, List.of(), memory, SEEDS.jdk(), List.of(), matrix,
				trials, List.of(), List.of(), true, null);
		return ReportWriter.render(results, Set.of("memory-sequential-c20-n-h128m", "threads-sequential-c20-n-h128m"));
	}

	private static double[] times(double sequentialMin, double sequentialMax, double parallelMin, double parallelMax) {
		return new double[] { sequentialMin, sequentialMax, parallelMin, parallelMax };
	}

	private static Cell cell(Stack stack, String workload, Heap heap) {
		return SEEDS.cells()
			.stream()
			.filter((c) -> c.stack() == stack && c.workload().id().equals(workload) && c.heap().equals(heap))
			.findFirst()
			.orElseThrow();
	}

	private static CellResult trial(Cell cell, long requests, double seconds) {
		CellResult template = ResultsFixture.cell(cell.stack(), cell.concurrency(), requests, 0, requests / seconds,
				null);
		LoadStats load = new LoadStats(requests, 0, seconds, requests / seconds, 4, 1, 3, 6, 7, 9, 13,
				1000 * seconds / requests, 200 * requests);
		return new CellResult(cell, template.runId(), template.startedAt(), template.finishedAt(), 0, load,
				template.latency(), template.throughput(), null, template.server(), template.cpu(), template.gc(),
				template.pools(), null, template.ceiling(), null, template.jtl(), template.dashboard(),
				template.metricsCsv(), template.appLog(), null, null, null, null);
	}

	private static List<MemoryAfterRequests> memory(double coroutinesKb, double mvcKb) {
		List<MemoryAfterRequests> readings = new ArrayList<>();
		for (Stack stack : List.of(Stack.MVC, Stack.COROUTINES)) {
			for (int i = 0; i < 5; i++) {
				double kb = (stack == Stack.COROUTINES) ? coroutinesKb : mvcKb;
				double seconds = ((stack == Stack.COROUTINES) ? 0.8 : 1.0) + i * 0.01;
				readings.add(new MemoryAfterRequests(stack, dev.twinstack.bench.matrix.Workload.CPU_LIGHT, 500, 10, 0,
						seconds, 500 / seconds, kb / 1024, 30.0, 300.0, kb / 2048, 290.0, kb / 4096,
						(i == 0) ? 1L : 0L));
			}
		}
		return readings;
	}

}
