package dev.twinstack.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.twinstack.bench.results.ResultsFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code publish [<run-folder>] [--repo <folder>]}: puts a finished run's answer on the
 * repository's front page ({@link LatestResult}): its report copied to
 * {@code docs/results/latest/}, its verdict, chart, date, machine and commit between the
 * README's {@code latest-result} markers. Exit codes: 0 written, 1 bad input (one line on
 * stderr, nothing written), 2 bad usage.
 */
@Command(name = "publish",
		description = { "Puts a finished bench run's answer on the README: copies its report (index.html with assets/, "
				+ "report.md, charts/, results.json; no JTLs, recordings, logs or dashboards) into "
				+ LatestResult.FOLDER + "/ with a chart of throughput and p99 per stack (" + LatestResult.CHART + "),",
				"and rewrites README.md between " + LatestResult.BEGIN + " and " + LatestResult.END
						+ " with every stack ranked, that chart, the run's date, machine and commit." })
public class PublishCommand extends CliCommand {

	@Parameters(index = "0", arity = "0..1", paramLabel = "<run-folder>", defaultValue = "target/bench",
			description = "a finished bench run's output folder holding results.json and its report "
					+ "(default: ${DEFAULT-VALUE})")
	private Path runFolder;

	@Option(names = "--repo", paramLabel = "<folder>", defaultValue = ".",
			description = "the repository's root, holding README.md (default: the current folder)")
	private Path repository;

	/**
	 * Publishes the run.
	 * @return the exit code: 0 written, 1 bad input
	 */
	@Override
	public Integer call() {
		if (!Files.isRegularFile(this.repository.resolve("README.md"))) {
			return badInput("no README.md in " + this.repository + ": give the repository's root with --repo");
		}
		try {
			PrintWriter out = out();
			LatestResult.publish(this.runFolder, this.repository).forEach(out::println);
			out.flush();
			return 0;
		}
		catch (ResultsFile.UnreadableResultsException | LatestResult.NotPublishable ex) {
			return badInput(ex.getMessage());
		}
	}

	/**
	 * Runs the command and exits with its code.
	 * @param args {@code [<run-folder>] [--repo <folder>]}
	 */
	public static void main(String[] args) {
		exit(new PublishCommand(), args);
	}

}
