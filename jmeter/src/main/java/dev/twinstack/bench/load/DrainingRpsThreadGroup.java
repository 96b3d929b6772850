package dev.twinstack.bench.load;

import com.blazemeter.jmeter.threads.DynamicThread;
import com.blazemeter.jmeter.threads.concurrency.ConcurrencyThreadGroup;
import org.apache.jmeter.testelement.property.PropertyIterator;
import org.apache.jmeter.threads.AbstractThreadGroup;
import us.abstracta.jmeter.javadsl.core.threadgroups.RpsThreadGroup;

/**
 * jmeter-java-dsl's {@code rpsThreadGroup} (a jmeter-plugins Concurrency Thread Group
 * driven by a Throughput Shaping Timer) that lets the requests in flight at the end of
 * the schedule finish and be recorded.
 * <p>
 * With the DSL's group, the timer stops the group when its schedule ends; the group then
 * reports itself stopped at once, so JMeter ends the test and closes the JTL while up to
 * rate × latency requests are still in flight. Their samples were lost (docs/design.md,
 * "The open model's end"). Here the stop at the schedule's end lets each thread finish
 * its current request and waits for them (each is bounded by the sampler's response
 * timeout); the engine's hard stop still interrupts them.
 * <p>
 * Its ramp starts at a given rate ({@link #startingAt}) rather than the DSL's 1 req/s,
 * for the reason the exported plans' does ({@code plans.OpenThreadGroup}): at 1 req/s the
 * timer (jpgc-tst 2.5) sleeps each waiting thread for a second, then lets through at once
 * the requests the next seconds are behind on: one request, about a second of silence,
 * then a burst of up to the rate.
 */
public class DrainingRpsThreadGroup extends RpsThreadGroup {

	/**
	 * Creates the group.
	 * @param name the thread group's name in the plan and the .jmx
	 */
	public DrainingRpsThreadGroup(String name) {
		super(name);
	}

	/**
	 * Sets the rate the first {@code rampTo} starts from; call it before that.
	 * @param rps the first rate (req/s), e.g. the target rate / ramp-up seconds; at least
	 * 1
	 * @return this group
	 */
	public DrainingRpsThreadGroup startingAt(double rps) {
		this.lastRps = Math.max(1, rps);
		return this;
	}

	@Override
	protected AbstractThreadGroup buildThreadGroup() {
		AbstractThreadGroup configured = super.buildThreadGroup();
		DrainingGroup group = new DrainingGroup();
		PropertyIterator properties = configured.propertyIterator();
		while (properties.hasNext()) {
			group.setProperty(properties.next().clone());
		}
		return group;
	}

	/**
	 * The Concurrency Thread Group whose graceful stop waits for the requests in flight.
	 * Public with a public constructor because JMeter clones test elements by reflection.
	 */
	public static class DrainingGroup extends ConcurrencyThreadGroup {

		/** Creates the group (JMeter's cloning needs this constructor). */
		public DrainingGroup() {
		}

		/** Stops starting threads and asks each to stop after its current request. */
		@Override
		public void stop() {
			this.running = false;
			if (this.threadStarter != null) {
				this.threadStarter.interrupt();
			}
			this.threads.forEach(DynamicThread::stop);
		}

		/** The engine's hard stop: interrupts the requests in flight. */
		@Override
		public void tellThreadsToStop() {
			super.stop();
		}

		/** Waits for the schedule, then for every thread still finishing its request. */
		@Override
		public void waitThreadsStopped() {
			super.waitThreadsStopped();
			while (!this.threads.isEmpty()) {
				joinThreadFrom(this.threads);
			}
		}

	}

}
