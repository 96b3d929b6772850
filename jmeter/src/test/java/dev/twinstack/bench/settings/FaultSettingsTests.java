package dev.twinstack.bench.settings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.settings.faults.DownstreamService;
import dev.twinstack.bench.settings.faults.Fault;
import dev.twinstack.bench.settings.faults.FaultSettings;
import dev.twinstack.bench.settings.jdk.JdkSelector;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class FaultSettingsTests {

	@TempDir
	Path dir;

	private Function<String, JdkSelector> jdk25;

	private Function<String, JdkSelector> jdk17;

	@BeforeEach
	void fakeJdks() {
		this.jdk25 = FakeJdks.jdk25(this.dir);
		this.jdk17 = FakeJdks.jdk17(this.dir);
	}

	@Test
	void faultsScenarioRunsEveryServiceFaultAndShareOnEveryRunnableStack() {
		BenchSettings settings = BenchSettings.from(Map.of("bench.scenarios", "faults"), this.jdk25);
		FaultSettings faults = settings.faults();
		assertThat(faults).isNotNull();
		assertThat(settings.cells()).as("no matrix cell").isEmpty();
		assertThat(faults.stacks()).containsExactly(Stack.MVC, Stack.MVC_VT, Stack.WEBFLUX, Stack.COROUTINES,
				Stack.WEBFLUX_VT);
		assertThat(faults.concurrency()).isEqualTo(20);
		assertThat(faults.duration()).isEqualTo(Duration.ofSeconds(2));
		assertThat(faults.clientTimeout()).isEqualTo(Duration.ofSeconds(2));
		List<FaultSettings.Case> cases = faults.cases();
		assertThat(cases).hasSize(3 * 6 * 2).doesNotHaveDuplicates();
		assertThat(cases.subList(0, 2)).containsExactly(
				new FaultSettings.Case(DownstreamService.CUSTOMERS, Fault.CONNECTION_RESET, 10),
				new FaultSettings.Case(DownstreamService.CUSTOMERS, Fault.CONNECTION_RESET, 100));
		assertThat(cases.get(0).id()).isEqualTo("customers-connection-reset-10");
	}

	@Test
	void onAJdkOlderThan21TheFaultsSkipTheVirtualThreadStacks() {
		BenchSettings settings = BenchSettings.from(Map.of("bench.scenarios", "faults"), this.jdk17);
		assertThat(settings.faults().stacks()).containsExactly(Stack.MVC, Stack.WEBFLUX, Stack.COROUTINES);
	}

	@Test
	void propertiesNarrowTheFaultMatrix() {
		BenchSettings settings = BenchSettings.from(Map.of("bench.scenarios", "composite,faults", "bench.stacks",
				"webflux", "bench.faultServices", "orders", "bench.faults", "delay,status-503", "bench.faultShares",
				"100", "bench.faultConcurrency", "5", "bench.faultDuration", "4s"), this.jdk25);
		FaultSettings faults = settings.faults();
		assertThat(faults.stacks()).containsExactly(Stack.WEBFLUX);
		assertThat(faults.cases()).containsExactly(new FaultSettings.Case(DownstreamService.ORDERS, Fault.DELAY, 100),
				new FaultSettings.Case(DownstreamService.ORDERS, Fault.STATUS_503, 100));
		assertThat(faults.concurrency()).isEqualTo(5);
		assertThat(faults.duration()).isEqualTo(Duration.ofSeconds(4));
		assertThat(settings.cells()).as("composite still runs").isNotEmpty();
	}

	@Test
	void rejectsUnknownValuesListingTheAcceptedOnes() {
		assertRejected("bench.faults", "delay,timeout", "bench.faults must be a comma-separated subset of "
				+ "[connection-reset, empty-response, malformed-chunk, random-data, status-503, delay], got 'delay,timeout'");
		assertRejected("bench.faultServices", "slow",
				"bench.faultServices must be a comma-separated subset of [customers, orders, recommendations], got 'slow'");
		assertRejected("bench.faultShares", "50",
				"bench.faultShares must be a comma-separated subset of [10, 100], got '50'");
		assertRejected("bench.faultConcurrency", "0",
				"bench.faultConcurrency must be a whole number from 1 to 1000, got '0'");
		assertRejected("bench.faultDuration", "500ms", "bench.faultDuration must be a whole number of seconds or "
				+ "minutes from 1s to 60m, e.g. 30s or 2m, got '500ms'");
	}

	@Test
	void faultsMatchTheFaultedShareOfEachServicesUrls() {
		assertThat("/customers/17").matches(DownstreamService.CUSTOMERS.pathPattern("[0-9]*7"));
		assertThat("/customers/18").doesNotMatch(DownstreamService.CUSTOMERS.pathPattern("[0-9]*7"));
		assertThat("/customers/99997/orders").matches(DownstreamService.ORDERS.pathPattern("[0-9]*7"));
		assertThat("/customers/7/recommendations").matches(DownstreamService.RECOMMENDATIONS.pathPattern("[0-9]*7"));
		assertThat(Fault.DELAY.response(Duration.ofSeconds(2))).contains("\"fixedDelayMilliseconds\":3000");
		assertThat(Fault.values()).extracting(Fault::expectedStatus).containsExactly(502, 502, 502, 502, 502, 504);
	}

	private void assertRejected(String property, String value, String message) {
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> BenchSettings.from(Map.of("bench.scenarios", "faults", property, value), this.jdk25))
			.withMessage(message);
	}

}
