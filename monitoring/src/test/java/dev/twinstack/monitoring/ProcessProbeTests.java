package dev.twinstack.monitoring;

import org.junit.jupiter.api.Test;
import oshi.hardware.CentralProcessor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ProcessProbeTests {

	@Test
	void readsTheRssAndCpuShareOfAProcess() throws Exception {
		ProcessProbe probe = new ProcessProbe("self", ProcessHandle.current().pid());
		assertThat(probe.columns()).containsExactly("self_rss_mb", "self_cpu");
		double[] first = probe.read();
		assertThat(first[0]).as("RSS of this JVM (MB)").isBetween(20.0, 24_000.0);
		assertThat(first[1]).as("no CPU share before an interval").isNaN();
		burnCpu(400);
		double[] second = probe.read();
		int cores = Runtime.getRuntime().availableProcessors();
		assertThat(second[1]).as("one busy thread out of %d cores", cores).isBetween(0.2 / cores, 1.0);
	}

	@Test
	void readsTheWholeMachine() throws Exception {
		MachineProbe probe = new MachineProbe();
		assertThat(probe.read()[0]).isNaN();
		burnCpu(400);
		assertThat(probe.read()[0]).isBetween(0.0, 1.0).isPositive();
	}

	@Test
	void readsAnIntervalWithoutTicksAsMissingNotIdle() throws Exception {
		MachineProbe probe = new MachineProbe();
		probe.read();
		burnCpu(400);
		assertThat(probe.read()[0]).as("after 400 ms of one busy thread").isPositive();
		assertThat(probe.read()[0]).as("at once again: OSHI's counters are cached for 300 ms").isNaN();
		burnCpu(400);
		assertThat(probe.read()[0]).as("the next reading covers the whole interval").isPositive();
	}

	@Test
	void countsIdleAndIoWaitAsNotBusy() {
		long[] before = new long[CentralProcessor.TickType.values().length];
		long[] after = before.clone();
		after[CentralProcessor.TickType.USER.getIndex()] = 30;
		after[CentralProcessor.TickType.SYSTEM.getIndex()] = 10;
		after[CentralProcessor.TickType.IDLE.getIndex()] = 50;
		after[CentralProcessor.TickType.IOWAIT.getIndex()] = 10;
		assertThat(MachineProbe.busyShare(before, after)).isEqualTo(0.4);
		assertThat(MachineProbe.busyShare(after, after)).isNaN();
	}

	@Test
	void readsNothingOnceTheProcessHasExited() throws Exception {
		Process process = new ProcessBuilder("sleep", "30").start();
		ProcessProbe probe = new ProcessProbe("sleep", process.pid());
		assertThat(probe.read()[0]).isPositive();
		process.destroy();
		process.waitFor();
		assertThat(probe.read()).containsExactly(Double.NaN, Double.NaN);
	}

	@Test
	void rejectsAnUnknownPid() {
		assertThatIllegalArgumentException().isThrownBy(() -> new ProcessProbe("x", Integer.MAX_VALUE - 1))
			.withMessage("no process with pid " + (Integer.MAX_VALUE - 1));
	}

	private static void burnCpu(long millis) {
		long end = System.nanoTime() + millis * 1_000_000;
		double x = 0;
		while (System.nanoTime() < end) {
			x += Math.sqrt(x + 1);
		}
		assertThat(x).isPositive();
	}

}
