package dev.twinstack.bench.queueing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A closed system as the bench loads it: clients, service centres and, optionally, a pool
 * of worker threads that each hold one request for its whole stay at the centres
 * (Tomcat's {@code server.tomcat.threads.max}, 200 by default). Requests beyond the
 * threads wait outside, in the accept queue, and take no service there.
 * <p>
 * The thread limit is solved as Lazowska et al. solve a memory constraint
 * (<i>Quantitative System Performance</i>, 1984, ch. 8 flow equivalence and ch. 9
 * memory): the centres are replaced by one flow-equivalent server whose rate with k
 * requests present is the centres' own throughput with min(k, T) of them inside, X(min(k,
 * T)) from {@link Mva} without think time; that server and the clients' think time form a
 * product-form network solved exactly. Without think time (the bench) this is X(N) =
 * X(min(N, T)) and R(N) = N / X(N) by Little's law: the threads hold T requests, the
 * other N − T wait. The method is an approximation in general (the flow-equivalent server
 * assumes the centres settle between arrivals), exact for a single queueing centre and
 * for a delay centre, where T threads are T servers.
 *
 * @param centres the service centres, every one inside the thread limit
 * @param thinkMs the clients' think time Z (ms), 0 for the bench's closed model
 * @param threads worker threads T, {@value #NO_LIMIT} for no limit
 */
public record ClosedModel(List<Centre> centres, double thinkMs, int threads) {

	/** No worker-thread limit. */
	public static final int NO_LIMIT = 0;

	/** The name of the Little's-law bound of the clients' concurrency. */
	public static final String CONCURRENCY = "concurrency";

	/** The name of the worker threads' bound and load. */
	public static final String THREADS = "threads";

	public ClosedModel {
		centres = List.copyOf(centres);
		if (threads < 0) {
			throw new IllegalArgumentException("thread limit is " + threads + "; expected 0 (none) or more");
		}
	}

	/**
	 * Solves the model for every concurrency from 1 to {@code maxPopulation}.
	 * @param maxPopulation N, at least 1
	 * @return N points, the n-th at index n − 1; with a thread limit each ends with the
	 * load {@value #THREADS}: the threads' busy share, the requests waiting for one and
	 * their wait (ms)
	 */
	public List<Mva.Point> solve(int maxPopulation) {
		if (this.threads == NO_LIMIT || maxPopulation < 1) {
			return Mva.solve(this.centres, this.thinkMs, maxPopulation);
		}
		List<Mva.Point> inside = Mva.solve(this.centres, 0, Math.min(this.threads, maxPopulation));
		List<Mva.Point> points = new ArrayList<>(maxPopulation);
		for (int n = 1; n <= maxPopulation; n++) {
			points.add(limited(n, inside));
		}
		return List.copyOf(points);
	}

	/**
	 * The asymptotic bounds at a concurrency, see {@link Bound}.
	 * @param population N
	 * @return Little's law on the concurrency first, then the threads, then each queueing
	 * centre with a demand
	 */
	public List<Bound> bounds(int population) {
		double totalMs = this.centres.stream().mapToDouble(Centre::demandMs).sum();
		List<Bound> bounds = new ArrayList<>();
		bounds.add(new Bound(CONCURRENCY, population * 1000 / (totalMs + this.thinkMs)));
		if (this.threads != NO_LIMIT) {
			bounds.add(new Bound(THREADS, this.threads * 1000 / totalMs));
		}
		for (Centre centre : this.centres) {
			if (!centre.isDelay() && centre.demandMs() > 0) {
				bounds.add(new Bound(centre.name(), centre.servers() * 1000 / centre.demandMs()));
			}
		}
		return List.copyOf(bounds);
	}

	/**
	 * Predicts throughput, latency and the binding bound at each concurrency.
	 * @param populations the concurrencies, each at least 1
	 * @return one prediction per concurrency, in the order given
	 */
	public List<Prediction> predict(int... populations) {
		int max = 0;
		for (int population : populations) {
			if (population < 1) {
				throw new IllegalArgumentException("concurrency is " + population + "; expected 1 or more");
			}
			max = Math.max(max, population);
		}
		List<Mva.Point> points = (max > 0) ? solve(max) : List.of();
		List<Prediction> predictions = new ArrayList<>(populations.length);
		for (int population : populations) {
			Mva.Point point = points.get(population - 1);
			List<Bound> bounds = bounds(population);
			Bound binding = bounds.stream().min(Comparator.comparingDouble(Bound::throughput)).orElseThrow();
			predictions.add(
					new Prediction(population, point.throughput(), point.responseMs(), binding, bounds, point.loads()));
		}
		return List.copyOf(predictions);
	}

	private Mva.Point limited(int n, List<Mva.Point> inside) {
		double[] present = presentAtCentres(n, inside);
		double perSecond = 0;
		double threadsBusy = 0;
		double waiting = 0;
		double[] queued = new double[this.centres.size()];
		for (int k = 1; k <= n; k++) {
			if (present[k] == 0) {
				continue;
			}
			Mva.Point at = inside.get(Math.min(k, this.threads) - 1);
			perSecond += present[k] * at.throughput();
			threadsBusy += present[k] * Math.min(k, this.threads);
			waiting += present[k] * Math.max(0, k - this.threads);
			for (int c = 0; c < queued.length; c++) {
				queued[c] += present[k] * at.loads().get(c).queueLength();
			}
		}
		List<Mva.Load> loads = new ArrayList<>(queued.length + 1);
		for (int c = 0; c < queued.length; c++) {
			Centre centre = this.centres.get(c);
			double busy = perSecond * centre.demandMs() / 1000 / Math.max(1, centre.servers());
			loads.add(new Mva.Load(centre.name(), busy, queued[c], queued[c] * 1000 / perSecond));
		}
		loads.add(new Mva.Load(THREADS, threadsBusy / this.threads, waiting, waiting * 1000 / perSecond));
		return new Mva.Point(n, perSecond, n * 1000 / perSecond - this.thinkMs, List.copyOf(loads));
	}

	/**
	 * The probability that k of the n requests are at the centres (the rest thinking),
	 * from the product form of the clients (a delay of Z) and the flow-equivalent server:
	 * p(k) ∝ Z^(n−k) / (n−k)! · Π_{i=1..k} 1 / X(min(i, T)), in logarithms.
	 */
	private double[] presentAtCentres(int n, List<Mva.Point> inside) {
		double[] p = new double[n + 1];
		if (this.thinkMs == 0) {
			p[n] = 1;
			return p;
		}
		double[] logFactorial = new double[n + 1];
		for (int j = 1; j <= n; j++) {
			logFactorial[j] = logFactorial[j - 1] + Math.log(j);
		}
		double logRates = 0;
		double max = Double.NEGATIVE_INFINITY;
		for (int k = 0; k <= n; k++) {
			if (k > 0) {
				logRates += Math.log(inside.get(Math.min(k, this.threads) - 1).throughput() / 1000);
			}
			p[k] = (n - k) * Math.log(this.thinkMs) - logFactorial[n - k] - logRates;
			max = Math.max(max, p[k]);
		}
		double sum = 0;
		for (int k = 0; k <= n; k++) {
			p[k] = Math.exp(p[k] - max);
			sum += p[k];
		}
		for (int k = 0; k <= n; k++) {
			p[k] /= sum;
		}
		return p;
	}

}
