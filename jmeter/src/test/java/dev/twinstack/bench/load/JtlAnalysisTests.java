package dev.twinstack.bench.load;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
	void measuresTheOpenModelsLatencyFromEachIntendedSendTime(@TempDir Path folder) throws Exception {
		// JMeter quotes the sample variables' header names; 100 samples, due every 10 ms:
		// the first 90 sent on time and taking 5 ms, the last 10 sent 500 ms late
		StringBuilder jtl = new StringBuilder("timeStamp,elapsed,success,\"arrival\",\"scheduledMs\"\n");
		long start = 1_700_000_000_000L;
		for (int k = 0; k < 100; k++) {
			long due = start + 10L * k;
			long sent = (k < 90) ? due : due + 500;
			jtl.append(sent).append(",5,true,").append(k).append(',').append(due).append('\n');
		}
		Path file = folder.resolve("samples.jtl");
		Files.writeString(file, jtl);
		JtlAnalysis analysis = JtlAnalysis.read(file);
		ScheduledLatency scheduled = analysis.scheduledLatency().orElseThrow();
		assertThat(scheduled.scheduled()).isEqualTo(100);
		assertThat(scheduled.late()).isEqualTo(10);
		assertThat(scheduled.lateShare()).isEqualTo(0.1);
		assertThat(scheduled.latenessP99Ms()).isEqualTo(500);
		assertThat(scheduled.intended().p50Ms()).isEqualTo(5);
		assertThat(scheduled.intended().maxMs()).isEqualTo(505);
		assertThat(analysis.latency().maxMs()).as("the service time, from the actual send").isEqualTo(5);
	}

	@Test
	void readsTheHoldWithoutTheRampsColdStart(@TempDir Path folder) throws Exception {
		// due every 10 ms for 3 s: the first second (the ramp) sent 400 ms late and
		// answered in 300 ms, the next two seconds on time in 5 ms; one hold sample
		// failed
		StringBuilder jtl = new StringBuilder("timeStamp,elapsed,success,\"arrival\",\"scheduledMs\"\n");
		long start = 1_700_000_000_000L;
		for (int k = 0; k < 300; k++) {
			long due = start + 10L * k;
			boolean ramp = k < 100;
			jtl.append(ramp ? due + 400 : due)
				.append(ramp ? ",300," : ",5,")
				.append(k != 200)
				.append(',')
				.append(k)
				.append(',')
				.append(due)
				.append('\n');
		}
		Path file = folder.resolve("samples.jtl");
		Files.writeString(file, jtl);
		JtlAnalysis all = JtlAnalysis.read(file);
		assertThat(all.scheduledLatency().orElseThrow().intended().p50Ms()).isEqualTo(5);
		assertThat(all.scheduledLatency().orElseThrow().intended().maxMs()).isEqualTo(700);
		JtlAnalysis hold = JtlAnalysis.readHold(file, Duration.ofSeconds(1));
		assertThat(hold.latency().samples()).isEqualTo(200);
		assertThat(hold.latency().maxMs()).isEqualTo(5);
		assertThat(hold.scheduledLatency().orElseThrow().intended().maxMs()).isEqualTo(5);
		assertThat(hold.scheduledLatency().orElseThrow().late()).isZero();
		assertThat(hold.errors()).isEqualTo(1);
	}

	@Test
	void hasNoScheduledLatencyWithoutScheduledTimes(@TempDir Path folder) throws Exception {
		// a closed run after an open one in the same JVM: JMeter still writes the columns
		Path file = folder.resolve("samples.jtl");
		Files.writeString(file, "timeStamp,elapsed,success,\"arrival\",\"scheduledMs\"\n"
				+ "1700000000000,5,true,,\n1700000000010,5,true,null,null\n");
		assertThat(JtlAnalysis.read(file).scheduledLatency()).isEmpty();
		Files.writeString(file, "timeStamp,elapsed,success\n1700000000000,5,true\n");
		assertThat(JtlAnalysis.read(file).scheduledLatency()).isEmpty();
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
	void oneEngineGivesTheFiguresOfTheWholeRun(@TempDir Path folder) throws Exception {
		// irregular samples of JMeter in this JVM: the per-second figures are those of
		// the whole run, first start to last end (the counting before engine windows)
		long start = 1_700_000_000_000L;
		List<long[]> spans = new ArrayList<>();
		StringBuilder jtl = new StringBuilder("timeStamp,elapsed,threadName,success\n");
		for (int i = 0; i < 400; i++) {
			long begin = start + 17L * i + (i % 7) * 30;
			long elapsed = 20 + (i * 37) % 450;
			spans.add(new long[] { begin, begin + elapsed });
			jtl.append(begin).append(',').append(elapsed).append(",composite 1-").append(i % 9).append(",true\n");
		}
		Path file = folder.resolve("samples.jtl");
		Files.writeString(file, jtl);
		JtlAnalysis local = JtlAnalysis.read(file);
		assertThat(local.throughput().perSecond()).isNotEmpty().isEqualTo(JtlAnalysis.perSecond(spans));
		assertThat(local.startsPerSecond()).isNotEmpty().isEqualTo(JtlAnalysis.startsPerSecond(spans));
		assertThat(local.firstStartMs()).isEqualTo(spans.stream().mapToLong((span) -> span[0]).min().getAsLong());
		assertThat(local.lastEndMs()).isEqualTo(spans.stream().mapToLong((span) -> span[1]).max().getAsLong());
		assertThat(local.latency().samples()).isEqualTo(400);
		assertThat(local.window()).isNull();
		assertThat(local.engineSamples()).isNull();
		// the same JTL named as one remote engine's: its window is the whole run
		Files.writeString(file, jtl.toString().replace(",composite", ",127.0.0.2:1099-composite"));
		JtlAnalysis oneEngine = JtlAnalysis.read(file, List.of("127.0.0.2:1099"));
		assertThat(oneEngine.throughput()).isEqualTo(local.throughput());
		assertThat(oneEngine.startsPerSecond()).isEqualTo(local.startsPerSecond());
		assertThat(oneEngine.latency()).isEqualTo(local.latency());
		assertThat(oneEngine.window()).isEqualTo(new EngineWindow(local.firstStartMs(), local.lastEndMs(), 0, 0));
		assertThat(oneEngine.engineSamples()).containsExactly(entry("127.0.0.2:1099", 400L));
	}

	@Test
	void twoEnginesStartedApartAreCountedInTheWindowBothCover(@TempDir Path folder) throws Exception {
		// each engine completes 25 requests a second for 6 s, one every 40 ms taking
		// 40 ms; the second starts 1.5 s after the first, as JMeter starts remote engines
		// one after another
		long t0 = 1_700_000_000_000L;
		StringBuilder jtl = new StringBuilder("timeStamp,elapsed,threadName,success\n");
		for (int i = 0; i < 150; i++) {
			jtl.append(t0 + 40L * i).append(",40,127.0.0.2:1099-composite 1-1,true\n");
			jtl.append(t0 + 1500 + 40L * i).append(",40,127.0.0.3:1099-composite 1-1,").append(i != 3).append('\n');
		}
		Path file = folder.resolve("samples.jtl");
		Files.writeString(file, jtl);
		JtlAnalysis analysis = JtlAnalysis.read(file, List.of("127.0.0.2:1099", "127.0.0.3:1099"));
		// from the second engine's first start (t0 + 1.5 s) to the first engine's last
		// end
		// (t0 + 6 s): 4.5 s, 4 whole seconds; the first holds the second engine's first
		// requests, which end 40 ms after the window's start
		assertThat(analysis.window()).isEqualTo(new EngineWindow(t0 + 1500, t0 + 6000, 1500, 1500));
		assertThat(analysis.window().durationMs()).isEqualTo(4500);
		assertThat(analysis.firstStartMs()).isEqualTo(t0 + 1500);
		assertThat(analysis.lastEndMs()).isEqualTo(t0 + 6000);
		assertThat(analysis.throughput().perSecond()).containsExactly(49, 50, 50, 50);
		// arrivals up to the first engine's last start (t0 + 5.96 s)
		assertThat(analysis.startsPerSecond()).containsExactly(50, 50, 50, 50);
		// latency and errors take every sample, also outside the window
		assertThat(analysis.latency().samples()).isEqualTo(300);
		assertThat(analysis.errors()).isEqualTo(1);
		assertThat(analysis.engineSamples()).containsExactly(entry("127.0.0.2:1099", 150L),
				entry("127.0.0.3:1099", 150L));
		// over the union of both windows (the figures before), the edges where one engine
		// ran alone pull the seconds after the first down to 43.8 req/s
		List<Integer> union = JtlAnalysis.read(file).throughput().perSecond();
		assertThat(union).containsExactly(24, 37, 50, 50, 50, 50, 26);
		assertThat(union.subList(1, union.size()).stream().mapToInt(Integer::intValue).average().getAsDouble())
			.isCloseTo(43.8, org.assertj.core.api.Assertions.within(0.1));
	}

	@Test
	void enginesThatNeverRanTogetherShareAnEmptyWindow() {
		EngineWindow window = EngineWindow.of(List.of(new long[] { 0, 1000 }, new long[] { 3000, 4000 }));
		assertThat(window.startMs()).isEqualTo(3000);
		assertThat(window.durationMs()).isZero();
		assertThat(window.startSpreadMs()).isEqualTo(3000);
		assertThat(window.endSpreadMs()).isEqualTo(3000);
		assertThat(JtlAnalysis.wholeSeconds(List.of(new long[] { 0, 500 }), 1, 3000, 3000)).isEmpty();
		assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> EngineWindow.of(List.of()))
			.withMessageContaining("no engine with a sample");
	}

	@Test
	void rejectsAnXmlJtl(@TempDir Path folder) throws Exception {
		Path file = folder.resolve("samples.jtl");
		Files.writeString(file, "<?xml version=\"1.0\"?>\n<testResults version=\"1.2\">\n</testResults>\n");
		assertThatExceptionOfType(UncheckedIOException.class).isThrownBy(() -> JtlAnalysis.read(file))
			.withMessageContaining("not a CSV JTL with timeStamp, elapsed and success columns");
	}

}
