package dev.twinstack.bench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.measure.threads.ThreadPlacement;
import dev.twinstack.bench.results.CellResult;

/**
 * Which threads ran each stack's work: the {@link ThreadPlacement} of the trials that get
 * a flame graph ({@link FlameGraphs}), over the same steady window of the app's JFR
 * recording.
 */
final class ThreadTables {

	private ThreadTables() {
	}

	/**
	 * Reads the trial's thread placement; a recording that cannot be read is a line on
	 * the console, never a failure of the bench.
	 * @param trial the trial (its app has stopped)
	 * @param recording the app's JFR file
	 * @return the trial with its thread placement, or unchanged when none could be read
	 */
	static CellResult measure(CellResult trial, Path recording) {
		Instant from = FlameGraphs.steadyFrom(trial);
		Instant to = FlameGraphs.steadyTo(trial);
		if (!Files.isRegularFile(recording) || !to.isAfter(from)) {
			Console.line("[threads] " + trial.cell().id() + ": no thread table ("
					+ (to.isAfter(from) ? "no recording at " + recording : "no steady window") + ")");
			return trial;
		}
		try {
			ThreadPlacement placement = ThreadPlacement.read(recording, from, to, trial.cell().stack());
			placement.warnings().forEach((warning) -> Console.line("[threads] " + trial.cell().id() + ": " + warning));
			return trial.withThreads(placement);
		}
		catch (IOException | RuntimeException ex) {
			Console.line("[threads] " + trial.cell().id() + ": no thread table (" + ex + ")");
			return trial;
		}
	}

}
