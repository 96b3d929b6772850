package dev.twinstack.bench.report.queueing;

import java.util.List;

import dev.twinstack.bench.analysis.Validity;
import dev.twinstack.bench.analysis.Winners;
import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.measure.Spread;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.results.ResultsFixture;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

/**
 * The verdict's ranking: every stack of a comparison, its ratio to the best, the winners'
 * tie rule, invalid cells named instead of ranked.
 */
class StackRankingTests {

	private static final List<Stack> STACKS = List.of(Stack.MVC, Stack.MVC_VT, Stack.WEBFLUX, Stack.COROUTINES);

	private static final CellSummary TEMPLATE = ResultsFixture.results()
		.matrix()
		.stream()
		.filter((s) -> s.cell().concurrency() == 400)
		.findFirst()
		.orElseThrow();

	@Test
	void ranksEveryStackWithItsRatioToTheBestAndATieWithinTheTrialSpread() {
		StackRanking ranking = rank(cell(Stack.MVC, 600, 590, 610, 3), cell(Stack.MVC_VT, 980, 940, 1010, 3),
				cell(Stack.WEBFLUX, 1000, 990, 1050, 3), cell(Stack.COROUTINES, 800, 780, 820, 3));

		assertThat(ranking.places()).extracting(StackRanking.Place::rank, StackRanking.Place::stack)
			.containsExactly(tuple(1, "webflux"), tuple(1, "mvc-vt"), tuple(3, "coroutines"), tuple(4, "mvc"));
		assertThat(ranking.places()).extracting(StackRanking.Place::ratio)
			.satisfiesExactly((r) -> assertThat(r).isEqualTo(1.0), (r) -> assertThat(r).isCloseTo(0.98, within(1e-9)),
					(r) -> assertThat(r).isCloseTo(0.80, within(1e-9)),
					(r) -> assertThat(r).isCloseTo(0.60, within(1e-9)));
		// mvc-vt's best trial (1010) is above webflux's worst (990): within the spread
		assertThat(ranking.places()).extracting((place) -> place.call(ranking.best()))
			.containsExactly("best", "tie with webflux (within the trial spread)", "20 % below webflux",
					"40 % below webflux");
		assertThat(ranking.unranked()).isEmpty();
		assertThat(ranking.lines()).containsExactly("1. **webflux**: 1000 req/s (trials 990–1050), the best",
				"1. **mvc-vt**: 980 req/s (trials 940–1010), 0.98× the best: tie with webflux (within the trial spread)",
				"3. **coroutines**: 800 req/s (trials 780–820), 0.80× the best: 20 % below webflux",
				"4. **mvc**: 600 req/s (trials 590–610), 0.60× the best: 40 % below webflux");
	}

	@Test
	void stacksBelowTheBestThatTieShareTheirRank() {
		StackRanking ranking = rank(cell(Stack.MVC, 600, 590, 610, 3), cell(Stack.WEBFLUX, 1000, 990, 1050, 3),
				cell(Stack.COROUTINES, 605, 600, 620, 3));

		assertThat(ranking.places()).extracting(StackRanking.Place::rank, StackRanking.Place::stack)
			.containsExactly(tuple(1, "webflux"), tuple(2, "coroutines"), tuple(2, "mvc"));
		assertThat(ranking.places().get(2).call("webflux"))
			.isEqualTo("40 % below webflux; tie with coroutines (within the trial spread)");
	}

	@Test
	void withOneTrialATieIsUnderTheNoisePercent() {
		StackRanking close = rank(cell(Stack.WEBFLUX, 1000, 1000, 1000, 1), cell(Stack.MVC_VT, 960, 960, 960, 1));
		StackRanking apart = rank(cell(Stack.WEBFLUX, 1000, 1000, 1000, 1), cell(Stack.MVC_VT, 940, 940, 940, 1));

		assertThat(Winners.NOISE_PERCENT).isEqualTo(5);
		assertThat(close.places().get(1).againstBest()).isEqualTo(Winners.Call.TIE);
		assertThat(close.places().get(1).rank()).isEqualTo(1);
		assertThat(apart.places().get(1).againstBest()).isEqualTo(Winners.Call.WIN);
		assertThat(apart.places().get(1).rank()).isEqualTo(2);
		assertThat(apart.lines()).startsWith("1. **webflux**: 1000 req/s, the best",
				"2. **mvc-vt**: 940 req/s, 0.94× the best: 6 % below webflux");
	}

	@Test
	void onlyValidCellsAreRankedAndTheOthersAreNamed() {
		CellSummary invalid = withValidity(cell(Stack.WEBFLUX, 1200, 1150, 1250, 3),
				new Validity(false, false, List.of("JMeter used 40 % of the machine (limit 30 %)"), null, List.of()));
		StackRanking ranking = rank(cell(Stack.MVC, 600, 590, 610, 3), invalid, cell(Stack.MVC_VT, 900, 880, 910, 3));

		assertThat(ranking.places()).extracting(StackRanking.Place::stack).containsExactly("mvc-vt", "mvc");
		assertThat(ranking.best()).isEqualTo("mvc-vt");
		assertThat(ranking.unranked()).containsExactly(
				"webflux (1200 req/s, invalid: JMeter used 40 % of the machine (limit 30 %))",
				"coroutines (not measured here)");
		assertThat(ranking.lines()).last()
			.isEqualTo("- Not ranked: webflux (1200 req/s, invalid: JMeter used 40 % of the machine (limit 30 %)); "
					+ "coroutines (not measured here)");
	}

	private static StackRanking rank(CellSummary... cells) {
		List<CellSummary> ordered = List.of(cells)
			.stream()
			.sorted(java.util.Comparator.comparingInt((CellSummary s) -> STACKS.indexOf(s.cell().stack())))
			.toList();
		RunModel.Comparison comparison = new RunModel.Comparison(TEMPLATE.cell().workload(), "c=400, default heap",
				ordered, Winners.decide(ordered.stream().map(RunModel::contender).toList()));
		return StackRanking.of(comparison, STACKS);
	}

	private static CellSummary cell(Stack stack, double median, double min, double max, int trials) {
		Cell cell = new Cell(stack, TEMPLATE.cell().workload(), LoadModel.CLOSED, 400, 0, Heap.DEFAULT, AppCpus.ALL);
		return new CellSummary(cell, TEMPLATE.trials(), new Spread(median, min, max, trials), TEMPLATE.p50Ms(),
				TEMPLATE.p99Ms(), TEMPLATE.p999Ms(), TEMPLATE.maxMs(), TEMPLATE.transferKBps(), 0, TEMPLATE.ceiling(),
				new Validity(true, false, List.of(), null, List.of()), TEMPLATE.health(), null, 400, null, null);
	}

	private static CellSummary withValidity(CellSummary s, Validity validity) {
		return new CellSummary(s.cell(), s.trials(), s.throughput(), s.p50Ms(), s.p99Ms(), s.p999Ms(), s.maxMs(),
				s.transferKBps(), s.errorRate(), s.ceiling(), validity, s.health(), s.rateKept(), s.threads(),
				s.crossCheck(), s.trialNoise());
	}

}
