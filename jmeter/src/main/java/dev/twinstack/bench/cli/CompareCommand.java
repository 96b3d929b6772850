package dev.twinstack.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;

import dev.twinstack.bench.compare.CompareException;
import dev.twinstack.bench.compare.RunComparer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code compare <baseline-folder> <candidate-folder> [-o <folder>]}: compares two bench
 * runs cell by cell ({@link RunComparer}) and writes report.md, index.html and
 * compare.json. Exit codes: 0 written, 1 bad input (one line on stderr), 2 bad usage.
 */
@Command(name = "compare",
		description = {
				"Compares two bench runs (their results.json) cell by cell: throughput, p50, p99, "
						+ "the app's CPU per request, peak heap and peak threads, each with a ratio, an interval "
						+ "from the trials (Welch's t-test on logarithms) and a verdict.",
				"Writes report.md, index.html and compare.json." })
public class CompareCommand extends CliCommand {

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
			PrintWriter out = out();
			RunComparer.compareFolders(this.baseline, this.candidate, this.output, this.confidence)
				.forEach(out::println);
			out.flush();
			return 0;
		}
		catch (CompareException ex) {
			return badInput(ex.getMessage());
		}
	}

	/**
	 * Runs the command and exits with its code.
	 * @param args {@code <baseline-folder> <candidate-folder> [-o <folder>] [--confidence
	 * <level>]}
	 */
	public static void main(String[] args) {
		exit(new CompareCommand(), args);
	}

}
