package dev.twinstack.bench.report.queueing;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import dev.twinstack.bench.queueing.LoadDependentDemands.MeasuredLoad;
import dev.twinstack.bench.queueing.StackDemands;

import static org.assertj.core.api.Assertions.assertThat;

class RunDemandsTests {

	@Test
	void readsTheDemandsOfEachStackAtEveryMeasuredLoad() throws Exception {
		RunDemands run = RunDemands.read(Path.of("src/test/resources/dev/twinstack/bench/report/project"));
		assertThat(run.profile()).isEqualTo("standard");
		assertThat(run.cores()).isEqualTo(2);
		// the 64m heap and the open cell are left out
		assertThat(run.stacks()).extracting(RunDemands.Entry::stack, RunDemands.Entry::workload)
			.containsExactly(org.assertj.core.groups.Tuple.tuple("mvc", "composite-sequential"),
					org.assertj.core.groups.Tuple.tuple("webflux", "composite-sequential"),
					org.assertj.core.groups.Tuple.tuple("webflux", "cpu-light"));
		RunDemands.Entry webflux = run.stacks().get(1);
		assertThat(webflux.placement()).isEqualTo("app on 1 core");
		assertThat(webflux.demands().loads()).containsExactly(new MeasuredLoad(50, 1.93, 2.00),
				new MeasuredLoad(400, 1.01, 0.97));
		assertThat(webflux.demands().base()).isEqualTo(new StackDemands("webflux", 1.93, 2.00, 3, 100, 6.07, 1, 1, 0));
		assertThat(run.stacks().get(2).demands().loads()).containsExactly(new MeasuredLoad(400, 0.11, 0.10));
	}

}
