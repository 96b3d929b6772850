package dev.twinstack.bench.process;

import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

import dev.twinstack.bench.matrix.AppCpus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CpuPlacementTests {

	private static final Optional<String> TASKSET = Optional.empty();

	@Test
	void onTwoCoresOneCoreGoesToTheAppTheOtherToTheHarness() {
		CpuPlacement placement = placement(2, "1");
		assertThat(placement.appCpuIds()).containsExactly(1);
		assertThat(placement.harnessCpuIds()).containsExactly(0);
		assertThat(placement.appCpuList()).isEqualTo("1");
		assertThat(placement.harnessCpuList()).isEqualTo("0");
		assertThat(placement.commandPrefix()).containsExactly("taskset", "-c", "1");
		assertThat(placement.describe())
			.isEqualTo("app on CPU 1 (1 of 2 cores), JMeter, mock-services and MongoDB on CPU 0");
		assertThat(placement.jvmSizingNote()).hasValueSatisfying((note) -> assertThat(note)
			.startsWith(
					"The app's JVM sees 1 processor (its CPU affinity at startup), as in a container limited to 1 CPU")
			.contains("Serial GC"));
	}

	@Test
	void onFourCoresTheAppGetsTheLastOnes() {
		CpuPlacement placement = placement(4, "2");
		assertThat(placement.appCpuList()).isEqualTo("2-3");
		assertThat(placement.harnessCpuList()).isEqualTo("0-1");
		assertThat(placement.commandPrefix()).containsExactly("taskset", "-c", "2-3");
		assertThat(placement.describe())
			.isEqualTo("app on CPUs 2-3 (2 of 4 cores), JMeter, mock-services and MongoDB on CPUs 0-1");
		assertThat(placement(4, "3").harnessCpuList()).isEqualTo("0");
		assertThat(placement(4, "1").appCpuList()).isEqualTo("3");
	}

	@Test
	void onEightCores() {
		CpuPlacement placement = placement(8, "3");
		assertThat(placement.appCpuIds()).containsExactly(5, 6, 7);
		assertThat(placement.appCpuList()).isEqualTo("5-7");
		assertThat(placement.harnessCpuList()).isEqualTo("0-4");
		assertThat(placement.describe())
			.isEqualTo("app on CPUs 5-7 (3 of 8 cores), JMeter, mock-services and MongoDB on CPUs 0-4");
		assertThat(placement.jvmSizingNote()).hasValueSatisfying(
				(note) -> assertThat(note).startsWith("The app's JVM sees 3 processors").doesNotContain("Serial GC"));
	}

	@Test
	void allPinsNothingAndEveryProcessSharesEveryCore() {
		CpuPlacement placement = placement(2, "all");
		assertThat(placement.pins()).isFalse();
		assertThat(placement.commandPrefix()).isEmpty();
		assertThat(placement.appCpuList()).isEqualTo("0-1");
		assertThat(placement.harnessCpuList()).isEqualTo("0-1");
		assertThat(placement.describe()).isEqualTo("no pinning: app, JMeter, mock-services and MongoDB share CPUs 0-1");
		assertThat(placement.jvmSizingNote()).isEmpty();
		assertThat(placement(1, "all").describe())
			.isEqualTo("no pinning: app, JMeter, mock-services and MongoDB share CPU 0");
	}

	@Test
	void withoutTasksetNothingIsPinnedAndAOneLineMessageSaysWhy() {
		CpuPlacement placement = new CpuPlacement(List.of(0, 1), AppCpus.parse("1"),
				Optional.of("taskset is Linux-only and this is Mac OS X"));
		assertThat(placement.available()).isFalse();
		assertThat(placement.pins()).isFalse();
		assertThat(placement.commandPrefix()).isEmpty();
		assertThat(placement.pinningOffMessage())
			.contains("CPU pinning is off (bench.appCpus=1 not applied): taskset is Linux-only and this is Mac OS X");
		assertThat(placement.describe()).isEqualTo("no pinning (taskset is Linux-only and this is Mac OS X): app, "
				+ "JMeter, mock-services and MongoDB share CPUs 0-1");
		placement.pinHarness(ProcessHandle.current().pid());
		assertThat(placement(2, "1").pinningOffMessage()).isEmpty();
	}

	@Test
	void usesTheMachinesCpuIdsEvenWhenNotContiguous() {
		CpuPlacement placement = new CpuPlacement(List.of(3, 0, 2), AppCpus.parse("2"), TASKSET);
		assertThat(placement.appCpuList()).isEqualTo("2-3");
		assertThat(placement.harnessCpuList()).isEqualTo("0");
		assertThat(new CpuPlacement(List.of(0, 2, 3, 5), AppCpus.parse("1"), TASKSET).harnessCpuList())
			.isEqualTo("0,2-3");
	}

	@Test
	void formatsAndParsesCpuLists() {
		assertThat(CpuPlacement.format(List.of(0))).isEqualTo("0");
		assertThat(CpuPlacement.format(List.of(0, 1))).isEqualTo("0-1");
		assertThat(CpuPlacement.format(List.of(0, 2, 3, 4, 7))).isEqualTo("0,2-4,7");
		assertThat(CpuPlacement.parse("0,2-4,7")).containsExactly(0, 2, 3, 4, 7);
		assertThat(CpuPlacement.parse("1")).containsExactly(1);
	}

	@Test
	void findsTheMachinesCpusWhateverThisJvmsAffinity() {
		assertThat(CpuPlacement.machineCpus()).isNotEmpty().isSorted();
	}

	private static CpuPlacement placement(int cores, String appCpus) {
		return new CpuPlacement(IntStream.range(0, cores).boxed().toList(), AppCpus.parse(appCpus), TASKSET);
	}

}
