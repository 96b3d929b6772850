package dev.twinstack.bench.report.queueing;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.report.ReportWriter;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.results.ResultsFixture;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sentence under each ranking of the verdict rests only on valid cells, as the
 * ranking itself does. The fixture's c = 400 comparison: webflux 1000 req/s, mvc 600.
 */
class VerdictSentenceTests {

	private static final BenchResults RESULTS = ResultsFixture.results();

	@Test
	void bothValidTheLeaderServesMoreThanTheRunnerUp() {
		assertThat(verdict(RESULTS)).contains("\n\nwebflux serves ").contains(" more than mvc (");
	}

	@Test
	void theLeadersInvalidCellIsNoSideOfTheSentence() {
		BenchResults results = invalid((s) -> s.cell().stack() == Stack.WEBFLUX && s.cell().concurrency() == 400);
		String verdict = verdict(results);
		// ranked: mvc alone; webflux named as not ranked, with why
		assertThat(verdict).contains("| 1 | mvc |")
			.contains("Not ranked: webflux (")
			.contains("invalid: test: saturated");
		assertThat(verdict).doesNotContain("webflux serves", "more than mvc", "Rests on a cell judged invalid")
			.contains("\n\nmvc alone has a valid cell: ");
	}

	@Test
	void withNoValidCellTheSentenceMakesNoClaim() {
		BenchResults results = invalid((s) -> s.cell().concurrency() == 400);
		assertThat(verdict(results)).doesNotContain("serves", "tie between")
			.contains("\n\nno claim: no cell here was judged valid.");
	}

	/** The fixture with the cells matching judged invalid. */
	private static BenchResults invalid(Predicate<CellSummary> which) {
		List<CellSummary> matrix = RESULTS.matrix()
			.stream()
			.map((s) -> which.test(s) ? new CellSummary(s.cell(), s.trials(), s.throughput(), s.p50Ms(), s.p99Ms(),
					s.p999Ms(), s.maxMs(), s.transferKBps(), s.errorRate(), s.ceiling(),
					s.validity().invalidBecause("test: saturated"), s.health(), s.rateKept(), s.threads(),
					s.crossCheck(), s.trialNoise()) : s)
			.toList();
		BenchResults r = RESULTS;
		return new BenchResults(r.settings(), r.environment(), r.processes(), r.startedAt(), r.finishedAt(),
				r.wallSeconds(), r.cells(), r.apps(), r.memory(), r.jdk(), r.skipped(), matrix, r.trials(), r.faults(),
				r.databaseOutages(), r.complete(), r.incompleteReason());
	}

	/** The verdict section of the report. */
	private static String verdict(BenchResults results) {
		String md = ReportWriter.render(results, Set.of(), RunModel.of(results));
		int start = md.indexOf("## Verdict");
		assertThat(start).isNotNegative();
		return md.substring(start, md.indexOf("Profile `standard`", start));
	}

}
