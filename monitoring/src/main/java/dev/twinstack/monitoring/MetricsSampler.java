package dev.twinstack.monitoring;

import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a set of {@link Probe}s with a fixed delay between readings, on a daemon thread,
 * until {@link #close() closed}, and keeps the readings as a {@link TimeSeries}: one row
 * per reading, one column per probe value.
 * <p>
 * A fixed delay, not a fixed rate: when one reading takes longer than the interval (an
 * app's Actuator slow under load), a fixed rate would run the missed readings back to
 * back, milliseconds apart, and a rate over such an interval is noise (the machine's CPU
 * ticks, cached by OSHI for 300 ms, read 0 % busy). Rows are therefore at least
 * {@code interval} apart.
 * <p>
 * A probe whose reading fails (an app busy past the timeout, a process gone) gets
 * {@code NaN} in that row and the failure is counted in {@link #failedReadings()};
 * sampling goes on.
 */
public final class MetricsSampler implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(MetricsSampler.class);

	private static final double MB = 1024 * 1024;

	private final List<Probe> probes;

	private final List<String> columns = new ArrayList<>();

	private final ScheduledExecutorService scheduler;

	private final Clock clock;

	private final Consumer<TimeSeries.Row> listener;

	private final List<TimeSeries.Row> rows = new ArrayList<>();

	private final Map<Probe, Integer> failures = new LinkedHashMap<>();

	private MetricsSampler(List<Probe> probes, Clock clock, Consumer<TimeSeries.Row> listener) {
		this.probes = List.copyOf(probes);
		this.probes.forEach((probe) -> this.columns.addAll(probe.columns()));
		this.clock = clock;
		this.listener = listener;
		this.scheduler = Executors.newSingleThreadScheduledExecutor((runnable) -> {
			Thread thread = new Thread(runnable, "metrics-sampler");
			thread.setDaemon(true);
			return thread;
		});
	}

	/**
	 * Starts reading the probes at once, then {@code interval} after each reading ends.
	 * @param interval time between readings, at least 100 ms
	 * @param probes what to read
	 * @param listener called on the sampler's thread with each new row (e.g. to print
	 * progress); must return quickly
	 * @return the running sampler
	 * @throws IllegalArgumentException when the interval is shorter than 100 ms, no probe
	 * is given or two probes share a column name
	 */
	public static MetricsSampler start(Duration interval, List<Probe> probes, Consumer<TimeSeries.Row> listener) {
		if (interval.toMillis() < 100) {
			throw new IllegalArgumentException("interval must be at least 100 ms, got " + interval.toMillis() + " ms");
		}
		if (probes.isEmpty()) {
			throw new IllegalArgumentException("at least one probe is needed");
		}
		MetricsSampler sampler = new MetricsSampler(probes, Clock.systemUTC(), listener);
		if (sampler.columns.stream().distinct().count() != sampler.columns.size()) {
			throw new IllegalArgumentException("column names must be unique, got " + sampler.columns);
		}
		sampler.scheduler.scheduleWithFixedDelay(sampler::sample, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
		return sampler;
	}

	/**
	 * Starts reading one app's heap and threads (an {@link ActuatorProbe} with prefix
	 * {@code app}) at once, then every {@code interval}; read them with
	 * {@link #samples()} and {@link #summary()}.
	 * @param actuatorBaseUrl the app's Actuator base, e.g.
	 * {@code http://127.0.0.1:8080/actuator}
	 * @param interval time between readings (also the timeout of one reading), at least
	 * 100 ms
	 * @return the running sampler
	 * @throws IllegalArgumentException when the interval is shorter than 100 ms
	 */
	public static MetricsSampler start(URI actuatorBaseUrl, Duration interval) {
		if (interval.toMillis() < 100) {
			throw new IllegalArgumentException("interval must be at least 100 ms, got " + interval.toMillis() + " ms");
		}
		return start(interval, List.of(new ActuatorProbe("app", actuatorBaseUrl, "/**", interval)), (row) -> {
		});
	}

	private void sample() {
		TimeSeries.Row row = new TimeSeries.Row(this.clock.instant(), new double[this.columns.size()]);
		int offset = 0;
		for (Probe probe : this.probes) {
			int width = probe.columns().size();
			try {
				double[] values = probe.read();
				System.arraycopy(values, 0, row.values(), offset, width);
			}
			catch (IOException | RuntimeException ex) {
				Arrays.fill(row.values(), offset, offset + width, Double.NaN);
				synchronized (this.rows) {
					this.failures.merge(probe, 1, Integer::sum);
				}
				logger.debug("Reading {} failed: {}", probe.columns().get(0), ex.toString());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
			offset += width;
		}
		synchronized (this.rows) {
			this.rows.add(row);
		}
		try {
			this.listener.accept(row);
		}
		catch (RuntimeException ex) {
			logger.warn("Sample listener failed", ex);
		}
	}

	/**
	 * Returns the readings taken so far.
	 * @return the series, oldest row first
	 */
	public TimeSeries series() {
		synchronized (this.rows) {
			return new TimeSeries(this.columns, this.rows);
		}
	}

	/**
	 * Returns the heap and thread readings of the probe with prefix {@code app}, skipping
	 * rows where it failed.
	 * @return the samples, oldest first
	 */
	public List<MetricsSample> samples() {
		TimeSeries series = series();
		int used = series.indexOf("app_heap_used_mb");
		int committed = series.indexOf("app_heap_committed_mb");
		int live = series.indexOf("app_threads_live");
		return series.rows()
			.stream()
			.filter((row) -> !Double.isNaN(row.value(used)))
			.map((row) -> new MetricsSample(row.time(), row.value(used) * MB, row.value(committed) * MB,
					row.value(live)))
			.toList();
	}

	/**
	 * Summarizes {@link #samples()}.
	 * @return peaks and means
	 */
	public MetricsSummary summary() {
		return MetricsSummary.of(samples());
	}

	/**
	 * Returns how many readings failed and were recorded as {@code NaN}, over all probes.
	 * @return the count of failed readings
	 */
	public int failedReadings() {
		synchronized (this.rows) {
			return this.failures.values().stream().mapToInt(Integer::intValue).sum();
		}
	}

	/**
	 * Stops sampling: no reading starts after this call, and a reading in progress may
	 * finish (up to 5 s) before it is interrupted. Idempotent. Why not interrupt at once:
	 * an interrupted reading leaves its HTTP requests to the app's Actuator to be cut
	 * mid-response, and the app then runs error paths its compiled code has never seen,
	 * which can make its JIT throw its request handling away (docs/design.md, "The
	 * warm-up").
	 */
	@Override
	public void close() {
		this.scheduler.shutdown();
		try {
			if (!this.scheduler.awaitTermination(5, TimeUnit.SECONDS)) {
				this.scheduler.shutdownNow();
				this.scheduler.awaitTermination(5, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			this.scheduler.shutdownNow();
			Thread.currentThread().interrupt();
		}
	}

}
