package dev.twinstack.bench.queueing;

import java.util.ArrayList;
import java.util.List;

/**
 * Exact mean value analysis of a closed, single-class queueing network: requests
 * circulate between clients (think time Z) and the service centres. For n = 1 … N: <pre>
 * R_k(n) = D_k                        (delay centre)
 * R_k(n) = D_k · (1 + Q_k(n − 1))     (queueing centre)
 * X(n)   = n / (Z + Σ R_k(n))         (Little's law on the whole loop)
 * Q_k(n) = X(n) · R_k(n)              (Little's law on centre k)
 * </pre> Sources: M. Reiser and S. S. Lavenberg, "Mean-value analysis of closed
 * multichain queuing networks", J. ACM 27(2), 1980; Lazowska, Zahorjan, Graham and
 * Sevcik, <i>Quantitative System Performance</i> (1984), ch. 6; Jain, <i>The Art of
 * Computer Systems Performance Analysis</i> (1991), ch. 34.
 * <p>
 * A centre of m servers (a CPU's cores) is solved by Seidmann's approximation: a queueing
 * centre of demand D / m followed by a delay centre of demand D (m − 1) / m (A. Seidmann,
 * P. J. Schweitzer and S. Shalev-Oren, "Computerized closed queueing network models of
 * flexible manufacturing systems", Large Scale Systems 12, 1987; in Menascé, Almeida and
 * Dowdy, <i>Performance by Design</i>, 2004). It is exact with one request (R = D) and at
 * saturation (X = m / D). In between it overstates the waiting and understates the
 * throughput. Against the exact M/M/m (Erlang C) its response time is high by at most
 * 12.5 % for m = 2 (at 50 % utilisation: R_Seidmann / R_exact = 1 + ρ(1 − ρ) / 2) and 17
 * % for m = 4 and 8. Against the exact closed M/M/m with N clients and think time Z, for
 * m = 2, 4, 8: X is low by at most 2 % when Z ≥ 10 D, 6 % when Z ≥ 2 D, and 21 % when Z
 * is near 0 and N near m; R is high by at most 17 % when Z ≥ 2 D and 26 % when Z is near
 * 0 (computed in {@code SeidmannTests}). In the bench the downstream wait (100–300 ms)
 * plays Z for the CPU, 20–100 times its demand.
 */
public final class Mva {

	private Mva() {
	}

	/**
	 * What the network does with n requests in it.
	 *
	 * @param population n: requests in the loop (clients of a closed load generator)
	 * @param throughput X(n): requests completed per second (req/s)
	 * @param responseMs R(n): time a request spends at the centres, think time left out
	 * (ms)
	 * @param loads one per centre, in the order given
	 */
	public record Point(int population, double throughput, double responseMs, List<Load> loads) {

		/**
		 * The load of one centre.
		 * @param name the centre's name
		 * @return its load
		 * @throws IllegalArgumentException without such a centre
		 */
		public Load load(String name) {
			return this.loads.stream()
				.filter((load) -> load.centre().equals(name))
				.findFirst()
				.orElseThrow(() -> new IllegalArgumentException("no centre '" + name + "' in " + this.loads));
		}

	}

	/**
	 * The load of one centre at one population.
	 *
	 * @param centre the centre's name
	 * @param utilisation busy share of each server, X · D / m (0–1) for a queueing
	 * centre; for a delay centre the mean number of requests in it, X · D
	 * @param queueLength mean number of requests at the centre, waiting or served
	 * @param residenceMs mean time one request spends there, all visits together (ms)
	 */
	public record Load(String centre, double utilisation, double queueLength, double residenceMs) {
	}

	/**
	 * Solves the network for every population from 1 to {@code maxPopulation}.
	 * @param centres the service centres, with demands in ms per request
	 * @param thinkMs Z: the time a client waits between an answer and its next request
	 * (ms), 0 for a closed load generator without pauses
	 * @param maxPopulation N, at least 1
	 * @return N points, the n-th at index n − 1
	 */
	public static List<Point> solve(List<Centre> centres, double thinkMs, int maxPopulation) {
		if (centres.isEmpty()) {
			throw new IllegalArgumentException("the network needs at least one centre");
		}
		if (!(thinkMs >= 0) || Double.isInfinite(thinkMs)) {
			throw new IllegalArgumentException("think time is " + thinkMs + " ms; expected a finite number >= 0");
		}
		if (maxPopulation < 1) {
			throw new IllegalArgumentException("population is " + maxPopulation + "; expected 1 or more");
		}
		if (thinkMs + centres.stream().mapToDouble(Centre::demandMs).sum() <= 0) {
			throw new IllegalArgumentException("every demand and the think time are 0: nothing bounds the throughput");
		}
		int size = centres.size();
		double[] queued = new double[size]; // Q of each centre's queueing part at n − 1
		List<Point> points = new ArrayList<>(maxPopulation);
		for (int n = 1; n <= maxPopulation; n++) {
			double[] queueingMs = new double[size];
			double responseMs = 0;
			for (int k = 0; k < size; k++) {
				Centre centre = centres.get(k);
				queueingMs[k] = centre.queueingMs() * (1 + queued[k]);
				responseMs += queueingMs[k] + centre.delayMs();
			}
			double perMs = n / (thinkMs + responseMs);
			List<Load> loads = new ArrayList<>(size);
			for (int k = 0; k < size; k++) {
				Centre centre = centres.get(k);
				queued[k] = perMs * queueingMs[k];
				double residenceMs = queueingMs[k] + centre.delayMs();
				double busy = perMs * centre.demandMs() / Math.max(1, centre.servers());
				loads.add(new Load(centre.name(), busy, perMs * residenceMs, residenceMs));
			}
			points.add(new Point(n, perMs * 1000, responseMs, List.copyOf(loads)));
		}
		return List.copyOf(points);
	}

}
