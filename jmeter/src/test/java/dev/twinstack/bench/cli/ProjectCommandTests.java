package dev.twinstack.bench.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.twinstack.bench.queueing.Prediction;
import dev.twinstack.bench.queueing.StackDemands;
import dev.twinstack.bench.queueing.WhatIf;

import static org.assertj.core.api.Assertions.assertThat;

class ProjectCommandTests {

	private final CommandRun project = new CommandRun(ProjectCommand::new);

	@Test
	void printsTheProjectionOfEveryStackLabelledAsSuch() throws Exception {
		int code = execute(fixture().toString(), "cores=8,latency=50ms,concurrency=2000");
		assertThat(this.project.err()).isEmpty();
		assertThat(code).isZero();
		List<String> lines = this.project.out().lines().toList();
		assertThat(lines.get(0)).isEqualTo("MODEL PROJECTION, NOT A MEASUREMENT");
		assertThat(lines.get(1)).contains("8 cores, 50 ms per downstream call, concurrency 2000");
		// webflux at c = 2000 uses the CPU per request of its c = 400 cell, held beyond
		// it
		StackDemands at400 = new StackDemands("webflux", 1.01, 0.97, 3, 100, 6.07, 1, 1, 0);
		Prediction expected = new WhatIf(8, 50, 2000, true).predict(at400);
		String row = lines.stream()
			.filter((l) -> l.startsWith("webflux  composite-sequential"))
			.findFirst()
			.orElseThrow();
		assertThat(row).contains("c=50, 400, app on 1 core")
			.contains("4 app + 4 harness")
			.contains("app 1.01 ms, harness 0.97 ms (c=400 (held beyond))")
			.contains(String.format(Locale.ROOT, "%.0f", expected.throughput()))
			.contains(String.format(Locale.ROOT, "%s (%.0f req/s)", expected.binding().name(),
					expected.binding().throughput()))
			// the model's error on the run's webflux cells of the workload: the predicted
			// ones, the shape check of the 64m cell left out
			.endsWith("model within 12 % on 1 of 1 cells of this run (other loads); 0 within 10 %");
		// mvc's 200 Tomcat threads bind: 200 / (1.60 + 1.73 + 150 + 2.80) ms
		String mvc = lines.stream().filter((l) -> l.startsWith("mvc ")).findFirst().orElseThrow();
		assertThat(mvc).contains(String.format(Locale.ROOT, "threads (%.0f req/s)", 200_000 / 156.13))
			.endsWith("model within 7 % on 1 of 1 cells of this run (other loads)");
		assertThat(lines.stream().filter((l) -> l.contains("cpu-light"))).singleElement()
			.asString()
			.endsWith("model not checked on this run");
		assertThat(lines.get(lines.size() - 1))
			.isEqualTo("The projection leaves the range the model was checked on: the app on 4 cores (checked: 1); "
					+ "concurrency 2000 (checked: 400). Its error there is not known.");
	}

	@Test
	void calibrationOnlyUsesTheLowestLoadsDemandEverywhere() throws Exception {
		assertThat(execute("--calibration-only", fixture().toString(), "cores=8,latency=50ms,concurrency=2000"))
			.isZero();
		StackDemands at50 = new StackDemands("webflux", 1.93, 2.00, 3, 100, 6.07, 1, 1, 0);
		Prediction expected = new WhatIf(8, 50, 2000, true).predict(at50);
		String row = this.project.out()
			.lines()
			.filter((l) -> l.startsWith("webflux  composite-sequential"))
			.findFirst()
			.orElseThrow();
		assertThat(row).contains("c=50, app on 1 core")
			.contains("app 1.93 ms, harness 2.00 ms (c=50 (held beyond))")
			.contains(String.format(Locale.ROOT, "  %.0f  ", expected.throughput()));
	}

	@Test
	void withoutTheHarnessTheAppHasEveryCore() throws Exception {
		assertThat(execute(fixture().toString(), "cores=4,latency=1s,concurrency=10,harness=none")).isZero();
		assertThat(this.project.out()).contains("JMeter and mock-services elsewhere").contains("4 app alone");
	}

	@Test
	void aBadWhatIfIsOneLineNamingTheArgumentAndTheAcceptedForm() throws Exception {
		assertThat(execute(fixture().toString(), "cores=8,latency=50,concurrency=2000")).isEqualTo(1);
		assertThat(this.project.err()).startsWith("project: <what-if> must be cores=")
			.contains("latency=50 needs a unit, ms or s")
			.hasLineCount(1);
		assertThat(this.project.out()).isEmpty();
	}

	@Test
	void aFolderWithoutResultsIsOneLine(@TempDir Path empty) {
		assertThat(execute(empty.toString(), "cores=8,latency=50ms,concurrency=2000")).isEqualTo(1);
		assertThat(this.project.err()).isEqualTo("project: no results.json in " + empty
				+ " (expected a bench run's output folder, e.g. target/bench)" + System.lineSeparator());
		assertThat(execute(empty.resolve("missing").toString(), "cores=8,latency=50ms,concurrency=2000")).isEqualTo(1);
		assertThat(this.project.err()).contains("run folder not found: " + empty.resolve("missing"));
	}

	@Test
	void aRunWithoutTheModelsDemandsSaysSo(@TempDir Path folder) throws Exception {
		Files.writeString(folder.resolve("results.json"), "{\"matrix\": [{\"cell\": {\"load\": \"closed\"}}]}");
		assertThat(execute(folder.toString(), "cores=8,latency=50ms,concurrency=2000")).isEqualTo(1);
		assertThat(this.project.err()).contains("has the model's demands (matrix[].model.demands)");
		Files.writeString(folder.resolve("results.json"), "{\"matrix\": [");
		assertThat(execute(folder.toString(), "cores=8,latency=50ms,concurrency=2000")).isEqualTo(1);
		assertThat(this.project.err()).contains("unreadable ").contains("results.json");
	}

	@Test
	void aMissingArgumentIsBadUsage() {
		assertThat(execute("target/bench")).isEqualTo(2);
		assertThat(this.project.err()).contains("Missing required parameter: '<what-if>'");
	}

	private int execute(String... args) {
		return this.project.run(args);
	}

	private static Path fixture() {
		return Path.of("src/test/resources/dev/twinstack/bench/report/project");
	}

}
