package dev.twinstack.monitoring;

import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Samples one app's JVM metrics (heap used and committed, live threads) through its
 * Spring Boot Actuator {@code metrics} endpoint at a fixed rate, on a daemon thread,
 * until {@link #close() closed}.
 * <p>
 * A reading that fails (the app is busy past the timeout, or down) is skipped and counted
 * in {@link #failedReadings()}; sampling goes on.
 */
public final class MetricsSampler implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(MetricsSampler.class);

	private final ActuatorMetricsClient client;

	private final ScheduledExecutorService scheduler;

	private final Clock clock;

	private final List<MetricsSample> samples = new ArrayList<>();

	private final AtomicInteger failedReadings = new AtomicInteger();

	private MetricsSampler(URI actuatorBaseUrl, Duration interval, Clock clock) {
		this.client = new ActuatorMetricsClient(actuatorBaseUrl, interval);
		this.clock = clock;
		this.scheduler = Executors.newSingleThreadScheduledExecutor((runnable) -> {
			Thread thread = new Thread(runnable, "metrics-sampler " + actuatorBaseUrl);
			thread.setDaemon(true);
			return thread;
		});
	}

	/**
	 * Starts sampling at once, then every {@code interval}.
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
		MetricsSampler sampler = new MetricsSampler(actuatorBaseUrl, interval, Clock.systemUTC());
		sampler.scheduler.scheduleAtFixedRate(sampler::sample, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
		return sampler;
	}

	private void sample() {
		try {
			double heapUsed = this.client.value("jvm.memory.used", "area:heap");
			double heapCommitted = this.client.value("jvm.memory.committed", "area:heap");
			double liveThreads = this.client.value("jvm.threads.live", null);
			MetricsSample sample = new MetricsSample(this.clock.instant(), heapUsed, heapCommitted, liveThreads);
			synchronized (this.samples) {
				this.samples.add(sample);
			}
		}
		catch (IOException ex) {
			this.failedReadings.incrementAndGet();
			logger.debug("Metrics reading failed: {}", ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Returns the samples taken so far, oldest first.
	 * @return a copy of the samples
	 */
	public List<MetricsSample> samples() {
		synchronized (this.samples) {
			return List.copyOf(this.samples);
		}
	}

	/**
	 * Summarizes the samples taken so far.
	 * @return peaks and means
	 */
	public MetricsSummary summary() {
		return MetricsSummary.of(samples());
	}

	/**
	 * Returns how many readings failed and were skipped.
	 * @return the count of failed readings
	 */
	public int failedReadings() {
		return this.failedReadings.get();
	}

	/**
	 * Stops sampling, waiting up to 5 s for a reading in progress. Idempotent.
	 */
	@Override
	public void close() {
		this.scheduler.shutdownNow();
		try {
			this.scheduler.awaitTermination(5, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
