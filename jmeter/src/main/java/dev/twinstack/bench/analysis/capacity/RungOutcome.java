package dev.twinstack.bench.analysis.capacity;

import java.util.Comparator;
import java.util.Map;

import dev.twinstack.bench.load.JtlAnalysis;
import dev.twinstack.bench.load.LatencyStats;
import dev.twinstack.bench.load.ScheduledLatency;

/**
 * What one rung of the capacity search measured: one open-model trial at a rate.
 *
 * @param rate the requested arrival rate (req/s)
 * @param latencyMs the objective's percentile of the latency from the intended send time
 * (ms; from the actual send when the JTL holds no schedule);
 * {@link JtlAnalysis#MAX_TRACKED_MS} when nothing was answered or the arrivals never sent
 * fill the tail beyond the percentile
 * @param serviceP99Ms p99 from the actual send (ms)
 * @param scheduled arrivals the rung's schedule held
 * @param errors failed samples, every kind
 * @param topErrorKind the error kind with the most samples, {@code null} when unknown or
 * none
 * @param lateShare the share of sends later than their schedule (0–1), {@code null} when
 * the JTL holds no schedule
 * @param appStatus what became of the app: {@code ok}, {@code oom}, {@code crashed},
 * {@code gc-thrash} ({@link dev.twinstack.bench.measure.jvm.AppHealth})
 * @param resourceAtLimit the resource the readings show at its limit, e.g.
 * {@code app CPU 97 % of its cores}, {@code null} when none or not read
 */
