package dev.twinstack.bench.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.measure.threads.PoolKind;
import dev.twinstack.bench.measure.threads.ThreadPlacement;
import dev.twinstack.bench.measure.threads.ThreadPlacement.PoolShare;
import dev.twinstack.bench.measure.threads.ThreadPlacement.Work;
import dev.twinstack.bench.measure.threads.WorkKind;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.ResultsFile;
import dev.twinstack.bench.results.ResultsFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class ThreadsReportTests {

	private static final ThreadPlacement PLATFORM = new ThreadPlacement(PoolKind.PLATFORM, 900,
			List.of(new Work(WorkKind.OUTBOUND, 300,
					List.of(new PoolShare("http-nio-*-*-exec-*", PoolKind.PLATFORM, 300, 1.0)))),
			null, List.of());

	private static final ThreadPlacement VIRTUAL = new ThreadPlacement(PoolKind.VIRTUAL, 1000,
			List.of(new Work(WorkKind.DRIVER, 200,
					List.of(new PoolShare("tomcat-handler-*", PoolKind.VIRTUAL, 150, 0.75),
							new PoolShare("AsyncGetter-*-thread-*", PoolKind.PLATFORM, 50, 0.25)))),
			new ThreadPlacement.VirtualThreads(3, 75.5, 40, 700, 20, 0.72, 1.5, 1.08),
			List.of("MongoDB driver: 25 % of its samples ran on AsyncGetter-*-thread-* (platform threads, 25 %), "
					+ "not on virtual threads"));

	@TempDir
	Path dir;

	@Test
	void showsThePoolsTheWarningsAndTheVirtualThreadsOfEachStack() {
		String section = ThreadsReport.render(withThreads(ResultsFixture.results()));

		assertThat(section).startsWith("## Where the work runs")
			.contains("platform threads (mvc), virtual threads (mvc-vt)")
			.contains("| mvc | `" + cellId(Stack.MVC)
					+ "` | outbound HTTP calls | 300 | `http-nio-*-*-exec-*` platform threads 100 % |")
			.contains("| MongoDB driver | 200 | `tomcat-handler-*` virtual threads 75 % · "
					+ "`AsyncGetter-*-thread-*` platform threads 25 % |")
			.contains("- ⚠ **mvc-vt** `" + cellId(Stack.MVC_VT) + "`: MongoDB driver: 25 %")
			.contains(
					"| mvc-vt | `" + cellId(Stack.MVC_VT) + "` | 3 | 76 ms | 40 ms | 72 % | 1.08 cores | 1.50 cores |");
		assertThat(ReportWriter.render(withThreads(ResultsFixture.results()))).contains("## Where the work runs");
	}

	@Test
	void leavesTheSectionOutWithoutAThreadTable() {
		assertThat(ThreadsReport.render(ResultsFixture.results())).isEmpty();
		assertThat(ReportWriter.render(ResultsFixture.results())).doesNotContain("## Where the work runs");
	}

	@Test
	void keepsTheThreadTableInResultsJson() throws Exception {
		BenchResults results = withThreads(ResultsFixture.results());
		Files.writeString(this.dir.resolve(ResultsFile.NAME), ResultsJson.toJson(results));

		BenchResults read = ResultsFile.read(this.dir);

		assertThat(read.cells()).extracting(CellResult::threads)
			.containsExactlyElementsOf(results.cells().stream().map(CellResult::threads).toList());
	}

	private static String cellId(Stack stack) {
		return withThreads(ResultsFixture.results()).cells()
			.stream()
			.filter((cell) -> cell.cell().stack() == stack)
			.findFirst()
			.orElseThrow()
			.cell()
			.id();
	}

	private static BenchResults withThreads(BenchResults r) {
		List<CellResult> cells = Stream
			.concat(r.cells().stream(), Stream.of(ResultsFixture.cell(Stack.MVC_VT, 400, 1000, 0, 100, null)))
			.map((cell) -> switch (cell.cell().stack()) {
				case MVC -> cell.withThreads(PLATFORM);
				case MVC_VT -> cell.withThreads(VIRTUAL);
				default -> cell;
			})
			.toList();
		return new BenchResults(r.settings(), r.environment(), r.processes(), r.startedAt(), r.finishedAt(),
				r.wallSeconds(), cells, r.apps(), r.memory(), r.jdk(), r.skipped(), r.matrix(), r.trials(), r.faults(),
				r.databaseOutages(), r.complete(), r.incompleteReason());
	}

}
