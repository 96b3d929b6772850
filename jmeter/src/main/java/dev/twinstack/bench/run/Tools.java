package dev.twinstack.bench.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.load.WrkLoad;
import dev.twinstack.bench.process.CpuPlacement;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.Tool;

/**
 * Looks for the optional commands a run would use, once, before it starts: {@code wrk}
 * (the cross-check) and {@code taskset} (the app's own CPUs) on the {@code PATH},
 * {@code jcmd} in the apps' JDK, {@code git} on the {@code PATH} (the commit measured).
 * The bench needs a JDK and nothing else: each missing command turns its feature off,
 * with one console line ({@link #announce}) and one row of the report's settings.
 */
final class Tools {

	static final String CROSS_CHECK = "cross-check";

	static final String PLACEMENT = "placement";

	static final String FULL_GC = "full GC between cells";

	static final String COMMIT = "commit";

	private Tools() {
	}

	/**
	 * Looks for the commands the settings would use; a command a run does not use (wrk
	 * with {@code bench.crossCheck=none}, taskset when every app shares every CPU, jcmd
	 * for remote targets) is not listed.
	 * @param settings the run's settings
	 * @return each command looked for, found or not, in that order
	 */
	static List<Tool> of(BenchSettings settings) {
		List<Tool> tools = new ArrayList<>();
		if (settings.crossChecksWithWrk()) {
			tools.add(WrkLoad.find()
				.map((path) -> Tool.found(CROSS_CHECK, "wrk", path))
				.orElseGet(() -> Tool.missing(CROSS_CHECK, "wrk", WrkLoad.MISSING,
						"JMeter's figures are not checked against a second load generator")));
		}
		boolean remote = settings.targets().remote();
		if (!remote && settings.cells().stream().anyMatch((cell) -> !cell.appCpus().isAll())) {
			Optional<String> reason = CpuPlacement.unavailableReason();
			tools.add(reason.isEmpty()
					? Tool.found(PLACEMENT, "taskset", Tool.onPath("taskset").orElse(Path.of("taskset")))
					: Tool.missing(PLACEMENT, "taskset", reason.get(),
							"the app shares every CPU with JMeter, the mocks and MongoDB (bench.appCpus not "
									+ "applied)"));
		}
		if (!remote && settings.jdk() != null) {
			Path jcmd = settings.jdk().home().resolve("bin").resolve("jcmd");
			tools.add(Files.isExecutable(jcmd) ? Tool.found(FULL_GC, "jcmd", jcmd)
					: Tool.missing(FULL_GC, "jcmd", "jcmd not found in the apps' JDK (" + jcmd + "; a JRE)",
							"no full GC before each memory reading and after each cell: the memory after N "
									+ "requests has no after-GC figure"));
		}
		tools.add(Tool.onPath("git")
			.map((path) -> Tool.found(COMMIT, "git", path))
			.orElseGet(() -> Tool.missing(COMMIT, "git", "git not found on the PATH",
					"the commit recorded is the one the bench was built from, without the working tree's changes")));
		return List.copyOf(tools);
	}

	/**
	 * Prints one line for each command that is missing: what its absence costs.
	 * @param tools the commands looked for
	 */
	static void announce(List<Tool> tools) {
		tools.stream().filter((tool) -> !tool.available()).forEach((tool) -> Console.line(tool.line()));
	}

}
