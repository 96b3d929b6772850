package dev.twinstack.bench.report;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import dev.twinstack.bench.analysis.capacity.Capacity;
import dev.twinstack.bench.analysis.capacity.RungOutcome;
import dev.twinstack.bench.results.BenchResults;

/**
 * The capacity at the objective as the verdict and the winners grid show it, from
 * results.json's {@code capacity} section: a line per stack, and the stack with the
 * highest capacity against the next one.
 */
public final class CapacityRows {

	private CapacityRows() {
	}

	/**
	 * Returns the line of each stack whose capacity was searched, with the rungs tried,
	 * their confirmation trials and the open-model check when one was tried.
	 * @param results the run
	 * @return e.g.
	 * {@code **mvc**: capacity 589 req/s (passed 2 of 2) at p99 <= 600 ms (broke at 620 in 2 of 2 trials: latency); rungs 150 ✓ · 225 ✓ · 759 ✗ · …; confirmation trials 589 ✓ · 620 ✗; Gatling agrees within ±10 % at 338 and 589 req/s},
	 * empty when the run searched none
	 */
	public static List<String> lines(BenchResults results) {
		return results.capacity().stream().map(CapacityRows::line).toList();
	}

	/**
	 * Returns one stack's line.
	 * @param capacity the stack's search
	 * @return its capacity, rungs and open-model check
	 */
	static String line(Capacity capacity) {
		String gatling = (capacity.gatling() != null) ? "; " + capacity.gatling().line() : "";
		return "**" + capacity.stack() + "**: " + capacity.line() + "; rungs " + rungs(capacity) + gatling;
	}

	/**
	 * Returns the grid's column of the capacity.
	 * @param results the run
	 * @return e.g. {@code capacity, p99 <= 600 ms}, {@code null} when the run searched
	 * none
	 */
	public static String column(BenchResults results) {
		if (results.capacity().isEmpty()) {
			return null;
		}
		return "capacity, " + results.capacity().get(0).objective().replaceFirst(" \\(.*", "");
	}

	/**
	 * Names the stack with the highest capacity and its margin over the next: a tie when
	 * the next one broke above the leader's capacity (the two brackets overlap, so the
	 * search cannot order them).
	 * @param results the run
	 * @return e.g. {@code webflux 589 req/s, +16 % over mvc}, {@code null} when no stack
	 * has a capacity
	 */
	public static String leader(BenchResults results) {
		List<Capacity> found = results.capacity()
			.stream()
			.filter((capacity) -> capacity.capacity() != null)
			.sorted(Comparator.comparingInt(Capacity::capacity).reversed())
			.toList();
		if (found.isEmpty()) {
			return null;
		}
		Capacity best = found.get(0);
		String head = rate(best);
		if (found.size() == 1) {
			return head;
		}
		Capacity next = found.get(1);
		double margin = (double) best.capacity() / next.capacity() - 1;
		boolean overlap = next.brokeAt() == null || next.brokeAt() > best.capacity();
		return overlap ? "tie: " + head + ", " + rate(next) + " (brackets overlap)"
				: head + String.format(Locale.ROOT, ", %+.0f %% over %s", margin * 100, next.stack());
	}

	/**
	 * Words a stack's capacity, a lower bound when its search stopped early, said when no
	 * confirmation trial passed it.
	 * @return e.g. {@code webflux 532 req/s}, {@code coroutines ≥ 414 req/s} or
	 * {@code mvc 393 req/s (unconfirmed)}
	 */
	private static String rate(Capacity capacity) {
		return capacity.stack() + ((capacity.invalid() != null) ? " ≥ " : " ") + capacity.capacity() + " req/s"
				+ (capacity.confirmed() ? "" : " (unconfirmed)");
	}

	/**
	 * Tells whether the leader is a tie.
	 * @param leader {@link #leader}'s text
	 * @return {@code true} for a tie
	 */
	public static boolean tie(String leader) {
		return leader.startsWith("tie: ");
	}

	/**
	 * Lists the rungs in the order run, the confirmation trials after them.
	 */
	private static String rungs(Capacity capacity) {
		String first = marks(capacity.rungs().stream().filter((rung) -> !rung.confirmation()).toList());
		List<Capacity.Rung> confirmations = capacity.rungs().stream().filter(Capacity.Rung::confirmation).toList();
		return confirmations.isEmpty() ? first : first + "; confirmation trials " + marks(confirmations);
	}

	private static String marks(List<Capacity.Rung> rungs) {
		return rungs.stream()
			.map((rung) -> rung.rate() + " " + mark(rung.verdict()))
			.collect(Collectors.joining(" · "));
	}

	private static String mark(RungOutcome.Verdict verdict) {
		return switch (verdict) {
			case PASS -> "✓";
			case FAIL -> "✗";
			case GENERATOR_BOUND -> "(generator-bound)";
		};
	}

}
