package dev.twinstack.mocks;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class MockServicesApplicationTests {

	private static final String[] RANDOM_PORTS = { "--customers-port", "0", "--orders-port", "0",
			"--recommendations-port", "0", "--slow-port", "0", "--mongo-port", "0" };

	@Test
	void rejectsAnUnknownOptionListingTheAcceptedOnes() {
		Run run = run("--foo");
		assertThat(run.exitCode()).isEqualTo(2);
		assertThat(run.errLine()).startsWith("mock-services: Unknown option: '--foo'")
			.contains("accepted options: --bind, --customers-port, --orders-port");
	}

	@Test
	void rejectsAPortOutsideTheTcpRange() {
		Run run = run("--customers-port", "70000");
		assertThat(run.exitCode()).isEqualTo(2);
		assertThat(run.errLine()).contains("--customers-port")
			.contains("port must be a whole number from 0 to 65535 (0 = a free random port), got '70000'");
	}

	@Test
	void rejectsAnUnknownLatencyListingTheAcceptedForms() {
		Run run = run("--latency", "fast");
		assertThat(run.exitCode()).isEqualTo(2);
		assertThat(run.errLine()).contains("--latency")
			.contains("fixed:<duration>", "lognormal:<median>:<sigma>", "uniform:<min>:<max>")
			.contains("got 'fast'");
	}

	@Test
	void rejectsAnUnknownSlowLatency() {
		Run run = run("--slow-latency", "1 second");
		assertThat(run.exitCode()).isEqualTo(2);
		assertThat(run.errLine()).contains("--slow-latency").contains("got '1 second'");
	}

	@Test
	void latencyOptionLeavesTheSlowServiceAtItsOwnDefault() {
		MockServicesApplication application = new MockServicesApplication();
		MockServicesApplication.commandLine(application).parseArgs("--latency", "5ms");
		MockServicesOptions options = application.options();
		assertThat(options.latency(Downstream.ORDERS)).isEqualTo(Latency.parse("5ms"));
		assertThat(options.latency(Downstream.SLOW)).isEqualTo(Latency.parse("1s"));
		assertThat(options.slowPort()).isEqualTo(9084);
	}

	@Test
	void mongoStorageIsDiskByDefaultAndCanBeMemoryOrAFile() {
		MockServicesApplication defaults = new MockServicesApplication();
		MockServicesApplication.commandLine(defaults).parseArgs();
		assertThat(defaults.options().mongoStorage()).isEqualTo(MongoStorage.DISK);
		assertThat(defaults.options().heapWarningPercent()).isEqualTo(75);
		MockServicesApplication memory = new MockServicesApplication();
		MockServicesApplication.commandLine(memory).parseArgs("--mongo-storage", "memory", "--heap-warning", "60");
		assertThat(memory.options().mongoStorage()).isEqualTo(MongoStorage.MEMORY);
		assertThat(memory.options().heapWarningPercent()).isEqualTo(60);
		MockServicesApplication file = new MockServicesApplication();
		MockServicesApplication.commandLine(file).parseArgs("--mongo-storage", "disk:/var/tmp/mocks.mv.db");
		assertThat(file.options().mongoStorage()).isEqualTo(MongoStorage.parse("disk:/var/tmp/mocks.mv.db"));
	}

	@Test
	void rejectsAnUnknownMongoStorageListingTheAcceptedForms() {
		Run run = run("--mongo-storage", "tape");
		assertThat(run.exitCode()).isEqualTo(2);
		assertThat(run.errLine()).contains("--mongo-storage")
			.contains("memory, disk (a temporary file, deleted at exit), disk:<file>")
			.contains("or none (no MongoDB)")
			.contains("got 'tape'");
	}

	@Test
	void rejectsAHeapWarningOutsideOneToHundredPercent() {
		Run run = run("--heap-warning", "0");
		assertThat(run.exitCode()).isEqualTo(2);
		assertThat(run.errLine())
			.isEqualTo("mock-services: heap warning must be a whole percentage from 1 to 100, got 0");
	}

	@Test
	void rejectsTooFewContainerThreads() {
		Run run = run("--container-threads", "2");
		assertThat(run.exitCode()).isEqualTo(2);
		assertThat(run.errLine())
			.isEqualTo("mock-services: container threads must be a whole number from 8 to 10000, got 2");
	}

	@Test
	void rejectsAThreadCountThatIsNotANumber() {
		Run run = run("--async-threads", "many");
		assertThat(run.exitCode()).isEqualTo(2);
		assertThat(run.errLine()).contains("--async-threads").contains("must be a whole number, got 'many'");
	}

	@Test
	void helpListsEveryOption() {
		Run run = run("--help");
		assertThat(run.exitCode()).isZero();
		assertThat(run.out()).contains("--bind", "--customers-port", "--orders-port", "--recommendations-port",
				"--slow-port", "--mongo-port", "--latency", "--customers-latency", "--orders-latency",
				"--recommendations-latency", "--slow-latency", "--async-threads", "--container-threads",
				"--mongo-storage", "--heap-warning");
	}

	@Test
	void aTakenPortEndsWithExitCode1AndAOneLineMessage() throws Exception {
		try (ServerSocket taken = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
			String[] args = { "--customers-port", String.valueOf(taken.getLocalPort()), "--orders-port", "0",
					"--recommendations-port", "0", "--slow-port", "0", "--mongo-port", "0" };
			Run run = run(args);
			assertThat(run.exitCode()).isEqualTo(1);
			assertThat(run.errLine())
				.startsWith("mock-services: customers service could not listen on 127.0.0.1:" + taken.getLocalPort());
		}
	}

	@Test
	void printsTheReadyLineServesAndStops() throws Exception {
		MockServicesApplication application = new MockServicesApplication();
		StringWriter out = new StringWriter();
		CommandLine commandLine = MockServicesApplication.commandLine(application).setOut(new PrintWriter(out));
		String[] args = concat(RANDOM_PORTS, "--latency", "0ms", "--orders-latency", "200ms", "--slow-latency",
				"300ms");
		CompletableFuture<Integer> exitCode = CompletableFuture.supplyAsync(() -> commandLine.execute(args));
		try {
			await().atMost(Duration.ofSeconds(30)).until(() -> out.toString().contains("mock-services ready:"));
			Matcher ready = Pattern
				.compile("mock-services ready: customers=(\\S+) orders=(\\S+) recommendations=(\\S+) slow=(\\S+) "
						+ "mongodb=mongodb://127\\.0\\.0\\.1:\\d+\\R")
				.matcher(out.toString());
			assertThat(ready.matches()).as(out.toString()).isTrue();
			HttpClient http = HttpClient.newHttpClient();
			long started = System.nanoTime();
			int status = http
				.send(HttpRequest.newBuilder(URI.create(ready.group(2) + "/customers/5/orders")).build(),
						BodyHandlers.discarding())
				.statusCode();
			assertThat(status).isEqualTo(200);
			assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(200));
			started = System.nanoTime();
			HttpResponse<String> slow = http
				.send(HttpRequest.newBuilder(URI.create(ready.group(4) + "/slow/5")).build(), BodyHandlers.ofString());
			assertThat(slow.statusCode()).isEqualTo(200);
			assertThat(slow.body()).isEqualTo("{\"id\":5,\"waitedMs\":300}");
			assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
		}
		finally {
			application.stop();
		}
		assertThat(exitCode.get(10, TimeUnit.SECONDS)).isZero();
	}

	private static String[] concat(String[] first, String... more) {
		String[] all = new String[first.length + more.length];
		System.arraycopy(first, 0, all, 0, first.length);
		System.arraycopy(more, 0, all, first.length, more.length);
		return all;
	}

	private static Run run(String... args) {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		int exitCode = MockServicesApplication.commandLine(new MockServicesApplication())
			.setOut(new PrintWriter(out))
			.setErr(new PrintWriter(err))
			.execute(args);
		return new Run(exitCode, out.toString(), err.toString());
	}

	private record Run(int exitCode, String out, String err) {

		/** The error output, which must be exactly one line. */
		String errLine() {
			assertThat(this.err.lines()).as(this.err).hasSize(1);
			return this.err.strip();
		}

	}

}
