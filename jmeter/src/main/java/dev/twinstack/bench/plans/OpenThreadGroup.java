package dev.twinstack.bench.plans;

import java.util.List;

import com.blazemeter.jmeter.threads.AbstractDynamicThreadGroup;
import com.blazemeter.jmeter.threads.concurrency.ConcurrencyThreadGroup;
import com.blazemeter.jmeter.threads.concurrency.ConcurrencyThreadGroupGui;
import kg.apc.jmeter.JMeterPluginsUtils;
import kg.apc.jmeter.timers.VariableThroughputTimer;
import kg.apc.jmeter.timers.VariableThroughputTimerGui;
import org.apache.jmeter.gui.util.PowerTableModel;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jorphan.collections.HashTree;
import us.abstracta.jmeter.javadsl.core.BuildTreeContext;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup;

/**
 * The open model from stock jmeter-plugins elements, as JMeter users build it by hand: a
 * Concurrency Thread Group whose thread count follows a Throughput Shaping Timer
 * ({@code __tstFeedback}), the timer's schedule ramping from {@code rate / rampUp} (at
 * least 1) to {@code rate} requests a second over {@code rampUp} seconds and holding it
 * for {@code duration} seconds, all read from JMeter properties.
 * <p>
 * The ramp does not start at 1 request a second, as jmeter-java-dsl's does: the timer
 * (jmeter-plugins' {@code VariableThroughputTimer.delay()}, jpgc-tst 2.5) keeps each
 * waiting thread for {@code 1 + 1000 × (waiting + 1) / rps} ms, with the rps of the
 * current wall-clock second, and nothing wakes them when the next second's rps rises. At
 * 1 req/s every thread sleeps at least 1 s after the first request, and then the timer
 * lets through at once the requests the new second is behind on: one request, about 1 s
 * of silence, then a burst of up to {@code rate} requests (as many as the phase of the
 * start in its wall-clock second; docs/design.md, "The open model's start"). Starting at
 * {@code rate / rampUp} a waiting thread sleeps at most a ramp step's interval, so the
 * ramp rises by steps of that size, without a burst.
 * <p>
 * jmeter-java-dsl's {@code rpsThreadGroup} writes its own subclasses of both elements
 * into the .jmx (which a JMeter without the DSL's jar cannot open) and takes only
 * numbers; the bench runs its own variant ({@code DrainingRpsThreadGroup}), which waits
 * for the requests in flight when the schedule ends. Here the stock elements end the test
 * as for every JMeter user: the group stops starting iterations after its hold of
 * {@code rampUp + duration} s, which it checks about once a second (so 0-1 s late), or
 * the timer stops the group at the end of its schedule, whichever comes first. The
 * threads are the "same user" on each iteration, so they keep their HTTP connections as
 * the bench's threads do.
 */
final class OpenThreadGroup extends BaseThreadGroup<OpenThreadGroup> {

	/** The timer's name, which {@code __tstFeedback} refers to. */
	static final String TIMER = "rate";

	/**
	 * The ramp's first rate: {@code rate / rampUp} requests a second, at least 1, by
	 * JMeter's own {@code __jexl3} function (no JSR223 script).
	 */
	static final String RAMP_START = "${__jexl3(%1$s / %2$s > 1 ? %1$s / %2$s : 1)}";

	/** Spare threads kept idle by {@code __tstFeedback}: 10 % (the DSL's default). */
	static final String SPARE_THREADS = "0.1";

	private final JmxPlan plan;

	/**
	 * Creates the group.
	 * @param name the group's name in the plan
	 * @param plan the plan whose properties it reads
	 */
	OpenThreadGroup(String name, JmxPlan plan) {
		super(name, ConcurrencyThreadGroupGui.class, List.of());
		this.plan = plan;
	}

	@Override
	protected AbstractThreadGroup buildThreadGroup() {
		ConcurrencyThreadGroup group = new ConcurrencyThreadGroup();
		group.setTargetLevel("${__tstFeedback(" + TIMER + "," + this.plan.property("initThreads") + ","
				+ this.plan.property("maxThreads") + "," + SPARE_THREADS + ")}");
		group.setHold(totalSeconds());
		group.setUnit(AbstractDynamicThreadGroup.UNIT_SECONDS);
		return group;
	}

	@Override
	public HashTree buildTreeUnder(HashTree parent, BuildTreeContext context) {
		HashTree tree = parent.add(buildConfiguredTestElement());
		tree.add(timer());
		this.children.forEach((child) -> context.buildChild(child, tree));
		return tree;
	}

	private TestElement timer() {
		String rate = this.plan.property("rate");
		PowerTableModel schedule = new PowerTableModel(new String[] { "Start RPS", "End RPS", "Duration, sec" },
				new Class<?>[] { String.class, String.class, String.class });
		String rampUp = this.plan.property("rampUp");
		schedule.addRow(new Object[] { RAMP_START.formatted(rate, rampUp), rate, rampUp });
		schedule.addRow(new Object[] { rate, rate, this.plan.property("duration") });
		VariableThroughputTimer timer = new VariableThroughputTimer();
		timer.setData(
				JMeterPluginsUtils.tableModelRowsToCollectionProperty(schedule, VariableThroughputTimer.DATA_PROPERTY));
		return configureTestElement(timer, TIMER, VariableThroughputTimerGui.class);
	}

	private String totalSeconds() {
		return "${__intSum(" + this.plan.property("rampUp") + "," + this.plan.property("duration") + ")}";
	}

}
