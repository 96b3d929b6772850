package dev.twinstack.bench.analysis;

import static dev.twinstack.bench.text.Text.fmt;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.twinstack.bench.load.JtlAnalysis;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.measure.CounterRise;
import dev.twinstack.bench.measure.Spread;
import dev.twinstack.monitoring.TimeSeries;
import org.apache.commons.math3.stat.StatUtils;

/**
 * Little's law as a check of a trial's figures: over a window in a steady state, the mean
 * number of requests in a system equals their arrival rate times their mean time in it, N
 * = λ·R (J. D. C. Little, "A Proof for the Queuing Formula: L = λW", Operations Research
 * 9(3), 1961). The load generator gives λ (requests started per second over the counted
 * window: the arrival rate of an open cell, the throughput of a closed one) and R (their
 * mean service time, from the actual send); the app gives N by its own gauge of the
 * requests in progress ({@code app_in_flight}, read once a second, averaged), and again
 * without sampling, as the rise of the seconds its finished requests took over the window
 * ({@code app_served_seconds}). When the app's N and the generator's λ·R differ by more
 * than {@value #TOLERANCE_PERCENT} %, the latency or the rate is not what the app saw: an
 * open cell is then flagged ({@link #warning}). A closed cell is checked the same way and
 * not flagged: there λ·R is the concurrency minus what waits in the harness.
 *
 * @param seconds the window's length, from the end of the ramp-up to the last start (s)
 * @param rate λ, requests started per second in the window (req/s)
 * @param meanLatencyMs R, the mean response time of those requests (ms)
 * @param appInFlight N at the app: the mean of its in-flight readings in the window
 * @param servedInFlight N at the app without sampling: the rise of the seconds its
 * finished requests of the workload took, divided by the time between the window's first
 * and last reading; {@code null} when not read
 * @param stages where the app's time per request went in the window ({@link AppStages}),
 * {@code null} when its timers were not read
 * @param sendDispersion how bursty the sends were: the index of dispersion of the
 * requests started per {@value #BURST_WINDOW_MS} ms in the window ({@link #dispersion});
 * {@code null} for a window of fewer than {@value #MIN_BURST_WINDOWS} of them
 */
