package dev.twinstack.bench.analysis;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.Stack;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CeilingTests {

	private static final Optional<Duration> LATENCY = Optional.of(Duration.ofMillis(100));

	@Test
	void sequentialCeilingIsConcurrencyOverThreeLatencies() {
		Ceiling ceiling = Ceiling.of(new Cell(Stack.WEBFLUX, Fanout.SEQUENTIAL, 100), LATENCY, OptionalInt.empty(),
				300);
		assertThat(ceiling.idealLatencyMs()).isEqualTo(300.0);
		assertThat(ceiling.concurrencyCeiling()).isCloseTo(333.33, within(0.01));
		assertThat(ceiling.threadCeiling()).isNull();
		assertThat(ceiling.ceiling()).isCloseTo(333.33, within(0.01));
		assertThat(ceiling.efficiency()).isCloseTo(0.9, within(0.0001));
	}

	@Test
	void parallelCeilingIsConcurrencyOverOneLatency() {
		Ceiling ceiling = Ceiling.of(new Cell(Stack.WEBFLUX, Fanout.PARALLEL, 10), LATENCY, OptionalInt.empty(), 95);
		assertThat(ceiling.idealLatencyMs()).isEqualTo(100.0);
		assertThat(ceiling.ceiling()).isCloseTo(100, within(0.001));
		assertThat(ceiling.efficiency()).isCloseTo(0.95, within(0.0001));
	}

	@Test
	void tomcatThreadsCapMvcAboveTheirCount() {
		Ceiling ceiling = Ceiling.of(new Cell(Stack.MVC, Fanout.SEQUENTIAL, 400), LATENCY, OptionalInt.of(200), 600);
		assertThat(ceiling.concurrencyCeiling()).isCloseTo(1333.33, within(0.01));
		assertThat(ceiling.threadCap()).isEqualTo(200);
		assertThat(ceiling.threadCeiling()).isCloseTo(666.67, within(0.01));
		assertThat(ceiling.ceiling()).isCloseTo(666.67, within(0.01));
		assertThat(ceiling.efficiency()).isCloseTo(0.9, within(0.0001));
	}

	@Test
	void concurrencyBindsMvcBelowItsThreadCount() {
		Ceiling ceiling = Ceiling.of(new Cell(Stack.MVC, Fanout.SEQUENTIAL, 10), LATENCY, OptionalInt.of(200), 33);
		assertThat(ceiling.ceiling()).isCloseTo(33.33, within(0.01));
	}

	@Test
	void idealLatencyAddsTheBaseLatencyMeasuredAtConcurrencyOne() {
		Ceiling ceiling = Ceiling.of(300, 20.0, 400, 0, OptionalInt.empty(), 1000);
		assertThat(ceiling.downstreamMs()).isEqualTo(300.0);
		assertThat(ceiling.baseLatencyMs()).isEqualTo(20.0);
		assertThat(ceiling.idealLatencyMs()).isEqualTo(320.0);
		assertThat(ceiling.ceiling()).isCloseTo(1250, within(0.01));
		assertThat(ceiling.boundBy()).isEqualTo("concurrency");
		assertThat(ceiling.efficiency()).isCloseTo(0.8, within(0.0001));
	}

	@Test
	void threadCeilingNamesItsBound() {
		Ceiling ceiling = Ceiling.of(300, 0.0, 400, 0, OptionalInt.of(200), 600);
		assertThat(ceiling.boundBy()).isEqualTo("threads");
		assertThat(ceiling.ceiling()).isCloseTo(666.67, within(0.01));
	}

	@Test
	void openModelIsBoundByTheRequestedRateBelowTheOtherCeilings() {
		Ceiling ceiling = Ceiling.of(1000, 5.0, 470, 300, OptionalInt.of(200), 190);
		assertThat(ceiling.threadCeiling()).isCloseTo(199.0, within(0.01));
		assertThat(ceiling.boundBy()).isEqualTo("threads");
		Ceiling offered = Ceiling.of(300, 5.0, 470, 300, OptionalInt.empty(), 285);
		assertThat(offered.boundBy()).isEqualTo("rate");
		assertThat(offered.ceiling()).isEqualTo(300.0);
		assertThat(offered.efficiency()).isCloseTo(0.95, within(0.0001));
	}

	@Test
	void noCeilingWithoutADownstreamWait() {
		Ceiling ceiling = Ceiling.of(0, 1.5, 400, 0, OptionalInt.of(200), 5000);
		assertThat(ceiling.ceiling()).isNull();
		assertThat(ceiling.efficiency()).isNull();
	}

	@Test
	void unknownWithoutAFixedPositiveLatency() {
		Cell cell = new Cell(Stack.MVC, Fanout.SEQUENTIAL, 10);
		assertThat(Ceiling.of(cell, Optional.empty(), OptionalInt.of(200), 33).ceiling()).isNull();
		assertThat(Ceiling.of(cell, Optional.of(Duration.ZERO), OptionalInt.of(200), 33).efficiency()).isNull();
	}

}
