package dev.twinstack.bench.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.twinstack.bench.load.Dashboard;
import dev.twinstack.bench.load.Jtl;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.AppHealth;
import dev.twinstack.bench.measure.StubLatencyProbe;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.results.CellSummary;
import dev.twinstack.bench.settings.BenchSettings;

/**
 * Every trial's {@link CellResult}, for the report, the partial results of an interrupted
 * run and, for the apps the bench started, the JFR cross-check against the recording of
 * the app that served it; archives each finished cell's trial files.
 */
final class TrialResults {

	private final BenchSettings settings;

	/** By the recording of the app that served them, {@code null} for a remote target. */
	private final Map<Path, List<CellResult>> byRecording = new LinkedHashMap<>();

	/** The run ids of the trials the report quotes, one per finished cell. */
	private final Set<String> medians = new HashSet<>();

	private final Set<Cell> flameCells;

	TrialResults(BenchSettings settings) {
		this.settings = settings;
		this.flameCells = FlameGraphs.chosen(settings.cells());
	}

	/**
	 * Keeps a trial's result.
	 * @param recording the JFR recording of the app that served it, {@code null} for none
	 * @param result the result
	 */
	synchronized void add(Path recording, CellResult result) {
		this.byRecording.computeIfAbsent(recording, (key) -> new ArrayList<>()).add(result);
	}

	/**
	 * Renders JMeter's dashboard of the cell's median trial (the one the report quotes)
	 * and compresses every trial's JTL ({@code samples.jtl.gz}): a dashboard is 3 MB, a
	 * CSV JTL shrinks about tenfold, and the other trials' dashboards render on demand
	 * from their JTL.
	 * @param summary the finished cell
	 * @throws BenchException when the dashboard cannot be rendered or a JTL compressed
	 */
	synchronized void archive(CellSummary summary) {
		Path out = this.settings.outputDir();
		List<CellResult> cell = this.byRecording.values()
			.stream()
			.flatMap(List::stream)
			.filter((trial) -> trial.cell().equals(summary.cell()))
			.toList();
		if (cell.isEmpty()) {
			return;
		}
		String median = medianTrial(cell, summary).runId();
		this.medians.add(median);
		for (CellResult trial : cell) {
			Path jtl = out.resolve(trial.jtl());
			String dashboard = null;
			if (trial.runId().equals(median) && Files.isRegularFile(jtl)) {
				Path dir = jtl.resolveSibling("dashboard");
				Dashboard.render(jtl, dir);
				dashboard = out.relativize(dir).toString().replace('\\', '/');
			}
			String compressed = trial.jtl();
			if (Files.isRegularFile(jtl)) {
				compressed = out.relativize(Jtl.compress(jtl)).toString().replace('\\', '/');
			}
			CellResult archived = trial.withFiles(compressed, dashboard);
			this.byRecording.values().forEach((trials) -> trials.replaceAll((t) -> (t == trial) ? archived : t));
		}
	}

	/**
	 * Returns every trial's result, cross-checked against the JFR recording of the app
	 * that served it, with a CPU flame graph and the thread table of the quoted trial of
	 * one cell per stack ({@link FlameGraphs}, {@link ThreadTables}); call once every app
	 * has stopped (the recordings are written on exit). A remote target's trials have no
	 * recording: they are returned as they are.
	 * @param outputDir the bench's output folder
	 * @return the results by run id
	 */
	synchronized Map<String, CellResult> crossChecked(Path outputDir) {
		Map<String, CellResult> results = new LinkedHashMap<>();
		this.byRecording
			.forEach((recording, trials) -> ((recording != null) ? JfrCrossCheck.apply(trials, recording, outputDir)
				.stream()
				.map((result) -> (this.medians.contains(result.runId()) && this.flameCells.contains(result.cell()))
						? ThreadTables.measure(FlameGraphs.render(result, recording, outputDir), recording) : result)
					: trials.stream())
				.forEach((result) -> results.put(result.runId(), result)));
		return results;
	}

	/**
	 * Returns every trial's result so far, without the JFR cross-check (for the partial
	 * results of an interrupted run).
	 * @return the results by run id
	 */
	synchronized Map<String, CellResult> trials() {
		Map<String, CellResult> results = new LinkedHashMap<>();
		this.byRecording.values().forEach((trials) -> trials.forEach((result) -> results.put(result.runId(), result)));
		return results;
	}

	/**
	 * Returns the trial quoted for a cell: the one whose steady throughput is the median.
	 * @param trials the cell's trial results
	 * @param summary the cell's summary
	 * @return the trial, with the cell's ceiling (base latency included)
	 */
	static CellResult medianTrial(List<CellResult> trials, CellSummary summary) {
		double median = summary.throughput().median();
		return trials.stream()
			.min(Comparator.comparingDouble((CellResult trial) -> Math.abs(trial.steadyThroughput() - median)))
			.orElseThrow()
			.withCeiling(summary.ceiling());
	}

}
