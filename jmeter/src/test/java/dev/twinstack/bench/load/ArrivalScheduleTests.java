package dev.twinstack.bench.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jmeter.timers.JSR223Timer;
import org.apache.jorphan.collections.ListedHashTree;
import org.junit.jupiter.api.Test;
import us.abstracta.jmeter.javadsl.core.engines.JmeterEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ArrivalScheduleTests {

	@Test
	void aHeldRateSpacesArrivalsEvenlyFromZero() {
		ArrivalSchedule schedule = ArrivalSchedule.of(100, Duration.ZERO, Duration.ofSeconds(6));
		assertThat(schedule.total()).isEqualTo(600);
		assertThat(schedule.offsetMs(0)).isZero();
		assertThat(schedule.offsetMs(1)).isEqualTo(10);
		assertThat(schedule.offsetMs(599)).isEqualTo(5990);
		assertThat(ArrivalSchedule.of(300, Duration.ZERO, Duration.ofSeconds(1)).offsetMs(3)).isEqualTo(10);
	}

	@Test
	void theRampStartsOneStepUpAndRisesLinearlyToTheRate() {
		// 300 req/s after 2 s: from 150 req/s, 450 arrivals in the ramp, then 300 a
		// second
		ArrivalSchedule schedule = ArrivalSchedule.of(300, Duration.ofSeconds(2), Duration.ofSeconds(10));
		assertThat(schedule.first()).isEqualTo(150);
		assertThat(schedule.total()).isEqualTo(450 + 3000);
		assertThat(schedule.offsetMs(0)).isZero();
		// the ramp's integral 150 t + 37.5 t² reaches 450 at t = 2 s
		assertThat(schedule.offsetMs(450)).isEqualTo(2000);
		assertThat(schedule.offsetMs(750)).isEqualTo(3000);
		// the first gap at 150 req/s, the last one of the ramp near 300 req/s
		assertThat(schedule.offsetMs(1)).isEqualTo(7);
		assertThat(schedule.offsetMs(450) - schedule.offsetMs(449)).isBetween(3L, 4L);
		List<Long> offsets = new ArrayList<>();
		for (long k = 0; k < schedule.total(); k++) {
			offsets.add(schedule.offsetMs(k));
		}
		assertThat(offsets).isSorted();
		assertThat(ArrivalSchedule.of(3, Duration.ofSeconds(10), Duration.ZERO).first()).as("at least 1 req/s")
			.isEqualTo(1);
		assertThat(ArrivalSchedule.of(40, Duration.ofMillis(500), Duration.ZERO).first()).as("no whole second")
			.isEqualTo(40);
	}

	@Test
	void aScheduleWithoutARateIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> ArrivalSchedule.of(0, Duration.ZERO, Duration.ZERO))
			.withMessageStartingWith("an arrival schedule needs rates > 0 req/s and lengths >= 0 s, got rate 0.0");
	}

	/**
	 * Runs {@link ArrivalTimer#SCRIPT} in JMeter's JSR223 Timer (Groovy), as a JMeter
	 * thread would, and checks each arrival's {@code scheduledMs} against the Java
	 * mirror, then that the claim after the last stops the thread.
	 */
	@Test
	void theTimersScriptSchedulesWhatArrivalScheduleComputes() throws Exception {
		new JmeterEnvironment();
		ArrivalSchedule schedule = ArrivalSchedule.of(50, Duration.ofSeconds(2), Duration.ofSeconds(3));
		JMeterContext context = JMeterContextService.getContext();
		ThreadGroup group = new ThreadGroup();
		group.setName("script-test-" + System.nanoTime());
		ListedHashTree tree = new ListedHashTree();
		tree.add(new LoopController());
		StopRecorder thread = new StopRecorder(tree);
		context.setThreadGroup(group);
		context.setThread(thread);
		context.setVariables(new JMeterVariables());
		ListedHashTree built = new ListedHashTree();
		new ArrivalTimer(schedule, Duration.ofSeconds(60)).buildTreeUnder(built, null);
		JSR223Timer timer = (JSR223Timer) built.getArray()[0];
		long firstScheduled = 0;
		for (long k = 0; k < schedule.total(); k++) {
			long delay = timer.delay();
			long scheduled = Long.parseLong(context.getVariables().get("scheduledMs"));
			if (k == 0) {
				firstScheduled = scheduled;
			}
			assertThat(context.getVariables().get("arrival")).isEqualTo(Long.toString(k));
			assertThat(scheduled - firstScheduled).as("arrival %d", k).isEqualTo(schedule.offsetMs(k));
			assertThat(delay).isBetween(0L, schedule.offsetMs(k));
			assertThat(thread.stopped).isFalse();
		}
		assertThat(timer.delay()).isZero();
		assertThat(thread.stopped).as("the thread asked to stop after the last arrival").isTrue();
		// a drain of 0 s, over once the schedule's 1 s has passed: no arrival claimed
		ArrivalSchedule brief = ArrivalSchedule.of(1000, Duration.ZERO, Duration.ofSeconds(1));
		ListedHashTree drained = new ListedHashTree();
		new ArrivalTimer(brief, Duration.ZERO).buildTreeUnder(drained, null);
		JSR223Timer late = (JSR223Timer) drained.getArray()[0];
		StopRecorder lateThread = new StopRecorder(tree);
		context.setThread(lateThread);
		group.setName(group.getName() + "-drained");
		assertThat(late.delay()).isZero();
		assertThat(lateThread.stopped).isFalse();
		Thread.sleep(1100);
		assertThat(late.delay()).isZero();
		assertThat(lateThread.stopped).as("the thread asked to stop after the drain").isTrue();
	}

	/** A JMeter thread that records being asked to stop. */
	static final class StopRecorder extends JMeterThread {

		private volatile boolean stopped;

		StopRecorder(ListedHashTree tree) {
			super(tree, null, null);
		}

		@Override
		public void stop() {
			this.stopped = true;
			super.stop();
		}

	}

}
