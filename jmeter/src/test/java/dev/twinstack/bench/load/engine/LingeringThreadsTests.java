package dev.twinstack.bench.load.engine;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import dev.twinstack.bench.process.BenchException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class LingeringThreadsTests {

	private static final Duration SHORT = Duration.ofMillis(300);

	@Test
	void returnsAtOnceWhenNoThreadIsAlive() {
		AtomicInteger stops = new AtomicInteger();
		LingeringThreads.awaitNone(() -> 0, SHORT, stops::incrementAndGet, SHORT);
		assertThat(stops).hasValue(0);
	}

	@Test
	void waitsForAThreadThatEndsByItself() {
		AtomicInteger polls = new AtomicInteger();
		AtomicInteger stops = new AtomicInteger();
		LingeringThreads.awaitNone(() -> (polls.incrementAndGet() < 3) ? 1 : 0, Duration.ofSeconds(5),
				stops::incrementAndGet, SHORT);
		assertThat(polls).hasValue(3);
		assertThat(stops).hasValue(0);
	}

	@Test
	void stopsThreadsThatOutliveTheWait() {
		AtomicInteger live = new AtomicInteger(2);
		LingeringThreads.awaitNone(live::get, SHORT, () -> live.set(0), SHORT);
		assertThat(live).hasValue(0);
	}

	@Test
	void refusesToGoOnWhileThreadsRemain() {
		AtomicInteger stops = new AtomicInteger();
		assertThatExceptionOfType(BenchException.class)
			.isThrownBy(() -> LingeringThreads.awaitNone(() -> 2, SHORT, stops::incrementAndGet, SHORT))
			.withMessage(
					"2 JMeter threads still run 0.6 s after their run ended, stopped or not: they would load the next run");
		assertThat(stops).hasValue(1);
	}

}
