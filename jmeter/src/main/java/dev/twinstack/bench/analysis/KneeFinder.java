package dev.twinstack.bench.analysis;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Locates the knee of a concurrency sweep: the level after which more clients stop buying
 * throughput. Walking up the levels, the knee is the last level before the first step
 * whose marginal throughput (Δ req/s per added client) falls below half of the average
 * throughput per client at that level: below it, throughput grows nearly in proportion to
 * concurrency (requests overlap); above it, requests queue (for threads, CPU or
 * connections) and only latency grows.
 */
public final class KneeFinder {

	static final double MARGINAL_SHARE = 0.5;

	private KneeFinder() {
	}

	/**
	 * One level of a sweep.
	 *
	 * @param concurrency the level
	 * @param throughput the median throughput there (req/s)
	 */
	public record Point(int concurrency, double throughput) {
	}

	/**
	 * The knee of a sweep.
	 *
	 * @param concurrency the knee's level, {@code null} when throughput still scaled at
	 * the highest level
	 * @param throughput throughput at the knee (req/s), {@code null} with no knee
	 * @param peakConcurrency the level with the highest throughput
	 * @param peakThroughput the highest throughput (req/s)
	 */
	public record Knee(Integer concurrency, Double throughput, int peakConcurrency, double peakThroughput) {

	}

	/**
	 * Finds the knee.
	 * @param points the sweep, any order, at least three levels
	 * @return the knee, or empty with fewer than three levels
	 */
	public static Optional<Knee> find(List<Point> points) {
		if (points.size() < 3) {
			return Optional.empty();
		}
		List<Point> sorted = points.stream().sorted(Comparator.comparingInt(Point::concurrency)).toList();
		Point peak = sorted.stream().max(Comparator.comparingDouble(Point::throughput)).orElseThrow();
		for (int i = 0; i + 1 < sorted.size(); i++) {
			Point here = sorted.get(i);
			Point next = sorted.get(i + 1);
			double perClient = here.throughput() / here.concurrency();
			double marginal = (next.throughput() - here.throughput()) / (next.concurrency() - here.concurrency());
			if (marginal < MARGINAL_SHARE * perClient) {
				return Optional
					.of(new Knee(here.concurrency(), here.throughput(), peak.concurrency(), peak.throughput()));
			}
		}
		return Optional.of(new Knee(null, null, peak.concurrency(), peak.throughput()));
	}

}
