package dev.twinstack.bench.compare;

import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import dev.twinstack.bench.compare.RunComparison.Cell;
import dev.twinstack.bench.compare.RunComparison.Figure;

import static org.assertj.core.api.Assertions.assertThat;

class RunComparerTests {

	static final Path FIXTURES = Path.of("src/test/resources/dev/twinstack/bench/compare");

	static RunComparison fixtureComparison() {
		return RunComparer.compare(RunReader.read("baseline", FIXTURES.resolve("baseline")),
				RunReader.read("candidate", FIXTURES.resolve("candidate")), 0.95);
	}

	@Test
	void judgesEachFigureOfTheCellsInBothRuns() {
		RunComparison comparison = fixtureComparison();
		assertThat(comparison.cells()).extracting(Cell::label)
			.containsExactly("mvc composite-sequential closed c=100, heap default, 1 cpu",
					"webflux composite-sequential closed c=100, heap default, 1 cpu");
		assertThat(verdicts(comparison.cells().get(0))).containsExactlyInAnyOrderEntriesOf(
				Map.of(Metric.THROUGHPUT, "faster", Metric.P50, "faster", Metric.P99, "faster", Metric.CPU_PER_REQUEST,
						"cheaper", Metric.PEAK_HEAP, "larger", Metric.PEAK_THREADS, "no significant difference"));
		assertThat(verdicts(comparison.cells().get(1)).values()).containsOnly("no significant difference");
	}

	@Test
	void keepsEachRunsValidityOfACell() {
		Cell webflux = fixtureComparison().cells().get(1);
		assertThat(webflux.baselineValidity()).isEqualTo("valid");
		assertThat(webflux.candidateValidity()).isEqualTo("invalid: stubs 10.9 % slower than configured (limit 10 %)");
		assertThat(fixtureComparison().cells().get(0).baselineValidity()).isEqualTo("CPU-limited");
	}

	@Test
	void listsTheCellsOfOneRunOnly() {
		RunComparison comparison = fixtureComparison();
		assertThat(comparison.onlyInBaseline()).containsExactly("mvc-vt cpu-light closed c=400, heap default, 1 cpu");
		assertThat(comparison.onlyInCandidate()).containsExactly("webflux slow-io closed c=400, heap default, 1 cpu");
	}

	@Test
	void warnsOfADifferentJdkSettingAndCommitButNotOfMeasuredLoopbackTimes() {
		assertThat(fixtureComparison().warnings()).containsExactly(
				"JDK differs: 21.0.5 (Eclipse Adoptium) → 25.0.3 (Eclipse Adoptium)",
				"settings differ: durationSeconds 5 → 10", "commit differs: 0dd9bad → 599954e");
	}

	@Test
	void aRunComparedWithItselfShowsNoDifferenceAndNoWarningButTheMissingCommit() {
		RunRecord run = RunReader.read("baseline", FIXTURES.resolve("baseline"));
		RunRecord same = new RunRecord(run.name(), run.folder(), true, null, run.startedAt(), null, run.settings(),
				run.environment(), run.jdk(), run.cells());
		RunComparison comparison = RunComparer.compare(same, same, 0.95);
		assertThat(comparison.cells()).hasSize(3)
			.allSatisfy((cell) -> assertThat(verdicts(cell).values()).containsOnly("no significant difference"));
		assertThat(comparison.warnings()).containsExactly(
				"commit not recorded in results.json of either run: check by hand that each run measured the code you meant");
		assertThat(ReportView.of(comparison).cells().get(0).validity()).isEqualTo("both runs CPU-limited");
	}

	private static Map<Metric, String> verdicts(Cell cell) {
		return cell.figures().stream().collect(Collectors.toMap(Figure::metric, Figure::reads, (a, b) -> a));
	}

}
