package dev.twinstack.bench.report.queueing;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.twinstack.bench.analysis.Winners;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.results.CellSummary;

/**
 * Every stack of one comparison ranked by its median steady throughput of successful
 * requests, each with its ratio to the best. Two stacks tie by the winners' rule
 * ({@link Winners#decide}: the trials' min–max ranges overlap, or, with one trial, under
 * {@value Winners#NOISE_PERCENT} % apart); a stack that ties with the first of a rank
 * shares its rank. Only valid cells are ranked; the others are named with the reason.
 *
 * @param comparison the workload, load, heap and placement compared
 * @param places the valid cells, best first
 * @param unranked the stacks left out, each with why, in stack order
 */
public record StackRanking(RunModel.Comparison comparison, List<Place> places, List<String> unranked) {

	/**
	 * One ranked stack.
	 *
	 * @param rank 1 for the best; stacks that tie share the rank of the first of them
	 * @param stack the stack's id
	 * @param contender its figures as the winners' rule takes them (successful req/s)
	 * @param cell its cell over the trials
	 * @param ratio its median ÷ the best's median
	 * @param againstBest the rule's call between the best and this stack, {@code null}
	 * for the best itself
	 * @param tiedWith the first stack of its rank when that is not itself, else
	 * {@code null}
	 */
	public record Place(int rank, String stack, Winners.Contender contender, CellSummary cell, double ratio,
			Winners.Call againstBest, String tiedWith) {

		/**
		 * Says where the stack stands against the best.
		 * @return e.g. {@code best}, {@code tie with webflux (within the trial spread)},
		 * {@code 40 % below webflux}
		 */
		String call(String best) {
			if (this.againstBest == null) {
				return "best";
			}
			String below = fmt("%.0f %% below %s", (1 - this.ratio) * 100, best);
			return switch (this.againstBest) {
				case TIE -> "tie with " + best + " (within the trial spread)";
				case CONTESTED -> below + ", but wrk ranks it ahead: no claim";
				default -> below + ((this.tiedWith != null && !this.tiedWith.equals(best))
						? "; tie with " + this.tiedWith + " (within the trial spread)" : "");
			};
		}

	}

	/**
	 * Ranks the stacks of one comparison.
	 * @param comparison the comparison
	 * @param stacks the run's stacks, in order: one without a cell here is named
	 * @return the ranking
	 */
	static StackRanking of(RunModel.Comparison comparison, List<Stack> stacks) {
		List<String> unranked = new ArrayList<>();
		List<CellSummary> valid = new ArrayList<>();
		for (Stack stack : stacks) {
			CellSummary cell = comparison.cells()
				.stream()
				.filter((s) -> s.cell().stack() == stack)
				.findFirst()
				.orElse(null);
			if (cell == null) {
				unranked.add(stack.id() + " (not measured here)");
			}
			else if (cell.health().needsRestart() && cell.throughput().median() == 0) {
				unranked.add(stack.id() + " (its app " + cell.health().status() + ": " + cell.health().cause() + ")");
			}
			else if (!cell.validity().valid()) {
				unranked.add(stack.id() + " (" + fmt("%.0f req/s, ", contender(cell).throughput().median())
						+ cell.validity().label() + ": " + String.join("; ", cell.validity().reasons()) + ")");
			}
			else {
				valid.add(cell);
			}
		}
		List<CellSummary> ranked = valid.stream()
			.sorted(Comparator.comparingDouble((CellSummary s) -> contender(s).throughput().median()).reversed())
			.toList();
		List<Place> places = new ArrayList<>();
		Winners.Contender best = null;
		Winners.Contender first = null;
		int rank = 0;
		for (int i = 0; i < ranked.size(); i++) {
			CellSummary cell = ranked.get(i);
			Winners.Contender contender = contender(cell);
			if (best == null) {
				best = contender;
				first = contender;
				rank = 1;
				places.add(new Place(1, contender.stack(), contender, cell, 1.0, null, null));
				continue;
			}
			if (Winners.decide(List.of(first, contender)).call() == Winners.Call.WIN) {
				first = contender;
				rank = i + 1;
			}
			double ratio = (best.throughput().median() > 0)
					? contender.throughput().median() / best.throughput().median() : 0;
			places.add(new Place(rank, contender.stack(), contender, cell, ratio,
					Winners.decide(List.of(best, contender)).call(),
					first.stack().equals(contender.stack()) ? null : first.stack()));
		}
		return new StackRanking(comparison, List.copyOf(places), List.copyOf(unranked));
	}

	/**
	 * Ranks the comparisons the verdict opens with: per workload, the highest concurrency
	 * of the closed model on the default heap.
	 * @param model the run's model
	 * @param stacks the run's stacks
	 * @return one ranking per such workload, in the model's order
	 */
	public static List<StackRanking> headline(RunModel model, List<Stack> stacks) {
		Map<Workload, RunModel.Comparison> headline = new LinkedHashMap<>();
		for (RunModel.Comparison comparison : model.outcomes()) {
			Cell cell = comparison.cells().get(0).cell();
			if (!cell.heap().isDefault() || cell.load() != LoadModel.CLOSED) {
				continue;
			}
			headline.merge(comparison.workload(), comparison,
					(a, b) -> (b.cells().get(0).cell().concurrency() > a.cells().get(0).cell().concurrency()) ? b : a);
		}
		return headline.values().stream().map((comparison) -> of(comparison, stacks)).toList();
	}

	/**
	 * The comparison in words.
	 * @return e.g. {@code composite-sequential, c=400, default heap, app on 1 core}
	 */
	public String title() {
		return this.comparison.workload().id() + ", " + this.comparison.group();
	}

	/**
	 * The best stack's id.
	 * @return its id, {@code null} when no cell was valid
	 */
	String best() {
		return this.places.isEmpty() ? null : this.places.get(0).stack();
	}

	/**
	 * The ranking as a Markdown list, one line per stack, for the README.
	 * @return e.g. {@code 1. **webflux**: 882 req/s (trials 720–883), best}
	 */
	public List<String> lines() {
		List<String> lines = new ArrayList<>();
		for (Place place : this.places) {
			lines
				.add(place.rank() + ". **" + place.stack() + "**: " + throughput(place) + ((place.againstBest() == null)
						? ", the best" : fmt(", %.2f× the best: ", place.ratio()) + place.call(best())));
		}
		if (!this.unranked.isEmpty()) {
			lines.add("- Not ranked: " + String.join("; ", this.unranked));
		}
		return lines;
	}

	static String throughput(Place place) {
		Winners.Contender c = place.contender();
		return fmt("%.0f req/s", c.throughput().median()) + ((c.throughput().trials() > 1)
				? fmt(" (trials %.0f–%.0f)", c.throughput().min(), c.throughput().max()) : "");
	}

	/**
	 * A cell's figures as the winners' rule takes them: successful requests per second.
	 */
	public static Winners.Contender contender(CellSummary s) {
		return RunModel.contender(s);
	}

}
