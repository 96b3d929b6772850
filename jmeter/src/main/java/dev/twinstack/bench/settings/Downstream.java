package dev.twinstack.bench.settings;

import java.time.Duration;
import java.util.Optional;

import dev.twinstack.bench.matrix.Workload;

/**
 * What the downstream services (mock-services) take to answer.
 *
 * @param latency the latency of every composite downstream call, passed to mock-services
 * {@code --latency} (e.g. {@code 100ms}, {@code lognormal:100ms:0.2})
 * @param slowLatency the slow service's latency, passed to mock-services
 * {@code --slow-latency}
 */
public record Downstream(String latency, String slowLatency) {

	/**
	 * Returns the fixed latency of each composite downstream call, when it is fixed.
	 * @return the latency, or empty for a random latency (log-normal, uniform)
	 */
	public Optional<Duration> fixedLatency() {
		String text = this.latency.startsWith("fixed:") ? this.latency.substring(6) : this.latency;
		return SettingsParser.LATENCY_DURATION.matcher(text).matches() ? Optional.of(SettingsParser.toDuration(text))
				: Optional.empty();
	}

	/**
	 * Returns the typical latency of a composite downstream call: the fixed value, the
	 * log-normal median, or the middle of the uniform range.
	 * @return the latency
	 */
	public Duration nominalLatency() {
		return SettingsParser.nominalLatency(this.latency);
	}

	/**
	 * Returns the slow service's latency.
	 * @return the latency
	 */
	public Duration slowLatencyDuration() {
		return SettingsParser.toDuration(this.slowLatency);
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
