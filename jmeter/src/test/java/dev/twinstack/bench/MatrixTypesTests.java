package dev.twinstack.bench;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

class MatrixTypesTests {

	@Test
	void heapLimitReplacesTheConfiguredHeapSize() {
		List<String> configured = List.of("-Xms512m", "-Xmx512m", "-XX:+UseZGC");
		assertThat(Heap.parse("64m").jvmArgs(configured)).containsExactly("-XX:+UseZGC", "-Xms64m", "-Xmx64m");
		assertThat(Heap.DEFAULT.jvmArgs(configured)).isEqualTo(configured);
		assertThat(Heap.parse("default")).isEqualTo(Heap.DEFAULT);
		assertThat(Heap.parse("1g")).isEqualTo(new Heap("1g"));
	}

	@Test
	void heapRejectsSizesOutsideTheRange() {
		assertThat(Heap.parse("15m")).isNull();
		assertThat(Heap.parse("65g")).isNull();
		assertThat(Heap.parse("64")).isNull();
		assertThat(Heap.parse("64M")).isNull();
	}

	@Test
	void workloadsExpandScenariosByFanoutAndTransfer() {
		assertThat(Workload.of(List.of(Scenario.values()), List.of(Fanout.PARALLEL), List.of(Transfer.COPY)))
			.containsExactly(Workload.COMPOSITE_PARALLEL, Workload.CPU_LIGHT, Workload.LARGE_PAYLOAD_COPY,
					Workload.SLOW_IO);
		assertThat(Workload.of(List.of(Scenario.SLOW_IO, Scenario.COMPOSITE), List.of(Fanout.values()),
				List.of(Transfer.values())))
			.containsExactly(Workload.SLOW_IO, Workload.COMPOSITE_SEQUENTIAL, Workload.COMPOSITE_PARALLEL);
	}

	@Test
	void workloadsKnowTheirRequestsAndDownstreamWait() {
		assertThat(Workload.COMPOSITE_SEQUENTIAL.label()).isEqualTo(CompositePlan.LABEL);
		assertThat(Workload.CPU_LIGHT.label()).isEqualTo("GET /scenarios/cpu-light");
		assertThat(Workload.SLOW_IO.label()).isEqualTo("GET /scenarios/slow-io/{id}");
		assertThat(Workload.LARGE_PAYLOAD_COPY.label()).isEqualTo("GET /scenarios/large-payload?zeroCopy=false");
		assertThat(Workload.COMPOSITE_SEQUENTIAL.downstreamMs(100, 1000)).isEqualTo(300);
		assertThat(Workload.COMPOSITE_PARALLEL.downstreamMs(100, 1000)).isEqualTo(100);
		assertThat(Workload.SLOW_IO.downstreamMs(100, 1000)).isEqualTo(1000);
		assertThat(Workload.LARGE_PAYLOAD.ioBound()).isFalse();
		assertThat(Workload.COMPOSITE_PARALLEL.stores()).isTrue();
		assertThat(Workload.SLOW_IO.stores()).isFalse();
		assertThat(Workload.COMPOSITE_SEQUENTIAL.expectedStatus()).isEqualTo(201);
		assertThat(Workload.CPU_LIGHT.expectedStatus()).isEqualTo(200);
	}

	@Test
	void cellIdsNameEveryAxisThatIsNotTheDefault() {
		assertThat(new Cell(Stack.MVC, Fanout.SEQUENTIAL, 100).id()).isEqualTo("mvc-composite-sequential-c100");
		assertThat(Cell.closed(Stack.MVC_VT, Workload.CPU_LIGHT, 40, Heap.parse("64m")).id())
			.isEqualTo("mvc-vt-cpu-light-c40-h64m");
		assertThat(new Cell(Stack.WEBFLUX, Workload.SLOW_IO, LoadModel.OPEN, 0, 300, Heap.DEFAULT).id())
			.isEqualTo("webflux-slow-io-r300");
		assertThat(new Cell(Stack.MVC, Workload.LARGE_PAYLOAD, LoadModel.COUNT, 40, 0, Heap.DEFAULT).id())
			.isEqualTo("mvc-large-payload-n-c40");
		assertThat(new Cell(Stack.MVC, Fanout.PARALLEL, 10).fanout()).isEqualTo(Fanout.PARALLEL);
		assertThat(Cell.closed(Stack.MVC, Workload.SLOW_IO, 10, Heap.DEFAULT).fanout()).isNull();
	}