public record LittlesLaw(double seconds, double rate, double meanLatencyMs, double appInFlight, Double servedInFlight,
		AppStages stages, Double sendDispersion) {

	/** How far the app's N may lie from λ·R before an open cell is flagged (%). */
	public static final int TOLERANCE_PERCENT = 10;

	/**
	 * The window the sends are counted in to tell their bursts (ms): a few tens of
	 * requests at the cells' rates (hundreds per second), a fifth of one downstream call;
	 * the app's core works through a burst that size within a few milliseconds, so the
	 * requests of one window meet in its queue.
	 */
	public static final int BURST_WINDOW_MS = 20;

	/**
	 * Fewest windows of {@value #BURST_WINDOW_MS} ms that make an index of dispersion.
	 */
	static final int MIN_BURST_WINDOWS = 50;

	/** Fewest readings of the app (one a second) that make a mean. */
	static final int MIN_READINGS = 3;

	/** The monitor's column of the app's requests in progress. */
	static final String IN_FLIGHT = "app_in_flight";

	/** The monitor's column of the seconds the app's finished requests took. */
	static final String SERVED_SECONDS = "app_served_seconds";

	private static final String AFTER = "the app held more than the load generator counted: requests the load "
			+ "generator gave up on (client timeouts) still running in the app, or the rate or the latency is not "
			+ "what the app saw";

	/**
	 * One request as the load generator saw it.
	 *
	 * @param startMs when it was sent (epoch ms)
	 * @param elapsedMs its response time (ms)
	 */
	public record Sample(long startMs, long elapsedMs) {
	}

	/**
	 * Reads a trial's check from its JTL and the monitor's readings.
	 * @param series the monitor's readings, one a second
	 * @param jtl the trial's JTL (CSV with {@code timeStamp} and {@code elapsed})
	 * @param from the start of the counted window: the end of the ramp-up
	 * @return the check, {@code null} when the app's in-flight gauge was not read or the
	 * window is too short ({@link #of})
	 */
	public static LittlesLaw read(TimeSeries series, Path jtl, Instant from) {
		if (!series.columns().contains(IN_FLIGHT)) {
			return null;
		}
		List<Sample> samples = new ArrayList<>();
		JtlAnalysis.forEachSample(jtl, List.of("timeStamp", "elapsed"), (record) -> samples
			.add(new Sample(Long.parseLong(record.get("timeStamp")), Long.parseLong(record.get("elapsed")))));
		return of(series, samples, from);
	}

	/**
	 * Computes a trial's check over the window from {@code from} to the last request's
	 * start: λ and R of the requests started in it, N from the readings taken in it. The
	 * window ends with the last start, not the last answer: after it nothing arrives, and
	 * the app's readings of the drain would lower N without lowering λ·R.
	 * @param series the monitor's readings, one a second
	 * @param samples every request of the trial
	 * @param from the start of the counted window: the end of the ramp-up
	 * @return the check, {@code null} without {@value #MIN_READINGS} readings of the
	 * app's in-flight gauge in the window or without a request started in it
	 */
	public static LittlesLaw of(TimeSeries series, List<Sample> samples, Instant from) {
		long fromMs = from.toEpochMilli();
		long toMs = samples.stream().mapToLong(Sample::startMs).max().orElse(fromMs);
		List<Sample> counted = samples.stream().filter((s) -> s.startMs() >= fromMs).toList();
		if (counted.isEmpty() || toMs <= fromMs || !series.columns().contains(IN_FLIGHT)) {
			return null;
		}
		TimeSeries window = series.between(from, Instant.ofEpochMilli(toMs));
		int inFlight = window.indexOf(IN_FLIGHT);
		List<TimeSeries.Row> read = window.rows()
			.stream()
			.filter((row) -> Double.isFinite(row.value(inFlight)))
			.toList();
		if (read.size() < MIN_READINGS) {
			return null;
		}
		double seconds = (toMs - fromMs) / 1000.0;
		double meanLatencyMs = counted.stream().mapToLong(Sample::elapsedMs).average().orElse(0);
		double appInFlight = read.stream().mapToDouble((row) -> row.value(inFlight)).average().orElse(0);
		return new LittlesLaw(seconds, counted.size() / seconds, meanLatencyMs, appInFlight, servedInFlight(window),
				AppStages.of(window),
				dispersion(counted.stream().mapToLong(Sample::startMs).toArray(), fromMs, toMs, BURST_WINDOW_MS));
	}

	/**
	 * The index of dispersion for counts of a stream of events: the variance of the
	 * number of events in consecutive windows of one length over their mean (D. R. Cox
	 * and P. A. W. Lewis, <i>The Statistical Analysis of Series of Events</i>, 1966,
	 * §4.5). A Poisson stream, the random arrivals of queueing theory, has 1 at every
	 * window length; a stream sent in bursts has more. Bursts of this kind are what makes
	 * a multi-tier system's queues longer than mean value analysis predicts (N. Mi, G.
	 * Casale, L. Cherkasova and E. Smirni, "Burstiness in multi-tier applications:
	 * symptoms, causes, and new models", Middleware 2008).
	 * @param eventsMs when each event happened (ms), in any order
	 * @param fromMs the first window's start (ms)
	 * @param toMs the end of the span counted (ms); the last, partial window is left out
	 * @param windowMs the windows' length (ms), at least 1
	 * @return variance ÷ mean of the counts, {@code null} for fewer than
	 * {@value #MIN_BURST_WINDOWS} windows or no event in them
	 */
	public static Double dispersion(long[] eventsMs, long fromMs, long toMs, int windowMs) {
		if (windowMs < 1) {
			throw new IllegalArgumentException("window is " + windowMs + " ms; expected 1 or more");
		}
		int windows = (int) Math.max(0, (toMs - fromMs) / windowMs);
		if (windows < MIN_BURST_WINDOWS) {
			return null;
		}
		double[] counts = new double[windows];
		for (long at : eventsMs) {
			long index = (at - fromMs) / windowMs;
			if (at >= fromMs && index < windows) {
				counts[(int) index]++;
			}
		}
		double mean = StatUtils.mean(counts);
		return (mean > 0) ? StatUtils.populationVariance(counts, mean) / mean : null;
	}

	/**
	 * Returns the seconds the app's finished requests took over the window, per second of
	 * it, between its first and last reading of the counter.
	 */
	private static Double servedInFlight(TimeSeries window) {
		CounterRise served = CounterRise.of(window, SERVED_SECONDS);
		return (served != null) ? served.perSecond() : null;
	}

	/**
	 * Returns the requests in flight the load generator saw, by Little's law.
	 * @return λ·R
	 */
	@JsonProperty
	public double clientInFlight() {
		return this.rate * this.meanLatencyMs / 1000;
	}

	/**
	 * Returns how far the app's N lies from λ·R.
	 * @return N ÷ λ·R − 1 (−0.2 = 20 % fewer at the app), {@code null} when λ·R is 0
	 */
	@JsonProperty
	public Double deviation() {
		double expected = clientInFlight();
		return (expected > 0) ? this.appInFlight / expected - 1 : null;
	}

	/**
	 * Tells whether the app's N lies within {@value #TOLERANCE_PERCENT} % of λ·R.
	 * @return {@code true} when |N − λ·R| ≤ 10 % of λ·R, or when λ·R is 0 (nothing to
	 * judge)
	 */
	public boolean agrees() {
		Double deviation = deviation();
		// in percent, with room for rounding, as Validity's limits
		return deviation == null || Math.abs(deviation) * 100 <= TOLERANCE_PERCENT + 1e-9;
	}

	/**
	 * Says what disagrees in an open cell, and where the difference most likely lies.
	 * @param cell the cell
	 * @return the warning, {@code null} for a closed cell or when the figures agree
	 */
	public String warning(Cell cell) {
		if (cell.load() != LoadModel.OPEN || agrees()) {
			return null;
		}
		return fmt("Little's law (N = λ·R) misses by %+.0f %% (tolerance %d %%): %s", deviation() * 100,
				TOLERANCE_PERCENT, describe()) + ": "
				+ (this.appInFlight < clientInFlight() ? before(cell.stack()) : AFTER);
	}

	/**
	 * Describes the figures.
	 * @return e.g. {@code 182.0 in flight at the app (180.5 from its served time) against
	 * λ·R = 300.0 req/s × 650 ms = 195.0 at the load generator}
	 */
	public String describe() {
		return fmt("%.1f in flight at the app%s against λ·R = %.1f req/s × %.0f ms = %.1f at the load generator",
				this.appInFlight,
				(this.servedInFlight != null) ? fmt(" (%.1f from its served time)", this.servedInFlight) : "",
				this.rate, this.meanLatencyMs, clientInFlight());
	}

	private static String before(Stack stack) {
		String where = switch (stack) {
			case MVC -> "Tomcat's accept queue (server.tomcat.accept-count) and the wait for one of its "
					+ "server.tomcat.threads.max workers";
			case MVC_VT -> "Tomcat's accept queue (server.tomcat.accept-count)";
			default -> "the server socket's accept backlog and Reactor Netty's event loops";
		};
		return "queued before the app, in " + where + ", before the app's observation of the request starts, or in "
				+ "the load generator's own sending; its latency holds that wait, the app's gauges do not";
	}

	/**
	 * Returns a cell's check: the median of each figure over its trials.
	 * @param trials the trials' checks ({@code null} entries are skipped)
	 * @return the medians, {@code null} when no trial has a check
	 */
	public static LittlesLaw median(List<LittlesLaw> trials) {
		List<LittlesLaw> measured = trials.stream().filter(Objects::nonNull).toList();
		if (measured.isEmpty()) {
			return null;
		}
		return new LittlesLaw(median(measured, LittlesLaw::seconds), median(measured, LittlesLaw::rate),
				median(measured, LittlesLaw::meanLatencyMs), median(measured, LittlesLaw::appInFlight),
				medianOfRead(measured, LittlesLaw::servedInFlight),
				AppStages.median(measured.stream().map(LittlesLaw::stages).toList()),
				medianOfRead(measured, LittlesLaw::sendDispersion));
	}

	/**
	 * The median of a figure over the trials that read it, {@code null} when none did.
	 */
	private static Double medianOfRead(List<LittlesLaw> trials, Function<LittlesLaw, Double> value) {
		List<Double> read = trials.stream().map(value).filter(Objects::nonNull).toList();
		return read.isEmpty() ? null : Spread.of(read).median();
	}

	private static double median(List<LittlesLaw> trials, Function<LittlesLaw, Double> value) {
		return Spread.of(trials.stream().map(value).toList()).median();
	}

}
