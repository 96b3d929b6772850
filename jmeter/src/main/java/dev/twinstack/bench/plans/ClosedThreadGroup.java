package dev.twinstack.bench.plans;

import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.ThreadGroup;
import us.abstracta.jmeter.javadsl.core.threadgroups.DslDefaultThreadGroup;

/**
 * JMeter's standard thread group with {@code threads}, {@code rampUp} and
 * {@code duration} read from JMeter properties: jmeter-java-dsl's ramp-and-hold group,
 * whose scheduler duration (ramp-up plus hold) is JMeter's own
 * {@code ${__intSum(rampUp,duration)}} rather than the DSL's Groovy expression, so that
 * JMeter users read it in the GUI as they would write it.
 */
final class ClosedThreadGroup extends DslDefaultThreadGroup {

	private final String totalSeconds;

	/**
	 * Creates the group.
	 * @param name the group's name in the plan
	 * @param plan the plan whose properties it reads
	 */
	ClosedThreadGroup(String name, JmxPlan plan) {
		super(name);
		rampToAndHold(plan.property("threads"), plan.property("rampUp"), plan.property("duration"));
		this.totalSeconds = "${__intSum(" + plan.property("rampUp") + "," + plan.property("duration") + ")}";
	}

	@Override
	public AbstractThreadGroup buildThreadGroup() {
		AbstractThreadGroup group = super.buildThreadGroup();
		group.setProperty(ThreadGroup.DURATION, this.totalSeconds);
		return group;
	}

}
