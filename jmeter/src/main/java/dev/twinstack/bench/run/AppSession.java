package dev.twinstack.bench.run;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.console.Progress;
import dev.twinstack.bench.load.LoadTarget;
import dev.twinstack.bench.load.warmup.WarmUp;
import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.AppHealth;
import dev.twinstack.bench.measure.jvm.GcLog;
import dev.twinstack.bench.measure.CellMonitor;
import dev.twinstack.bench.measure.CpuShares;
import dev.twinstack.bench.measure.GcCost;
import dev.twinstack.bench.measure.jvm.Jcmd;
import dev.twinstack.bench.measure.StubLatencyProbe;
import dev.twinstack.bench.process.AppConfig;
import dev.twinstack.bench.process.AppProcess;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.process.BenchJvms;
import dev.twinstack.bench.process.CpuPlacement;
import dev.twinstack.bench.process.JavaProcess;
import dev.twinstack.bench.process.MockServicesProcess;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.Machine;
import dev.twinstack.monitoring.SeriesSummary;

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
final class AppSession implements AppUnderTest {

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
	 * Returns the app starts of a matrix whose apps the bench starts: one per (stack,
	 * heap, app CPUs) and, with {@code bench.fork=workload}, workload
	 * ({@link MatrixRunner#forks}); a start that fails (e.g. a heap too small) is a
	 * result of each of its cells.
	 * @param settings the bench settings
	 * @param mocks the running mocks
	 * @param runId the bench run's id
	 * @return the app starts
	 */
	static MatrixRunner.Apps<AppSession> apps(BenchSettings settings, MockServicesProcess mocks, String runId) {
		return new MatrixRunner.Apps<>() {

			@Override
			public List<List<Cell>> starts(List<Cell> cells) {
				return MatrixRunner.forks(cells, settings.jvmPerWorkload());
			}

			@Override
			public AppSession start(List<Cell> cells) {
				Cell first = cells.get(0);
				boolean oneWorkload = cells.stream().map(Cell::workload).distinct().count() == 1;
				return AppSession.start(first.stack(), first.heap(), CpuPlacement.detect(first.appCpus()),
						oneWorkload ? first.workload() : null, settings, mocks, runId);
			}

			@Override
			public AppHealth failedStart(BenchException failure) {
				return AppHealth.failedStart(failure.getMessage());
			}

			@Override
			public void done() {
				// this JVM back on every core: what runs after the matrix (the faults
				// scenario, the report) is not pinned
				CpuPlacement.detect(AppCpus.ALL).pinHarness(ProcessHandle.current().pid(), mocks.process().pid());
			}

		};
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
	@Override
	public void beginTrial() {
		this.logOffset = logSize();
	}

	/**
	 * Judges the trial that just ended.
	 * @param from when the trial's load started
	 * @param to when it ended
	 * @return what became of the app
	 */
	@Override
	public AppHealth endTrial(Instant from, Instant to) {
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
	@Override
	public void restart() {
		this.app.close();
		startApp();
	}

	/**
	 * Records the warm-up of the running app.
	 * @param warmUps the warm-up of each workload
	 */
	@Override
	public void warmedUp(List<WarmUp> warmUps) {
		this.warmUps = List.copyOf(warmUps);
	}

	/**
	 * Returns the last warm-up of the app.
	 * @return the warm-up of each workload, empty before the first
	 */
	@Override
	public List<WarmUp> warmUps() {
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
	@Override
	public Path recording() {
		return this.recording;
	}

	/**
	 * Returns the name of the running app's files.
	 * @return e.g. {@code mvc-composite-sequential} or {@code webflux-h64m-2}
	 */
	@Override
	public String name() {
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
	public LoadTarget target() {
		return LoadTarget.of(this.app, this.placement, this.mocks);
	}

	@Override
	public String where() {
		return "";
	}

	/**
	 * Restarts the app when it died during a warm-up, without a second warm-up, so its
	 * cells are measured rather than run against a dead port.
	 */
	@Override
	public void keepServing() {
		if (!this.app.process().isAlive()) {
			Console.line("[restart] " + this.stack.id() + " died during the warm-up (" + deathCause()
					+ "): restarting it without a second warm-up");
			restart();
		}
	}

	@Override
	public CellMonitor monitor(Workload workload, String label, Progress progress) {
		return CellMonitor.start(this.app, this.mocks, workload, label, progress);
	}

	@Override
	public CellMonitor monitorQuietly(Workload workload) {
		return CellMonitor.startQuietly(this.app, this.mocks, workload);
	}

	@Override
	public StubLatencyProbe stubProbe(Workload workload) {
		return StubLatencyProbe.forWorkload(workload, this.mocks);
	}

	/**
	 * A full GC inside the trial's window, after the load: every trial starts from a
	 * clean heap, and JFR records the heap in use at the end of the trial.
	 */
	@Override
	public void loadEnded() {
		if (this.app.process().isAlive()) {
			Jcmd.gc(this.app.process().launcher(), this.app.process().pid());
		}
	}

	@Override
	public void crossCheckEnded() {
		// judged at the next trial
	}

	@Override
	public OptionalInt threadCap() {
		return this.app.threadCap();
	}

	@Override
	public Path log() {
		return this.app.process().log();
	}

	/**
	 * Returns the CPU shares of every process of the machine: the app's, the mocks', the
	 * load generator's and the machine's.
	 */
	@Override
	public CpuShares cpuShares(Map<String, SeriesSummary> steady) {
		return CpuShares.of(Machine.cores(), steady);
	}

	@Override
	public String describeCpu(CellResult result) {
		CpuShares cpu = result.cpu();
		GcCost gc = result.gc();
		return String
			.format(Locale.ROOT, "; CPU app %s, mocks %s, JMeter %s%s", TrialTail.percent(cpu.appMean()),
					TrialTail.percent(cpu.mocksMean()), TrialTail.percent(cpu.loadGeneratorMean()),
					(gc != null)
							? String
								.format(Locale.ROOT, "; steady window: %d GC pauses, %.0f ms, %s KB per request",
										gc.gcPauses(), gc.gcPauseMs(), (gc.allocatedBytesPerRequest() != null) ? String
											.format(Locale.ROOT, "%.1f", gc.allocatedBytesPerRequest() / 1024) : "?")
							: "");
	}

	@Override
	public List<String> harnessPrefix() {
		return this.placement.harnessCommandPrefix();
	}

	@Override
	public BenchResults.AppInfo info() {
		Path out = this.settings.outputDir();
		return new BenchResults.AppInfo(this.stack,
				BenchJvms.displayName("app", this.stack.id(),
						BenchJvms.heapOf(this.heap.jvmArgs(this.settings.appJvmArgs())), this.runId),
				out.relativize(this.recording).toString().replace('\\', '/'),
				AppConfig.of(this.stack, this.settings.jars().app(this.stack), this.app.args(),
						this.app.process().launcher()),
				this.warmUps,
				this.placement.describe() + this.placement.jvmSizingNote().map((note) -> ". " + note).orElse(""),
				this.heap, this.placement.appCpus(), this.workload);
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
