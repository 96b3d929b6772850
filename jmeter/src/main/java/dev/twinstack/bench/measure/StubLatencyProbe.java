package dev.twinstack.bench.measure;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.process.MockServicesProcess;
import dev.twinstack.bench.settings.BenchSettings;

/**
 * Measures what a stub actually delivers while a cell loads the app: every
 * {@code interval} it sends one GET straight to the stub (next to the app's own calls, on
 * its own connection) and records how long the answer took. The median over a trial,
 * compared with the configured latency, is the stubs' drift: when mock-services runs
 * short of CPU, its answers come late and the ceilings computed from the configured
 * latency no longer hold.
 */
public final class StubLatencyProbe implements AutoCloseable {

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private final HttpClient client = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(TIMEOUT)
		.build();

	private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor((task) -> {
		Thread thread = new Thread(task, "stub-latency-probe");
		thread.setDaemon(true);
		return thread;
	});

	private final List<Double> latenciesMs = new ArrayList<>();

	private int failures;

	/**
	 * Starts probing.
	 * @param urlPrefix the stub URL without the id, e.g.
	 * {@code http://127.0.0.1:9081/customers/}; a random id 1–100000 is appended
	 * @param interval time between the end of one probe and the start of the next
	 */
	StubLatencyProbe(String urlPrefix, Duration interval) {
		this.scheduler.scheduleWithFixedDelay(() -> probe(urlPrefix), 0, interval.toMillis(), TimeUnit.MILLISECONDS);
	}

	/**
	 * Starts a probe of the stub a workload calls, every 250 ms.
	 * @param workload the workload
	 * @param mocks the running mocks
	 * @return the probe, or {@code null} for a workload without downstream calls
	 */
	public static StubLatencyProbe forWorkload(Workload workload, MockServicesProcess mocks) {
		return forWorkload(workload, mocks.customersUrl(), mocks.slowUrl());
	}

	/**
	 * Starts a probe of the stub a workload calls, every 250 ms, at given base URLs (the
	 * stubs of remote targets, {@code bench.stubs}).
	 * @param workload the workload
	 * @param customersUrl the customers service, e.g. {@code http://127.0.0.3:9081};
	 * {@code null} when not probed
	 * @param slowUrl the slow service, e.g. {@code http://127.0.0.3:9084}; {@code null}
	 * when not probed
	 * @return the probe, or {@code null} for a workload without downstream calls or whose
	 * stub is not given
	 */
	public static StubLatencyProbe forWorkload(Workload workload, String customersUrl, String slowUrl) {
		if (!workload.ioBound()) {
			return null;
		}
		String base = (workload == Workload.SLOW_IO) ? slowUrl : customersUrl;
		if (base == null) {
			return null;
		}
		return new StubLatencyProbe(base + ((workload == Workload.SLOW_IO) ? "/slow/" : "/customers/"),
				Duration.ofMillis(250));
	}

	/**
	 * Returns the latency configured for the stub a workload calls.
	 * @param workload the workload
	 * @param settings the bench settings
	 * @return the slow latency for slow-io, else the composite latency (its typical
	 * value) (ms)
	 */
	public static double configuredMs(Workload workload, BenchSettings settings) {
		return ((workload == Workload.SLOW_IO) ? settings.slowLatencyDuration() : settings.nominalLatency()).toNanos()
				/ 1e6;
	}

	private void probe(String urlPrefix) {
		URI uri = URI.create(urlPrefix + ThreadLocalRandom.current().nextInt(1, 100_001));
		HttpRequest request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build();
		long start = System.nanoTime();
		try {
			int status = this.client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
			double ms = (System.nanoTime() - start) / 1e6;
			synchronized (this) {
				if (status == 200) {
					this.latenciesMs.add(ms);
				}
				else {
					this.failures++;
				}
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (Exception ex) {
			synchronized (this) {
				this.failures++;
			}
		}
	}

	/**
	 * Returns what was measured so far.
	 * @param configuredMs the stub's configured (typical) latency (ms)
	 * @return the summary
	 */
	public synchronized Summary summary(double configuredMs) {
		if (this.latenciesMs.isEmpty()) {
			return new Summary(0, this.failures, null, null, configuredMs, null);
		}
		Spread spread = Spread.of(this.latenciesMs);
		double drift = (configuredMs > 0) ? spread.median() / configuredMs - 1 : 0;
		return new Summary(this.latenciesMs.size(), this.failures, spread.median(), spread.max(), configuredMs, drift);
	}

	@Override
	public void close() {
		this.scheduler.shutdownNow();
		try {
			this.scheduler.awaitTermination(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * The stub latency observed during a trial.
	 *
	 * @param samples answered probes
	 * @param failures probes that failed or were not 200
	 * @param medianMs median latency (ms), {@code null} without samples
	 * @param maxMs slowest probe (ms), {@code null} without samples
	 * @param configuredMs the configured latency (ms)
	 * @param drift median / configured − 1, {@code null} without samples
	 */
	public record Summary(int samples, int failures, Double medianMs, Double maxMs, double configuredMs, Double drift) {

	}

}
