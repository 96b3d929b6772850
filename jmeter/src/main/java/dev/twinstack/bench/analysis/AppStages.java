package dev.twinstack.bench.analysis;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import com.fasterxml.jackson.annotation.JsonProperty;

import dev.twinstack.bench.measure.CounterRise;
import dev.twinstack.bench.measure.Spread;
import dev.twinstack.monitoring.TimeSeries;

import static dev.twinstack.bench.text.Text.fmt;

/**
 * Where a request's time inside the app went over a window, from the rises of the app's
 * own timers (no sampling): the server's time per request ({@code app_served_seconds}
 * over {@code app_served}), the downstream calls as its HTTP client timed them
 * ({@code app_client_seconds}, {@code app_client_calls}), the MongoDB inserts as the
 * driver timed them ({@code app_insert_seconds}, {@code app_insert_commands}), the rest
 * (CPU, and the waits for a thread, a carrier or an event loop between the stages), and,
 * when mock-services embeds MongoDB, the utilization and service demand of the
 * collection's write lock ({@code mocks_insert_busy_ms}, {@code mocks_inserts}; the
 * utilization law U = B / T and S = B / C, Denning and Buzen 1978).
 *
 * @param requests the app's requests of the workload finished in the window
 * @param residenceMs their mean time in the app (ms)
 * @param callsPerRequest downstream calls per request
 * @param callMs mean time of one downstream call, as the app's client timed it (ms)
 * @param insertsPerRequest inserts per request
 * @param insertMs mean time of one insert, as the driver timed it (ms)
 * @param lockBusy the share of the window the embedded MongoDB had an insert in progress
 * (0–1), {@code null} when not read
 * @param lockMsPerInsert the insert's busy time per insert at the embedded MongoDB (ms),
 * {@code null} when not read
 */
public record AppStages(double requests, double residenceMs, double callsPerRequest, double callMs,
		double insertsPerRequest, double insertMs, Double lockBusy, Double lockMsPerInsert) {

	/**
	 * Reads the stages over a window of a trial's readings.
	 * @param window the monitor's readings in the window, one a second
	 * @return the stages, {@code null} when the app's timers were not read or nothing
	 * finished in the window
	 */
	public static AppStages of(TimeSeries window) {
		CounterRise served = CounterRise.of(window, "app_served");
		CounterRise servedSeconds = CounterRise.of(window, "app_served_seconds");
		CounterRise calls = CounterRise.of(window, "app_client_calls");
		CounterRise callSeconds = CounterRise.of(window, "app_client_seconds");
		CounterRise inserts = CounterRise.of(window, "app_insert_commands");
		CounterRise insertSeconds = CounterRise.of(window, "app_insert_seconds");
		if (served == null || servedSeconds == null || calls == null || callSeconds == null || inserts == null
				|| insertSeconds == null || served.value() <= 0) {
			return null;
		}
		double n = served.value();
		CounterRise lockInserts = CounterRise.of(window, "mocks_inserts");
		CounterRise lockBusyMs = CounterRise.of(window, "mocks_insert_busy_ms");
		boolean lock = lockInserts != null && lockBusyMs != null && lockInserts.value() > 0 && lockBusyMs.ms() > 0;
		return new AppStages(n, servedSeconds.value() * 1000 / n, calls.value() / n, perEvent(callSeconds, calls),
				inserts.value() / n, perEvent(insertSeconds, inserts),
				lock ? Math.min(1, lockBusyMs.perSecond() / 1000) : null,
				lock ? lockBusyMs.value() / lockInserts.value() : null);
	}

	private static double perEvent(CounterRise seconds, CounterRise count) {
		return (count.value() > 0) ? seconds.value() * 1000 / count.value() : 0;
	}

	/**
	 * Returns the downstream calls' time per request.
	 * @return calls per request × time per call (ms)
	 */
	@JsonProperty
	public double downstreamMs() {
		return this.callsPerRequest * this.callMs;
	}

	/**
	 * Returns the inserts' time per request.
	 * @return inserts per request × time per insert (ms)
	 */
	@JsonProperty
	public double databaseMs() {
		return this.insertsPerRequest * this.insertMs;
	}

	/**
	 * Returns the rest of the time in the app: its CPU and the waits between the stages
	 * (for a worker, a carrier or an event loop to run the next step).
	 * @return residence − downstream − database (ms), at least 0
	 */
	@JsonProperty
	public double otherMs() {
		return Math.max(0, this.residenceMs - downstreamMs() - databaseMs());
	}

	/**
	 * Describes the stages against the configured downstream latency.
	 * @param callLatencyMs the configured latency of one downstream call (ms)
	 * @return e.g. {@code 3 downstream calls of 118 ms each (configured 100), the insert
	 * 29 ms (the database's write lock 3 % busy), 11 ms elsewhere in the app}
	 */
	public String describe(double callLatencyMs) {
		String lock = (this.lockBusy != null)
				? fmt(" (the embedded database's write lock %.0f %% busy)", this.lockBusy * 100) : "";
		return fmt(
				"%.0f downstream calls of %.0f ms each (configured %.0f), %.0f ms in the insert%s, %.0f ms "
						+ "elsewhere in the app",
				this.callsPerRequest, this.callMs, callLatencyMs, databaseMs(), lock, otherMs());
	}

	/**
	 * Returns a cell's stages: the median of each figure over its trials.
	 * @param trials the trials' stages ({@code null} entries are skipped)
	 * @return the medians, {@code null} when no trial has them
	 */
	public static AppStages median(List<AppStages> trials) {
		List<AppStages> read = trials.stream().filter(Objects::nonNull).toList();
		if (read.isEmpty()) {
			return null;
		}
		List<Double> busy = read.stream().map(AppStages::lockBusy).filter(Objects::nonNull).toList();
		List<Double> lockMs = read.stream().map(AppStages::lockMsPerInsert).filter(Objects::nonNull).toList();
		return new AppStages(median(read, AppStages::requests), median(read, AppStages::residenceMs),
				median(read, AppStages::callsPerRequest), median(read, AppStages::callMs),
				median(read, AppStages::insertsPerRequest), median(read, AppStages::insertMs),
				busy.isEmpty() ? null : Spread.of(busy).median(), lockMs.isEmpty() ? null : Spread.of(lockMs).median());
	}

	private static double median(List<AppStages> trials, Function<AppStages, Double> value) {
		return Spread.of(trials.stream().map(value).toList()).median();
	}

}
