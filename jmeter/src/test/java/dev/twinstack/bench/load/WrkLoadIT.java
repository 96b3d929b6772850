package dev.twinstack.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import dev.twinstack.bench.load.RecordingStub.Answered;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.monitoring.DebianPackages;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.within;

/**
 * Runs the real wrk (installed from the Debian packages when missing) against a stub on
 * 127.0.0.1 that records every request it answers.
 */
class WrkLoadIT {

	private static final Duration DELAY = Duration.ofMillis(20);

	private static Path wrk;

	private static Stream<ProcessHandle> wrkProcesses() {
		return ProcessHandle.current()
			.children()
			.filter((process) -> process.isAlive()
					&& process.info().command().map((command) -> command.equals(wrk.toString())).orElse(false));
	}

	@BeforeAll
	static void installWrk() {
		wrk = DebianPackages.command("wrk", "wrk");
	}

	@Test
	void aDrainedRunAnswersEveryRequestItSentAndCountsItsWindowOnly(@TempDir Path output) throws IOException {
		int connections = 8;
		Duration slow = Duration.ofMillis(400);
		try (RecordingStub stub = new RecordingStub(slow, (exchange) -> 201)) {
			WrkResult result = WrkLoad.run(List.of(), wrk, stub.baseUri(), Workload.COMPOSITE_SEQUENTIAL, connections,
					Duration.ofSeconds(2), Duration.ofSeconds(2), "drain", output);
			// nothing left in flight when wrk stopped: every request sent was answered
			// and counted by wrk
			assertThat(result.socketErrors()).isZero();
			assertThat(stub.answered()).hasSize((int) result.requests());
			assertThat(Files.readString(output.resolve(WrkLoad.OUTPUT)))
				.contains("\"sent\":" + result.requests() + ",");
			// the window alone: 8 connections each answered every 0.4 s, so 4 or 5
			// answers each within 2 s (16 to 20 req/s; 3 each with a slow start); the
			// answers in the drain (one a connection) are left out
			assertThat(result.seconds()).isEqualTo(2.0);
			assertThat(result.throughput()).isBetween(connections * 3 / 2.0, connections / 0.4 * 1.02)
				.isLessThan(result.requests() / result.seconds());
			assertThat(result.commandLine()).contains(" -d4s ").endsWith(" drain 2000");
		}
	}

	@Test
	void sendsTheWorkloadsRequestsWithUniqueRequestIdsAndMeasuresThem(@TempDir Path output) throws IOException {
		int connections = 8;
		try (RecordingStub stub = new RecordingStub(DELAY, (exchange) -> 201)) {
			WrkResult result = WrkLoad.run(wrk, stub.baseUri(), Workload.COMPOSITE_SEQUENTIAL, connections,
					Duration.ofSeconds(3), "bk1-mvc-c8-t1-wrk", output);
			List<Answered> answered = stub.answered();

			assertThat(result.requests()).isPositive();
			assertThat(result.non2xx()).isZero();
			assertThat(result.socketErrors()).isZero();
			// what wrk counts was answered; what it stopped waiting for at its end was,
			// at most, one a connection
			assertThat(answered.stream().filter(Answered::success).count())
				.isGreaterThanOrEqualTo(result.acknowledged())
				.isLessThanOrEqualTo(result.acknowledged() + connections);
			assertThat(answered).allSatisfy((request) -> {
				assertThat(request.method()).isEqualTo("POST");
				Matcher path = Pattern.compile("/profiles/(\\d+)\\?fanout=sequential").matcher(request.uri());
				assertThat(path.matches()).as(request.uri()).isTrue();
				assertThat(Integer.parseInt(path.group(1))).isBetween(1, 100_000);
			});
			assertThat(answered.stream().map(Answered::uri).distinct().count())
				.as("random customer ids, a new one each request")
				.isGreaterThan(answered.size() * 9L / 10);
			List<String> ids = answered.stream().map(Answered::requestId).toList();
			assertThat(ids).allMatch((id) -> id != null && id.matches("bk1-mvc-c8-t1-wrk-[12]-[1-9][0-9]*"))
				.allMatch((id) -> id.length() <= 64)
				.doesNotHaveDuplicates();
			assertThat(ids.stream().map((id) -> id.split("-")[5]).collect(Collectors.toSet())).as("both wrk threads")
				.containsExactlyInAnyOrder("1", "2");

			assertThat(result.seconds()).isBetween(2.9, 4.0);
			assertThat(result.throughput()).isCloseTo(result.requests() / result.seconds(), within(1e-6));
			// Little's law: 8 connections, each waiting 20 ms or more a request
			assertThat(result.throughput()).isLessThanOrEqualTo(connections / (DELAY.toMillis() / 1000.0) * 1.02);
			assertThat(result.p50Ms()).isGreaterThanOrEqualTo(DELAY.toMillis()).isLessThan(1000);
			assertThat(result.p99Ms()).isGreaterThanOrEqualTo(result.p50Ms());
			assertThat(result.p999Ms()).isGreaterThanOrEqualTo(result.p99Ms());
			assertThat(result.maxMs()).isGreaterThanOrEqualTo(result.p999Ms());
			assertThat(result.meanMs()).isGreaterThanOrEqualTo(DELAY.toMillis());
			assertThat(result.commandLine()).startsWith(wrk + " -t2 -c8 -d3s --timeout 30s -s " + output)
				.endsWith(" -- POST '/profiles/${__Random(1,100000)}?fanout=sequential' bk1-mvc-c8-t1-wrk");
			assertThat(output.resolve(WrkLoad.SCRIPT)).isRegularFile();
			assertThat(Files.readString(output.resolve(WrkLoad.OUTPUT))).contains("2 threads and 8 connections")
				.contains(WrkResult.MARKER);
		}
	}

