package dev.twinstack.bench.run;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;

import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.PrometheusProbe;

/**
 * The app's requests of a workload in progress, read once from its Prometheus page
 * ({@code app_in_flight}, {@link PrometheusProbe}) between the rungs of a capacity search
 * ({@link Settle}); one probe per Actuator address (an app restarted elsewhere gets a new
 * one).
 */
final class InFlightGauge {

	private static final int COLUMN = PrometheusProbe.COLUMNS.indexOf("app_in_flight");

	private final Workload workload;

	private URI actuator;

	private PrometheusProbe probe;

	InFlightGauge(Workload workload) {
		this.workload = workload;
	}

	/**
	 * Reads the gauge once.
	 * @param actuatorUri the base of the app's Actuator
	 * @return the requests in progress, {@code NaN} when the page cannot be read or holds
	 * no long-task timer of the requests
	 */
	double read(URI actuatorUri) {
		if (actuatorUri == null) {
			return Double.NaN;
		}
		if (!actuatorUri.equals(this.actuator)) {
			this.actuator = actuatorUri;
			this.probe = new PrometheusProbe(actuatorUri, this.workload.method(), this.workload.uriTag(),
					Duration.ofSeconds(1));
		}
		try {
			return this.probe.read()[COLUMN];
		}
		catch (IOException ex) {
			return Double.NaN;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Double.NaN;
		}
	}

}
