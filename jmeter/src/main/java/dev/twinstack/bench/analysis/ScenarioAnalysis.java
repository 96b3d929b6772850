package dev.twinstack.bench.analysis;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

import dev.twinstack.bench.matrix.Scenario;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.AppHealth;

/**
 * Writes the short analysis of one comparison (one workload, load and heap, every stack):
 * who won on throughput, p99, heap and threads, by how much, and why in terms of the
 * ceilings.
 */
public final class ScenarioAnalysis {

	/** Differences below this share are called a tie: noise on a shared machine. */
	static final double TIE = 0.05;

	private ScenarioAnalysis() {
	}

	/**
	 * The median figures of one stack in the comparison.
	 *
	 * @param stack the stack
	 * @param throughput requests per second (req/s)
	 * @param p50Ms median latency (ms)
	 * @param p99Ms 99th percentile latency (ms)
	 * @param peakHeapMb peak heap used (MB), {@code null} when not sampled
	 * @param peakThreads peak live platform threads, {@code null} when not sampled
	 * @param cpuMsPerRequest the app's CPU time per request (ms of one core),
	 * {@code null} when not measured
	 * @param ceiling the cell's ceiling (fields {@code null} when not I/O-bound)
	 * @param validity the cell's validity
	 * @param health what became of the app ({@code ok} normally)
	 * @param transferKBps received KB per second, {@code null} when not relevant
	 */
	public record Figures(Stack stack, double throughput, double p50Ms, double p99Ms, Double peakHeapMb,
			Double peakThreads, Double cpuMsPerRequest, Ceiling ceiling, Validity validity, AppHealth health,
			Double transferKBps) {
	}

	/**
	 * Writes the analysis.
	 * @param workload the workload compared
	 * @param what the load and heap in words, e.g. {@code c=400, default heap}
	 * @param figures one entry per stack, at least one
	 * @return Markdown text, a few sentences
	 */
	public static String write(Workload workload, String what, List<Figures> figures) {
		StringBuilder text = new StringBuilder();
		text.append("**").append(workload.id()).append(", ").append(what).append(".** ");
		// an app that ran out of memory or crashed answered errors or nothing: its
		// figures are not compared with those of the apps that stayed up
		List<Figures> down = figures.stream().filter((f) -> f.health() != null && f.health().needsRestart()).toList();
		List<Figures> up = figures.stream().filter((f) -> !down.contains(f)).toList();
		down.forEach((f) -> text.append(f.stack().id())
			.append(" did not stay up: ")
			.append(f.health().status())
			.append(" (")
			.append(f.health().cause())
			.append("), so its figures are left out of the comparison. "));
		if (up.size() == 1 && !down.isEmpty()) {
			Figures alone = up.get(0);
			text.append(alone.stack().id())
				.append(fmt(" alone stayed up: %.0f req/s, p99 %.0f ms", alone.throughput(), alone.p99Ms()))
				.append((alone.peakHeapMb() != null) ? fmt(", peak heap %.0f MB", alone.peakHeapMb()) : "")
				.append(". ");
		}
		text.append(compare(workload, up));
		figures.stream()
			.filter((f) -> !f.validity().valid())
			.forEach((f) -> text.append("Caution: the ")
				.append(f.stack().id())
				.append(" cell is invalid (")
				.append(String.join("; ", f.validity().reasons()))
				.append("). "));
		figures.stream()
			.filter((f) -> !f.validity().warnings().isEmpty())
			.forEach((f) -> text.append("Caution for the ")
				.append(f.stack().id())
				.append(" cell: ")
				.append(String.join("; ", f.validity().warnings()))
				.append(". "));
		return text.toString().trim();
	}

	private static String compare(Workload workload, List<Figures> figures) {
		if (figures.isEmpty()) {
			return "";
		}
		StringBuilder text = new StringBuilder();
		if (figures.size() > 1) {
			text.append(lead("Throughput", figures, Figures::throughput, true, "%.0f req/s"));
			text.append(lead("p99", figures, Figures::p99Ms, false, "%.0f ms"));
			if (figures.stream().allMatch((f) -> f.peakHeapMb() != null)) {
				text.append(lead("Peak heap", figures, Figures::peakHeapMb, false, "%.0f MB"));
			}
			if (figures.stream().allMatch((f) -> f.peakThreads() != null)) {
				text.append(lead("Peak live threads", figures, Figures::peakThreads, false, "%.0f"));
				if (figures.stream().anyMatch((f) -> f.stack().virtualThreads())) {
					text.append("(Virtual threads are not live threads: the JVM counts platform threads only.) ");
				}
			}
			if (figures.stream().allMatch((f) -> f.cpuMsPerRequest() != null)) {
				text.append(lead("App CPU per request", figures, Figures::cpuMsPerRequest, false, "%.2f ms"));
			}
		}
		if (workload.scenario() == Scenario.LARGE_PAYLOAD) {
			text.append("Transfer rate: ")
				.append(figures.stream()
					.filter((f) -> f.transferKBps() != null)
					.map((f) -> f.stack().id() + fmt(" %,.0f KB/s", f.transferKBps()))
					.collect(Collectors.joining(", ")))
				.append(". ");
		}
		text.append(why(workload, figures));
		return text.toString();
	}

