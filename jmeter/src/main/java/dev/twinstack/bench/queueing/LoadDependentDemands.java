package dev.twinstack.bench.queueing;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * A stack's CPU demands as a function of the load: the CPU per request of the app and of
 * the harness measured at several concurrencies, and the closed model they make at any
 * other. They differ with the load, so one constant demand cannot predict every load
 * (docs/design.md, "Load-dependent demands in the model").
 * <p>
 * A demand that depends on the number of requests in the system is a load-dependent
 * service demand (Menascé, Almeida and Dowdy, <i>Performance by Design</i>, 2004, on
 * load-dependent devices; Reiser and Lavenberg, J. ACM 27(2), 1980, where a centre's rate
 * depends on the requests at that centre). Here it depends on the population N of the
 * closed system, which is the clients' concurrency and does not change while the system
 * runs: at each N the network is therefore an ordinary product-form network with demands
 * D(N), solved exactly by {@link Mva} (the recursion over 1 … N is a device of the
 * solution, not a history of the load). So the constant-demand model is the special case
 * of one measured load, and at a measured concurrency the model predicts exactly what the
 * constant model fed with that load's demands predicts.
 * <p>
 * Between two measured concurrencies N<sub>1</sub> &lt; N &lt; N<sub>2</sub> each demand
 * is interpolated log-linearly: ln D linear in ln N, D(N) = D<sub>1</sub> · (N /
 * N<sub>1</sub>)<sup>ln(D<sub>2</sub> / D<sub>1</sub>) / ln(N<sub>2</sub> /
 * N<sub>1</sub>)</sup>, a power law through both points (linear in ln N where either
 * demand is 0). Below the lowest and above the highest measured concurrency it is held
 * constant at the nearest measurement: the model does not extrapolate a trend it has not
 * seen.
 *
 * @param base the demands of the lowest measured load: everything but the CPU per request
 * (calls, latency, other delay, cores, threads) is taken from it
 * @param loads the CPU per request at each measured concurrency, at least one; sorted by
 * concurrency, one per concurrency
 */
public record LoadDependentDemands(StackDemands base, List<MeasuredLoad> loads) {

	/**
	 * The CPU per request measured at one load.
	 *
	 * @param concurrency the clients of the closed load it was measured at, at least 1
	 * @param appCpuMs the app's CPU per request there (ms of one core)
	 * @param harnessCpuMs JMeter's and mock-services' CPU per request there (ms)
	 */
	public record MeasuredLoad(int concurrency, double appCpuMs, double harnessCpuMs) {

		public MeasuredLoad {
			if (concurrency < 1 || !(appCpuMs >= 0) || Double.isInfinite(appCpuMs) || !(harnessCpuMs >= 0)
					|| Double.isInfinite(harnessCpuMs)) {
				throw new IllegalArgumentException("measured load c=" + concurrency + ", app CPU " + appCpuMs
						+ " ms, harness CPU " + harnessCpuMs + " ms; expected c >= 1 and finite CPU ms >= 0");
			}
		}

	}

	public LoadDependentDemands {
		if (base == null || loads == null || loads.isEmpty()) {
			throw new IllegalArgumentException("load-dependent demands need the base demands and at least one load");
		}
		List<MeasuredLoad> sorted = new ArrayList<>(loads);
		sorted.sort(Comparator.comparingInt(MeasuredLoad::concurrency));
		for (int i = 1; i < sorted.size(); i++) {
			if (sorted.get(i).concurrency() == sorted.get(i - 1).concurrency()) {
				throw new IllegalArgumentException("stack " + base.stack() + ": two loads measured at c="
						+ sorted.get(i).concurrency() + "; expected one per concurrency");
			}
		}
		loads = List.copyOf(sorted);
	}

	/**
	 * The constant-demand case: the CPU per request of {@code demands} at every load.
	 * @param demands the demands
	 * @param concurrency where they were measured
	 * @return the demands as a one-load curve
	 */
	public static LoadDependentDemands constant(StackDemands demands, int concurrency) {
		return new LoadDependentDemands(demands,
				List.of(new MeasuredLoad(concurrency, demands.appCpuMs(), demands.harnessCpuMs())));
	}

	/**
	 * The demands at a concurrency, the CPU per request interpolated as above.
	 * @param population N, the clients, at least 1
	 * @return the base demands with the CPU per request at N
	 */
	public StackDemands at(int population) {
		if (population < 1) {
			throw new IllegalArgumentException("concurrency is " + population + "; expected 1 or more");
		}
		return this.base.withCpu(interpolate(population, MeasuredLoad::appCpuMs),
				interpolate(population, MeasuredLoad::harnessCpuMs));
	}

	/**
	 * Predicts the closed bench at each concurrency, each with the demands at that
	 * concurrency.
	 * @param concurrencies the clients, each at least 1
	 * @return one prediction per concurrency, in the order given
	 */
	public List<Prediction> predict(int... concurrencies) {
		List<Prediction> predictions = new ArrayList<>(concurrencies.length);
		for (int concurrency : concurrencies) {
			predictions.add(at(concurrency).predict(concurrency).get(0));
		}
		return List.copyOf(predictions);
	}

	/**
	 * Says which measurement the demand at a concurrency comes from.
	 * @param population N
	 * @return e.g. {@code c=400}, {@code c=50–400 interpolated},
	 * {@code c=400 (held beyond)} or {@code c=50 (held below)}
	 */
	public String source(int population) {
		MeasuredLoad first = this.loads.get(0);
		MeasuredLoad last = this.loads.get(this.loads.size() - 1);
		if (population < first.concurrency()) {
			return "c=" + first.concurrency() + " (held below)";
		}
		if (population > last.concurrency()) {
			return "c=" + last.concurrency() + " (held beyond)";
		}
		for (int i = 0; i < this.loads.size(); i++) {
			MeasuredLoad load = this.loads.get(i);
			if (load.concurrency() == population) {
				return "c=" + population;
			}
			if (load.concurrency() > population) {
				return "c=" + this.loads.get(i - 1).concurrency() + "–" + load.concurrency() + " interpolated";
			}
		}
		throw new IllegalStateException("unreachable: c=" + population + " within " + this.loads);
	}

	/**
	 * The demand used at a concurrency and where it comes from, in words.
	 * @param population N
	 * @return e.g. {@code app 0.80 ms, harness 1.73 ms (c=400 (held beyond))}
	 */
	public String describe(int population) {
		StackDemands at = at(population);
		return fmt("app %.2f ms, harness %.2f ms (%s)", at.appCpuMs(), at.harnessCpuMs(), source(population));
	}

	private double interpolate(int population, ToDoubleFunction<MeasuredLoad> demand) {
		MeasuredLoad first = this.loads.get(0);
		if (population <= first.concurrency()) {
			return demand.applyAsDouble(first);
		}
		for (int i = 1; i < this.loads.size(); i++) {
			MeasuredLoad high = this.loads.get(i);
			if (population <= high.concurrency()) {
				MeasuredLoad low = this.loads.get(i - 1);
				double d1 = demand.applyAsDouble(low);
				double d2 = demand.applyAsDouble(high);
				double share = Math.log((double) population / low.concurrency())
						/ Math.log((double) high.concurrency() / low.concurrency());
				if (d1 > 0 && d2 > 0) {
					return d1 * Math.pow(d2 / d1, share);
				}
				return d1 + (d2 - d1) * share;
			}
		}
		return demand.applyAsDouble(this.loads.get(this.loads.size() - 1));
	}

}
