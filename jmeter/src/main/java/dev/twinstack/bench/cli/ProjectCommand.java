package dev.twinstack.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;

import dev.twinstack.bench.report.queueing.ProjectionTable;
import dev.twinstack.bench.report.queueing.RunDemands;
import dev.twinstack.bench.settings.BenchConfigException;
import dev.twinstack.bench.settings.Projection;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code project <run-folder> <what-if>}: the what-if of {@code bench.project} applied to
 * a finished run, no bench needed. Reads the run's {@code results.json}
 * ({@link RunDemands}) and prints, per stack and workload, what the queueing model
 * predicts on the reader's hardware ({@link ProjectionTable}): throughput, mean latency
 * and the binding ceiling, with the CPU per request it used — a model projection, never a
 * measurement. Exit codes: 0 printed, 1 bad input (one line on stderr), 2 bad usage.
 */
@Command(name = "project",
		description = { "Projects a finished bench run onto other hardware with the queueing model (a model "
				+ "projection, not a measurement): per stack and workload, the predicted throughput, mean latency "
				+ "and binding ceiling, from the CPU per request the run measured." })
public class ProjectCommand extends CliCommand {

	@Parameters(index = "0", paramLabel = "<run-folder>",
			description = "a bench run's output folder holding results.json (e.g. target/bench)")
	private Path folder;

	@Parameters(index = "1", paramLabel = "<what-if>",
			description = "the hardware: " + Projection.ACCEPTED + "; harness=same (default) keeps JMeter and "
					+ "mock-services on the machine, harness=none moves them elsewhere")
	private String whatIf;

	@Option(names = "--calibration-only",
			description = "use only the CPU per request of each stack's calibration (its lowest measured load), "
					+ "as the model did before load-dependent demands, instead of the demand at the what-if's "
					+ "concurrency")
	private boolean calibrationOnly;

	/**
	 * Prints the projection.
	 * @return the exit code: 0 printed, 1 bad input
	 */
	@Override
	public Integer call() {
		try {
			Projection projection = Projection.parse(this.whatIf, "<what-if>");
			RunDemands run = RunDemands.read(this.folder);
			PrintWriter out = out();
			ProjectionTable.lines(this.calibrationOnly ? run.calibrationOnly() : run, this.folder, projection)
				.forEach(out::println);
			out.flush();
			return 0;
		}
		catch (BenchConfigException | RunDemands.UnreadableRun ex) {
			return badInput(ex.getMessage());
		}
	}

	/**
	 * Runs the command and exits with its code.
	 * @param args {@code <run-folder> <what-if>}, e.g.
	 * {@code target/bench cores=8,latency=50ms,concurrency=2000}
	 */
	public static void main(String[] args) {
		exit(new ProjectCommand(), args);
	}

}
