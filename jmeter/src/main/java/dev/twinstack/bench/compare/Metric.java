package dev.twinstack.bench.compare;

/**
 * A per-trial figure the comparison tests, read from results.json's
 * {@code matrix[].trials[]}.
 */
enum Metric {

	/** Steady throughput of the trial, req/s: higher is better. */
	THROUGHPUT("throughput", "throughput", "req/s", true, "faster", "slower"),

	/** Median latency (HdrHistogram of every sample), ms: lower is better. */
	P50("p50", "p50Ms", "ms", false, "faster", "slower"),

	/** 99th percentile latency, ms: lower is better. */
	P99("p99", "p99Ms", "ms", false, "faster", "slower"),

	/**
	 * The app's CPU per request over the steady window, ms of one core: lower is better.
	 */
	CPU_PER_REQUEST("app CPU per request", "appCpuMsPerRequest", "ms", false, "cheaper", "costlier"),

	/** Peak heap used (Micrometer), MB: lower is better. */
	PEAK_HEAP("peak heap", "peakHeapMb", "MB", false, "smaller", "larger"),

	/** Peak live threads (Micrometer): lower is better. */
	PEAK_THREADS("peak threads", "peakThreads", "", false, "fewer", "more");

	private final String label;

	private final String field;

	private final String unit;

	private final boolean higherIsBetter;

	private final String better;

	private final String worse;

	Metric(String label, String field, String unit, boolean higherIsBetter, String better, String worse) {
		this.label = label;
		this.field = field;
		this.unit = unit;
		this.higherIsBetter = higherIsBetter;
		this.better = better;
		this.worse = worse;
	}

	String label() {
		return this.label;
	}

	/** The field of {@code matrix[].trials[]} holding the figure. */
	String field() {
		return this.field;
	}

	String unit() {
		return this.unit;
	}

	boolean higherIsBetter() {
		return this.higherIsBetter;
	}

	/**
	 * What a verdict reads like for this figure.
	 * @param verdict the verdict
	 * @return e.g. {@code faster} for a throughput that rose, {@code fewer} for fewer
	 * threads
	 */
	String describe(Verdict verdict) {
		return switch (verdict) {
			case BETTER -> this.better;
			case WORSE -> this.worse;
			case NO_SIGNIFICANT_DIFFERENCE -> "no significant difference";
			case NOT_TESTED -> "not tested";
		};
	}

}
