package dev.twinstack.bench.run;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import dev.twinstack.bench.console.Progress;
import dev.twinstack.bench.load.LoadTarget;
import dev.twinstack.bench.load.warmup.WarmUp;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.AppHealth;
import dev.twinstack.bench.measure.CellMonitor;
import dev.twinstack.bench.measure.CpuShares;
import dev.twinstack.bench.measure.StubLatencyProbe;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.monitoring.SeriesSummary;

/**
 * Where the app under load lives, the one seam of the run loop ({@link MatrixRunner}) and
 * of a trial ({@link TrialRunner}), as JMH's {@code Runner} runs embedded and forked
 * benchmarks in one loop: an app the bench started ({@link AppSession}: placed on its
 * CPUs, every process's CPU read, recorded with JFR, restarted when it dies), or one
 * started by hand elsewhere ({@link RemoteTarget}: seen through its URLs only, never
 * restarted).
 */
interface AppUnderTest extends AutoCloseable {

	/**
	 * Returns where the load goes.
	 * @return the app's URIs, and its JVM when the bench started it
	 */
	LoadTarget target();

	/**
	 * Returns the name of the app's files.
	 * @return e.g. {@code mvc-composite-sequential}; the stack's id for a remote target
	 */
	String name();

	/**
	 * Says where the app runs, for a trial's progress line.
	 * @return e.g. {@code  on http://10.0.0.12:8081}, empty for an app the bench started
	 */
	String where();

	/**
	 * Returns the app's warm-up runs since its start.
	 * @return the runs, empty before the first
	 */
	List<WarmUp> warmUps();

	/**
	 * Records the app's warm-up runs since its start.
	 * @param warmUps every run so far
	 */
	void warmedUp(List<WarmUp> warmUps);

	/**
	 * Makes sure the app still serves after an unmeasured load (a warm-up): an app the
	 * bench started that died is restarted, without a second warm-up.
	 * @throws dev.twinstack.bench.process.BenchException when a remote target stopped
	 * answering its health endpoint
	 */
	void keepServing();

	/**
	 * Starts sampling the app (and whatever else of the bench can be seen) for a trial.
	 * @param workload the workload, whose requests are measured
	 * @param label the trial's name in progress lines
	 * @param progress the bench's progress
	 * @return the running monitor
	 */
	CellMonitor monitor(Workload workload, String label, Progress progress);

	/**
	 * Starts sampling as {@link #monitor} does, printing nothing: the trials' Actuator
	 * traffic during a warm-up.
	 * @param workload the workload
	 * @return the running monitor
	 */
	CellMonitor monitorQuietly(Workload workload);

	/**
	 * Starts the stub latency probe of a workload's trial.
	 * @param workload the workload
	 * @return the probe, {@code null} when the workload or the settings have none
	 */
	StubLatencyProbe stubProbe(Workload workload);

	/**
	 * Marks the start of a trial.
	 */
	void beginTrial();

	/**
	 * Ends a trial's load: one more thing to do before its monitor stops (an app the
	 * bench started gets a full GC inside the window).
	 */
	void loadEnded();

	/**
	 * Judges the trial that just ended.
	 * @param from when its load started
	 * @param to when it ended
	 * @return what became of the app
	 * @throws dev.twinstack.bench.process.BenchException when a remote target stopped
	 * answering its health endpoint
	 */
	AppHealth endTrial(Instant from, Instant to);

	/**
	 * Makes sure the app still serves after a trial's wrk run: nothing for an app the
	 * bench started, judged at its next trial.
	 * @throws dev.twinstack.bench.process.BenchException when a remote target stopped
	 * answering its health endpoint
	 */
	void crossCheckEnded();

	/**
	 * Restarts the app after a trial that left it unfit to go on.
	 */
	void restart();

	/**
	 * Returns the app's worker thread cap (Tomcat's {@code threads.max}).
	 * @return the cap, empty without one
	 */
	OptionalInt threadCap();

	/**
	 * Returns the app's log.
	 * @return the file, {@code null} when the bench did not start the app
	 */
	Path log();

	/**
	 * Returns the app's JFR recording, written when it stops.
	 * @return the file, {@code null} when the bench did not start the app
	 */
	Path recording();

	/**
	 * Returns the CPU shares the bench can see of a trial's steady window.
	 * @param steady the window's summaries by series
	 * @return the shares, {@code null} where not seen
	 */
	CpuShares cpuShares(Map<String, SeriesSummary> steady);

	/**
	 * Describes a trial's CPU shares for its progress line.
	 * @param result the trial's results
	 * @return e.g. {@code ; CPU app 43 %, mocks 20 %, JMeter 9 %}
	 */
	String describeCpu(CellResult result);

	/**
	 * Returns the command prefix that runs wrk on the harness's CPUs.
	 * @return the prefix, empty for none
	 */
	List<String> harnessPrefix();

	/**
	 * Describes the app for the results.
	 * @return the app, its settings and its warm-up so far
	 */
	BenchResults.AppInfo info();

	/**
	 * Stops the app when the bench started it.
	 */
	@Override
	void close();

}
