package dev.twinstack.bench.queueing;

import java.util.List;

import org.apache.commons.math3.analysis.UnivariateFunction;
import org.apache.commons.math3.analysis.solvers.BrentSolver;

/**
 * The bench's closed model with bursty arrivals: every queueing centre's wait lengthened
 * by the variability of what arrives there, which mean value analysis takes as random
 * (Poisson-like). Kingman's heavy-traffic approximation of the G/G/1 queue (J. F. C.
 * Kingman, "The single server queue in heavy traffic", Proc. Cambridge Philos. Soc. 57,
 * 1961), as Allen and Cunneen carry it to m servers (A. O. Allen, <i>Probability,
 * Statistics, and Queueing Theory</i>, 2nd ed., 1990, §6.4): <pre>
 * W = (c_a² + c_s²) / 2 · W(M/M)
 * </pre> with c_a² the arrivals' squared coefficient of variation and c_s² the service
 * times', 1 each for M/M. Here c_s² = 1 (exponential service, the model's own assumption)
 * and c_a² is the index of dispersion of the sends (variance ÷ mean of the counts per
 * window), which for a renewal stream tends to c_a² (Cox and Lewis, <i>The Statistical
 * Analysis of Series of Events</i>, 1966). With no think time the loop is solved for its
 * throughput X by Little's law, X · R(X) = N, where <pre>
 * R(X) = Σ delays + Σ_k [ D_k + f · (D_k / m_k) · (N − 1) / N · U_k / (1 − U_k) ]
 * U_k  = X · D_k / m_k
 * </pre> each m-server CPU split as Seidmann splits it in {@link Mva} (a queue of D / m,
 * a delay of D (m − 1) / m), f = (1 + dispersion) / 2, and a request arriving at a queue
 * finding the other N − 1 requests' share of it, Schweitzer's approximation of the
 * arrival theorem (P. J. Schweitzer, "Approximate analysis of multiclass closed networks
 * of queueing systems", 1979): exact with one request. With f = 1 this fixed point lies
 * within 4 % of exact mean value analysis where the delays are a hundred times the CPU
 * (the bench), and up to 12 % below it with a few clients whose demands match their think
 * time (Jain's Example 34.2; {@code BurstsTests}). The worker threads, when limited, hold
 * at most T requests: X(N) = X(min(N, T)), as in {@link ClosedModel} without think time.
 * The root is found by Brent's method (Commons Math).
 */
public final class Bursts {

	private Bursts() {
	}

	/**
	 * The factor on every queueing centre's wait: (c_a² + c_s²) / 2 with c_s² = 1.
	 * @param dispersion the sends' index of dispersion (1 for random arrivals), at least
	 * 0
	 * @return (1 + dispersion) / 2
	 * @throws IllegalArgumentException when {@code dispersion} is negative or not finite
	 */
	public static double factor(double dispersion) {
		if (!(dispersion >= 0) || Double.isInfinite(dispersion)) {
			throw new IllegalArgumentException(
					"index of dispersion is " + dispersion + "; expected a finite number >= 0 (1 for random arrivals)");
		}
		return (1 + dispersion) / 2;
	}

	/**
	 * The mean wait in the queue of one server whose arrivals and service vary as
	 * {@code factor} says: f · D · U / (1 − U), the M/M/1 wait scaled.
	 * @param demandMs the service time (ms)
	 * @param utilisation U, from 0 to below 1
	 * @param factor f, (c_a² + c_s²) / 2
	 * @return ms; infinite at U ≥ 1
	 */
	static double waitMs(double demandMs, double utilisation, double factor) {
		if (utilisation >= 1) {
			return Double.POSITIVE_INFINITY;
		}
		return factor * demandMs * utilisation / (1 - utilisation);
	}

	/**
	 * The closed bench's throughput with these bursts.
	 * @param model the closed model, without think time
	 * @param population N, the clients, at least 1
	 * @param dispersion the sends' index of dispersion, at least 0
	 * @return X(N) (req/s)
	 * @throws IllegalArgumentException when the model has think time, N &lt; 1 or the
	 * dispersion is not a finite number &ge; 0
	 */
	public static double throughput(ClosedModel model, int population, double dispersion) {
		if (model.thinkMs() != 0) {
			throw new IllegalArgumentException(
					"think time is " + model.thinkMs() + " ms; expected 0 (the bench's loop)");
		}
		if (population < 1) {
			throw new IllegalArgumentException("concurrency is " + population + "; expected 1 or more");
		}
		double f = factor(dispersion);
		int inside = (model.threads() == ClosedModel.NO_LIMIT) ? population : Math.min(population, model.threads());
		List<Centre> centres = model.centres();
		double capacity = centres.stream()
			.filter((c) -> !c.isDelay() && c.demandMs() > 0)
			.mapToDouble((c) -> c.servers() / c.demandMs())
			.min()
			.orElse(Double.POSITIVE_INFINITY);
		double seen = (inside - 1) / (double) inside;
		double alone = responseMs(centres, 0, f, seen);
		if (!(alone > 0)) {
			throw new IllegalArgumentException("the model's centres demand " + alone + " ms; expected more than 0");
		}
		if (inside == 1) {
			return 1000 / alone;
		}
		// X · R(X) rises with X from 0 to ∞ below the capacity: one root, bracketed by 0
		// and the lower of the capacity and N over R(0) (where R only grows)
		UnivariateFunction excess = (perMs) -> perMs * responseMs(centres, perMs, f, seen) - inside;
		double high = Math.min(capacity * (1 - 1e-9), inside / alone * (1 + 1e-9));
		return new BrentSolver(1e-12).solve(1000, excess, 0, high) * 1000;
	}

	/**
	 * R(X) in ms, X in requests per ms; {@code seen} the share of each queue an arrival
	 * finds, (N − 1) / N.
	 */
	private static double responseMs(List<Centre> centres, double perMs, double factor, double seen) {
		double total = 0;
		for (Centre centre : centres) {
			total += centre.demandMs();
			if (!centre.isDelay()) {
				double queueing = centre.queueingMs();
				total += seen * waitMs(queueing, perMs * queueing, factor);
			}
		}
		return total;
	}

}
