package dev.twinstack.bench.load.opencheck;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.process.ProcessRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class OpenCheckTests {

	private static final OpenCheckPlan PLAN = OpenCheckPlan.of(Workload.COMPOSITE_SEQUENTIAL, "http://127.0.0.2:8081/",
			"bk1-webflux-g", new OpenCheckPlan.Step(50, 5),
			List.of(new OpenCheckPlan.Step(300, 12), new OpenCheckPlan.Step(150.5, 12)), 2);

	@Test
	void saysToBuildTheModuleWhenItsClassPathIsMissing(@TempDir Path module) throws IOException {
		assertThatExceptionOfType(BenchException.class)
			.isThrownBy(() -> OpenCheck.run(module, List.of(), PLAN, module.resolve("out")))
			.withMessage("open-check is not built (" + module.resolve("target/classes")
					+ " is missing): run ./mvnw package first");
		Files.createDirectories(module.resolve("target/classes"));
		assertThatExceptionOfType(BenchException.class).isThrownBy(() -> OpenCheck.classpath(module))
			.withMessage("open-check is not built (" + module.resolve("target/classpath.txt")
					+ " is missing): run ./mvnw package first");
		assertThat(ProcessRegistry.running()).isEmpty();
	}

	@Test
	void runsFromTheModulesClassesThenItsDependencies(@TempDir Path module) throws IOException {
		Files.createDirectories(module.resolve("target/classes"));
		Files.writeString(module.resolve("target/classpath.txt"), "/m2/a.jar:/m2/b.jar\n");

		assertThat(OpenCheck.classpath(module)).isEqualTo(module.resolve("target/classes") + ":/m2/a.jar:/m2/b.jar");
	}

	@Test
	void passesTheWorkloadsRequestTheStepsAndTheBenchsTimeouts() {
		assertThat(OpenCheck.jvmArgs(PLAN, Path.of("/runs/cell/gatling"))).containsExactly("-Xmx512m",
				"--add-opens=java.base/java.lang=ALL-UNNAMED", "-Dgatling.socket.connectTimeout=5000",
				"-Dgatling.http.requestTimeout=30000", "-DopenCheck.baseUrl=http://127.0.0.2:8081",
				"-DopenCheck.method=POST", "-DopenCheck.path=/profiles/${__Random(1,100000)}?fanout=sequential",
				"-DopenCheck.status=201", "-DopenCheck.requestIdPrefix=bk1-webflux-g", "-DopenCheck.warmUp=50x5",
				"-DopenCheck.steps=300x12,150.5x12", "-DopenCheck.skipSeconds=2", "-DopenCheck.pauseSeconds=2",
				"-DopenCheck.out=/runs/cell/gatling");
		OpenCheckPlan withBody = new OpenCheckPlan("http://h:1", "PUT", "/x", "{}",
				Map.of("Content-Type", "application/json"), 200, "p", null, List.of(new OpenCheckPlan.Step(1, 1)), 0);
		assertThat(withBody.systemProperties("/o"))
			.contains("-DopenCheck.body={}", "-DopenCheck.header.Content-Type=application/json")
			.noneMatch((arg) -> arg.startsWith("-DopenCheck.warmUp"));
	}

	@Test
	void waitsForTheLoadItsAnswersAndGatlingsStart() {
		// 5 s warm-up, then 2 steps of 12 s after a 2 s pause each: 33 s
		assertThat(PLAN.plannedSeconds()).isEqualTo(33);
		assertThat(OpenCheck.timeout(PLAN)).isEqualTo(Duration.ofSeconds(90 + 33 + 3 * 30));
	}

	@Test
	void refusesAPlanItCannotRun() {
		List<OpenCheckPlan.Step> steps = List.of(new OpenCheckPlan.Step(10, 2));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> OpenCheckPlan.of(Workload.CPU_LIGHT, "http://h:1", "p", null, steps, 2))
			.withMessageStartingWith("each step must last longer than the 2 s it leaves out");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> OpenCheckPlan.of(Workload.CPU_LIGHT, "http://h:1", "p", null, List.of(), 0))
			.withMessage("the open-model check needs at least one step");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> OpenCheckPlan.of(Workload.CPU_LIGHT, "http://h:1", "run 1", null, steps, 0))
			.withMessageStartingWith("request id prefix must be 1 to 52 letters, digits and dashes");
		assertThatIllegalArgumentException().isThrownBy(() -> new OpenCheckPlan.Step(0, 5))
			.withMessage("a step needs a rate above 0 req/s and 1 s or more, got 0.0 req/s for 5 s");
	}

	@Test
	void readsWhatTheSimulationWrote(@TempDir Path dir) throws IOException {
		Path latency = dir.resolve("latency.json");
		Files.writeString(latency, """
				{"requestIdPrefix": "p-g", "requests": 910, "acknowledged": 905,
				 "warmUp": {"rate": 50.0, "seconds": 5, "skipSeconds": 0, "skipped": 0, "sent": 250, "ok": 250,
				            "ko": 0, "p50Ms": 2100.5, "p99Ms": 3000.1, "maxMs": 3100.0},
				 "steps": [{"rate": 55.0, "seconds": 12, "skipSeconds": 2, "skipped": 110, "sent": 550, "ok": 545,
				            "ko": 5, "p50Ms": 21.3, "p99Ms": 40.2, "maxMs": 61.0}]}
				""");

		OpenCheckResult result = OpenCheck.read(latency);

		assertThat(result.acknowledged()).isEqualTo(905);
		assertThat(result.warmUp().sent()).isEqualTo(250);
		assertThat(result.steps()).containsExactly(new OpenCheckStep(55, 12, 2, 110, 550, 545, 5, 21.3, 40.2, 61));
		Files.writeString(latency, "{\"requestIdPrefix\": \"p-g\", \"requests\": 1, \"acknowledged\": 1, \"steps\": "
				+ "[{\"rate\": 1.0, \"seconds\": 1, \"sent\": 1}]}");
		assertThatExceptionOfType(BenchException.class).isThrownBy(() -> OpenCheck.read(latency))
			.withMessageStartingWith("Could not read " + latency);
		assertThatExceptionOfType(BenchException.class).isThrownBy(() -> OpenCheck.read(dir.resolve("none.json")))
			.withMessage("Gatling wrote no " + dir.resolve("none.json"));
	}

}
