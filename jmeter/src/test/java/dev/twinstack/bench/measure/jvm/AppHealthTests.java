package dev.twinstack.bench.measure.jvm;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * App health and GC log reading.
 */
class AppHealthTests {

	private static final GcLog.Summary NO_GC = new GcLog.Summary(0, 0, 0, 0);

	@Test
	void gcLogPausesAreSummedWithinTheTrial() {
		List<String> lines = List.of("[2026-11-21T14:30:00.000+0000][info][gc] Using G1",
				"[2026-11-21T14:30:01.000+0000][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) "
						+ "24M->3M(64M) 100.000ms",
				"[2026-11-21T14:30:05.000+0000][info][gc] GC(1) Pause Full (G1 Compaction Pause) 63M->60M(64M) 400.500ms",
				"[2026-11-21T14:30:06.000+0000][info][gc] GC(2) Pause Remark 40M->40M(64M) 2.5ms",
				"[2026-11-21T14:30:20.000+0000][info][gc] GC(3) Pause Young (Normal) (G1 Evacuation Pause) 1M->1M(64M) 1ms",
				"[2026-11-21T14:30:07.000+0000][info][gc] GC(4) Concurrent Mark Cycle 25.000ms");
		GcLog.Summary summary = GcLog.summarise(lines, Instant.parse("2026-11-21T14:30:00.500Z"),
				Instant.parse("2026-11-21T14:30:10.500Z"));
		assertThat(summary.pauses()).isEqualTo(3);
		assertThat(summary.fullPauses()).isEqualTo(1);
		assertThat(summary.pauseMs()).isCloseTo(503.0, within(0.001));
		assertThat(summary.share()).isCloseTo(0.0503, within(0.0001));
		assertThat(summary.thrash()).isFalse();
	}

	@Test
	void outOfMemoryIsAResultWithItsCauseFromTheLog() {
		String log = "2026-11-21 INFO started\nTerminating due to java.lang.OutOfMemoryError: Java heap space\n";
		AppHealth died = AppHealth.assess(false, 3, log, NO_GC);
		assertThat(died.status()).isEqualTo("oom");
		assertThat(died.cause()).isEqualTo("java.lang.OutOfMemoryError: Java heap space");
		assertThat(died.needsRestart()).isTrue();
		AppHealth survived = AppHealth.assess(true, null,
				"ERROR x\njava.lang.OutOfMemoryError: Direct buffer memory\n\tat x", NO_GC);
		assertThat(survived.cause())
			.isEqualTo("java.lang.OutOfMemoryError: Direct buffer memory (the app survived it)");
	}

	@Test
	void gcThrashAndCrashesAreResultsToo() {
		AppHealth thrash = AppHealth.assess(true, null, "", new GcLog.Summary(40, 30, 6000, 0.6));
		assertThat(thrash.status()).isEqualTo("gc-thrash");
		assertThat(thrash.cause()).isEqualTo("60 % of the trial in GC pauses (40 pauses, 30 full)");
		assertThat(AppHealth.assess(false, 137, "", NO_GC).cause()).isEqualTo("killed by SIGKILL (exit code 137)");
		assertThat(AppHealth.assess(false, 1, "INFO fine", NO_GC).cause()).isEqualTo("exited with code 1");
		AppHealth crash = AppHealth.assess(false, 134,
				"#\n# A fatal error has been detected by the Java Runtime Environment:\n#\n"
						+ "#  SIGSEGV (0xb) at pc=0x00007f0c3c2d1f4e, pid=4242, tid=4243\n#\n",
				NO_GC);
		assertThat(crash.status()).isEqualTo("crashed");
		assertThat(crash.cause())
			.isEqualTo("killed by SIGABRT (exit code 134): SIGSEGV (0xb) at pc=0x00007f0c3c2d1f4e, pid=4242, tid=4243");
		AppHealth ok = AppHealth.assess(true, null, "INFO fine", new GcLog.Summary(3, 0, 30, 0.01));
		assertThat(ok.status()).isEqualTo("ok");
		assertThat(ok.needsRestart()).isFalse();
	}

}
