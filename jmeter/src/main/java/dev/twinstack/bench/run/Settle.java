package dev.twinstack.bench.run;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.PrometheusProbe;

/**
 * The pause between two rungs of a capacity search, ended by the app rather than the
 * clock: after {@link #MIN} it reads the app's requests of the workload in progress (the
 * {@code app_in_flight} gauge of {@link dev.twinstack.bench.measure.PrometheusProbe})
 * every {@link #POLL} until one reading is 0, for at most {@link #MAX}, then the next
 * rung starts anyway and the console says so. An app whose gauge cannot be read (no
 * Actuator reached, no long-task timer) gets the fixed {@link #FALLBACK} pause instead.
 * Requests still in the app when a rung starts would be charged to it: a failing rung's
 * backlog (client timeouts still running) would push the next one over the objective.
 */
final class Settle {

	/** The shortest pause, before the first reading. */
	static final Duration MIN = Duration.ofMillis(500);

	/** The longest wait for the app to empty. */
	static final Duration MAX = Duration.ofSeconds(10);

	/** The time between two readings. */
	static final Duration POLL = Duration.ofMillis(250);

	/** The pause when the gauge cannot be read. */
	static final Duration FALLBACK = Duration.ofSeconds(2);

	/** Sleeps, for the tests a clock's step. */
	@FunctionalInterface
	interface Sleeper {

		/**
		 * Sleeps.
		 * @param millis how long (ms)
		 * @throws InterruptedException when interrupted
		 */
		void sleep(long millis) throws InterruptedException;

	}

	/**
	 * How a wait ended.
	 *
	 * @param settled {@code true} when a reading was 0
	 * @param inFlight the last reading: requests in progress, {@code NaN} when the gauge
	 * could not be read
	 * @param waitedMs the time waited (ms)
	 */
	record Outcome(boolean settled, double inFlight, long waitedMs) {

		/**
		 * Tells whether the fixed pause was used.
		 * @return {@code true} when the gauge could not be read
		 */
		boolean fixed() {
			return Double.isNaN(this.inFlight);
		}

		/**
		 * Words a wait the console should report.
		 * @return e.g.
		 * {@code 12 requests still in flight at the app after 10 s; the next rung starts anyway},
		 * {@code null} when the app emptied
		 */
		String warning() {
			if (fixed()) {
				return "the app's in-flight gauge (app_in_flight) cannot be read: a fixed " + FALLBACK.toSeconds()
						+ " s pause between rungs instead";
			}
			return this.settled ? null
					: String.format(Locale.ROOT,
							"%.0f request(s) still in flight at the app after %.1f s; the next rung starts anyway",
							this.inFlight, this.waitedMs / 1000.0);
		}

	}

	private final DoubleSupplier inFlight;

	private final Sleeper sleeper;

	private final LongSupplier nanos;

	/**
	 * Creates the wait on an app's gauge.
	 * @param inFlight reads the app's requests in progress, {@code NaN} when it cannot
	 */
	Settle(DoubleSupplier inFlight) {
		this(inFlight, Thread::sleep, System::nanoTime);
	}

	/**
	 * Creates the wait on an app's gauge with a clock of its own.
	 * @param inFlight reads the app's requests in progress, {@code NaN} when it cannot
	 * @param sleeper sleeps
	 * @param nanos the clock (ns)
	 */
	Settle(DoubleSupplier inFlight, Sleeper sleeper, LongSupplier nanos) {
		this.inFlight = inFlight;
		this.sleeper = sleeper;
		this.nanos = nanos;
	}

	/**
	 * Waits until the app holds no request of the workload, or {@link #MAX} has passed;
	 * an interrupt ends the wait at once, the thread's flag set again.
	 * @return how it ended
	 */
	Outcome await() {
		long start = this.nanos.getAsLong();
		try {
			this.sleeper.sleep(MIN.toMillis());
			double reading = this.inFlight.getAsDouble();
			while (reading > 0 && waited(start) < MAX.toMillis()) {
				this.sleeper.sleep(POLL.toMillis());
				reading = this.inFlight.getAsDouble();
			}
			if (Double.isNaN(reading)) {
				// not read, or no longer (the app has gone: judged at the next rung)
				this.sleeper.sleep(Math.max(0, FALLBACK.toMillis() - waited(start)));
				return new Outcome(false, Double.NaN, waited(start));
			}
			return new Outcome(reading <= 0, reading, waited(start));
		}
		catch (InterruptedException ex) {
			// the bench is stopping: nothing to report
			Thread.currentThread().interrupt();
			return new Outcome(true, 0, waited(start));
		}
	}

	private long waited(long start) {
		return (this.nanos.getAsLong() - start) / 1_000_000;
	}

	/**
	 * The gauge an app the bench reaches is waited on with: its requests of a workload in
	 * progress, read once from its Prometheus page ({@code app_in_flight},
	 * {@link PrometheusProbe}); one probe per Actuator address (an app restarted
	 * elsewhere gets a new one).
	 */
	static final class AppGauge {

		private static final int COLUMN = PrometheusProbe.COLUMNS.indexOf("app_in_flight");

		private final Workload workload;

		private URI actuator;

		private PrometheusProbe probe;

		AppGauge(Workload workload) {
			this.workload = workload;
		}

		/**
		 * Reads the gauge once.
		 * @param actuatorUri the base of the app's Actuator
		 * @return the requests in progress, {@code NaN} when the page cannot be read or
		 * holds no long-task timer of the requests
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

}