	private static String why(Workload workload, List<Figures> figures) {
		StringBuilder why = new StringBuilder("Why: ");
		if (!workload.ioBound()) {
			why.append("no downstream wait, so no Little's-law ceiling: each request costs CPU only and every stack ")
				.append("is bound by the CPU per request; on a shared machine a gap under ")
				.append(fmt("%.0f", TIE * 100))
				.append(" % is noise. ");
		}
		else {
			for (Figures f : figures) {
				Ceiling c = f.ceiling();
				if (c.ceiling() == null) {
					continue;
				}
				why.append(f.stack().id()).append(' ').append(switch (c.boundBy()) {
					case "threads" ->
						fmt("is capped by its %d worker threads (thread ceiling %.0f req/s = %d / %.0f ms)",
								c.threadCap(), c.threadCeiling(), c.threadCap(), c.idealLatencyMs());
					case "rate" -> fmt("was offered %.0f req/s (open model)", c.ceiling());
					case "cpu" -> fmt("is bound by the CPU (utilization-law ceiling %.0f req/s, below its Little's-law "
							+ "ceiling %.0f req/s)", c.cpuCeiling(), c.concurrencyCeiling());
					default -> fmt("is bound by concurrency (Little's-law ceiling %.0f req/s at %.0f ms ideal latency)",
							c.concurrencyCeiling(), c.idealLatencyMs());
				}).append(fmt(" and reached %.0f %% of it", c.efficiency() * 100)).append("; ");
			}
			if (why.toString().endsWith("; ")) {
				why.setLength(why.length() - 2);
				why.append(". ");
			}
			boolean belowCeiling = figures.stream()
				.anyMatch((f) -> f.ceiling().efficiency() != null && f.ceiling().efficiency() < 0.9);
			boolean cpuLimited = figures.stream().anyMatch((f) -> f.validity().cpuLimited());
			if (belowCeiling && cpuLimited) {
				why.append("The machine's CPU was the limit (at least ")
					.append(Validity.MACHINE_LIMIT_PERCENT)
					.append(" % busy with the apps, mocks and JMeter on it): efficiency below 90 % is the box's, ")
					.append("not the stack's model, and the stack that spends less CPU per request gets more ")
					.append("requests out of the same cores. ");
			}
			else if (belowCeiling) {
				why.append("Below 90 % without the machine at ")
					.append(Validity.MACHINE_LIMIT_PERCENT)
					.append(" % CPU, the requests waited somewhere the ceilings do not count: ");
				figures.stream()
					.filter((f) -> f.ceiling().efficiency() != null && f.ceiling().efficiency() < 0.9
							&& f.ceiling().idealLatencyMs() != null)
					.forEach((f) -> why
						.append(fmt("%s's p50 was %.0f ms against an ideal %.0f ms (%+.0f ms); ", f.stack().id(),
								f.p50Ms(), f.ceiling().idealLatencyMs(), f.p50Ms() - f.ceiling().idealLatencyMs())));
				why.append("on a shared machine close to busy that is queueing for a core at every hop ")
					.append("(compare the CPU shares), otherwise look at its p99 and peak threads. ");
			}
		}
		return why.toString();
	}

	private static String lead(String measure, List<Figures> figures, ToDoubleFunction<Figures> value,
			boolean higherWins, String format) {
		Comparator<Figures> order = Comparator.comparingDouble(value);
		List<Figures> ranked = figures.stream().sorted(higherWins ? order.reversed() : order).toList();
		Figures best = ranked.get(0);
		double bestValue = value.applyAsDouble(best);
		boolean tie = ranked.stream().allMatch((f) -> relativeGap(bestValue, value.applyAsDouble(f)) < TIE);
		String others = ranked.subList(1, ranked.size())
			.stream()
			.map((f) -> f.stack().id() + " " + fmt(format, value.applyAsDouble(f))
					+ ratio(bestValue, value.applyAsDouble(f), higherWins))
			.collect(Collectors.joining(", "));
		if (tie) {
			return measure + ": a tie within " + fmt("%.0f", TIE * 100) + " % (" + best.stack().id() + " "
					+ fmt(format, bestValue) + ", " + others + "). ";
		}
		return measure + ": " + best.stack().id() + " best with " + fmt(format, bestValue) + " (" + others + "). ";
	}

	private static String ratio(double best, double other, boolean higherWins) {
		if (best == 0 || other == 0) {
			return "";
		}
		double factor = higherWins ? best / other : other / best;
		return fmt(", %.2f×", factor);
	}

	private static double relativeGap(double a, double b) {
		double larger = Math.max(Math.abs(a), Math.abs(b));
		return (larger == 0) ? 0 : Math.abs(a - b) / larger;
	}

}