	@Test
	void stacksKnowTheirThreadModel() {
		assertThat(Stack.byId("mvc-vt")).isEqualTo(Stack.MVC_VT);
		assertThat(Stack.MVC_VT.module()).isEqualTo("mvc-app");
		assertThat(Stack.MVC_VT.minimumJava()).isEqualTo(21);
		assertThat(Stack.MVC.threadPerRequest()).isTrue();
		assertThat(Stack.MVC_VT.threadPerRequest()).isFalse();
		assertThat(Stack.WEBFLUX.minimumJava()).isEqualTo(17);
		assertThat(Stack.MVC_VT.settings()).containsExactly(entry("spring.threads.virtual.enabled", "true"));
		assertThat(Stack.MVC_VT.role()).isEqualTo("mvc-app-vt");
	}

	@Test
	void coroutinesIsTheWebfluxJarWithItsOwnHandlers() {
		assertThat(Stack.byId("coroutines")).isEqualTo(Stack.COROUTINES);
		assertThat(Stack.COROUTINES.module()).isEqualTo("webflux-app");
		assertThat(Stack.COROUTINES.settings()).containsExactly(entry("app.stack", "coroutines"));
		assertThat(Stack.COROUTINES.role()).isEqualTo("webflux-app-coroutines");
		assertThat(Stack.COROUTINES.eventLoop()).isTrue();
		assertThat(Stack.COROUTINES.threadPerRequest()).isFalse();
		assertThat(Stack.COROUTINES.minimumJava()).isEqualTo(17);
		assertThat(Stack.WEBFLUX.settings()).isEmpty();
		assertThat(Stack.WEBFLUX.role()).isEqualTo("webflux-app");
		assertThat(Stack.MVC.eventLoop()).isFalse();
		assertThat(Stack.MVC_VT.eventLoop()).isFalse();
	}

	@Test
	void spreadQuotesTheMedianWithMinAndMax() {
		Spread odd = Spread.of(List.of(600.0, 540.0, 660.0));
		assertThat(odd.median()).isEqualTo(600.0);
		assertThat(odd.min()).isEqualTo(540.0);
		assertThat(odd.max()).isEqualTo(660.0);
		assertThat(odd.relativeRange()).isEqualTo(0.2);
		assertThat(Spread.of(List.of(4.0, 1.0, 3.0, 2.0)).median()).isEqualTo(2.5);
		assertThat(Spread.of(List.of(7.0)).trials()).isEqualTo(1);
	}

	@Test
	void openModelSizesThreadsByLittlesLawWithHeadroom() {
		assertThat(OpenModel.maxThreads(300, 1000)).isEqualTo(470);
		assertThat(OpenModel.maxThreads(900, 300)).isEqualTo(425);
		// Little's law without the headroom: 900 × 0.3 = 270
		assertThat(OpenModel.initialThreads(425)).isEqualTo(270);
		assertThat(OpenModel.initialThreads(OpenModel.maxThreads(1, 1))).isEqualTo(1);
		assertThat(OpenModel.maxThreads(50_000, 1000)).isEqualTo(BenchSettings.MAX_CONCURRENCY);
	}

	@Test
	void openModelJudgesTheRateOnArrivalsInTheHold() {
		// the first second is the ramp-up; the median of the hold's seconds is 290
		assertThat(OpenModel.arrivalRate(List.of(150, 280, 300, 290), 1)).isEqualTo(290.0);
		// JMeter's slow start (seen on mvc-vt slow-io) against a stack that cannot keep
		// up
		// (mvc slow-io, 200 threads × 1 s)
		assertThat(OpenModel.arrivalRate(List.of(1, 66, 187, 332, 305, 300, 300), 1)).isEqualTo(300.0);
		assertThat(OpenModel.arrivalRate(List.of(1, 116, 180, 342, 165, 290, 214), 1)).isEqualTo(180.0);
		assertThat(OpenModel.arrivalRate(List.of(150), 1)).isNull();
		assertThat(OpenModel.rateKept(300, 290.0)).isTrue();
		assertThat(OpenModel.rateKept(300, 284.0)).isFalse();
		assertThat(OpenModel.rateKept(300, null)).isFalse();
	}

	@Test
	void kneeIsWhereMoreClientsStopBuyingThroughput() {
		List<KneeFinder.Point> mvc = List.of(new KneeFinder.Point(10, 33), new KneeFinder.Point(100, 330),
				new KneeFinder.Point(200, 640), new KneeFinder.Point(400, 660), new KneeFinder.Point(1000, 665));
		KneeFinder.Knee knee = KneeFinder.find(mvc).orElseThrow();
		assertThat(knee.concurrency()).isEqualTo(200);
		assertThat(knee.peakConcurrency()).isEqualTo(1000);
		List<KneeFinder.Point> linear = List.of(new KneeFinder.Point(400, 1300), new KneeFinder.Point(10, 33),
				new KneeFinder.Point(100, 330));
		assertThat(KneeFinder.find(linear).orElseThrow().concurrency()).isNull();
		assertThat(KneeFinder.find(linear.subList(0, 2))).isEmpty();
	}

}
