package dev.twinstack.bench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.twinstack.bench.faults.FaultRun;
import dev.twinstack.bench.faults.OutageRun;
import dev.twinstack.bench.report.ResultsJson;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.settings.faults.FaultSettings;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a bench run that asked for the {@code faults} scenario must show, shared by
 * {@link BenchIT} (whatever {@code -Pbench} asks for) and {@link FaultsScenarioIT} (which
 * always asks for it, so that these checks run in every {@code ./mvnw verify}).
 */
final class FaultsChecks {

	private FaultsChecks() {
	}

	/**
	 * Checks that every stack ran every case in order, each showing the contract's
	 * behaviour (the expected statuses, no failure beyond its limit, stored ==
	 * acknowledged, a recovery, an error share matching the fault's), that each database
	 * outage passed, and that report.md and results.json carry them.
	 * @param faults what the run asked for
	 * @param results the run's results
	 * @param outputDir the run's output folder
	 * @throws IOException when report.md cannot be read
	 */
	static void assertContractShown(FaultSettings faults, BenchResults results, Path outputDir) throws IOException {
		List<FaultRun> runs = results.faults();
		assertThat(runs).hasSize(faults.stacks().size() * faults.cases().size());
		for (int i = 0; i < runs.size(); i++) {
			FaultRun run = runs.get(i);
			FaultSettings.Case expected = faults.cases().get(i % faults.cases().size());
			assertThat(run.stack()).as("run %d's stack", i).isEqualTo(faults.stacks().get(i / faults.cases().size()));
			assertThat(new FaultSettings.Case(run.service(), run.fault(), run.share())).as("run %d", i)
				.isEqualTo(expected);
			String id = describe(run);
			assertThat(run.requests()).as(id).isPositive();
			assertThat(run.statusesAsExpected()).as("%s statuses", id).isTrue();
			assertThat(run.statuses().keySet()).as("%s statuses", id)
				.isSubsetOf("201", String.valueOf(run.fault().expectedStatus()));
			assertThat(run.withinLimit()).as("%s slowest failure %s ms", id, run.failedMaxMs()).isTrue();
			assertThat(run.stored()).as("%s stored vs acknowledged", id).isEqualTo(run.acknowledged());
			assertThat(run.acknowledged()).as("%s acknowledged: requests - errors", id)
				.isEqualTo(run.requests() - run.errors());
			assertThat(run.recoveryMs())
				.as("%s recovery (threads %s -> %s, connections %s -> %s)", id, run.threadsBefore(), run.threadsAfter(),
						run.connectionsBefore(), run.connectionsAfter())
				.isNotNull();
			assertThat(run.errorPercent()).as(id)
				.isBetween((run.share() == 100) ? 100.0 : 1.0, (run.share() == 100) ? 100.0 : 30.0);
			assertThat(run.passed()).as(id).isTrue();
			assertThat(outputDir.resolve(run.jtl())).as("%s JTL", id).isRegularFile();
		}
		String report = Files.readString(outputDir.resolve("report.md"));
		assertThat(report).contains("## Downstream faults",
				"**" + runs.size() + " of " + runs.size() + " runs** showed the contract's behaviour.");
		if (faults.databaseOutage()) {
			assertThat(results.databaseOutages()).extracting(OutageRun::stack)
				.containsExactlyElementsOf(faults.stacks());
			assertThat(results.databaseOutages()).allSatisfy((outage) -> {
				assertThat(outage.passed()).as("%s database outage: %s", outage.stack().id(), outage).isTrue();
				// passed() holds with no request inside the outage: "503 while down"
				// needs one
				assertThat(outage.whileDown()).as("%s: sent and answered while down", outage.stack().id()).isPositive();
			});
			assertThat(report).contains("## Database outage");
		}
		else {
			assertThat(results.databaseOutages()).isEmpty();
			assertThat(report).doesNotContain("## Database outage");
		}
		assertThat(ResultsJson.read(outputDir.resolve("results.json")).at("/faults").size()).isEqualTo(runs.size());
	}

	/**
	 * Describes a run for an assertion's message.
	 * @param run the run
	 * @return e.g. {@code mvc orders status-503 10 %: {201=90, 502=10}}
	 */
	static String describe(FaultRun run) {
		return run.stack().id() + " " + run.service().id() + " " + run.fault().id() + " " + run.share() + " %: "
				+ run.statuses();
	}

}
