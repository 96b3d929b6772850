package dev.twinstack.bench.compare;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code compare <baseline-folder> <candidate-folder> [-o <folder>]}: compares two bench
 * runs cell by cell and writes report.md, index.html and compare.json. A standalone
 * command for now, written to be registered as a subcommand of a future {@code bench}
 * command. Exit codes: 0 written, 1 bad input (one line on stderr), 2 bad usage.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
		description = {
				"Compares two bench runs (their results.json) cell by cell: throughput, p50, p99, "
						+ "the app's CPU per request, peak heap and peak threads, each with a ratio, an interval "
						+ "from the trials (Welch's t-test on logarithms) and a verdict.",
				"Writes report.md, index.html and compare.json." },
		exitCodeOnInvalidInput = 2, exitCodeOnExecutionException = 1)
public class CompareCommand implements Callable<Integer> {

	@Spec
	private CommandSpec spec;

	@Parameters(index = "0", paramLabel = "<baseline-folder>",
			description = "the run compared against: a bench output folder holding results.json (e.g. target/bench)")
	private Path baseline;

	@Parameters(index = "1", paramLabel = "<candidate-folder>", description = "the run compared with the baseline")
	private Path candidate;

	@Option(names = { "-o", "--output" }, paramLabel = "<folder>",
			description = "where to write the comparison (default: target/compare/<baseline>-vs-<candidate>)")
	private Path output;

	@Option(names = "--confidence", paramLabel = "<level>", defaultValue = "0.95",
			description = "confidence of the intervals, 0.5-0.999 (default: ${DEFAULT-VALUE}): a verdict is "
					+ "better or worse when the interval excludes 1")
	private double confidence;

	/**
	 * Runs the comparison.
	 * @return the exit code: 0 written, 1 bad input
	 */
	@Override
	public Integer call() {
		try {
			if (!(this.confidence >= 0.5 && this.confidence <= 0.999)) {
				throw new CompareException("--confidence must be between 0.5 and 0.999, got " + this.confidence);
			}
			RunRecord base = RunReader.read("baseline", this.baseline);
			RunRecord cand = RunReader.read("candidate", this.candidate);
			Path folder = (this.output != null) ? this.output
					: Path.of("target", "compare", base.name() + "-vs-" + cand.name());
			RunComparison comparison = RunComparer.compare(base, cand, this.confidence);
			CompareReport.write(comparison, folder);
			printSummary(comparison, folder);
			return 0;
		}
		catch (CompareException ex) {
			this.spec.commandLine().getErr().println("compare: " + ex.getMessage());
			return 1;
		}
	}

	private void printSummary(RunComparison comparison, Path folder) {
		var out = this.spec.commandLine().getOut();
		out.println(comparison.candidate().name() + " compared with " + comparison.baseline().name() + ": "
				+ comparison.cells().size() + " cells in both runs, " + comparison.onlyInBaseline().size()
				+ " only in the baseline, " + comparison.onlyInCandidate().size() + " only in the candidate");
		ReportView.of(comparison).summary().forEach((line) -> out.println("  " + line));
		comparison.warnings().forEach((warning) -> out.println("warning: " + warning));
		out.println("wrote " + folder.resolve("report.md") + ", index.html, compare.json");
		out.flush();
	}

	/**
	 * Runs the command and exits with its code.
	 * @param args {@code <baseline-folder> <candidate-folder> [-o <folder>] [--confidence
	 * <level>]}
	 */
	public static void main(String[] args) {
		System.exit(new CommandLine(new CompareCommand()).execute(args));
	}

}
