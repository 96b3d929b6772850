package dev.twinstack.bench.load.engine;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import dev.twinstack.bench.load.LoadStats;
import dev.twinstack.bench.process.JavaProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.dummySampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

/**
 * A load run never outlasts its reason to run: it stops when the process under load has
 * exited and when it passes its time limit, and keeps the statistics of what ran.
 */
class LoadGeneratorTests {

	/** A plan that would run for a minute. */
	private static DslTestPlan minuteLong() {
		return testPlan(threadGroup(2, Duration.ofSeconds(60),
				dummySampler("ok").responseTime(Duration.ofMillis(50)).simulateResponseTime(true)));
	}

	@Test
	void stopsARunThatOutlivesItsLimit() {
		Instant start = Instant.now();
		TestPlanStats stats = LoadGenerator.run(minuteLong(), Map.of(), null, Duration.ofSeconds(2));
		assertThat(Duration.between(start, Instant.now())).isLessThan(Duration.ofSeconds(15));
		assertThat(stats.overall().samplesCount()).isPositive();
	}

	@Test
	void aRunWithoutRequestsHasZeroFigures() {
		LoadStats load = LoadStats
			.from(LoadGenerator.run(testPlan(threadGroup(1, 0, dummySampler("ok"))), Map.of()).overall());
		assertThat(load.requests()).isZero();
		assertThat(load.throughput()).isZero();
		assertThat(load.p99Ms()).isZero();
	}

	@Test
	void stopsWhenTheProcessUnderLoadExits(@TempDir Path dir) {
		// a JVM without its jar exits at once
		JavaProcess target = JavaProcess.start("doomed", List.of(), dir.resolve("missing.jar"), List.of(),
				dir.resolve("doomed.log"));
		Instant start = Instant.now();
		TestPlanStats stats = LoadGenerator.run(minuteLong(), Map.of(), target, null);
		assertThat(Duration.between(start, Instant.now())).isLessThan(Duration.ofSeconds(15));
		assertThat(target.isAlive()).isFalse();
		assertThat(stats.overall().samplesCount()).isPositive();
		target.stop();
	}

}