	@Test
	void countsAnswersWithAnErrorStatusAsNon2xxAndNumbersRequestsInOrder(@TempDir Path output) throws IOException {
		// the stub fails the requests with an odd seed
		try (RecordingStub stub = new RecordingStub(Duration.ofMillis(5),
				(exchange) -> exchange.getRequestURI().getQuery().matches("seed=\\d*[13579]") ? 503 : 200)) {
			WrkResult result = WrkLoad.run(wrk, stub.baseUri(), Workload.CPU_LIGHT, 1, Duration.ofSeconds(2), "run-1",
					output);
			List<Answered> answered = stub.answered();

			assertThat(answered).allSatisfy((request) -> {
				assertThat(request.method()).isEqualTo("GET");
				assertThat(request.uri()).matches("/scenarios/cpu-light\\?seed=[1-9][0-9]*");
			});
			long failed = answered.stream().filter((request) -> request.status() == 503).count();
			long succeeded = answered.stream().filter(Answered::success).count();
			assertThat(result.non2xx()).isPositive().isBetween(failed - 1, failed);
			assertThat(result.acknowledged()).isPositive().isBetween(succeeded - 1, succeeded);
			assertThat(result.non2xx()).isCloseTo(result.requests() / 2, within(result.requests() / 5));
			// one connection, one thread: the ids count up in the order sent (from 2: wrk
			// builds request 1 on
			// thread 1 to check it, and never sends it)
			assertThat(answered.stream().map(Answered::requestId)).containsExactlyElementsOf(
					LongStream.rangeClosed(2, answered.size() + 1).mapToObj((n) -> "run-1-1-" + n).toList());
			assertThat(result.commandLine()).contains(" -t1 -c1 -d2s ");
			Matcher sent = Pattern.compile("\"sent\":(\\d+)").matcher(Files.readString(output.resolve(WrkLoad.OUTPUT)));
			assertThat(sent.find()).isTrue();
			assertThat(Long.parseLong(sent.group(1))).as("requests sent, one in flight at the end at the most")
				.isBetween((long) answered.size(), answered.size() + 1L);
		}
	}

	@Test
	void killsWrkWhenTheCallerIsInterrupted(@TempDir Path output) throws Exception {
		try (RecordingStub stub = new RecordingStub(DELAY, (exchange) -> 200)) {
			AtomicReference<Throwable> failure = new AtomicReference<>();
			AtomicBoolean interruptKept = new AtomicBoolean();
			Thread caller = new Thread(() -> {
				try {
					WrkLoad.run(wrk, stub.baseUri(), Workload.CPU_LIGHT, 2, Duration.ofSeconds(60), "stop", output);
				}
				catch (Throwable ex) {
					failure.set(ex);
					interruptKept.set(Thread.currentThread().isInterrupted());
				}
			});
			caller.start();
			Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> wrkProcesses().count() == 1);
			caller.interrupt();
			caller.join(Duration.ofSeconds(10).toMillis());

			assertThat(caller.isAlive()).isFalse();
			assertThat(failure.get()).isInstanceOf(BenchException.class)
				.hasMessage("Interrupted while wrk ran: wrk was killed");
			assertThat(interruptKept).isTrue();
			assertThat(wrkProcesses()).isEmpty();
		}
	}

	@Test
	void failsWithWrksMessageWhenNothingListens(@TempDir Path output) {
		assertThatExceptionOfType(BenchException.class)
			.isThrownBy(() -> WrkLoad.run(wrk, "http://127.0.0.1:1", Workload.SLOW_IO, 2, Duration.ofSeconds(1), "down",
					output))
			.withMessageContaining("wrk exited with code 1")
			.withMessageContaining("unable to connect to 127.0.0.1:1");
		assertThat(output.resolve(WrkLoad.OUTPUT)).isRegularFile();
	}

}
