package dev.twinstack.bench.run;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import dev.twinstack.bench.load.WarmUp;
import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.AppHealth;
import dev.twinstack.bench.measure.jvm.GcLog;
import dev.twinstack.bench.process.AppProcess;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.process.CpuPlacement;
import dev.twinstack.bench.process.JavaProcess;
import dev.twinstack.bench.process.MockServicesProcess;
import dev.twinstack.bench.settings.BenchSettings;

/**
 * One stack on one heap across its cells: starts the app with a GC log, tells after each
 * trial what became of it ({@link AppHealth}: out of memory, GC thrash, crash) from its
 * exit status, the log lines written during the trial and the GC log, and restarts it
 * when it must be (the failed trial is kept as a result). A session serves one workload
 * when the matrix gives it one (a JVM per workload, as JMH forks one per benchmark). Each
 * start has its own files:
 * {@code logs/<stack>[-h<heap>][-cpu<cpus>][-<workload>][-<n>].log},
 * {@code logs/<…>-gc.log} and the JFR recording {@code jfr/<…>.jfr}.
 */
final class AppSession implements AutoCloseable {

	private final Stack stack;

	private final Heap heap;

	private final CpuPlacement placement;

	private final Workload workload;

	private final BenchSettings settings;

	private final MockServicesProcess mocks;

	private final String runId;

	private AppProcess app;

	private Path gcLog;

	private Path recording;

	private int starts;

	private long logOffset;

	private List<WarmUp> warmUps = List.of();

	private String name;

	private AppSession(Stack stack, Heap heap, CpuPlacement placement, Workload workload, BenchSettings settings,
			MockServicesProcess mocks, String runId) {
		this.stack = stack;
		this.heap = heap;
		this.placement = placement;
		this.workload = workload;
		this.settings = settings;
		this.mocks = mocks;
		this.runId = runId;
	}

	/**
	 * Starts the app.
	 * @param stack the stack
	 * @param heap its heap
	 * @param settings the bench settings
	 * @param mocks the running mocks
	 * @param runId the bench run's id (VisualVM display name)
	 * @return the session, its app running
	 */
	static AppSession start(Stack stack, Heap heap, BenchSettings settings, MockServicesProcess mocks, String runId) {
		return start(stack, heap, CpuPlacement.detect(AppCpus.ALL), null, settings, mocks, runId);
	}

	/**
	 * Places the harness (this JVM, which runs JMeter, and mock-services) on its CPUs and
	 * starts the app on its own.
	 * @param stack the stack
	 * @param heap its heap
	 * @param placement where the app and the harness run
	 * @param workload the one workload the app serves, named in its files; {@code null}
	 * for any
	 * @param settings the bench settings
	 * @param mocks the running mocks
	 * @param runId the bench run's id (VisualVM display name)
	 * @return the session, its app running
	 * @throws BenchException when the harness cannot be pinned or the app cannot start
	 */
	static AppSession start(Stack stack, Heap heap, CpuPlacement placement, Workload workload, BenchSettings settings,
			MockServicesProcess mocks, String runId) {
		placement.pinHarness(ProcessHandle.current().pid(), mocks.process().pid());
		AppSession session = new AppSession(stack, heap, placement, workload, settings, mocks, runId);
		session.startApp();
		return session;
	}

	/**
	 * Returns where the app and the harness run.
	 * @return the placement
	 */
	CpuPlacement placement() {
		return this.placement;
	}

	private void startApp() {
		this.starts++;
		this.name = this.stack.id() + (this.heap.isDefault() ? "" : "-h" + this.heap.id())
				+ this.placement.appCpus().suffix() + ((this.workload != null) ? "-" + this.workload.id() : "")
				+ ((this.starts > 1) ? "-" + this.starts : "");
		Path logs = this.settings.outputDir().resolve("logs");
		this.gcLog = logs.resolve(this.name + "-gc.log");
		this.recording = this.settings.outputDir().resolve("jfr").resolve(this.name + ".jfr");
		this.app = AppProcess.startRecorded(this.stack, this.heap, this.placement, this.settings, this.mocks,
				logs.resolve(this.name + ".log"), this.gcLog, this.runId, this.recording);
		this.logOffset = logSize();
	}

	/**
	 * Marks the start of a trial: what the app logs from now on belongs to it.
	 */
	void beginTrial() {
		this.logOffset = logSize();
	}

	/**
	 * Judges the trial that just ended.
	 * @param from when the trial's load started
	 * @param to when it ended
	 * @return what became of the app
	 */
	AppHealth endTrial(Instant from, Instant to) {
		JavaProcess process = this.app.process();
		boolean alive = process.isAlive();
		Integer exitCode = alive ? null : process.exitCode();
		return AppHealth.assess(alive, exitCode, logSince(this.logOffset), GcLog.read(this.gcLog, from, to));
	}

	/**
	 * Describes why the app's JVM ended, from its exit status and everything it logged.
	 * @return e.g. {@code java.lang.OutOfMemoryError: Java heap space} or
	 * {@code killed by SIGKILL (exit code 137)}
	 */
	String deathCause() {
		JavaProcess process = this.app.process();
		String log = logSince(0);
		return AppHealth.firstOutOfMemoryError(log).orElseGet(() -> AppHealth.exitCause(process.exitCode(), log));
	}

	/**
	 * Restarts the app (after a failed trial): stops what is left of it and starts a
	 * fresh JVM with the same settings and new log files.
	 */
	void restart() {
		this.app.close();
		startApp();
	}

	/**
	 * Records the warm-up of the running app.
	 * @param warmUps the warm-up of each workload
	 */
	void warmedUp(List<WarmUp> warmUps) {
		this.warmUps = List.copyOf(warmUps);
	}

	/**
	 * Returns the last warm-up of the app.
	 * @return the warm-up of each workload, empty before the first
	 */
	List<WarmUp> warmUps() {
		return this.warmUps;
	}

	/**
	 * Returns the running app.
	 * @return the app
	 */
	AppProcess app() {
		return this.app;
	}

	/**
	 * Returns the JFR recording of the running app (written when it stops).
	 * @return the recording file
	 */
	Path recording() {
		return this.recording;
	}

	/**
	 * Returns the name of the running app's files.
	 * @return e.g. {@code mvc-composite-sequential} or {@code webflux-h64m-2}
	 */
	String name() {
		return this.name;
	}

	/**
	 * Returns the one workload the app serves.
	 * @return the workload, {@code null} for any
	 */
	Workload workload() {
		return this.workload;
	}

	/**
	 * Returns the heap the app runs with.
	 * @return the heap
	 */
	Heap heap() {
		return this.heap;
	}

	/**
	 * Returns how many times the app was started.
	 * @return 1 without restarts
	 */
	int starts() {
		return this.starts;
	}

	@Override
	public void close() {
		this.app.close();
	}

	private long logSize() {
		try {
			return Files.size(this.app.process().log());
		}
		catch (IOException ex) {
			return 0;
		}
	}

	private String logSince(long offset) {
		Path log = this.app.process().log();
		try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
			long length = file.length();
			if (length <= offset) {
				return "";
			}
			// at most the last 4 MB of the trial's lines
			long start = Math.max(offset, length - 4 * 1024 * 1024);
			byte[] bytes = new byte[(int) (length - start)];
			file.seek(start);
			file.readFully(bytes);
			return new String(bytes, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			return "";
		}
	}

}
