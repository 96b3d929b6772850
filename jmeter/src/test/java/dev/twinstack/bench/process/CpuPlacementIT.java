package dev.twinstack.bench.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import dev.twinstack.bench.matrix.AppCpus;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Really pins, with taskset, only JVMs this test starts: a JVM started with
 * {@link CpuPlacement#commandPrefix()} sizes itself to the app's core; a running JVM's
 * threads all move to the harness's cores with {@link CpuPlacement#pinHarness} and back.
 */
class CpuPlacementIT {

	private CpuPlacement oneForTheApp;

	@BeforeEach
	void needsTasksetAndTwoCores() {
		assumeTrue(Taskset.unavailableReason().isEmpty(), () -> "no taskset: " + Taskset.unavailableReason());
		assumeTrue(CpuPlacement.machineCpus().size() >= 2, "needs 2 logical cores");
		this.oneForTheApp = CpuPlacement.detect(AppCpus.parse("1"));
	}

	@Test
	void aJvmStartedWithThePrefixSeesOnlyTheAppsCore() throws Exception {
		List<String> command = new ArrayList<>(this.oneForTheApp.commandPrefix());
		command.addAll(javaCommand("report"));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		try {
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
			System.out.printf("%s on %d cores: %s%n", command.subList(0, 3), this.oneForTheApp.machineCores(),
					output.strip());
			assertThat(output).contains("availableProcessors=1")
				.contains("commonPoolParallelism=1")
				.contains("allowed=" + this.oneForTheApp.appCpuList())
				// Serial GC: one CPU is not a "server-class machine" for HotSpot
				.contains("gc=[Copy, MarkSweepCompact]");
		}
		finally {
			stop(process);
		}
	}

	@Test
	void aJvmStartedBehindThePrefixStillNamesItsJavaLauncher(@org.junit.jupiter.api.io.TempDir Path dir) {
		// jcmd (the full GC after every trial) is found beside the launcher, not beside
		// taskset
		Path java = Path.of(System.getProperty("java.home"), "bin", "java");
		JavaProcess process = JavaProcess.start(this.oneForTheApp.commandPrefix(), java, "prefixed", List.of("-Xmx32m"),
				dir.resolve("missing.jar"), List.of(), dir.resolve("prefixed.log"));
		try {
			assertThat(process.launcher()).isEqualTo(java);
			assertThat(process.commandLine()).startsWith("taskset -c " + this.oneForTheApp.appCpuList() + " " + java);
		}
		finally {
			process.stop();
		}
	}

	@Test
	void pinsEveryThreadOfARunningJvmToTheHarnessCoresAndBack() throws Exception {
		Process process = new ProcessBuilder(javaCommand("wait")).redirectErrorStream(true).start();
		try (BufferedReader out = new BufferedReader(
				new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
			assertThat(out.readLine()).startsWith("availableProcessors=" + this.oneForTheApp.machineCores());
			assertThat(out.readLine()).isEqualTo("waiting");
			long pid = process.pid();
			Map<Long, List<Integer>> before = Taskset.threadAffinities(pid);
			assertThat(before.values()).containsOnly(CpuPlacement.machineCpus());

			this.oneForTheApp.pinHarness(pid);
			Map<Long, List<Integer>> pinned = Taskset.threadAffinities(pid);
			System.out.printf("pinHarness(%d): %d threads, Cpus_allowed_list %s%n", pid, pinned.size(), lists(pinned));
			assertThat(pinned).hasSizeGreaterThan(10);
			assertThat(pinned.values()).containsOnly(this.oneForTheApp.harnessCpuIds());

			CpuPlacement.detect(AppCpus.ALL).pinHarness(pid);
			Map<Long, List<Integer>> unpinned = Taskset.threadAffinities(pid);
			System.out.printf("unpinned: %d threads, Cpus_allowed_list %s%n", unpinned.size(), lists(unpinned));
			assertThat(unpinned.values()).containsOnly(CpuPlacement.machineCpus());
		}
		finally {
			stop(process);
		}
	}

	@Test
	void lendsARunningAppEveryCpuAndTakesThemBack() throws Exception {
		List<String> command = new ArrayList<>(this.oneForTheApp.commandPrefix());
		command.addAll(javaCommand("wait"));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		try (BufferedReader out = new BufferedReader(
				new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
			assertThat(out.readLine()).startsWith("availableProcessors=1");
			assertThat(out.readLine()).isEqualTo("waiting");
			long pid = process.pid();
			assertThat(Taskset.threadAffinities(pid).values()).containsOnly(this.oneForTheApp.appCpuIds());

			assertThat(this.oneForTheApp.widenApp(pid)).isTrue();
			assertThat(Taskset.threadAffinities(pid).values()).containsOnly(CpuPlacement.machineCpus());

			this.oneForTheApp.pinApp(pid);
			assertThat(Taskset.threadAffinities(pid).values()).containsOnly(this.oneForTheApp.appCpuIds());
			// an app on every CPU already is not moved
			assertThat(CpuPlacement.detect(AppCpus.ALL).widenApp(pid)).isFalse();
			assertThat(Taskset.threadAffinities(pid).values()).containsOnly(this.oneForTheApp.appCpuIds());
		}
		finally {
			stop(process);
		}
	}

	@Test
	void aProcessThatIsGoneIsABenchException() throws Exception {
		Process process = new ProcessBuilder(javaCommand("report")).redirectErrorStream(true).start();
		process.getInputStream().readAllBytes();
		stop(process);
		long gone = process.pid();
		// taskset -a itself exits 0 for a missing pid: the check of the threads catches
		// it
		assertThatExceptionOfType(BenchException.class).isThrownBy(() -> this.oneForTheApp.pinHarness(gone))
			.withMessageStartingWith(
					"'taskset -a -p -c " + this.oneForTheApp.harnessCpuList() + " " + gone + "' failed")
			.withMessageContaining("no process " + gone);
	}

	@Test
	void aFailedTasksetCallIsABenchExceptionWithTasksetsOutput() throws Exception {
		Process process = new ProcessBuilder(javaCommand("wait")).redirectErrorStream(true).start();
		try (BufferedReader out = new BufferedReader(
				new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
			assertThat(out.readLine()).startsWith("availableProcessors=");
			long pid = process.pid();
			assertThatExceptionOfType(BenchException.class).isThrownBy(() -> Taskset.pinAllThreads(pid, List.of(1000)))
				.withMessageStartingWith("'taskset -a -p -c 1000 " + pid + "' failed")
				.withMessageContaining("taskset (exit 1) said:")
				.withMessageContaining("Invalid argument")
				.satisfies((ex) -> System.out.println("taskset failure: " + ex.getMessage()));
			assertThat(Taskset.threadAffinities(pid).values()).containsOnly(CpuPlacement.machineCpus());
		}
		finally {
			stop(process);
		}
	}

	private static String lists(Map<Long, List<Integer>> affinities) {
		return affinities.values().stream().map(CpuPlacement::format).distinct().collect(Collectors.joining(", "));
	}

	private static List<String> javaCommand(String mode) throws URISyntaxException {
		Path classes = Path.of(Child.class.getProtectionDomain().getCodeSource().getLocation().toURI());
		return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m", "-cp",
				classes.toString(), Child.class.getName(), mode);
	}

	private static void stop(Process process) throws InterruptedException {
		process.destroy();
		if (!process.waitFor(10, TimeUnit.SECONDS)) {
			process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		}
	}

	/**
	 * The JVM the test starts: {@code report} prints how it sized itself and exits;
	 * {@code wait} also starts a few threads and waits until stdin closes or it is
	 * stopped.
	 */
	static final class Child {

		public static void main(String[] args) throws IOException, InterruptedException {
			System.out
				.println("availableProcessors=" + Runtime.getRuntime().availableProcessors() + " commonPoolParallelism="
						+ ForkJoinPool.commonPool().getParallelism() + " allowed=" + allowed() + " gc="
						+ ManagementFactory.getGarbageCollectorMXBeans()
							.stream()
							.map(GarbageCollectorMXBean::getName)
							.toList());
			if (args[0].equals("wait")) {
				CountDownLatch never = new CountDownLatch(1);
				for (int i = 0; i < 4; i++) {
					Thread thread = new Thread(() -> {
						try {
							never.await();
						}
						catch (InterruptedException ex) {
							Thread.currentThread().interrupt();
						}
					}, "child-" + i);
					thread.setDaemon(true);
					thread.start();
				}
				System.out.println("waiting");
				System.out.flush();
				System.in.read();
			}
		}

		private static String allowed() throws IOException {
			return java.nio.file.Files.readAllLines(Path.of("/proc/self/status"))
				.stream()
				.filter((line) -> line.startsWith("Cpus_allowed_list:"))
				.map((line) -> line.substring("Cpus_allowed_list:".length()).trim())
				.findFirst()
				.orElse("?");
		}

	}

}
