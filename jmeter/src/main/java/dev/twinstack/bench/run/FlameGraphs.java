package dev.twinstack.bench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.load.CompositePlan;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Scenario;
import dev.twinstack.bench.measure.jvm.FlameGraph;
import dev.twinstack.bench.results.CellResult;

/**
 * Where each stack's CPU goes: one CPU flame graph per stack and composite fanout, of its
 * highest-concurrency closed cell on the default heap (c = 400 in the standard profile),
 * so the fanouts' costs can be set side by side, drawn from the app's JFR recording over
 * the steady window of the cell's quoted (median) trial — from one second after the
 * ramp-up to the end of the hold — into {@code runs/<cell>/trial-<n>/flame.html}.
 */
final class FlameGraphs {

	private FlameGraphs() {
	}

	/**
	 * Returns the cells that get a flame graph: per stack and composite workload
	 * (sequential, parallel fanout), the closed cell on the default heap with the most
	 * clients, the first of the matrix order among equals.
	 * @param cells the matrix's cells, in run order
	 * @return one cell per stack and composite workload that ran such a cell
	 */
	static Set<Cell> chosen(List<Cell> cells) {
		Map<List<Object>, Cell> chosen = new LinkedHashMap<>();
		cells.stream()
			.filter((cell) -> cell.load() == LoadModel.CLOSED && cell.workload().scenario() == Scenario.COMPOSITE
					&& cell.heap().isDefault())
			.sorted(Comparator.comparingInt(Cell::concurrency).reversed())
			.forEach((cell) -> chosen.putIfAbsent(List.of(cell.stack(), cell.workload()), cell));
		return chosen.values().stream().collect(Collectors.toUnmodifiableSet());
	}

	/**
	 * Draws the flame graph of a trial; a recording that cannot be converted is a line on
	 * the console, never a failure of the bench.
	 * @param trial the trial (its app has stopped)
	 * @param recording the app's JFR file
	 * @param outputDir the bench's output folder
	 * @return the trial with its flame graph, or unchanged when none could be drawn
	 */
	static CellResult render(CellResult trial, Path recording, Path outputDir) {
		Instant from = steadyFrom(trial);
		Instant to = steadyTo(trial);
		Path html = outputDir.resolve(trial.metricsCsv()).resolveSibling("flame.html");
		if (!Files.isRegularFile(recording) || !to.isAfter(from)) {
			Console.line("[flame] " + trial.cell().id() + ": no flame graph ("
					+ (to.isAfter(from) ? "no recording at " + recording : "no steady window") + ")");
			return trial;
		}
		try {
			FlameGraph.render(recording, from, to, trial.cell().id() + ": CPU samples " + from + " to " + to, html);
		}
		catch (IOException | RuntimeException ex) {
			Console.line("[flame] " + trial.cell().id() + ": no flame graph (" + ex + ")");
			return trial;
		}
		String file = outputDir.relativize(html).toString().replace('\\', '/');
		Console.line("[flame] " + trial.cell().id() + ": " + file);
		return trial.withFlameGraph(file);
	}

	/**
	 * Returns the start of a trial's steady window: one second after the ramp-up.
	 * @param trial the trial
	 * @return the instant
	 */
	static Instant steadyFrom(CellResult trial) {
		return Instant.parse(trial.startedAt()).plusSeconds(CompositePlan.RAMP_UP_SECONDS + 1L);
	}

	/**
	 * Returns the end of a trial's steady window: the end of the hold.
	 * @param trial the trial
	 * @return the instant
	 */
	static Instant steadyTo(CellResult trial) {
		return Instant.parse(trial.startedAt()).plusSeconds(CompositePlan.RAMP_UP_SECONDS + trial.durationSeconds());
	}

}
