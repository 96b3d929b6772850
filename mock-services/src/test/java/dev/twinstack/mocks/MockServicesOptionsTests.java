package dev.twinstack.mocks;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class MockServicesOptionsTests {

	@Test
	void testOptionsUseLoopbackRandomPortsAndNoLatency() {
		MockServicesOptions options = MockServicesOptions.forTests();
		assertThat(options.bindAddress()).isEqualTo("127.0.0.1");
		for (Downstream service : Downstream.values()) {
			assertThat(options.port(service)).isZero();
			assertThat(options.latency(service)).isEqualTo(Latency.NONE);
		}
		assertThat(options.mongoPort()).isZero();
		assertThat(options.mongoStorage()).isEqualTo(MongoStorage.MEMORY);
	}

	@Test
	void defaultsAreTheDocumentedPortsAndAFixed100msLatency() {
		MockServicesOptions options = MockServicesOptions.defaults();
		assertThat(options.customersPort()).isEqualTo(9081);
		assertThat(options.ordersPort()).isEqualTo(9082);
		assertThat(options.recommendationsPort()).isEqualTo(9083);
		assertThat(options.slowPort()).isEqualTo(9084);
		assertThat(options.mongoPort()).isEqualTo(27018);
		assertThat(options.latency(Downstream.ORDERS)).isEqualTo(Latency.fixed(Duration.ofMillis(100)));
		assertThat(options.latency(Downstream.SLOW)).isEqualTo(Latency.fixed(Duration.ofSeconds(1)));
		assertThat(options.mongoStorage()).as("a long run by hand must not fill the heap").isEqualTo(MongoStorage.DISK);
		assertThat(options.heapWarningPercent()).isEqualTo(75);
	}

	@Test
	void withLatencyChangesAllServicesOrOne() {
		Latency slow = Latency.parse("uniform:1s:2s");
		MockServicesOptions all = MockServicesOptions.forTests().withLatency(slow);
		assertThat(all.customersLatency()).isEqualTo(slow);
		assertThat(all.ordersLatency()).isEqualTo(slow);
		assertThat(all.recommendationsLatency()).isEqualTo(slow);
		assertThat(all.slowLatency()).as("the slow service keeps its own latency").isEqualTo(Latency.NONE);
		MockServicesOptions one = MockServicesOptions.forTests().withLatency(Downstream.ORDERS, slow);
		assertThat(one.latency(Downstream.ORDERS)).isEqualTo(slow);
		assertThat(one.latency(Downstream.CUSTOMERS)).isEqualTo(Latency.NONE);
		assertThat(one.latency(Downstream.RECOMMENDATIONS)).isEqualTo(Latency.NONE);
		assertThat(one.latency(Downstream.SLOW)).isEqualTo(Latency.NONE);
		MockServicesOptions slowOnly = MockServicesOptions.forTests().withLatency(Downstream.SLOW, slow);
		assertThat(slowOnly.latency(Downstream.SLOW)).isEqualTo(slow);
		assertThat(slowOnly.latency(Downstream.ORDERS)).isEqualTo(Latency.NONE);
	}

	@Test
	void compositeServicesAreTheThreeOfTheCompositeEndpointInOrder() {
		assertThat(Downstream.composite()).containsExactly(Downstream.CUSTOMERS, Downstream.ORDERS,
				Downstream.RECOMMENDATIONS);
		assertThat(Downstream.values()).hasSize(4).contains(Downstream.SLOW);
	}

	@Test
	void rejectsPortsOutsideTheTcpRange() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new MockServicesOptions("127.0.0.1", 70000, 0, 0, 0, 0, Latency.NONE, Latency.NONE,
					Latency.NONE, Latency.NONE, 16, 32, MongoStorage.MEMORY, 75))
			.withMessage("customers port must be a whole number from 0 to 65535 (0 = a free random port), got 70000");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new MockServicesOptions("127.0.0.1", 0, 0, 0, -1, 0, Latency.NONE, Latency.NONE,
					Latency.NONE, Latency.NONE, 16, 32, MongoStorage.MEMORY, 75))
			.withMessage("slow port must be a whole number from 0 to 65535 (0 = a free random port), got -1");
	}

	@Test
	void withMongoStorageKeepsEverythingElse() {
		MockServicesOptions options = MockServicesOptions.forTests()
			.withLatency(Latency.parse("5ms"))
			.withMongoStorage(MongoStorage.DISK, 50);
		assertThat(options.mongoStorage()).isEqualTo(MongoStorage.DISK);
		assertThat(options.heapWarningPercent()).isEqualTo(50);
		assertThat(options.latency(Downstream.ORDERS)).isEqualTo(Latency.parse("5ms"));
		assertThat(options.withThreads(4, 8).mongoStorage()).isEqualTo(MongoStorage.DISK);
		assertThat(options.withLatency(Downstream.SLOW, Latency.NONE).heapWarningPercent()).isEqualTo(50);
	}

	@Test
	void rejectsAHeapWarningOutsideOneToHundredPercent() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> MockServicesOptions.forTests().withMongoStorage(MongoStorage.MEMORY, 101))
			.withMessage("heap warning must be a whole percentage from 1 to 100, got 101");
	}

	@Test
	void rejectsTooFewThreads() {
		assertThatIllegalArgumentException().isThrownBy(() -> MockServicesOptions.forTests().withThreads(0, 32))
			.withMessage("async threads must be a whole number from 1 to 10000, got 0");
		assertThatIllegalArgumentException().isThrownBy(() -> MockServicesOptions.forTests().withThreads(16, 2))
			.withMessage("container threads must be a whole number from 8 to 10000, got 2");
	}

}
