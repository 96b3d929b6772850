package dev.twinstack.bench.report;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.twinstack.bench.measure.threads.PoolKind;
import dev.twinstack.bench.measure.threads.ThreadPlacement;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;

/**
 * "Where the work runs" ({@code threads.md.mustache}): per stack, the thread pools that
 * ran its handler, outbound calls and MongoDB driver ({@link ThreadPlacement}), the
 * warnings where they ran on a pool the stack's model does not intend, and for the
 * virtual-thread stacks the pinning and the carriers' CPU.
 */
final class ThreadsReport {

	private ThreadsReport() {
	}

	/**
	 * Renders the section.
	 * @param results the results
	 * @return Markdown, empty when no cell has a thread placement
	 */
	static String render(BenchResults results) {
		List<CellResult> measured = results.cells().stream().filter((cell) -> cell.threads() != null).toList();
		if (measured.isEmpty()) {
			return "";
		}
		List<Row> rows = new ArrayList<>();
		List<Warning> warnings = new ArrayList<>();
		List<VirtualRow> virtual = new ArrayList<>();
		for (CellResult cell : measured) {
			String stack = cell.cell().stack().id();
			ThreadPlacement threads = cell.threads();
			threads.work()
				.forEach((work) -> rows.add(new Row(stack, cell.cell().id(), work.kind().label(),
						fmt("%,d", work.samples()), pools(work))));
			rows.add(new Row(stack, cell.cell().id(), "*all samples*", fmt("%,d", threads.samples()), ""));
			threads.warnings().forEach((text) -> warnings.add(new Warning(stack, cell.cell().id(), text)));
			if (threads.virtualThreads() != null) {
				virtual.add(virtualRow(stack, cell.cell().id(), threads.virtualThreads()));
			}
		}
		Map<String, Object> view = new LinkedHashMap<>();
		view.put("models", models(measured));
		view.put("warningShare", fmt("%.0f %%", ThreadPlacement.WARNING_SHARE * 100));
		view.put("rows", rows);
		view.put("hasWarnings", !warnings.isEmpty());
		view.put("warnings", warnings);
		view.put("hasVirtual", !virtual.isEmpty());
		view.put("virtual", virtual);
		return MarkdownMustacheFactory.render("threads.md.mustache", view);
	}

	/**
	 * Returns the models of the measured stacks, e.g. {@code platform threads (mvc),
	 * virtual threads (mvc-vt)}.
	 */
	private static String models(List<CellResult> measured) {
		Map<PoolKind, List<String>> byKind = new LinkedHashMap<>();
		measured.stream()
			.map((cell) -> cell.cell().stack())
			.distinct()
			.forEach((stack) -> byKind.computeIfAbsent(PoolKind.intendedFor(stack), (key) -> new ArrayList<>())
				.add(stack.id()));
		return byKind.entrySet()
			.stream()
			.map((entry) -> entry.getKey().label() + " (" + String.join(", ", entry.getValue()) + ")")
			.collect(Collectors.joining(", "));
	}

	private static String pools(ThreadPlacement.Work work) {
		return work.pools()
			.stream()
			.map((pool) -> fmt("`%s` %s %.0f %%", pool.pool(), pool.kind().label(), pool.share() * 100))
			.collect(Collectors.joining(" · "));
	}

	private static VirtualRow virtualRow(String stack, String cell, ThreadPlacement.VirtualThreads vt) {
		return new VirtualRow(stack, cell, fmt("%,d", vt.pinnedEvents()), fmt("%.0f ms", vt.pinnedMs()),
				fmt("%.0f ms", vt.pinnedMaxMs()), fmt("%.0f %%", vt.carrierShare() * 100),
				(vt.carrierCpuCores() != null) ? fmt("%.2f cores", vt.carrierCpuCores()) : JvmCostText.MISSING,
				(vt.appCpuCores() != null) ? fmt("%.2f cores", vt.appCpuCores()) : JvmCostText.MISSING);
	}

	/**
	 * One kind of work of one cell.
	 *
	 * @param stack the stack's id
	 * @param cell the cell's id
	 * @param work the kind of work
	 * @param samples its samples
	 * @param pools the pools with their kinds and shares
	 */
	record Row(String stack, String cell, String work, String samples, String pools) {
	}

	/**
	 * One warning.
	 *
	 * @param stack the stack's id
	 * @param cell the cell's id
	 * @param text the warning
	 */
	record Warning(String stack, String cell, String text) {
	}

	/**
	 * The virtual threads' pinning and carriers of one cell, formatted.
	 *
	 * @param stack the stack's id
	 * @param cell the cell's id
	 * @param pinnedEvents the pinned events
	 * @param pinnedMs their total duration
	 * @param pinnedMaxMs the longest
	 * @param carrierShare the share of samples on the carriers
	 * @param carrierCpu the carriers' CPU
	 * @param appCpu the app's CPU
	 */
	record VirtualRow(String stack, String cell, String pinnedEvents, String pinnedMs, String pinnedMaxMs,
			String carrierShare, String carrierCpu, String appCpu) {
	}

}
