package dev.twinstack.bench.measure;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.twinstack.monitoring.TimeSeries;

/**
 * How much the app's JIT compiler worked during one trial: the delta of Micrometer's
 * {@code jvm.compilation.time} ({@code jvm_compilation_time_ms_total} on the app's
 * Prometheus page, {@link PrometheusProbe}'s {@code app_jit_ms}: elapsed ms summed over
 * the compiler threads) between the trial's first and last complete reading — from
 * JMeter's start to the reading after the load's last request. The same readings for an
 * app the bench started and for a remote target. A trial whose JIT compiled for more than
 * the warm-up's quiet threshold of its time measured a JIT still at work.
 *
 * @param seconds time between the two readings (s)
 * @param compilationMs compilation time between them (ms; with two compiler threads at
 * work it can exceed the wall time)
 */
public record JitCompilation(double seconds, double compilationMs) {

	/** The column of {@link PrometheusProbe} this is read from. */
	static final String COLUMN = "app_jit_ms";

	/**
	 * Takes the delta over a trial's readings.
	 * @param trial the trial's readings, one a second, from its start to its end
	 * @return the delta between its first and last reading of the compilation time;
	 * {@code null} (not known, never 0) without two such readings (a failed reading, an
	 * app without the meter), when they are at the same instant, or when the counter went
	 * backwards (the app restarted)
	 */
	public static JitCompilation over(TimeSeries trial) {
		CounterRise rise = CounterRise.of(trial, COLUMN);
		return (rise != null) ? new JitCompilation(rise.ms() / 1000.0, rise.value()) : null;
	}

	/**
	 * Returns the compilation time as a share of the time between the readings.
	 * @return % (100 × compilation ms / wall ms)
	 */
	@JsonProperty
	public double percent() {
		return this.compilationMs / (this.seconds * 1000) * 100;
	}

	/**
	 * Tells whether the JIT was still at work: it compiled for more than a threshold of
	 * the trial's time.
	 * @param quietPercent the most compilation, as % of the time, of a quiet JIT (the
	 * bench's {@code WarmUp.TRIAL_JIT_PERCENT})
	 * @return {@code true} above the threshold; exactly at it is quiet
	 */
	public boolean atWork(double quietPercent) {
		return percent() > quietPercent;
	}

}
