package dev.twinstack.bench.load;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;

import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.process.BenchException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class WrkLoadTests {

	private static final Path WRK = Path.of("/usr/bin/wrk");

	private static final Path SCRIPT = Path.of("/tmp/out/crosscheck.lua");

	/** What wrk 4.1 prints with the script, at c = 400 against an app. */
	private static final String OUTPUT = """
			Running 30s test @ http://127.0.0.1:8080
			  2 threads and 400 connections
			  Thread Stats   Avg      Stdev     Max   +/- Stdev
			    Latency   338.12ms   40.31ms 702.40ms   80.12%
			    Req/Sec   591.44     96.02     0.88k    71.33%
			  35120 requests in 30.04s, 52.10MB read
			  Non-2xx or 3xx responses: 12
			Requests/sec:   1169.11
			Transfer/sec:      1.73MB
			WRK-JSON {"requests":35120,"sent":35520,"durationUs":30040000,"bytes":54630000,\
			"errors":{"connect":1,"read":2,"write":3,"status":12,"timeout":4},\
			"latencyUs":{"p50":326400,"p90":380100,"p99":455000,"p999":611500,"max":702400,"mean":338120.5},"threads":2}
			""";

	@Test
	void aDrainedRunsThroughputIsOverItsWindow() {
		String drained = OUTPUT.replace("\"threads\":2}", "\"threads\":2,\"measured\":29000,\"windowUs\":25000000}");
		WrkResult result = WrkResult.parse(drained, "wrk -t2 -c400 -d30s");
		assertThat(result.requests()).isEqualTo(35120);
		assertThat(result.acknowledged()).isEqualTo(35108);
		assertThat(result.seconds()).isEqualTo(25.0);
		assertThat(result.throughput()).isEqualTo(29000 / 25.0);
	}

	@Test
	void aDrainRunsWrkLongerAndPassesItsWindow() {
		assertThat(WrkLoad.command(WRK, "http://127.0.0.1:8080", Workload.COMPOSITE_SEQUENTIAL, 400,
				Duration.ofSeconds(6), Duration.ofSeconds(3), "bk1-mvc-wrk1", SCRIPT))
			.containsSubsequence("-d9s", "--", "POST", "/profiles/${__Random(1,100000)}?fanout=sequential",
					"bk1-mvc-wrk1", "6000")
			.endsWith("6000");
		assertThat(WrkLoad.command(WRK, "http://127.0.0.1:8080", Workload.COMPOSITE_SEQUENTIAL, 400,
				Duration.ofSeconds(6), Duration.ZERO, "r", SCRIPT))
			.as("no drain, no window")
			.endsWith("r")
			.contains("-d6s");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> WrkLoad.command(WRK, "http://127.0.0.1:8080", Workload.COMPOSITE_SEQUENTIAL, 400,
					Duration.ofSeconds(6), Duration.ofMillis(500), "r", SCRIPT))
			.withMessage("wrk drains for whole seconds (0 or more), got PT0.5S");
	}

	@Test
	void readsCountsSecondsAndLatenciesInMillisecondsFromTheJsonLine() {
		WrkResult result = WrkResult.parse(OUTPUT, "wrk -t2 -c400");
		assertThat(result.requests()).isEqualTo(35120);
		assertThat(result.non2xx()).isEqualTo(12);
		assertThat(result.acknowledged()).isEqualTo(35108);
		assertThat(result.socketErrors()).isEqualTo(1 + 2 + 3 + 4);
		assertThat(result.seconds()).isEqualTo(30.04);
		assertThat(result.throughput()).isCloseTo(35120 / 30.04, within(1e-9));
		assertThat(result.p50Ms()).isEqualTo(326.4);
		assertThat(result.p99Ms()).isEqualTo(455.0);
		assertThat(result.p999Ms()).isEqualTo(611.5);
		assertThat(result.maxMs()).isEqualTo(702.4);
		assertThat(result.meanMs()).isCloseTo(338.1205, within(1e-9));
		assertThat(result.commandLine()).isEqualTo("wrk -t2 -c400");
		assertThat(result.summary()).isEqualTo("wrk: 35120 requests in 30.0 s = 1169.1 req/s, p50 326.4 ms, "
				+ "p99 455.0 ms, non-2xx 12, socket errors 10");
	}

	@Test
	void failsWithTheEndOfTheOutputWhenTheJsonLineIsMissing() {
		assertThatExceptionOfType(BenchException.class)
			.isThrownBy(() -> WrkResult.parse("unable to connect to 127.0.0.1:1 Connection refused\n", "wrk"))
			.withMessageContaining("wrk printed no 'WRK-JSON' line")
			.withMessageContaining("unable to connect to 127.0.0.1:1 Connection refused");
	}

	@Test
	void failsNamingTheFieldWhenTheJsonLineLacksANumber() {
		assertThatExceptionOfType(BenchException.class)
			.isThrownBy(() -> WrkResult.parse(OUTPUT.replace("\"p99\":455000", "\"p99\":null"), "wrk"))
			.withMessageContaining("no number latencyUs.p99");
		assertThatExceptionOfType(BenchException.class)
			.isThrownBy(() -> WrkResult.parse("WRK-JSON {\"requests\":", "wrk"))
			.withMessageContaining("not JSON");
	}

	@Test
	void runsAtMostTwoThreadsAndPassesTheWorkloadToTheScript() {
		assertThat(WrkLoad.command(WRK, "http://127.0.0.1:8080", Workload.COMPOSITE_SEQUENTIAL, 400,
				Duration.ofSeconds(30), "bk1-mvc-t1-wrk", SCRIPT))
			.containsExactly("/usr/bin/wrk", "-t2", "-c400", "-d30s", "--timeout", "30s", "-s", SCRIPT.toString(),
					"http://127.0.0.1:8080", "--", "POST", "/profiles/${__Random(1,100000)}?fanout=sequential",
					"bk1-mvc-t1-wrk");
		assertThat(WrkLoad.command(WRK, "http://127.0.0.1:8080", Workload.CPU_LIGHT, 1, Duration.ofMinutes(2), "r",
				SCRIPT))
			.containsSequence("-t1", "-c1", "-d120s")
			.containsSequence("GET", "/scenarios/cpu-light?seed=${__Random(1,100000)}");
	}

	@ParameterizedTest
	@EnumSource(Workload.class)
	void acceptsEveryWorkloadsPath(Workload workload) {
		assertThat(WrkLoad.command(WRK, "http://localhost:1", workload, 10, Duration.ofSeconds(1), "r", SCRIPT))
			.contains(workload.path());
	}

	@Test
	void rejectsWhatWrkOrTheRequestIdCannotTake() {
		String longest = "r".repeat(WrkLoad.MAX_RUN_ID_LENGTH);
		assertThat(
				WrkLoad.command(WRK, "http://localhost:1", Workload.SLOW_IO, 1, Duration.ofSeconds(1), longest, SCRIPT))
			.contains(longest);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> WrkLoad.command(WRK, "http://localhost:1", Workload.SLOW_IO, 1, Duration.ofSeconds(1),
					longest + "r", SCRIPT))
			.withMessageContaining("run id must be 1 to 52 letters, digits and dashes");
		assertThatIllegalArgumentException().isThrownBy(() -> WrkLoad.command(WRK, "http://localhost:1",
				Workload.SLOW_IO, 1, Duration.ofSeconds(1), "run_1", SCRIPT));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> WrkLoad.command(WRK, "http://localhost:1", Workload.SLOW_IO, 0, Duration.ofSeconds(1),
					"r", SCRIPT))
			.withMessage("wrk needs at least one connection, got 0");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> WrkLoad.command(WRK, "http://localhost:1", Workload.SLOW_IO, 1, Duration.ofMillis(1500),
					"r", SCRIPT))
			.withMessage("wrk runs for whole seconds (1 s or more), got PT1.5S");
		assertThatIllegalArgumentException().isThrownBy(
				() -> WrkLoad.command(WRK, "http://localhost:1", Workload.SLOW_IO, 1, Duration.ZERO, "r", SCRIPT));
		assertThatIllegalArgumentException()
			.isThrownBy(
					() -> WrkLoad.command(WRK, "localhost:1", Workload.SLOW_IO, 1, Duration.ofSeconds(1), "r", SCRIPT))
			.withMessageContaining("base URI must be http(s)://host:port");
	}

	@Test
	void findsAnExecutableWrkOnTheSearchPath(@TempDir Path folder) throws IOException {
		Path empty = Files.createDirectory(folder.resolve("empty"));
		Path plain = Files.createDirectory(folder.resolve("plain"));
		Files.writeString(plain.resolve("wrk"), "not executable");
		Path bin = Files.createDirectory(folder.resolve("bin"));
		Path wrk = Files.writeString(bin.resolve("wrk"), "#!/bin/sh\n");
		Files.setPosixFilePermissions(wrk, PosixFilePermissions.fromString("rwxr-xr-x"));
		assertThat(WrkLoad.find(empty + ":" + plain + "::" + bin)).contains(wrk);
		assertThat(WrkLoad.find(empty + ":" + plain)).isEmpty();
		assertThat(WrkLoad.find(null)).isEmpty();
		assertThat(WrkLoad.MISSING).isEqualTo("wrk not found on the PATH (brew install wrk / apt-get install wrk)");
	}

	@Test
	void scriptSendsTheRequestIdAndPrintsTheJsonLineTheParserReads() throws IOException {
		try (InputStream in = WrkLoad.class.getResourceAsStream("wrk/" + WrkLoad.SCRIPT)) {
			assertThat(in).as("the Lua script on the classpath").isNotNull();
			String script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
			assertThat(script).contains("[\"X-Request-Id\"] = prefix .. sent")
				.contains("prefix = args[3] .. \"-\" .. id .. \"-\"")
				.contains("'WRK-JSON {\"requests\":%d");
		}
	}

}
