package dev.twinstack.bench.load;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.entry;

class JtlAnalysisTests {

	private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,"
			+ "success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect\n";

	@Test
	void readsEverySampleIntoMonotonicPercentiles(@TempDir Path folder) throws Exception {
		StringBuilder jtl = new StringBuilder(HEADER);
		long start = 1_700_000_000_000L;
		// 1000 samples: elapsed 1..1000 ms, one started every 3 ms; sample 7 failed
		for (int i = 1; i <= 1000; i++) {
			jtl.append(start + 3L * i)
				.append(',')
				.append(i)
				.append(",\"POST /profiles/{customerId}\",201,Created,composite 1-1,text,")
				.append(i != 7)
				.append(",,1500,200,10,10,http://127.0.0.1/profiles/1,")
				.append(i)
				.append(",0,0\n");
		}
		Path file = folder.resolve("samples.jtl");
		Files.writeString(file, jtl);
		JtlAnalysis analysis = JtlAnalysis.read(file);
		LatencyStats latency = analysis.latency();
		assertThat(latency.samples()).isEqualTo(1000);
		assertThat(analysis.errors()).isEqualTo(1);
		assertThat(latency.minMs()).isEqualTo(1);
		assertThat(latency.p50Ms()).isEqualTo(500);
		assertThat(latency.p66Ms()).isEqualTo(660);
		assertThat(latency.p90Ms()).isEqualTo(900);
		assertThat(latency.p99Ms()).isEqualTo(990);
		assertThat(latency.p999Ms()).isEqualTo(999);
		assertThat(latency.maxMs()).isEqualTo(1000);
		assertThat(latency.meanMs()).isEqualTo(500.5, org.assertj.core.api.Assertions.within(0.5));
		// from the first start (start + 3) to the last end (start + 3000 + 1000): 3 whole
		// seconds
		assertThat(analysis.throughput().seconds()).isEqualTo(3);
		assertThat(analysis.throughput().perSecond()).hasSize(3);
	}

	@Test
	void countsEachRemoteEnginesSamplesByItsThreadNames(@TempDir Path folder) throws Exception {
		String header = "timeStamp,elapsed,label,responseCode,threadName,success,hostname\n";
		String row = "1700000000000,5,composite,201,%s,true,box\n";
		StringBuilder jtl = new StringBuilder(header);
		for (int i = 0; i < 3; i++) {
			jtl.append(String.format(row, "127.0.0.2:1099-composite-sequential 1-" + (i + 1)));
		}
		// an engine whose address starts like another's is not mistaken for it
		jtl.append(String.format(row, "127.0.0.2:10990-composite-sequential 1-1"));
		jtl.append(String.format(row, "127.0.0.3:1099-composite-sequential 1-1"));
		jtl.append(String.format(row, "composite-sequential 1-1"));
		Path file = folder.resolve("samples.jtl");
		Files.writeString(file, jtl);
		assertThat(JtlAnalysis.samplesPerEngine(file, List.of("127.0.0.3:1099", "127.0.0.2:1099", "127.0.0.4:1099")))
			.containsExactly(entry("127.0.0.3:1099", 1L), entry("127.0.0.2:1099", 3L), entry("127.0.0.4:1099", 0L),
					entry(JtlAnalysis.NO_ENGINE, 2L));
	}

	@Test
	void countsRequestsPerWholeSecondByEndTime() {
		List<long[]> spans = new ArrayList<>();
		spans.add(new long[] { 0, 100 });
		spans.add(new long[] { 0, 999 });
		spans.add(new long[] { 500, 1500 });
		spans.add(new long[] { 1000, 2500 });
		spans.add(new long[] { 2000, 2600 });
		assertThat(JtlAnalysis.perSecond(spans)).containsExactly(2, 1);
		// by start time, up to the last start (2000 ms): seconds 0 and 1
		assertThat(JtlAnalysis.startsPerSecond(spans)).containsExactly(3, 1);
		assertThat(JtlAnalysis.startsPerSecond(List.of())).isEmpty();
		ThroughputStats stats = ThroughputStats.of(List.of(10, 20, 30, 40));
		assertThat(stats.min()).isEqualTo(10);
		assertThat(stats.max()).isEqualTo(40);
		assertThat(stats.p50()).isEqualTo(20);
		assertThat(stats.mean()).isEqualTo(25);
		assertThat(ThroughputStats.of(List.of())).isEqualTo(ThroughputStats.NONE);
	}

	@Test
	void rejectsAnXmlJtl(@TempDir Path folder) throws Exception {
		Path file = folder.resolve("samples.jtl");
		Files.writeString(file, "<?xml version=\"1.0\"?>\n<testResults version=\"1.2\">\n</testResults>\n");
		assertThatExceptionOfType(UncheckedIOException.class).isThrownBy(() -> JtlAnalysis.read(file))
			.withMessageContaining("not a CSV JTL with timeStamp, elapsed and success columns");
	}

}
