package dev.twinstack.bench.load;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RunIdTests {

	@Test
	void shortIdsAreKeptWhole() {
		assertThat(RunId.of("btozjkw", "mvc-composite-sequential-c400-cpu1", "-t2"))
			.isEqualTo("btozjkw-mvc-composite-sequential-c400-cpu1-t2");
	}

	@Test
	void longIdsAreCutWithinTheLimitAndStayDistinct() {
		// 53 characters whole: the cross-check of the 2026-11-24 standard run was skipped
		String sequential = RunId.of("btozjkw", "coroutines-composite-sequential-c400-cpu1", "-wrk");
		String parallel = RunId.of("btozjkw", "coroutines-composite-sequential-c400-cpu2", "-wrk");
		assertThat(sequential).hasSizeLessThanOrEqualTo(RunId.MAX_LENGTH)
			.startsWith("btozjkw-coroutines-composite-")
			.endsWith("-wrk")
			.matches("[A-Za-z0-9-]+");
		assertThat(parallel).hasSizeLessThanOrEqualTo(RunId.MAX_LENGTH).isNotEqualTo(sequential);
		assertThat(RunId.of("btozjkw", "coroutines-composite-sequential-c400-cpu1", "-wrk")).isEqualTo(sequential);
	}

	@Test
	void aPrefixLeavingNoRoomIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> RunId.of("p".repeat(50), "cell", "-t1"))
			.withMessageContaining("no room");
	}

}
