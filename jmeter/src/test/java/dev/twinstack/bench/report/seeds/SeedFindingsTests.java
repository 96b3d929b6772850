package dev.twinstack.bench.report.seeds;

import java.util.List;

import dev.twinstack.bench.report.seeds.SeedFindings.Change;
import dev.twinstack.bench.report.seeds.SeedFindings.Verdict;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class SeedFindingsTests {

	@Test
	void aDifferenceCountsOnlyWhenTheRangesDoNotOverlap() {
		assertThat(SeedFindings.compare(List.of(3.0, 4.0), List.of(6.0, 7.0))).isEqualTo(Change.LOWER);
		assertThat(SeedFindings.compare(List.of(9.0, 10.0), List.of(6.0, 7.0))).isEqualTo(Change.HIGHER);
		assertThat(SeedFindings.compare(List.of(5.0, 6.0), List.of(6.0, 7.0))).isEqualTo(Change.SAME);
		assertThat(SeedFindings.compare(List.of(5.0), List.of(5.0))).isEqualTo(Change.SAME);
		assertThatIllegalArgumentException().isThrownBy(() -> SeedFindings.compare(List.of(), List.of(1.0)));
	}

	@Test
	void theWriteUpsOwnFiguresGiveItsFindings() {
		// seed 000: memory readings apart, ab tests overlapping
		assertThat(SeedFindings.compare(SeedFigures.MEMORY_500_ASYNC, SeedFigures.MEMORY_500_SYNC))
			.isEqualTo(Change.LOWER);
		assertThat(SeedFindings.compare(SeedFigures.AB_RPS_ASYNC, SeedFigures.AB_RPS_SYNC)).isEqualTo(Change.SAME);
		assertThat(SeedFindings.mean(SeedFigures.AB_RPS_ASYNC)).isCloseTo(SeedFigures.AB_AVERAGE_RPS_ASYNC,
				org.assertj.core.api.Assertions.within(0.01));
	}

	@Test
	void judgesPartByPart() {
		List<Change> written = List.of(Change.LOWER, Change.HIGHER);
		assertThat(SeedFindings.judge(List.of(Change.LOWER, Change.HIGHER), written)).isEqualTo(Verdict.AGREES);
		assertThat(SeedFindings.judge(List.of(Change.LOWER, Change.LOWER), written)).isEqualTo(Verdict.DISAGREES);
		assertThat(SeedFindings.judge(List.of(Change.SAME, Change.HIGHER), written)).isEqualTo(Verdict.TIE);
		assertThat(SeedFindings.judge(List.of(Change.SAME, Change.LOWER), written)).isEqualTo(Verdict.DISAGREES);
		assertThat(SeedFindings.meanAndRange(List.of(6.0, 7.0, 8.0), "%.1f s")).isEqualTo("7.0 s (6.0–8.0 s)");
		assertThat(SeedFindings.meanAndRange(List.of(6.0), "%.1f s")).isEqualTo("6.0 s");
	}

}
