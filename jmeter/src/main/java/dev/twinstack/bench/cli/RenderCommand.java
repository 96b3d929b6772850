package dev.twinstack.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

import dev.twinstack.bench.report.ReportFiles;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.ResultsFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code render <run-folder> [-o <folder>]}: renders a bench run's report again from its
 * folder alone ({@code results.json} and the cells' {@code metrics.csv} files), through
 * the code the bench renders it with ({@link ReportFiles}): after a change to a template,
 * a chart or a section, or to read an old run with today's report. {@code results.json}
 * itself is never written. Exit codes: 0 written, 1 bad input (one line on stderr), 2 bad
 * usage.
 */
@Command(name = "render",
		description = {
				"Renders a bench run's report again from its folder: results.json and the cells' metrics.csv files.",
				"Writes report.md, index.html (with assets/) and charts/*.png; results.json is only read." })
public class RenderCommand extends CliCommand {

	@Parameters(index = "0", paramLabel = "<run-folder>",
			description = "a bench run's output folder holding results.json (e.g. target/bench)")
	private Path runFolder;

	@Option(names = { "-o", "--out" }, paramLabel = "<folder>",
			description = "where to write the report (default: the run folder itself); its links to the runs' "
					+ "files (JTLs, logs, recordings) stay relative to the run folder")
	private Path out;

	/**
	 * Renders the report.
	 * @return the exit code: 0 written, 1 bad input
	 */
	@Override
	public Integer call() {
		try {
			BenchResults results = ResultsFile.read(this.runFolder);
			List<String> missing = ReportFiles.missingSeries(results, this.runFolder);
			if (!missing.isEmpty()) {
				err().println("render: warning: " + missing.size() + " time series missing from " + this.runFolder
						+ ", their charts are drawn without them: " + String.join(", ", missing));
				err().flush();
			}
			Path folder = (this.out != null) ? this.out : this.runFolder;
			Path report = ReportFiles.render(results, this.runFolder, folder);
			PrintWriter stdout = out();
			stdout.println("wrote " + report + ", " + folder.resolve("index.html") + " and " + folder.resolve("charts")
					+ "/ from " + this.runFolder.resolve(ResultsFile.NAME));
			stdout.flush();
			return 0;
		}
		catch (ResultsFile.UnreadableResultsException ex) {
			return badInput(ex.getMessage());
		}
	}

	/**
	 * Runs the command and exits with its code.
	 * @param args {@code <run-folder> [-o <folder>]}
	 */
	public static void main(String[] args) {
		exit(new RenderCommand(), args);
	}

}
