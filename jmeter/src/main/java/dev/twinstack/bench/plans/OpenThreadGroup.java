package dev.twinstack.bench.plans;

import dev.twinstack.bench.load.OpenModel;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.ThreadGroup;
import us.abstracta.jmeter.javadsl.core.threadgroups.DslDefaultThreadGroup;

/**
 * The open model's thread group: JMeter's standard thread group, {@code maxThreads}
 * threads started at once, each pacing its requests with the bench's arrival timer (a
 * stock JSR223 Timer, {@code load.ArrivalTimer}) under the request, which ends the
 * threads once the schedule's arrivals are sent. The group's own end, after
 * {@code rampUp + duration} s and {@link #BACKSTOP_SECONDS} s more (the timer's drain and
 * time for JMeter's start), is only a backstop. Every element is stock JMeter 5.6.3: no
 * plugin needed.
 */
final class OpenThreadGroup extends DslDefaultThreadGroup {

	/** Seconds the group runs beyond the schedule: the drain and JMeter's start. */
	static final long BACKSTOP_SECONDS = OpenModel.DRAIN.plus(OpenModel.START_ALLOWANCE).toSeconds();

	private final String totalSeconds;

	/**
	 * Creates the group.
	 * @param name the group's name in the plan
	 * @param plan the plan whose properties it reads
	 */
	OpenThreadGroup(String name, JmxPlan plan) {
		super(name);
		rampToAndHold(plan.property("maxThreads"), "0", plan.property("duration"));
		this.totalSeconds = "${__intSum(" + plan.property("rampUp") + "," + plan.property("duration") + ","
				+ BACKSTOP_SECONDS + ")}";
	}

	@Override
	public AbstractThreadGroup buildThreadGroup() {
		AbstractThreadGroup group = super.buildThreadGroup();
		group.setProperty(ThreadGroup.DURATION, this.totalSeconds);
		return group;
	}

}
