package dev.twinstack.bench.settings;

import java.time.Duration;
import java.util.Optional;

import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.mocks.Latency;

/**
 * What the downstream services (mock-services) take to answer. Both latencies are kept as
 * given and read with mock-services' own grammar ({@link Latency}).
 *
 * @param latency the latency of every composite downstream call, passed to mock-services
 * {@code --latency} (e.g. {@code 100ms}, {@code lognormal:100ms:0.2})
 * @param slowLatency the slow service's latency, passed to mock-services
 * {@code --slow-latency}; a fixed one (e.g. {@code 1s})
 */
public record Downstream(String latency, String slowLatency) {

	/**
	 * Checks both latencies.
	 * @throws IllegalArgumentException when a latency is not in mock-services' grammar or
	 * the slow one is not fixed
	 */
	public Downstream {
		Latency.parse(latency, "latency");
		if (!(Latency.parse(slowLatency, "slowLatency") instanceof Latency.Fixed)) {
			throw new IllegalArgumentException("slowLatency must be fixed, got '" + slowLatency + "'");
		}
	}

	/**
	 * Returns the fixed latency of each composite downstream call, when it is fixed.
	 * @return the latency, or empty for a random latency (log-normal, uniform)
	 */
	public Optional<Duration> fixedLatency() {
		return (Latency.parse(this.latency) instanceof Latency.Fixed fixed) ? Optional.of(fixed.delay())
				: Optional.empty();
	}

	/**
	 * Returns the typical latency of a composite downstream call: the fixed value, the
	 * log-normal median, or the middle of the uniform range ({@link Latency#median()}).
	 * @return the latency
	 */
	public Duration nominalLatency() {
		return Latency.parse(this.latency).median();
	}

	/**
	 * Returns the slow service's latency.
	 * @return the latency (fixed)
	 */
	public Duration slowLatencyDuration() {
		return Latency.parse(this.slowLatency).median();
	}

	/**
	 * Returns the ideal downstream wait of one request of a workload.
	 * @param workload the workload
	 * @return the wait (ms): 3 or 1 composite latencies, the slow latency, or 0
	 */
	public double downstreamMs(Workload workload) {
		return workload.downstreamMs(nominalLatency().toNanos() / 1e6, slowLatencyDuration().toNanos() / 1e6);
	}

}
