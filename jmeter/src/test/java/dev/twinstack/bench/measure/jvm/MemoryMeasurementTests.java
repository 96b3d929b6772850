package dev.twinstack.bench.measure.jvm;

import dev.twinstack.bench.load.LoadStats;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.MemoryMeasurement.Reading;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * How the memory after N requests is put together from its three readings.
 */
class MemoryMeasurementTests {

	private static final LoadStats LOAD = LoadStats.of(500, 0, 0.25, 4, 0, 3, 6, 7, 9, 13);

	@Test
	void theHeapAddedIsTheHeapAfterTheRequestsMinusTheCleanHeapBefore() {
		MemoryAfterRequests memory = MemoryMeasurement.figures(Stack.MVC, Workload.CPU_LIGHT, 10, LOAD,
				new Reading(30.5, 44, 580, 12), new Reading(43.75, 47, 583, 12), new Reading(30.25, 47, 584, 13));
		assertThat(memory.heapBeforeMb()).isEqualTo(30.5);
		assertThat(memory.heapUsedMb()).isEqualTo(43.75);
		assertThat(memory.heapAddedMb()).isCloseTo(13.25, within(1e-9));
		assertThat(memory.collectionsDuring()).isZero();
		assertThat(memory.heapAfterGcMb()).isEqualTo(30.25);
		assertThat(memory.rssMb()).isEqualTo(583);
		assertThat(memory.rssAfterGcMb()).isEqualTo(584);
		assertThat(memory.liveThreads()).isEqualTo(47);
		assertThat(memory.requests()).isEqualTo(500);
		assertThat(memory.throughput()).isCloseTo(2000, within(1e-9));
	}

	@Test
	void countsTheCollectionsBetweenTheReadingBeforeAndTheOneAfter() {
		MemoryAfterRequests memory = MemoryMeasurement.figures(Stack.COROUTINES, Workload.CPU_LIGHT, 10, LOAD,
				new Reading(31, 30, 600, 40), new Reading(35, 31, 605, 42), new Reading(31, 31, 605, 43));
		assertThat(memory.collectionsDuring()).isEqualTo(2);
		assertThat(memory.heapAddedMb()).isCloseTo(4, within(1e-9));
	}

	@Test
	void withoutJcmdThereIsNoCleanHeapSoNothingIsAdded() {
		MemoryAfterRequests memory = MemoryMeasurement.figures(Stack.MVC, Workload.CPU_LIGHT, 10, LOAD, Reading.MISSING,
				new Reading(212, 47, 585, 20), Reading.MISSING);
		assertThat(memory.heapUsedMb()).isEqualTo(212);
		assertThat(memory.heapBeforeMb()).isNull();
		assertThat(memory.heapAddedMb()).isNull();
		assertThat(memory.collectionsDuring()).isNull();
		assertThat(memory.heapAfterGcMb()).isNull();
		assertThat(memory.rssAfterGcMb()).isNull();
	}

	@Test
	void aFailedActuatorReadingLeavesItsFiguresMissing() {
		MemoryAfterRequests memory = MemoryMeasurement.figures(Stack.MVC, Workload.CPU_LIGHT, 10, LOAD,
				new Reading(30, 44, 580, 12), new Reading(Double.NaN, Double.NaN, 583, Double.NaN),
				new Reading(30, 44, 584, 13));
		assertThat(memory.heapUsedMb()).isNull();
		assertThat(memory.heapAddedMb()).isNull();
		assertThat(memory.collectionsDuring()).isNull();
		assertThat(memory.rssMb()).isEqualTo(583);
	}

}