public record RungOutcome(int rate, double latencyMs, double serviceP99Ms, long scheduled, long errors,
		String topErrorKind, Double lateShare, String appStatus, String resourceAtLimit) {

	/** Errors below this share of the scheduled arrivals pass (1 %). */
	public static final double ERROR_SHARE = 0.01;

	/** From this share of late sends on, the generator set the latency (5 %). */
	public static final double LATE_SHARE = 0.05;

	/**
	 * Reads a rung's figures from its JTL's analysis: the one place a rung's latency and
	 * errors are taken from.
	 * @param rate the requested arrival rate (req/s)
	 * @param percentile the objective's percentile, e.g. 99
	 * @param analysis the rung's JTL
	 * @param scheduled arrivals the rung's schedule held
	 * @param errorsByKind samples per error kind, {@code null} when not classified
	 * @param appStatus what became of the app
	 * @param resourceAtLimit the resource at its limit, or {@code null}
	 * @return the outcome
	 */
	public static RungOutcome of(int rate, double percentile, JtlAnalysis analysis, long scheduled,
			Map<String, Long> errorsByKind, String appStatus, String resourceAtLimit) {
		// with a schedule, the latency is the intended one (from the schedule, so the
		// wait for a free load-generator thread counts); the service time is kept beside
		// it
		ScheduledLatency schedule = analysis.scheduledLatency().orElse(null);
		LatencyStats service = analysis.latency();
		LatencyStats latency = (schedule != null) ? schedule.intended() : service;
		long total = Math.max(scheduled, service.samples());
		// arrivals never sent waited longer than any answer: when they alone fill the
		// tail beyond the percentile, the percentile is over any objective
		long unsent = total - service.samples();
		boolean tailUnsent = unsent > 0 && unsent >= (1 - percentile / 100) * total;
		double latencyMs = (latency.samples() > 0 && !tailUnsent) ? percentile(latency, percentile)
				: JtlAnalysis.MAX_TRACKED_MS;
		String top = (errorsByKind == null) ? null
				: errorsByKind.entrySet()
					.stream()
					.filter((entry) -> entry.getValue() > 0)
					.max(Comparator.comparingLong((Map.Entry<String, Long> entry) -> entry.getValue())
						.thenComparing(Map.Entry::getKey, Comparator.reverseOrder()))
					.map(Map.Entry::getKey)
					.orElse(null);
		return new RungOutcome(rate, latencyMs, service.p99Ms(), total, analysis.errors(), top,
				(schedule != null) ? schedule.lateShare() : null, appStatus, resourceAtLimit);
	}

	/**
	 * Names the resource at its limit over a rung's steady window, the first that is: the
	 * app's CPU at 90 % of its cores or more, GC pauses over 10 % of the time, requests
	 * waiting for a downstream HTTP connection, operations waiting for a MongoDB
	 * connection.
	 * @param appCoresUsed the app's mean CPU in cores, {@code null} when not read
	 * @param appCores the cores the app may use
	 * @param gcShare the share of the window in GC pauses (0–1), {@code null} when not
	 * read
	 * @param clientPendingPeak most acquisitions waiting for a downstream connection,
	 * {@code null} when not read
	 * @param mongoWaitPeak most operations waiting for a MongoDB connection, {@code null}
	 * when not read
	 * @return e.g. {@code app CPU 96 % of its 1 core}, {@code null} when none is at its
	 * limit or none was read
	 */
	public static String resourceAtLimit(Double appCoresUsed, int appCores, Double gcShare, Double clientPendingPeak,
			Double mongoWaitPeak) {
		if (appCoresUsed != null && appCores > 0 && appCoresUsed >= 0.9 * appCores) {
			return String.format(java.util.Locale.ROOT, "app CPU %.0f %% of its %d core%s",
					100 * appCoresUsed / appCores, appCores, (appCores == 1) ? "" : "s");
		}
		if (gcShare != null && gcShare > 0.1) {
			return String.format(java.util.Locale.ROOT, "GC pauses %.0f %% of the time", 100 * gcShare);
		}
		if (clientPendingPeak != null && clientPendingPeak > 0) {
			return String.format(java.util.Locale.ROOT, "downstream connection pool: up to %.0f waiting",
					clientPendingPeak);
		}
		if (mongoWaitPeak != null && mongoWaitPeak > 0) {
			return String.format(java.util.Locale.ROOT, "MongoDB connection pool: up to %.0f waiting", mongoWaitPeak);
		}
		return null;
	}

	/**
	 * Returns a percentile the objective may name.
	 * @param latency the latencies
	 * @param percentile 50, 90, 95, 99 or 99.9
	 * @return the percentile (ms)
	 */
	static double percentile(LatencyStats latency, double percentile) {
		if (percentile == 50) {
			return latency.p50Ms();
		}
		if (percentile == 90) {
			return latency.p90Ms();
		}
		if (percentile == 95) {
			return latency.p95Ms();
		}
		if (percentile == 99) {
			return latency.p99Ms();
		}
		if (percentile == 99.9) {
			return latency.p999Ms();
		}
		throw new IllegalArgumentException("no percentile " + percentile + " in the latency figures");
	}

	/**
	 * Tells whether the app was alive and well through the rung.
	 * @return {@code true} for {@code ok}
	 */
	public boolean appAlive() {
		return "ok".equals(this.appStatus);
	}

	/**
	 * Returns the errors' share of the scheduled arrivals.
	 * @return 0–1, 0 when nothing was scheduled
	 */
	public double errorShare() {
		return (this.scheduled > 0) ? (double) this.errors / this.scheduled : 0;
	}

	/**
	 * Judges the rung against the objective's limit.
	 * @param limitMs the objective's limit (ms)
	 * @return generator-bound when the latency from the intended send time missed the
	 * limit while the service time met it and at least {@value #LATE_SHARE} of the sends
	 * were late (the generator's lateness, not the app, decided the rung), else pass or
	 * fail; late sends that leave the verdict unchanged are reported, not judged
	 */
	public Verdict verdict(double limitMs) {
		if (this.lateShare != null && this.lateShare >= LATE_SHARE && this.serviceP99Ms <= limitMs
				&& this.latencyMs > limitMs) {
			return Verdict.GENERATOR_BOUND;
		}
		boolean pass = this.latencyMs <= limitMs && errorShare() < ERROR_SHARE && appAlive();
		return pass ? Verdict.PASS : Verdict.FAIL;
	}

	/**
	 * Says what broke first at a failing rung: the app (died, out of memory, thrashing),
	 * else the most common error kind when errors reached {@value #ERROR_SHARE} of the
	 * arrivals, else the latency; with the resource at its limit when one was read.
	 * @return e.g. {@code latency (app CPU 97 % of its cores)}
	 */
	public String whatBroke() {
		String what;
		if (!appAlive()) {
			what = "app " + this.appStatus;
		}
		else if (errorShare() >= ERROR_SHARE) {
			what = (this.topErrorKind != null) ? "errors: " + this.topErrorKind : "errors";
		}
		else {
			what = "latency";
		}
		return (this.resourceAtLimit != null) ? what + " (" + this.resourceAtLimit + ")" : what;
	}

	/**
	 * A rung's judgement.
	 */
	public enum Verdict {

		/** Within the objective, errors under 1 %, the app alive. */
		PASS,

		/** Over the objective, too many errors, or the app died. */
		FAIL,

		/** The load generator sent late: the rung says nothing about the app. */
		GENERATOR_BOUND

	}

}
