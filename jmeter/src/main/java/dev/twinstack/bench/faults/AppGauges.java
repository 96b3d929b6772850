package dev.twinstack.bench.faults;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.process.AppProcess;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.monitoring.ActuatorMetricsClient;

/**
 * What must return to its pre-fault value once a fault is lifted, read from the app's
 * Micrometer meters through Actuator: {@code jvm.threads.live} and the downstream
 * connections in use or awaited — mvc-app's Apache HttpClient 5 pool
 * ({@code httpcomponents.httpclient.pool.total.connections{state=leased}} +
 * {@code .total.pending}), webflux-app's Reactor Netty {@code ConnectionProvider}
 * ({@code reactor.netty.connection.provider.active.connections} +
 * {@code .pending.connections}, tag {@code name=downstream}). A meter not registered yet
 * (no connection so far) reads 0.
 *
 * @param threads live platform threads
 * @param connections downstream connections leased (active) plus acquisitions waiting
 */
public record AppGauges(double threads, double connections) {

	/** Live threads above the baseline still counted as back to it (JIT, JMX). */
	public static final int THREAD_TOLERANCE = 2;

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	/**
	 * Reads an app's gauges.
	 * @param app the app
	 * @return the gauges
	 * @throws BenchException when Actuator cannot be read
	 */
	static AppGauges read(AppProcess app) {
		ActuatorMetricsClient client = new ActuatorMetricsClient(app.actuatorUri(), TIMEOUT);
		boolean netty = app.stack().reactiveClient();
		CompletableFuture<Double> threads = client.value("jvm.threads.live", null, null);
		CompletableFuture<Double> inUse = netty
				? client.value("reactor.netty.connection.provider.active.connections", "name:downstream", null)
				: client.value("httpcomponents.httpclient.pool.total.connections", "state:leased", null);
		CompletableFuture<Double> pending = netty
				? client.value("reactor.netty.connection.provider.pending.connections", "name:downstream", null)
				: client.value("httpcomponents.httpclient.pool.total.pending", null, null);
		try {
			CompletableFuture.allOf(threads, inUse, pending).get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
			return new AppGauges(threads.join(), zeroIfMissing(inUse.join()) + zeroIfMissing(pending.join()));
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new BenchException(app.stack().id() + "'s Actuator metrics could not be read: "
					+ ((ex.getCause() != null) ? ex.getCause().getMessage() : ex.toString()), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new BenchException("interrupted while reading " + app.stack().id() + "'s metrics", ex);
		}
	}

	/**
	 * Tells whether these readings are back to a baseline: no more connections in use,
	 * live threads within {@value #THREAD_TOLERANCE} of it.
	 * @param baseline the readings before the fault
	 * @return {@code true} when back
	 */
	boolean backTo(AppGauges baseline) {
		return this.threads <= baseline.threads + THREAD_TOLERANCE && this.connections <= baseline.connections;
	}

	private static double zeroIfMissing(double value) {
		return Double.isNaN(value) ? 0 : value;
	}

}
