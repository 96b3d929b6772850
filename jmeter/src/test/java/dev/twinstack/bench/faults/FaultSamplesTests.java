package dev.twinstack.bench.faults;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * A fault run's statuses: HTTP statuses as they are, a failure without one by its kind.
 */
class FaultSamplesTests {

	@Test
	void namesAFailureWithoutAStatusByItsKind(@TempDir Path folder) throws Exception {
		Path jtl = folder.resolve("samples.jtl");
		Files.writeString(jtl,
				"""
						timeStamp,elapsed,responseCode,responseMessage,success
						1700000000000,20,201,Created,true
						1700000000010,30000,Non HTTP response code: java.net.SocketTimeoutException,Non HTTP response message: Read timed out,false
						1700000000020,5,Non HTTP response code: java.net.SocketException,Non HTTP response message: Connection reset,false
						1700000000030,40,504,Gateway Timeout,false
						""");
		FaultSamples samples = FaultSamples.read(jtl);
		// sorted by name, as results.json writes them
		assertThat(samples.statuses()).containsExactly(entry("201", 1L), entry("504", 1L), entry("reset", 1L),
				entry("timeout", 1L));
		assertThat(samples.count(504)).isEqualTo(1);
		assertThat(samples.failed().samples()).isEqualTo(3);
	}

}
