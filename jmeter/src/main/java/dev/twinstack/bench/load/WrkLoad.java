package dev.twinstack.bench.load;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.process.BenchShutdown;
import dev.twinstack.bench.process.JavaProcess;
import dev.twinstack.bench.process.ProcessRegistry;
import dev.twinstack.bench.settings.Tool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs <a href="https://github.com/wg/wrk">wrk</a>, a load generator independent of
 * JMeter, with the requests of the JMeter plans: a closed model of {@code connections}
 * keep-alive connections sending a workload's requests back to back for a duration, each
 * with the workload's method and path (a new random customer id or seed from 1 to 100000
 * where the path has {@code ${__Random(1,100000)}}) and a unique
 * {@code X-Request-Id: <runId>-<thread>-<n>}.
 * <p>
 * wrk runs as a process of its own (no shell) with the Lua script {@value #SCRIPT},
 * written to the output folder first; its stdout and stderr go to {@value #OUTPUT} there,
 * and the script's one JSON line becomes a {@link WrkResult}. wrk is not a JVM, so it is
 * not in {@link ProcessRegistry}: the bench's shutdown hook ({@link BenchShutdown}) kills
 * it with every other process this JVM spawned, and no wrk starts once the hook runs.
 */
public final class WrkLoad {

	private static final Logger logger = LoggerFactory.getLogger(WrkLoad.class);

	/** Why the cross-check is off when {@link #find()} finds no wrk. */
	public static final String MISSING = "wrk not found on the PATH (brew install wrk / apt-get install wrk)";

	/** The Lua script's file name, in the output folder and next to this class. */
	static final String SCRIPT = "crosscheck.lua";

	/** The file that receives wrk's stdout and stderr, in the output folder. */
	static final String OUTPUT = "wrk.txt";

	/**
	 * wrk's threads at the most: one per core of the 2-core machine the bench was sized
	 * on; each thread drives {@code connections / threads} connections.
	 */
	static final int MAX_THREADS = 2;

	/** How long wrk may run beyond its duration before it is killed. */
	static final Duration GRACE = Duration.ofSeconds(60);

	/**
	 * The longest run id: {@code <runId>-<thread>-<n>} must stay within the apps' 64
	 * characters for up to 999,999,999 requests per thread.
	 */
	static final int MAX_RUN_ID_LENGTH = RunId.MAX_LENGTH;

	private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9-]{1," + MAX_RUN_ID_LENGTH + "}");

	/** The only JMeter function of a workload's path the script replaces. */
	private static final Pattern RANDOM = Pattern.compile("\\$\\{__Random\\(\\d+,\\d+\\)}");

	private static final int TAIL_LINES = 20;

	private WrkLoad() {
	}

	/**
	 * Finds the {@code wrk} executable on the {@code PATH}.
	 * @return its path, empty when wrk is not installed (then print {@link #MISSING})
	 */
	public static Optional<Path> find() {
		return find(System.getenv("PATH"));
	}

	/**
	 * Finds the {@code wrk} executable in a search path.
	 * @param searchPath folders separated by {@link java.io.File#pathSeparator},
	 * {@code null} for none
	 * @return the first executable {@code wrk} file, empty when there is none
	 */
	static Optional<Path> find(String searchPath) {
		return Tool.onPath("wrk", searchPath);
	}

	/**
	 * Runs wrk once and waits for it: {@code wrk -t<min(2, connections)> -c<connections>
	 * -d<seconds>s --timeout 30s -s <outputDir>/crosscheck.lua <baseUri> -- <method> <path>
	 * <runId>}.
	 * @param wrk the wrk executable (see {@link #find()})
	 * @param baseUri scheme, host and port of the app, e.g. {@code http://127.0.0.1:8080}
	 * @param workload what each request does (method and path)
	 * @param connections open connections, each with one request in flight at a time (1
	 * or more)
	 * @param duration how long the load runs, whole seconds (1 s or more)
	 * @param runId prefix of the request ids: letters, digits and dashes, at most
	 * {@value #MAX_RUN_ID_LENGTH} characters
	 * @param outputDir the folder that receives {@value #SCRIPT} and {@value #OUTPUT}
	 * (created if missing)
	 * @return what wrk measured
	 * @throws IllegalArgumentException for an argument out of range
	 * @throws BenchException when wrk cannot start, exits with an error (e.g. "unable to
	 * connect"), runs over its duration plus {@link #GRACE} (it is then killed), prints
	 * no JSON line, or the thread is interrupted (wrk is killed, the interrupt flag
	 * kept); or when the bench is shutting down
	 */
	static WrkResult run(Path wrk, String baseUri, Workload workload, int connections, Duration duration, String runId,
			Path outputDir) {
		return run(List.of(), wrk, baseUri, workload, connections, duration, runId, outputDir);
	}

	/**
	 * Runs wrk once, placed on CPUs by a command prefix (e.g. {@code taskset -c 0}), and
	 * waits for it; see
	 * {@link #run(Path, String, Workload, int, Duration, String, Path)}.
	 * @param prefix the command's prefix, empty for none
	 * @param wrk the wrk executable
	 * @param baseUri scheme, host and port of the app
	 * @param workload what each request does
	 * @param connections open connections (1 or more)
	 * @param duration how long the load runs, whole seconds
	 * @param runId prefix of the request ids
	 * @param outputDir the folder of the script and wrk's output
	 * @return what wrk measured
	 * @throws IllegalArgumentException for an argument out of range
	 * @throws BenchException when wrk fails (see the other overload)
	 */
	public static WrkResult run(List<String> prefix, Path wrk, String baseUri, Workload workload, int connections,
			Duration duration, String runId, Path outputDir) {
		return run(prefix, wrk, baseUri, workload, connections, duration, Duration.ZERO, runId, outputDir);
	}

	/**
	 * Runs wrk once and drains it: for {@code duration} the connections send back to
	 * back, then each stops once its request in flight is answered, and wrk stops after
	 * {@code drain} more; only the responses completed within {@code duration} count for
	 * the throughput. Without the drain wrk drops up to {@code connections} requests in
	 * flight when it stops, which a reactive app then cancels, deoptimizing its compiled
	 * request path (docs/design.md, "The wrk cross-check").
	 * @param prefix the command's prefix (e.g. {@code taskset -c 0}), empty for none
	 * @param wrk the wrk executable
	 * @param baseUri scheme, host and port of the app
	 * @param workload what each request does
	 * @param connections open connections (1 or more)
	 * @param duration the measured window, whole seconds (1 s or more)
	 * @param drain how long wrk runs after the window for the requests in flight to be
	 * answered, whole seconds (0 for none: wrk drops them)
	 * @param runId prefix of the request ids
	 * @param outputDir the folder of the script and wrk's output
	 * @return what wrk measured; its throughput over the window
	 * @throws IllegalArgumentException for an argument out of range
	 * @throws BenchException when wrk fails (see
	 * {@link #run(Path, String, Workload, int, Duration, String, Path)})
	 */
	public static WrkResult run(List<String> prefix, Path wrk, String baseUri, Workload workload, int connections,
			Duration duration, Duration drain, String runId, Path outputDir) {
		Path script = outputDir.resolve(SCRIPT);
		Path output = outputDir.resolve(OUTPUT);
		List<String> command = new ArrayList<>(prefix);
		command.addAll(command(wrk, baseUri, workload, connections, duration, drain, runId, script));
		String commandLine = command.stream().map(JavaProcess::shellQuote).collect(Collectors.joining(" "));
		writeScript(script);
		Process process = start(command, outputDir, output);
		logger.info("Started wrk (pid {}): {}", process.pid(), commandLine);
		try {
			int exitCode = await(process, duration.plus(drain).plus(GRACE), output);
			if (exitCode != 0) {
				throw new BenchException(
						"wrk exited with code " + exitCode + "; last lines of " + output + ":\n" + tail(output));
			}
		}
		finally {
			if (process.isAlive()) {
				kill(process);
			}
		}
		return WrkResult.parse(read(output), commandLine);
	}

	/**
	 * Builds wrk's command line.
	 * @param wrk the wrk executable
	 * @param baseUri scheme, host and port of the app
	 * @param workload what each request does
	 * @param connections open connections (1 or more)
	 * @param duration how long the load runs, whole seconds
	 * @param runId prefix of the request ids
	 * @param script the Lua script
	 * @return the command, one argument an element
	 * @throws IllegalArgumentException for an argument out of range
	 */
	static List<String> command(Path wrk, String baseUri, Workload workload, int connections, Duration duration,
			String runId, Path script) {
		return command(wrk, baseUri, workload, connections, duration, Duration.ZERO, runId, script);
	}

	/**
	 * Builds wrk's command line for a drained run: {@code -d<duration + drain>s} and the
	 * window in ms after the run id.
	 * @param wrk the wrk executable
	 * @param baseUri scheme, host and port of the app
	 * @param workload what each request does
	 * @param connections open connections (1 or more)
	 * @param duration the measured window, whole seconds
	 * @param drain the drain after it, whole seconds, 0 for none (then no window)
	 * @param runId prefix of the request ids
	 * @param script the Lua script
	 * @return the command, one argument an element
	 * @throws IllegalArgumentException for an argument out of range
	 */
	static List<String> command(Path wrk, String baseUri, Workload workload, int connections, Duration duration,
			Duration drain, String runId, Path script) {
		if (drain.isNegative() || drain.getNano() != 0) {
			throw new IllegalArgumentException("wrk drains for whole seconds (0 or more), got " + drain);
		}
		if (connections < 1) {
			throw new IllegalArgumentException("wrk needs at least one connection, got " + connections);
		}
		if (duration.toSeconds() < 1 || duration.getNano() != 0) {
			throw new IllegalArgumentException("wrk runs for whole seconds (1 s or more), got " + duration);
		}
		if (!RUN_ID.matcher(runId).matches()) {
			throw new IllegalArgumentException("run id must be 1 to " + MAX_RUN_ID_LENGTH
					+ " letters, digits and dashes (X-Request-Id holds at most 64 characters), got '" + runId + "'");
		}
		if (RANDOM.matcher(workload.path()).replaceAll("").contains("${")) {
			throw new IllegalArgumentException("the wrk script replaces only ${__Random(lo,hi)}, and " + workload.id()
					+ "'s path is " + workload.path());
		}
		URI uri = URI.create(baseUri);
		if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
			throw new IllegalArgumentException("base URI must be http(s)://host:port, got '" + baseUri + "'");
		}
		List<String> command = new ArrayList<>();
		command.add(wrk.toString());
		command.add("-t" + Math.min(MAX_THREADS, connections));
		command.add("-c" + connections);
		command.add("-d" + duration.plus(drain).toSeconds() + "s");
		command.add("--timeout");
		command.add(CompositePlan.RESPONSE_TIMEOUT.toSeconds() + "s");
		command.add("-s");
		command.add(script.toString());
		command.add(baseUri);
		command.add("--");
		command.add(workload.method());
		command.add(workload.path());
		command.add(runId);
		if (!drain.isZero()) {
			command.add(Long.toString(duration.toMillis()));
		}
		return List.copyOf(command);
	}

	private static void writeScript(Path script) {
		try (InputStream in = WrkLoad.class.getResourceAsStream("wrk/" + SCRIPT)) {
			if (in == null) {
				throw new BenchException("wrk/" + SCRIPT + " is not on the classpath next to " + WrkLoad.class);
			}
			Files.createDirectories(script.getParent());
			Files.write(script, in.readAllBytes());
		}
		catch (IOException ex) {
			throw new BenchException("Could not write " + script + ": " + ex.getMessage(), ex);
		}
	}

	private static Process start(List<String> command, Path outputDir, Path output) {
		if (BenchShutdown.inProgress()) {
			throw new BenchException("the bench is stopping: wrk is not started");
		}
		// on a JVM exit, the hook kills every process this JVM spawned, wrk included
		BenchShutdown.install();
		Process process;
		try {
			process = new ProcessBuilder(command).directory(outputDir.toFile())
				.redirectErrorStream(true)
				.redirectOutput(output.toFile())
				.start();
		}
		catch (IOException ex) {
			throw new BenchException("Could not start wrk (" + command.get(0) + "): " + ex.getMessage(), ex);
		}
		// the hook may have listed this JVM's processes just before wrk started
		if (BenchShutdown.inProgress()) {
			kill(process);
			throw new BenchException("the bench is stopping: wrk is stopped");
		}
		return process;
	}

	private static int await(Process process, Duration limit, Path output) {
		try {
			if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
				kill(process);
				throw new BenchException("wrk did not finish within " + limit.toSeconds()
						+ " s and was killed; last lines of " + output + ":\n" + tail(output));
			}
			return process.exitValue();
		}
		catch (InterruptedException ex) {
			kill(process);
			Thread.currentThread().interrupt();
			throw new BenchException("Interrupted while wrk ran: wrk was killed", ex);
		}
	}

	private static void kill(Process process) {
		process.destroyForcibly();
		boolean interrupted = Thread.interrupted();
		try {
			if (!process.waitFor(5, TimeUnit.SECONDS)) {
				logger.warn("wrk (pid {}) is still running 5 s after SIGKILL", process.pid());
			}
		}
		catch (InterruptedException ex) {
			interrupted = true;
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	private static String read(Path output) {
		try {
			return new String(Files.readAllBytes(output), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new BenchException("Could not read wrk's output " + output + ": " + ex.getMessage(), ex);
		}
	}

	private static String tail(Path output) {
		try {
			return lastLines(new String(Files.readAllBytes(output), StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			return "(unreadable: " + ex.getMessage() + ")";
		}
	}

	static String lastLines(String text) {
		List<String> lines = text.lines().toList();
		return String.join("\n", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
	}

}
