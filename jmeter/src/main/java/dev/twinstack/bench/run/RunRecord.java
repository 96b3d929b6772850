package dev.twinstack.bench.run;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import dev.twinstack.bench.analysis.capacity.Capacity;
import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.faults.FaultRun;
import dev.twinstack.bench.faults.OutageRun;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.measure.jvm.MemoryAfterRequests;
import dev.twinstack.bench.measure.storage.MongoServer;
import dev.twinstack.bench.process.BenchShutdown;
import dev.twinstack.bench.report.ReportFiles;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.Tool;

/**
 * What a bench run has produced so far (the JVMs it started, the apps, the memory
 * figures, every finished cell and its trials) and where it stands: running, finishing
 * (writing the complete results) or stopped (interrupted or failed, its partial results
 * written from the cells finished before). Thread-safe: the bench's shutdown hook stops
 * it while the bench's thread still runs.
 */
final class RunRecord implements BenchShutdown.Run {

	private enum State {

		RUNNING, FINISHING, STOPPED

	}

	private final BenchSettings settings;

	private final Instant start;

	private final Path outputDir;

	private final List<Tool> tools;

	private final List<BenchResults.ProcessInfo> processes = new ArrayList<>();

	private final List<BenchResults.AppInfo> apps = new ArrayList<>();

	private final List<MemoryAfterRequests> memory = new ArrayList<>();

	private final List<CellSummary> cells = new ArrayList<>();

	private final CountDownLatch done = new CountDownLatch(1);

	private Supplier<Map<String, CellResult>> trials = Map::of;

	private List<FaultRun> faults = List.of();

	private final List<Capacity> capacity = new ArrayList<>();

	private List<OutageRun> outages = List.of();

	private State state = State.RUNNING;

	private MongoServer database;

	/**
	 * Starts recording a run.
	 * @param settings the run's settings (jars already copied)
	 * @param start when the run started
	 * @param tools the optional commands looked for, found or not ({@link Tools})
	 */
	RunRecord(BenchSettings settings, Instant start, List<Tool> tools) {
		this.settings = settings;
		this.start = start;
		this.outputDir = settings.outputDir();
		this.tools = List.copyOf(tools);
	}

	/**
	 * Records the MongoDB the apps store into.
	 * @param server what answered {@code buildInfo}
	 */
	synchronized void database(MongoServer server) {
		this.database = server;
	}

	synchronized void process(BenchResults.ProcessInfo process) {
		this.processes.add(process);
	}

	synchronized void app(BenchResults.AppInfo app) {
		this.apps.add(app);
	}

	/**
	 * Replaces an app start's record, e.g. once it has been warmed up again before a
	 * workload's first cell; adds it when the old one is not held.
	 */
	synchronized void app(BenchResults.AppInfo was, BenchResults.AppInfo now) {
		int index = this.apps.lastIndexOf(was);
		if (index < 0) {
			this.apps.add(now);
		}
		else {
			this.apps.set(index, now);
		}
	}

	synchronized void memory(MemoryAfterRequests figures) {
		this.memory.add(figures);
	}

	/**
	 * Records a cell that ran all its trials; ignored once the run is stopped (its last
	 * trial may have run against apps the shutdown had killed). A cell recorded again (a
	 * capacity rung's confirmation trial) replaces its summary in place.
	 * @param summary the cell over its trials
	 */
	synchronized void cell(CellSummary summary) {
		if (this.state == State.RUNNING) {
			int index = this.cells.stream().map(CellSummary::cell).toList().indexOf(summary.cell());
			if (index >= 0) {
				this.cells.set(index, summary);
			}
			else {
				this.cells.add(summary);
			}
		}
	}

	/**
	 * Records a stack's capacity at the objective.
	 * @param found the search's result
	 */
	synchronized void capacity(Capacity found) {
		if (this.state == State.RUNNING) {
			this.capacity.add(found);
		}
	}

	/**
	 * Sets where the trials' results come from.
	 * @param source the trials so far, by run id, without the JFR cross-check
	 */
	synchronized void trials(Supplier<Map<String, CellResult>> source) {
		this.trials = source;
	}

