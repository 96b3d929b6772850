package dev.twinstack.bench.matrix;

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
		assertThat(Workload.COMPOSITE_SEQUENTIAL.label()).isEqualTo("POST /profiles/{customerId}");
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
		assertThat(new Cell(Stack.MVC, Workload.COMPOSITE_PARALLEL, LoadModel.COUNT, 20, 0, Heap.parse("64m"),
				AppCpus.ALL, 200)
			.id()).isEqualTo("mvc-composite-parallel-n200-c20-h64m");
		assertThat(new Cell(Stack.MVC, Fanout.PARALLEL, 10).fanout()).isEqualTo(Fanout.PARALLEL);
		assertThat(Cell.closed(Stack.MVC, Workload.SLOW_IO, 10, Heap.DEFAULT).fanout()).isNull();
	}

	@Test
	void aBlocksOwnRequestCountGoesToItsCountCellsOnly() {
		MatrixBlock block = new MatrixBlock(List.of(Stack.MVC), List.of(Scenario.CPU_LIGHT), List.of(Fanout.SEQUENTIAL),
				List.of(Transfer.ZERO_COPY), List.of(Heap.DEFAULT), List.of(LoadModel.CLOSED, LoadModel.COUNT),
				List.of(10), List.of(300), List.of(AppCpus.ALL), 1000);
		assertThat(block.cells()).extracting(Cell::load, Cell::requests)
			.containsExactly(org.assertj.core.groups.Tuple.tuple(LoadModel.CLOSED, 0),
					org.assertj.core.groups.Tuple.tuple(LoadModel.COUNT, 1000));
		// every copy keeps it; withRequests replaces it
		assertThat(block.withHeaps(List.of(Heap.parse("64m"))).requests()).isEqualTo(1000);
		assertThat(block.withConcurrency(List.of(20)).withRequests(0).cells()).extracting(Cell::requests)
			.containsOnly(0);
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
	void webfluxVtIsTheWebfluxJarWithBlockingHandlersOnVirtualThreads() {
		assertThat(Stack.byId("webflux-vt")).isEqualTo(Stack.WEBFLUX_VT);
		assertThat(Stack.ids()).containsExactly("mvc", "mvc-vt", "webflux", "coroutines", "webflux-vt");
		assertThat(Stack.WEBFLUX_VT.module()).isEqualTo("webflux-app");
		assertThat(Stack.WEBFLUX_VT.settings()).containsOnly(entry("app.stack", "webflux-vt"),
				entry("spring.threads.virtual.enabled", "true"));
		assertThat(Stack.WEBFLUX_VT.role()).isEqualTo("webflux-app-vt");
		assertThat(Stack.WEBFLUX_VT.virtualThreads()).isTrue();
		assertThat(Stack.WEBFLUX_VT.minimumJava()).isEqualTo(21);
		assertThat(Stack.WEBFLUX_VT.threadPerRequest()).isFalse();
		// Reactor Netty serves the connections, RestClient on Apache HttpClient calls out
		assertThat(Stack.WEBFLUX_VT.eventLoop()).isTrue();
		assertThat(Stack.WEBFLUX_VT.reactiveClient()).isFalse();
		assertThat(Stack.WEBFLUX.reactiveClient()).isTrue();
		assertThat(Stack.COROUTINES.reactiveClient()).isTrue();
		assertThat(Stack.MVC_VT.reactiveClient()).isFalse();
		// the report's title tells it from mvc-vt and webflux
		assertThat(Stack.values()).extracting(Stack::title).doesNotHaveDuplicates();
	}

}
