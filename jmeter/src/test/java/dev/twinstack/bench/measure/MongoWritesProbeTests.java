package dev.twinstack.bench.measure;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The embedded MongoDB's insert meter as the admin API answers it, and without it.
 */
class MongoWritesProbeTests {

	private static final ObjectMapper JSON = new ObjectMapper();

	@Test
	void readsTheInsertsAndTheirBusyTime() throws Exception {
		double[] values = MongoWritesProbe.values(JSON.readTree("""
				{"running":true,"storage":"memory","profiles":12,"heapUsedPercent":3,"warning":null,
				 "inserts":12,"insertBusyMs":3.5}"""));
		assertThat(values).containsExactly(12, 3.5);
		assertThat(MongoWritesProbe.COLUMNS).containsExactly("mocks_inserts", "mocks_insert_busy_ms");
	}

	@Test
	void aMockServicesWithoutTheMeterReadsNaN() throws Exception {
		double[] values = MongoWritesProbe
			.values(JSON.readTree("{\"running\":false,\"storage\":\"none\",\"inserts\":\"n/a\"}"));
		assertThat(values[0]).isNaN();
		assertThat(values[1]).isNaN();
	}

}
