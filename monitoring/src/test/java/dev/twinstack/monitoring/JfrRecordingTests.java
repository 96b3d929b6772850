package dev.twinstack.monitoring;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Records this JVM with the {@code profile} settings while it allocates, collects and
 * starts threads, then reads the file back.
 */
class JfrRecordingTests {

	@Test
	void summarizesHeapThreadsAndCpuOfAWindow(@TempDir Path folder) throws Exception {
		Path file = folder.resolve("test.jfr");
		Instant start;
		Instant end;
		int liveWithSleepers;
		CountDownLatch release = new CountDownLatch(1);
		List<Thread> sleepers = new ArrayList<>();
		try (Recording recording = new Recording(Configuration.getConfiguration("profile"))) {
			recording.start();
			System.gc();
			Thread.sleep(200);
			start = Instant.now();
			for (int i = 0; i < 20; i++) {
				Thread sleeper = new Thread(() -> await(release));
				sleeper.start();
				sleepers.add(sleeper);
			}
			List<byte[]> garbage = new ArrayList<>();
			for (int i = 0; i < 64; i++) {
				garbage.add(new byte[1024 * 1024]);
			}
			System.gc();
			Thread.sleep(2500);
			liveWithSleepers = ManagementFactory.getThreadMXBean().getThreadCount();
			end = Instant.now();
			assertThat(garbage).hasSize(64);
			recording.stop();
			recording.dump(file);
		}
		finally {
			release.countDown();
		}
		for (Thread sleeper : sleepers) {
			sleeper.join();
		}
		JfrRecording read = JfrRecording.read(file);
		JfrWindow window = read.window(start, end);
		assertThat(window.gcCount()).isPositive();
		assertThat(window.peakHeapUsedMb()).as("64 MB held before System.gc()").isGreaterThan(60);
		assertThat(window.lowestHeapAfterGcMb()).isPositive();
		assertThat(window.threadSamples()).isPositive();
		assertThat(window.peakActiveThreads()).as("live threads with 20 sleepers: %d", liveWithSleepers)
			.isGreaterThanOrEqualTo(Math.max(20.0, liveWithSleepers - 3.0));
		assertThat(window.peakThreadsSinceStart()).isGreaterThanOrEqualTo(window.peakActiveThreads());
		assertThat(window.meanJvmCpu()).isBetween(0.0, 1.0);
		assertThat(read.lastEventTime()).isAfterOrEqualTo(start);

		JfrWindow before = read.window(start.minusSeconds(60), start.minusSeconds(30));
		assertThat(before.gcCount()).isZero();
		assertThat(before.peakHeapUsedMb()).isNull();
		assertThat(before.peakActiveThreads()).isNull();
	}

	@Test
	void countsTheJitsCompilationsAndDeoptimizationsOfAWindow(@TempDir Path folder) throws Exception {
		Path file = folder.resolve("jit.jfr");
		Instant start;
		Instant end;
		try (Recording recording = new Recording()) {
			// every compilation, not only those of at least 100 ms as with profile
			recording.enable("jdk.Compilation").withThreshold(Duration.ZERO);
			recording.enable("jdk.Deoptimization");
			recording.start();
			Thread.sleep(100);
			start = Instant.now();
			// a method whose negative branch never ran while it got hot: the optimizing
			// compiler leaves that branch out (an uncommon trap), and the first negative
			// argument throws the compiled code away
			long sum = 0;
			long until = System.nanoTime() + Duration.ofSeconds(2).toNanos();
			for (int i = 0; System.nanoTime() < until; i++) {
				sum += positiveOnly(i & 0xFFFF);
			}
			sum += positiveOnly(-1);
			sum += positiveOnly(-2);
			Thread.sleep(100);
			end = Instant.now();
			assertThat(sum).isNotZero();
			Thread.sleep(100);
			recording.stop();
			recording.dump(file);
		}

		JfrRecording read = JfrRecording.read(file);
		JfrWindow window = read.window(start, end);
		assertThat(window.compilations()).as("compilations in the window").isPositive();
		assertThat(window.compilationMs()).isPositive()
			.isLessThanOrEqualTo(
					Duration.between(start, end).toMillis() * (double) Runtime.getRuntime().availableProcessors());
		assertThat(window.deoptimizations()).as("deoptimizations in the window").isPositive();

		// a part of the window holds at most the whole window's compilation time
		JfrWindow firstHalf = read.window(start, start.plus(Duration.between(start, end).dividedBy(2)));
		assertThat(firstHalf.compilationMs()).isLessThanOrEqualTo(window.compilationMs());
		JfrWindow before = read.window(start.minusSeconds(60), start.minusSeconds(30));
		assertThat(before.compilations()).isZero();
		assertThat(before.compilationMs()).isZero();
		assertThat(before.deoptimizations()).isZero();
	}

	private static int positiveOnly(int value) {
		if (value < 0) {
			return String.valueOf(value).hashCode();
		}
		return (value * 31) & 7;
	}

	@Test
	void rejectsAFileThatIsNoRecording(@TempDir Path folder) throws Exception {
		Path file = folder.resolve("broken.jfr");
		java.nio.file.Files.writeString(file, "not a recording");
		org.assertj.core.api.Assertions.assertThatIOException().isThrownBy(() -> JfrRecording.read(file));
	}

	private static void await(CountDownLatch latch) {
		try {
			latch.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