	/**
	 * Records the runs of the {@code faults} scenario.
	 * @param runs the fault runs, in run order
	 * @param databaseOutages the database outage of each stack
	 */
	synchronized void faults(List<FaultRun> runs, List<OutageRun> databaseOutages) {
		this.faults = List.copyOf(runs);
		this.outages = List.copyOf(databaseOutages);
	}

	/**
	 * Marks the run as finishing: every cell ran, the complete results follow.
	 * @return {@code false} when the run was stopped before
	 */
	synchronized boolean finish() {
		if (this.state != State.RUNNING) {
			return false;
		}
		this.state = State.FINISHING;
		return true;
	}

	/**
	 * Stops the run: later cells are not recorded.
	 * @param what what happened, e.g. {@code interrupted by SIGINT/SIGTERM}
	 * @param detail more about it (e.g. the failure's message), {@code null} for none
	 * @return the results of the cells finished so far, marked incomplete; {@code null}
	 * when the run was finishing or stopped already
	 */
	synchronized BenchResults stop(String what, String detail) {
		if (this.state != State.RUNNING) {
			return null;
		}
		this.state = State.STOPPED;
		String reason = what + " after " + this.cells.size() + " of " + this.settings.cellCount() + " cells"
				+ ((detail != null) ? ": " + detail : "");
		return results(this.trials.get(), false, reason);
	}

	@Override
	public Runnable interrupt(String what) {
		BenchResults partial = stop(what, null);
		return (partial != null) ? () -> writePartial(partial) : null;
	}

	/**
	 * Returns the results of the complete run.
	 * @param crossChecked every trial's results, cross-checked against the JFR recordings
	 * @return the results
	 */
	synchronized BenchResults complete(Map<String, CellResult> crossChecked) {
		return results(crossChecked, true, null);
	}

	/**
	 * Writes the results of a stopped run (atomically: results.json, report.md,
	 * index.html) and says so on the console.
	 * @param partial what {@link #stop(String, String)} returned
	 */
	void writePartial(BenchResults partial) {
		Path report = ReportFiles.write(partial, this.outputDir);
		Console.line("");
		Console.line("Bench " + partial.incompleteReason() + ". Incomplete results (complete: false) of the "
				+ partial.matrix().size() + " finished cell(s): " + this.outputDir.resolve("results.json")
				+ "; report: " + report.toAbsolutePath());
	}

	/**
	 * Marks the end of the bench's own thread (the complete results are written, or it
	 * failed).
	 */
	void done() {
		this.done.countDown();
	}

	@Override
	public boolean awaitDone(Duration timeout) {
		try {
			return this.done.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	private BenchResults results(Map<String, CellResult> trials, boolean complete, String reason) {
		List<CellResult> medians = new ArrayList<>();
		for (CellSummary summary : this.cells) {
			List<CellResult> cellTrials = trials.values()
				.stream()
				.filter((trial) -> trial.cell().equals(summary.cell()))
				.toList();
			if (!cellTrials.isEmpty()) {
				medians.add(TrialResults.medianTrial(cellTrials, summary));
			}
		}
		Set<Cell> finished = this.cells.stream().map(CellSummary::cell).collect(Collectors.toSet());
		Instant end = Instant.now();
		return new BenchResults(BenchResults.Settings.of(this.settings, this.database),
				EnvironmentProbe.describe(this.tools), List.copyOf(this.processes),
				this.start.truncatedTo(ChronoUnit.SECONDS).toString(), end.truncatedTo(ChronoUnit.SECONDS).toString(),
				Duration.between(this.start, end).toMillis() / 1000.0, medians, List.copyOf(this.apps),
				List.copyOf(this.memory), this.settings.jdk(), this.settings.skipped(), List.copyOf(this.cells),
				trials.values().stream().filter((trial) -> finished.contains(trial.cell())).toList(), this.faults,
				this.outages, complete, reason, List.copyOf(this.capacity));
	}

}
