package dev.twinstack.monitoring;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads an app's JVM meters through its Actuator {@code metrics} endpoint, all at once:
 * <ul>
 * <li>{@code <prefix>_heap_used_mb}, {@code _heap_committed_mb}, {@code _heap_max_mb}:
 * {@code jvm.memory.used|committed|max{area=heap}} (MB = 2^20 bytes);</li>
 * <li>{@code <prefix>_threads_live}, {@code _threads_peak}, {@code _threads_daemon}:
 * {@code jvm.threads.live|peak|daemon};</li>
 * <li>{@code <prefix>_gc_pauses} and {@code _gc_pause_ms}: {@code jvm.gc.pause} COUNT and
 * TOTAL_TIME since the JVM started (0 before the first GC);</li>
 * <li>{@code <prefix>_cpu_micrometer}: {@code process.cpu.usage}, the JVM's recent CPU
 * use as a share of the whole machine (0–1);</li>
 * <li>{@code <prefix>_requests}: {@code http.server.requests} COUNT since the JVM
 * started, for one {@code uri} tag (0 before the first request).</li>
 * </ul>
 */
public final class ActuatorProbe implements Probe {

	private static final double MB = 1024 * 1024;

	private final ActuatorMetricsClient client;

	private final List<String> columns;

	private final String requestUri;

	private final Duration timeout;

	/**
	 * Creates the probe.
	 * @param prefix the column prefix, e.g. {@code app}
	 * @param actuatorBaseUrl the app's Actuator base, e.g.
	 * {@code http://127.0.0.1:8080/actuator}
	 * @param requestUri the {@code uri} tag whose requests {@code <prefix>_requests}
	 * counts, e.g. {@code /profiles/{customerId}}
	 * @param timeout the longest wait for one reading
	 */
	public ActuatorProbe(String prefix, URI actuatorBaseUrl, String requestUri, Duration timeout) {
		this.client = new ActuatorMetricsClient(actuatorBaseUrl, timeout);
		this.requestUri = requestUri;
		this.timeout = timeout;
		this.columns = List.of(prefix + "_heap_used_mb", prefix + "_heap_committed_mb", prefix + "_heap_max_mb",
				prefix + "_threads_live", prefix + "_threads_peak", prefix + "_threads_daemon", prefix + "_gc_pauses",
				prefix + "_gc_pause_ms", prefix + "_cpu_micrometer", prefix + "_requests");
	}

	@Override
	public List<String> columns() {
		return this.columns;
	}

	@Override
	public double[] read() throws IOException, InterruptedException {
		List<CompletableFuture<Double>> readings = new ArrayList<>();
		readings.add(this.client.value("jvm.memory.used", "area:heap", null).thenApply((v) -> v / MB));
		readings.add(this.client.value("jvm.memory.committed", "area:heap", null).thenApply((v) -> v / MB));
		readings.add(this.client.value("jvm.memory.max", "area:heap", null).thenApply((v) -> v / MB));
		readings.add(this.client.value("jvm.threads.live", null, null));
		readings.add(this.client.value("jvm.threads.peak", null, null));
		readings.add(this.client.value("jvm.threads.daemon", null, null));
		readings.add(this.client.value("jvm.gc.pause", null, "COUNT").thenApply(ActuatorProbe::zeroIfMissing));
		readings.add(this.client.value("jvm.gc.pause", null, "TOTAL_TIME")
			.thenApply((seconds) -> zeroIfMissing(seconds) * 1000));
		readings.add(this.client.value("process.cpu.usage", null, null));
		readings.add(this.client.value("http.server.requests", "uri:" + this.requestUri, "COUNT")
			.thenApply(ActuatorProbe::zeroIfMissing));
		double[] values = new double[readings.size()];
		try {
			CompletableFuture.allOf(readings.toArray(CompletableFuture[]::new))
				.get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
			for (int i = 0; i < values.length; i++) {
				values[i] = readings.get(i).join();
			}
			return values;
		}
		catch (TimeoutException ex) {
			throw timedOut(readings);
		}
		catch (ExecutionException ex) {
			Throwable cause = (ex.getCause() instanceof UncheckedIOException unchecked) ? unchecked.getCause()
					: ex.getCause();
			if (cause instanceof HttpTimeoutException) {
				// one request's own timeout (the same length) can fire before the wait
				// for
				// all of them: the same slow reading, one message
				throw timedOut(readings);
			}
			throw (cause instanceof IOException io) ? io : new IOException(String.valueOf(cause), cause);
		}
	}

	private HttpTimeoutException timedOut(List<CompletableFuture<Double>> readings) {
		readings.forEach((reading) -> reading.cancel(true));
		return new HttpTimeoutException("Actuator readings took longer than " + this.timeout.toMillis() + " ms");
	}

	private static double zeroIfMissing(double value) {
		return Double.isNaN(value) ? 0 : value;
	}

}
