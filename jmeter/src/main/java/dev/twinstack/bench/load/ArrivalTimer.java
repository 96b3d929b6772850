package dev.twinstack.bench.load;

import java.time.Duration;
import java.util.List;

import org.apache.jmeter.testbeans.gui.TestBeanGUI;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.timers.JSR223Timer;
import us.abstracta.jmeter.javadsl.core.timers.BaseTimer;

/**
 * Paces the open model: each iteration of a thread claims the next arrival of the
 * schedule ({@link ArrivalSchedule}) and waits for its intended send time; a stock JMeter
 * JSR223 Timer running {@link #SCRIPT} (Groovy), so that exported plans open in any
 * JMeter. The arrival counter is shared by the thread group's threads (a JMeter property
 * per test start and group); the schedule starts at the first claim. Each sample carries
 * the variables {@link #VARIABLES}: {@code arrival} (k, from 0) and {@code scheduledMs}
 * (its intended send time, ms since the epoch), which a JTL records when JMeter's
 * {@code sample_variables} names them. Once every arrival is claimed, or the drain after
 * the schedule's end is over, each thread stops after its request in flight. The drain
 * counts from the schedule's start, the first claim, not from the thread group's start: a
 * busy machine took 12 s to the first claim (Groovy's first compilation), which a thread
 * group's own end would have cut the schedule by. A busy pool sends an arrival late, but
 * its schedule stays: latency from the intended send time counts the wait (wrk2's idea).
 */
public final class ArrivalTimer extends BaseTimer {

	/** The sample variables the timer sets, in the JTL's column order. */
	public static final List<String> VARIABLES = List.of("arrival", "scheduledMs");

	/**
	 * The timer's Groovy script; parameters {@code rate first ramp hold drain} (req/s,
	 * req/s, s, s, s). Returns the wait in ms. Mirrors {@link ArrivalSchedule#offsetMs};
	 * arrivals not claimed {@code drain} s after the schedule's end are not sent.
	 */
	public static final String SCRIPT = """
			import java.util.concurrent.atomic.AtomicLong
			import org.apache.jmeter.threads.JMeterContextService
			double rate = args[0] as double, first = args[1] as double
			double ramp = args[2] as double, hold = args[3] as double, drain = args[4] as double
			String key = 'twinstack.arrivals.' + JMeterContextService.testStartTime + '.' + ctx.threadGroup.name
			Object[] run = props.computeIfAbsent(key, { k -> [new AtomicLong(), System.currentTimeMillis()] as Object[] })
			long k = ((AtomicLong) run[0]).getAndIncrement()
			double rampArrivals = (first + rate) / 2 * ramp
			long end = (long) run[1] + Math.round((ramp + hold + drain) * 1000)
			if (k >= Math.round(rampArrivals + rate * hold) || System.currentTimeMillis() > end) {
				ctx.thread.stop()
				return 0
			}
			double a = ramp > 0 ? (rate - first) / ramp : 0
			double t = k >= rampArrivals ? ramp + (k - rampArrivals) / rate
					: (a == 0 ? k / first : (Math.sqrt(first * first + 2 * a * k) - first) / a)
			long scheduled = (long) run[1] + Math.round(t * 1000)
			vars.put('arrival', Long.toString(k))
			vars.put('scheduledMs', Long.toString(scheduled))
			return Math.max(0L, scheduled - System.currentTimeMillis())
			""";

	private final String parameters;

	/**
	 * Creates the timer.
	 * @param parameters {@code rate first ramp hold drain}: numbers or JMeter functions
	 * (exported plans)
	 */
	public ArrivalTimer(String parameters) {
		super("arrivals", TestBeanGUI.class);
		this.parameters = parameters;
	}

	/**
	 * Creates the timer of a schedule.
	 * @param schedule the schedule
	 * @param drain how long after the schedule's end late arrivals are still sent
	 */
	ArrivalTimer(ArrivalSchedule schedule, Duration drain) {
		this(schedule.parameters() + " " + drain.toMillis() / 1000.0);
	}

	@Override
	protected TestElement buildTestElement() {
		// setters, not setProperty: the DSL copies a TestBean's fields into its
		// properties, which wiped values set as properties
		JSR223Timer timer = new JSR223Timer();
		timer.setScriptLanguage("groovy");
		timer.setScript(SCRIPT);
		timer.setParameters(this.parameters);
		return timer;
	}

}
