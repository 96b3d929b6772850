package dev.twinstack.bench.measure;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import dev.twinstack.monitoring.SeriesSummary;
import dev.twinstack.monitoring.TimeSeries;

/**
 * Where requests waited for a pooled resource during one trial's steady window, from the
 * gauges of the app's {@code /actuator/prometheus} page read once a second
 * ({@link PrometheusProbe}). A figure is {@code null} when the stack does not expose that
 * pool (e.g. Tomcat's threads in webflux-app).
 *
 * @param mongoWaitPeak most operations waiting for a MongoDB connection at a reading
 * ({@code mongodb_driver_pool_waitqueuesize})
 * @param mongoWaitMean their mean over the readings
 * @param mongoCheckedOutPeak most MongoDB connections in use at a reading
 * ({@code mongodb_driver_pool_checkedout})
 * @param clientPendingPeak most acquisitions waiting for a pooled downstream HTTP
 * connection at a reading (Apache HttpClient 5 in mvc-app, Reactor Netty in webflux-app)
 * @param clientPendingMean their mean over the readings
 * @param tomcatBusyPeak most busy Tomcat worker threads at a reading
 * ({@code tomcat_threads_busy_threads})
 */
public record PoolWaits(Double mongoWaitPeak, Double mongoWaitMean, Double mongoCheckedOutPeak,
		Double clientPendingPeak, Double clientPendingMean, Double tomcatBusyPeak) {

	/**
	 * Summarises the gauges over a window.
	 * @param window the readings of the steady window
	 * @return the figures, {@code null} when the window has no reading of any pool
	 */
	public static PoolWaits over(TimeSeries window) {
		SeriesSummary wait = summary(window, "app_mongo_pool_wait");
		SeriesSummary checkedOut = summary(window, "app_mongo_pool_checkedout");
		SeriesSummary pending = summary(window, "app_client_pending");
		SeriesSummary busy = summary(window, "app_tomcat_busy");
		PoolWaits waits = new PoolWaits(wait.peak(), wait.mean(), checkedOut.peak(), pending.peak(), pending.mean(),
				busy.peak());
		return waits.equals(new PoolWaits(null, null, null, null, null, null)) ? null : waits;
	}

	/**
	 * Returns the cell's figures over its trials: the highest peak, the median mean.
	 * @param trials the trials' figures ({@code null} entries are skipped)
	 * @return the figures, {@code null} when no trial has them
	 */
	public static PoolWaits over(List<PoolWaits> trials) {
		List<PoolWaits> measured = trials.stream().filter(Objects::nonNull).toList();
		if (measured.isEmpty()) {
			return null;
		}
		return new PoolWaits(max(measured, PoolWaits::mongoWaitPeak), median(measured, PoolWaits::mongoWaitMean),
				max(measured, PoolWaits::mongoCheckedOutPeak), max(measured, PoolWaits::clientPendingPeak),
				median(measured, PoolWaits::clientPendingMean), max(measured, PoolWaits::tomcatBusyPeak));
	}

	private static SeriesSummary summary(TimeSeries window, String column) {
		return window.columns().contains(column) ? window.summary(column) : new SeriesSummary(0, null, null, null);
	}

	private static Double max(List<PoolWaits> trials, Function<PoolWaits, Double> value) {
		return trials.stream().map(value).filter(Objects::nonNull).max(Double::compare).orElse(null);
	}

	private static Double median(List<PoolWaits> trials, Function<PoolWaits, Double> value) {
		List<Double> values = trials.stream().map(value).filter(Objects::nonNull).toList();
		return values.isEmpty() ? null : Spread.of(values).median();
	}

}
