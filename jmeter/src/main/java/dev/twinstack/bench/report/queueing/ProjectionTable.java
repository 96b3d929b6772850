package dev.twinstack.bench.report.queueing;

import static dev.twinstack.bench.text.Text.fmt;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.twinstack.bench.queueing.Prediction;
import dev.twinstack.bench.queueing.StackDemands;
import dev.twinstack.bench.queueing.WhatIf;
import dev.twinstack.bench.settings.Projection;

/**
 * The what-if of a finished run as plain text: per stack, workload and placement, what
 * the queueing model predicts on the reader's hardware ({@link WhatIf}) from the CPU per
 * request the run measured ({@link RunDemands}) — a model projection, never a measurement
 * — with the model's measured error on the run's cells of the same stack and workload
 * ({@link ErrorBar}) and where the what-if leaves the range it was checked on.
 */
public final class ProjectionTable {

	private static final String[] HEADERS = { "stack", "workload", "CPU measured at", "cores", "downstream ms",
			"CPU per request used", "req/s", "mean ms", "binding ceiling", "model's error on this run" };

	private ProjectionTable() {
	}

	/**
	 * The projection in plain text: a heading that says what it is, then one aligned row
	 * per stack, workload and placement.
	 * @param run the run's demands
	 * @param folder where the run was read from
	 * @param projection the reader's hardware
	 * @return the lines to print
	 */
	public static List<String> lines(RunDemands run, Path folder, Projection projection) {
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
					fmt("%s (%.0f req/s)", p.binding().name(), p.binding().throughput()),
					ErrorBar.describe(run.checks(entry.stack(), entry.workload())) });
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
		lines.add("");
		lines.add(ErrorBar.range(whatIf, run.stacks().stream().map((e) -> e.demands().base()).toList(),
				run.checks().stream().map(RunDemands.Check::concurrency).toList()));
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

}
