package dev.twinstack.bench.measure;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.twinstack.monitoring.TimeSeries;

/**
 * What the app's memory management cost over one trial's steady window, as deltas of the
 * cumulative counters of its {@code /actuator/prometheus} page ({@link PrometheusProbe})
 * between the window's first and last complete reading — never the counters since the JVM
 * started, which hold the warm-up and every earlier cell.
 *
 * @param seconds time between the two readings (s)
 * @param requests requests the app completed between them
 * ({@code http_server_requests_seconds_count} of the measured {@code uri})
 * @param gcPauses GC pauses between them ({@code jvm_gc_pause_seconds_count}, every
 * collector)
 * @param gcPauseMs their total time (ms, {@code jvm_gc_pause_seconds_sum})
 * @param allocatedMb bytes allocated between them, in MB of 2^20 bytes
 * ({@code jvm_gc_memory_allocated_bytes_total} plus the eden in use, see
 * {@link PrometheusProbe})
 */
public record GcCost(double seconds, long requests, long gcPauses, double gcPauseMs, double allocatedMb) {

	private static final double MB = 1024 * 1024;

	private static final List<String> COUNTERS = List.of("app_gc_allocated_bytes", "app_gc_count", "app_gc_seconds",
			"app_served");

	/**
	 * Takes the deltas over a window.
	 * @param window the readings of the steady window, one a second
	 * @return the deltas between its first and last reading with every counter;
	 * {@code null} with fewer than two such readings, or when a counter went backwards
	 * (the app restarted)
	 */
	public static GcCost over(TimeSeries window) {
		if (!window.columns().containsAll(COUNTERS)) {
			return null;
		}
		int[] index = COUNTERS.stream().mapToInt(window::indexOf).toArray();
		List<TimeSeries.Row> complete = window.rows().stream().filter((row) -> {
			for (int i : index) {
				if (!Double.isFinite(row.value(i))) {
					return false;
				}
			}
			return true;
		}).toList();
		if (complete.size() < 2) {
			return null;
		}
		TimeSeries.Row first = complete.get(0);
		TimeSeries.Row last = complete.get(complete.size() - 1);
		double[] delta = new double[index.length];
		for (int i = 0; i < index.length; i++) {
			delta[i] = last.value(index[i]) - first.value(index[i]);
			if (delta[i] < 0) {
				return null;
			}
		}
		return new GcCost(Duration.between(first.time(), last.time()).toMillis() / 1000.0, Math.round(delta[3]),
				Math.round(delta[1]), delta[2] * 1000, delta[0] / MB);
	}

	/**
	 * Returns the bytes allocated per completed request over the window.
	 * @return bytes per request, {@code null} without requests
	 */
	@JsonProperty
	public Double allocatedBytesPerRequest() {
		return (this.requests > 0) ? this.allocatedMb * MB / this.requests : null;
	}

	/**
	 * Returns the median of each figure over a cell's trials.
	 * @param trials the trials' deltas ({@code null} entries are skipped)
	 * @return the medians, {@code null} when no trial has them
	 */
	public static GcCost median(List<GcCost> trials) {
		List<GcCost> measured = trials.stream().filter(Objects::nonNull).toList();
		if (measured.isEmpty()) {
			return null;
		}
		return new GcCost(median(measured, GcCost::seconds), Math.round(median(measured, (t) -> (double) t.requests())),
				Math.round(median(measured, (t) -> (double) t.gcPauses())), median(measured, GcCost::gcPauseMs),
				median(measured, GcCost::allocatedMb));
	}

	private static double median(List<GcCost> trials, Function<GcCost, Double> value) {
		return Spread.of(trials.stream().map(value).toList()).median();
	}

}
