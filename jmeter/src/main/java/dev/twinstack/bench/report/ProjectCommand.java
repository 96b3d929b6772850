package dev.twinstack.bench.report;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.twinstack.bench.model.Prediction;
import dev.twinstack.bench.model.StackDemands;
import dev.twinstack.bench.model.WhatIf;
import dev.twinstack.bench.settings.BenchConfigException;
import dev.twinstack.bench.settings.Projection;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code project <run-folder> <what-if>}: the what-if of {@code bench.project} applied to
 * a finished run, no bench needed. Reads the run's {@code results.json}
 * ({@link RunDemands}) and prints, per stack and workload, what the queueing model
 * predicts on the reader's hardware ({@link WhatIf}): throughput, mean latency and the
 * binding ceiling, with the CPU per request it used — a model projection, never a
 * measurement. Exit codes: 0 printed, 1 bad input (one line on stderr), 2 bad usage.
 */
@Command(name = "project", mixinStandardHelpOptions = true,
		description = { "Projects a finished bench run onto other hardware with the queueing model (a model "
				+ "projection, not a measurement): per stack and workload, the predicted throughput, mean latency "
				+ "and binding ceiling, from the CPU per request the run measured." },
		exitCodeOnInvalidInput = 2, exitCodeOnExecutionException = 1)
public class ProjectCommand implements Callable<Integer> {

	private static final String[] HEADERS = { "stack", "workload", "CPU measured at", "cores", "downstream ms",
			"CPU per request used", "req/s", "mean ms", "binding ceiling" };

	@Spec
	private CommandSpec spec;

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
			PrintWriter out = this.spec.commandLine().getOut();
			lines(this.calibrationOnly ? run.calibrationOnly() : run, this.folder, projection).forEach(out::println);
			out.flush();
			return 0;
		}
		catch (BenchConfigException | RunDemands.UnreadableRun ex) {
			this.spec.commandLine().getErr().println("project: " + ex.getMessage());
			return 1;
		}
	}

	/**
	 * The projection in plain text: a heading that says what it is, then one aligned row
	 * per stack, workload and placement.
	 * @param run the run's demands
	 * @param folder where the run was read from
	 * @param projection the reader's hardware
	 * @return the lines to print
	 */
	static List<String> lines(RunDemands run, Path folder, Projection projection) {
		WhatIf whatIf = new WhatIf(projection.cores(), projection.latencyMs(), projection.concurrency(),
				projection.withHarness());
		List<String[]> rows = new ArrayList<>();
		rows.add(HEADERS);
		for (RunDemands.Entry entry : run.stacks()) {
			StackDemands shape = whatIf.apply(entry.demands());
			Prediction p = whatIf.predict(entry.demands());
			rows.add(new String[] { entry.stack(), entry.workload(),
					"c=" + String.join(", ",
							entry.demands().loads().stream().map((l) -> String.valueOf(l.concurrency())).toList())
							+ ", " + entry.placement(),
					(shape.harnessCores() == StackDemands.SHARED)
							? shape.appCores() + (projection.withHarness() ? " shared" : " app alone")
							: shape.appCores() + " app + " + shape.harnessCores() + " harness",
					fmt("%.0f", shape.downstreamMs()), entry.demands().describe(projection.concurrency()),
					fmt("%.0f", p.throughput()), fmt("%.0f", p.latencyMs()),
					fmt("%s (%.0f req/s)", p.binding().name(), p.binding().throughput()) });
		}
		List<String> lines = new ArrayList<>();
		lines.add("MODEL PROJECTION, NOT A MEASUREMENT");
		lines.add(fmt(
				"what the queueing model predicts for %d cores, %s ms per downstream call, concurrency %d, "
						+ "JMeter and mock-services %s",
				projection.cores(), trim(projection.latencyMs()), projection.concurrency(),
				projection.withHarness() ? "on the same machine" : "elsewhere"));
		lines.add(fmt(
				"from the CPU per request measured in %s (profile %s, %d cores%s); cores assumed as fast as "
						+ "that machine's; the demand at c is interpolated between measured loads, held beyond them",
				folder, run.profile(), run.cores(), (run.commit() != null) ? ", commit " + run.commit() : ""));
		lines.add("");
		lines.addAll(aligned(rows));
		return List.copyOf(lines);
	}

	private static List<String> aligned(List<String[]> rows) {
		int[] widths = new int[HEADERS.length];
		for (String[] row : rows) {
			for (int i = 0; i < row.length; i++) {
				widths[i] = Math.max(widths[i], row[i].length());
			}
		}
		List<String> lines = new ArrayList<>();
		for (String[] row : rows) {
			StringBuilder line = new StringBuilder();
			for (int i = 0; i < row.length; i++) {
				boolean number = i == 4 || i == 6 || i == 7;
				String cell = number ? " ".repeat(widths[i] - row[i].length()) + row[i]
						: row[i] + " ".repeat(widths[i] - row[i].length());
				line.append((i == 0) ? "" : "  ").append(cell);
			}
			lines.add(line.toString().stripTrailing());
		}
		return lines;
	}

	private static String trim(double number) {
		return (number == Math.rint(number)) ? String.valueOf((long) number) : String.valueOf(number);
	}

	private static String fmt(String format, Object... args) {
		return String.format(Locale.ROOT, format, args);
	}

	/**
	 * Runs the command and exits with its code.
	 * @param args {@code <run-folder> <what-if>}, e.g.
	 * {@code target/bench cores=8,latency=50ms,concurrency=2000}
	 */
	public static void main(String[] args) {
		System.exit(new CommandLine(new ProjectCommand()).execute(args));
	}

}
