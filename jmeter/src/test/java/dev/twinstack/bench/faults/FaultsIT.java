package dev.twinstack.bench.faults;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.measure.storage.ProfileStore;
import dev.twinstack.bench.process.MockServicesProcess;
import dev.twinstack.bench.process.ProcessRegistry;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.faults.DownstreamService;
import dev.twinstack.bench.settings.faults.Fault;
import dev.twinstack.bench.settings.faults.FaultSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A reduced {@code faults} scenario against both app jars on one mock-services process:
 * every fault on the orders service for all requests, and the delay for 10 % of them,
 * then a MongoDB outage under load; then the contract's behaviour of each run.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FaultsIT {

	private FaultSettings faults;

	private BenchSettings settings;

	private final List<FaultRun> runs = new ArrayList<>();

	private final List<OutageRun> outages = new ArrayList<>();

	private final List<String> runningAfterTheApps = new ArrayList<>();

	@BeforeAll
	void runTheFaults() {
		Map<String, String> properties = new HashMap<>();
		System.getProperties().stringPropertyNames().forEach((name) -> properties.put(name, System.getProperty(name)));
		properties.putAll(Map.of("bench.scenarios", "faults", "bench.stacks", "mvc,webflux", "bench.faultConcurrency",
				"10", "bench.faultDuration", "1s", "bench.outputDir", "target/faults-it"));
		BenchSettings settings = BenchSettings.from(properties);
		this.settings = settings;
		this.faults = settings.faults();
		List<FaultSettings.Case> cases = new ArrayList<>();
		for (Fault fault : Fault.values()) {
			cases.add(new FaultSettings.Case(DownstreamService.ORDERS, fault, 100));
		}
		cases.add(new FaultSettings.Case(DownstreamService.ORDERS, Fault.DELAY, 10));
		try (MockServicesProcess mocks = MockServicesProcess.start(settings,
				settings.outputDir().resolve("logs/mock-services.log"));
				ProfileStore store = new ProfileStore(mocks.mongoUri())) {
			FaultsRunner runner = new FaultsRunner(settings, this.faults, mocks, store, "fit", Instant.now(), (app) -> {
			});
			this.runs.addAll(runner.run(cases));
			this.outages.addAll(runner.outages());
			ProcessRegistry.running().forEach((process) -> this.runningAfterTheApps.add(process.role()));
		}
		finally {
			ProcessRegistry.stopAll();
		}
	}

	@AfterAll
	void stopEverything() {
		ProcessRegistry.stopAll();
	}

	@Test
	void everyRunRan() {
		assertThat(this.runs).hasSize(2 * 7);
		assertThat(this.runs).extracting(FaultRun::stack).containsOnly(Stack.MVC, Stack.WEBFLUX);
		assertThat(this.runs).allSatisfy((run) -> assertThat(run.requests()).as(describe(run)).isGreaterThan(5));
	}

	@Test
	void everyFailureGetsTheDocumentedStatus() {
		for (FaultRun run : this.runs) {
			String expected = String.valueOf(run.fault().expectedStatus());
			assertThat(run.statuses().keySet()).as(describe(run)).isSubsetOf("201", expected);
			assertThat(run.statuses()).as(describe(run)).containsKey(expected);
			assertThat(run.statusesAsExpected()).as(describe(run)).isTrue();
			if (run.share() == 100) {
				assertThat(run.errorPercent()).as(describe(run)).isEqualTo(100.0);
			}
			else {
				// the fault hits exactly the ids ending in its digit, counted from the
				// JTL's URLs: no more, no fewer (a two-digit pattern or a leak fails)
				assertThat(run.targeted()).as(describe(run) + ": ids ending in the faulted digit").isPositive();
				assertThat(run.errors()).as(describe(run) + ": errors = the targeted requests")
					.isEqualTo(run.targeted());
				assertThat(run.statuses()).as(describe(run)).containsKey("201");
			}
		}
	}

	@Test
	void noFailureHangsBeyondTheClientTimeout() {
		long timeoutMs = this.faults.clientTimeout().toMillis();
		for (FaultRun run : this.runs) {
			assertThat(run.withinLimit()).as(describe(run)).isTrue();
			assertThat(run.failedMaxMs()).as(describe(run)).isLessThanOrEqualTo((double) run.limitMs());
			if (run.fault() == Fault.DELAY) {
				assertThat(run.failedP99Ms()).as("%s: a 504 comes at the timeout, not before", describe(run))
					.isGreaterThanOrEqualTo((double) timeoutMs);
			}
			else {
				assertThat(run.failedMaxMs()).as("%s: fails fast", describe(run)).isLessThan((double) timeoutMs);
			}
		}
	}

	@Test
	void nothingIsStoredForAFailedRequest() {
		for (FaultRun run : this.runs) {
			assertThat(run.stored()).as("%s stored vs acknowledged", describe(run)).isEqualTo(run.acknowledged());
		}
	}

	@Test
	void theAppsRecoverOnceTheFaultIsLifted() {
		for (FaultRun run : this.runs) {
			assertThat(run.firstSuccessMs()).as("%s first 201 after the lift", describe(run))
				.isNotNull()
				.isLessThan(2000L);
			assertThat(run.recoveryMs()).as("%s threads and connections back", describe(run)).isNotNull();
			assertThat(run.connectionsAfter()).isLessThanOrEqualTo(run.connectionsBefore());
			assertThat(run.passed()).as(describe(run)).isTrue();
		}
	}

	@Test
	void aDatabaseOutageGives503ThenTheAppsStoreAgainWithoutPartialDocuments() {
		assertThat(this.outages).extracting(OutageRun::stack).containsExactly(Stack.MVC, Stack.WEBFLUX);
		for (OutageRun outage : this.outages) {
			String id = outage.stack().id() + " outage: " + outage.statuses() + ", slowest failure "
					+ outage.failedMaxMs() + " ms, first 201 after " + outage.firstSuccessAfterRestartMs() + " ms, "
					+ "stored " + outage.stored() + "/" + outage.acknowledgedAfterRestart();
			assertThat(outage.statuses().keySet()).as(id).containsOnly("201", "503");
			assertThat(outage.whileDown()).as("%s: requests while down", id).isPositive();
			assertThat(outage.whileDownNot503()).as(id).isZero();
			assertThat(outage.failedMaxMs()).as(id).isLessThanOrEqualTo((double) outage.failureLimitMs());
			assertThat(outage.firstSuccessAfterRestartMs()).as(id)
				.isNotNull()
				.isLessThanOrEqualTo(outage.backLimitMs());
			assertThat(outage.stored()).as(id).isEqualTo(outage.acknowledgedAfterRestart()).isPositive();
			assertThat(outage.incomplete()).as(id).isZero();
			assertThat(outage.passed()).as(id).isTrue();
		}
	}

	@Test
	void theAppsLogNoWarningPerFailedCall() throws IOException {
		for (Stack stack : List.of(Stack.MVC, Stack.WEBFLUX)) {
			String log = Files
				.readString(this.settings.outputDir().resolve("logs").resolve("faults-" + stack.id() + ".log"));
			assertThat(log).as("%s log", stack.id())
				.doesNotContain("Unexpected failure")
				.doesNotContainPattern("WARN[^\\n]*r\\.netty\\.http\\.client\\.HttpClientConnect");
		}
	}

	@Test
	void noProcessIsLeft() {
		assertThat(this.runningAfterTheApps).as("running once the apps were done").containsExactly("mock-services");
		assertThat(ProcessRegistry.running()).isEmpty();
	}

	private static String describe(FaultRun run) {
		return run.stack().id() + " " + run.service().id() + " " + run.fault().id() + " " + run.share() + " %: "
				+ run.statuses() + ", p99 failed " + run.failedP99Ms() + " ms, max " + run.failedMaxMs()
				+ " ms, stored " + run.stored() + "/" + run.acknowledged() + ", recovery " + run.recoveryMs() + " ms";
	}

}
