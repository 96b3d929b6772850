package dev.twinstack.bench.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs {@code taskset} (util-linux) through {@link ProcessBuilder}, no shell, and reads
 * the CPU affinity of a process's threads from {@code /proc/<pid>/task/<tid>/status}
 * ({@code Cpus_allowed_list}). Linux only: see {@link #unavailableReason()}.
 */
final class Taskset {

	private static final Logger logger = LoggerFactory.getLogger(Taskset.class);

	/** Attempts to pin every thread of a process (threads start and end meanwhile). */
	private static final int PIN_ATTEMPTS = 3;

	private static final int TIMEOUT_SECONDS = 10;

	private static final int OUTPUT_TAIL_LINES = 20;

	private static volatile Optional<String> unavailableReason;

	private Taskset() {
	}

	/**
	 * Returns why {@code taskset} cannot be used here, checked once per JVM: not Linux,
	 * or {@code taskset -V} does not run.
	 * @return empty when {@code taskset} works, else a short reason, e.g. {@code taskset
	 * is Linux-only and this is Mac OS X}
	 */
	static Optional<String> unavailableReason() {
		Optional<String> reason = unavailableReason;
		if (reason == null) {
			reason = probe();
			unavailableReason = reason;
		}
		return reason;
	}

	private static Optional<String> probe() {
		String os = System.getProperty("os.name");
		if (!os.startsWith("Linux")) {
			return Optional.of("taskset is Linux-only and this is " + os);
		}
		try {
			Result result = run(List.of("taskset", "-V"));
			return (result.exitCode() == 0) ? Optional.empty()
					: Optional.of("'taskset -V' failed (exit " + result.exitCode() + "): " + result.output().strip());
		}
		catch (BenchException ex) {
			return Optional.of("taskset was not found on the PATH (it comes with util-linux)");
		}
	}

	/**
	 * Moves every thread of a running process onto the given CPUs
	 * ({@code taskset -a -p -c
	 * <list> <pid>}), then checks each thread's {@code Cpus_allowed_list} and repeats for
	 * threads started meanwhile, up to 3 times. Threads the process starts later inherit
	 * the affinity of the thread that starts them. The check also catches a process that
	 * is gone, for which {@code taskset -a} prints nothing and exits 0.
	 * @param pid the process
	 * @param cpus the CPU ids, ascending
	 * @throws BenchException with taskset's output when the process does not exist,
	 * taskset fails, or threads are left on other CPUs
	 */
	static void pinAllThreads(long pid, List<Integer> cpus) {
		String list = CpuPlacement.format(cpus);
		List<String> command = List.of("taskset", "-a", "-p", "-c", list, Long.toString(pid));
		Result result = null;
		List<Long> stragglers = List.of();
		for (int attempt = 1; attempt <= PIN_ATTEMPTS; attempt++) {
			result = run(command);
			try {
				stragglers = threadAffinities(pid).entrySet()
					.stream()
					.filter((thread) -> !thread.getValue().equals(cpus))
					.map(Map.Entry::getKey)
					.toList();
			}
			catch (BenchException ex) {
				throw failure(command, result, ex.getMessage());
			}
			if (stragglers.isEmpty()) {
				logger.debug("Pinned every thread of pid {} to CPU {}", pid, list);
				return;
			}
		}
		throw failure(command, result,
				"threads " + stragglers + " are still on other CPUs after " + PIN_ATTEMPTS + " attempts");
	}

	private static BenchException failure(List<String> command, Result result, String problem) {
		return new BenchException("'" + String.join(" ", command) + "' failed: " + problem + "; taskset (exit "
				+ result.exitCode() + ") said:\n" + result.tail());
	}

	/**
	 * Reads the CPUs each thread of a process may run on.
	 * @param pid the process
	 * @return thread id to its allowed CPU ids (ascending), by thread id; threads that
	 * end while being read are left out
	 * @throws BenchException when the process does not exist or {@code /proc} is
	 * unreadable
	 */
	static Map<Long, List<Integer>> threadAffinities(long pid) {
		Map<Long, List<Integer>> affinities = new TreeMap<>();
		Path tasks = Path.of("/proc", Long.toString(pid), "task");
		try (Stream<Path> threads = Files.list(tasks)) {
			for (Path thread : threads.toList()) {
				try {
					allowedCpus(thread.resolve("status"))
						.ifPresent((cpus) -> affinities.put(Long.parseLong(thread.getFileName().toString()), cpus));
				}
				catch (NoSuchFileException ex) {
					// the thread ended
				}
			}
		}
		catch (NoSuchFileException ex) {
			throw new BenchException("no process " + pid + " (" + tasks + " does not exist)", ex);
		}
		catch (IOException ex) {
			throw new BenchException("could not read " + tasks + ": " + ex.getMessage(), ex);
		}
		if (affinities.isEmpty()) {
			throw new BenchException("no thread of process " + pid + " found in " + tasks);
		}
		return affinities;
	}

	private static Optional<List<Integer>> allowedCpus(Path status) throws IOException {
		return Files.readAllLines(status, StandardCharsets.UTF_8)
			.stream()
			.filter((line) -> line.startsWith("Cpus_allowed_list:"))
			.findFirst()
			.map((line) -> CpuPlacement.parse(line.substring("Cpus_allowed_list:".length()).trim()));
	}

	private static Result run(List<String> command) {
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				throw new BenchException(
						"'" + String.join(" ", command) + "' did not end within " + TIMEOUT_SECONDS + " s:\n" + output);
			}
			return new Result(process.exitValue(), output);
		}
		catch (IOException ex) {
			throw new BenchException("could not run '" + String.join(" ", command) + "': " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new BenchException("interrupted while running '" + String.join(" ", command) + "'", ex);
		}
	}

	/** What a taskset run printed (stdout and stderr) and its exit code. */
	private record Result(int exitCode, String output) {

		String tail() {
			List<String> lines = new ArrayList<>(this.output.strip().lines().toList());
			return String.join("\n", lines.subList(Math.max(0, lines.size() - OUTPUT_TAIL_LINES), lines.size()));
		}

	}

}
