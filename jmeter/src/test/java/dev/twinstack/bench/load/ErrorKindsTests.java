package dev.twinstack.bench.load;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import dev.twinstack.bench.matrix.Workload;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import us.abstracta.jmeter.javadsl.http.DslHttpSampler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

/**
 * Each kind of failure, made on real sockets and met by JMeter's own HTTP sampler (the
 * bench's sampler, HttpClient 4), is named from the JTL the bench writes; the kinds this
 * machine cannot make (a connect timeout, a truncated body, exhausted local ports) from
 * the response codes and messages JMeter gives them.
 */
class ErrorKindsTests {

	@TempDir
	Path folder;

	/**
	 * Starts JMeter's engine and its HTTP client once with a request that succeeds
	 * (seconds the first time in a JVM), so that each case takes its own time.
	 */
	@BeforeAll
	static void startJmeterOnce() throws Exception {
		try (RecordingStub stub = new RecordingStub(Duration.ZERO, (exchange) -> 200)) {
			ScenarioPlan.lean(threadGroup(1, 1, ScenarioPlan.sampler(Workload.CPU_LIGHT, stub.baseUri() + "/", "t0")))
				.run();
		}
	}

	@Test
	void aPortWithNothingListeningIsRefused() throws Exception {
		int port;
		try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			port = free.getLocalPort();
		}
		Sample sample = load("http://127.0.0.1:" + port);
		assertThat(sample.code()).isEqualTo("Non HTTP response code: org.apache.http.conn.HttpHostConnectException");
		assertThat(sample.kind()).isEqualTo(ErrorKind.REFUSED);
	}

	@Test
	void aServerThatResetsAfterTheRequestIsAReset() throws Exception {
		try (RawServer server = new RawServer((socket) -> {
			try {
				socket.setSoLinger(true, 0);
				socket.close();
			}
			catch (IOException ex) {
				throw new IllegalStateException(ex);
			}
		})) {
			Sample sample = load(server.baseUri());
			assertThat(sample.code()).isEqualTo("Non HTTP response code: java.net.SocketException");
			assertThat(sample.message()).contains("Connection reset");
			assertThat(sample.kind()).isEqualTo(ErrorKind.RESET);
		}
	}

	@Test
	void aServerSlowerThanTheResponseTimeoutIsATimeout() throws Exception {
		try (RecordingStub stub = new RecordingStub(Duration.ofSeconds(1), (exchange) -> 200)) {
			Sample sample = load(ScenarioPlan.sampler(Workload.CPU_LIGHT, stub.baseUri() + "/", "t1")
				.responseTimeout(Duration.ofMillis(200)));
			assertThat(sample.code()).isEqualTo("Non HTTP response code: java.net.SocketTimeoutException");
			assertThat(sample.elapsedMs()).isBetween(200L, 900L);
			assertThat(sample.kind()).isEqualTo(ErrorKind.TIMEOUT);
		}
	}

	@Test
	void aServerThatClosesWithoutAnsweringIsClosed() throws Exception {
		try (RawServer server = new RawServer((socket) -> {
			try {
				socket.close();
			}
			catch (IOException ex) {
				throw new IllegalStateException(ex);
			}
		})) {
			Sample sample = load(server.baseUri());
			assertThat(sample.code()).isEqualTo("Non HTTP response code: org.apache.http.NoHttpResponseException");
			assertThat(sample.kind()).isEqualTo(ErrorKind.CLOSED);
		}
	}

	@Test
	void anHttpStatusIsItsOwnKindAndTheJtlCountsEveryKind() throws Exception {
		try (RecordingStub stub = new RecordingStub(Duration.ZERO, (exchange) -> 503)) {
			Sample sample = load(stub.baseUri());
			assertThat(sample.code()).isEqualTo("503");
			assertThat(sample.kind()).isEqualTo("http-503");
			assertThat(JtlAnalysis.read(sample.jtl()).errorsByKind()).containsExactly(entry("http-503", 1L));
		}
	}

	/**
	 * JMeter's codes and messages of the failures not made here: HttpClient 4's (JMeter's
	 * default), the JDK's client's and the engine's own when it stops.
	 */
	@ParameterizedTest
	@CsvSource(delimiter = '|',
			textBlock = """
					org.apache.http.conn.ConnectTimeoutException | Connect to 10.255.255.1:80 [/10.255.255.1] failed: Connect timed out | connect-timeout
					org.apache.http.conn.ConnectTimeoutException | Connect to 10.255.255.1:80 [/10.255.255.1] failed: connect timed out | connect-timeout
					org.apache.http.conn.HttpHostConnectException | Connect to 127.0.0.1:1 [/127.0.0.1] failed: Connection timed out | connect-timeout
					java.net.SocketTimeoutException | Connect timed out | connect-timeout
					java.net.SocketTimeoutException | Read timed out | timeout
					java.net.ConnectException | Connection refused | refused
					java.net.SocketException | Connection reset by peer | reset
					java.net.SocketException | Broken pipe (Write failed) | reset
					java.net.SocketException | Socket closed | stopped
					java.io.InterruptedIOException | null | stopped
					java.net.SocketException | Unexpected end of file from server | closed
					org.apache.http.ConnectionClosedException | Premature end of Content-Length delimited message body (expected: 1,500; received: 20) | truncated
					org.apache.http.TruncatedChunkException | Truncated chunk (expected size: 1500; actual size: 20) | truncated
					java.net.NoRouteToHostException | Cannot assign requested address | local-ports
					java.net.BindException | Cannot assign requested address | local-ports
					java.net.NoRouteToHostException | No route to host | other:NoRouteToHostException
					javax.net.ssl.SSLHandshakeException | Remote host terminated the handshake | other:SSLHandshakeException
					java.net.SocketException | Network is unreachable | other:SocketException
					""")
	void namesWhatItCannotMakeHereFromJmetersCodes(String exception, String message, String kind) {
		assertThat(ErrorKind.of("Non HTTP response code: " + exception, "Non HTTP response message: " + message))
			.isEqualTo(kind);
	}

	@Test
	void namesStatusesAndCodesThatAreNeither() {
		assertThat(ErrorKind.of("201", "Created")).isEqualTo("http-201");
		assertThat(ErrorKind.of("", "")).isEqualTo(ErrorKind.NO_CODE);
		assertThat(ErrorKind.of(null, null)).isEqualTo(ErrorKind.NO_CODE);
		assertThat(ErrorKind.of("Non HTTP response code: a.b.Outer$Inner", null)).isEqualTo("other:Inner");
		assertThat(ErrorKind.statusOrKind("504", "Gateway Timeout")).isEqualTo("504");
		assertThat(ErrorKind.statusOrKind("Non HTTP response code: java.net.SocketTimeoutException",
				"Non HTTP response message: Read timed out"))
			.isEqualTo("timeout");
	}

	@Test
	void describesTheMostFrequentKindsFirst() {
		Map<String, Long> counts = Map.of("http-503", 3L, "reset", 12L, "timeout", 3L, "refused", 1L);
		assertThat(ErrorKind.describe(counts, 2)).isEqualTo("12 reset, 3 http-503, 4 more (2 kinds)");
		assertThat(ErrorKind.describe(counts, 3)).isEqualTo("12 reset, 3 http-503, 3 timeout, 1 more (1 kind)");
		assertThat(ErrorKind.describe(Map.of(), 2)).isEmpty();
	}

	@Test
	void theJtlCountsFailedSamplesByKindAndSecond() throws Exception {
		long t0 = 1_700_000_000_000L;
		StringBuilder jtl = new StringBuilder(
				"timeStamp,elapsed,label,responseCode,responseMessage,threadName,success,failureMessage\n");
		jtl.append(t0).append(",10,GET,200,OK,g 1-1,true,\n");
		jtl.append(t0 + 100).append(",10,GET,503,Service Unavailable,g 1-1,false,code\n");
		jtl.append(t0 + 1200)
			.append(",30000,GET,Non HTTP response code: java.net.SocketTimeoutException,")
			.append("Non HTTP response message: Read timed out,g 1-1,false,\n");
		jtl.append(t0 + 2500)
			.append(",1,GET,Non HTTP response code: java.net.SocketException,")
			.append("Non HTTP response message: Connection reset,g 1-1,false,\n");
		jtl.append(t0 + 2600)
			.append(",1,GET,Non HTTP response code: java.net.SocketException,")
			.append("Non HTTP response message: Connection reset,g 1-1,false,\n");
		Path file = this.folder.resolve("kinds.jtl");
		Files.writeString(file, jtl);
		JtlAnalysis analysis = JtlAnalysis.read(file);
		assertThat(analysis.errors()).isEqualTo(4);
		assertThat(analysis.errorsByKind()).containsExactly(entry("reset", 2L), entry("http-503", 1L),
				entry("timeout", 1L));
		// by end: the 503 in second 0, the resets in second 2, the timeout in second 31
		assertThat(analysis.errorsPerSecond().fromMs()).isEqualTo(t0);
		Map<String, List<Integer>> perSecond = analysis.errorsPerSecond().byKind();
		assertThat(perSecond.keySet()).containsExactly("reset", "http-503", "timeout");
		assertThat(perSecond.get("reset")).hasSize(32).startsWith(0, 0, 2, 0);
		assertThat(perSecond.get("http-503")).startsWith(1, 0);
		assertThat(perSecond.get("timeout").get(31)).isEqualTo(1);
		assertThat(perSecond.values().stream().flatMap(List::stream).mapToInt(Integer::intValue).sum()).isEqualTo(4);
	}

	@Test
	void aJtlWithoutResponseCodesCountsItsErrorsUnderNoCode() throws Exception {
		Path file = this.folder.resolve("bare.jtl");
		Files.writeString(file, "timeStamp,elapsed,success\n1700000000000,5,false\n1700000000010,5,true\n");
		JtlAnalysis analysis = JtlAnalysis.read(file);
		assertThat(analysis.errorsByKind()).containsExactly(entry(ErrorKind.NO_CODE, 1L));
	}

	private Sample load(String baseUri) throws IOException {
		return load(ScenarioPlan.sampler(Workload.CPU_LIGHT, baseUri + "/", "t1"));
	}

	/**
	 * Sends one request with the bench's sampler, writing the bench's JTL, and reads its
	 * only row.
	 */
	private Sample load(DslHttpSampler sampler) throws IOException {
		Path runDir = Files.createTempDirectory(this.folder, "run");
		ScenarioPlan.lean(threadGroup(1, 1, sampler), ScenarioPlan.jtl(runDir)).run();
		Path jtl = runDir.resolve("samples.jtl");
		List<Sample> samples = new ArrayList<>();
		JtlAnalysis.forEachSample(jtl, List.of("elapsed", "responseCode", "responseMessage", "success"),
				(row) -> samples.add(new Sample(row.get("responseCode"), row.get("responseMessage"),
						Long.parseLong(row.get("elapsed")), Boolean.parseBoolean(row.get("success")), jtl)));
		assertThat(samples).hasSize(1);
		assertThat(samples.get(0).success()).isFalse();
		assertThat(samples.get(0).elapsedMs()).isLessThan(2000);
		return samples.get(0);
	}

	/** A JTL row. */
	record Sample(String code, String message, long elapsedMs, boolean success, Path jtl) {

		String kind() {
			return ErrorKind.of(this.code, this.message);
		}

	}

	/**
	 * A TCP server on 127.0.0.1 that accepts one connection, reads the request's head and
	 * hands the socket to an action.
	 */
	static final class RawServer implements AutoCloseable {

		private final ServerSocket socket;

		private final Thread thread;

		RawServer(Consumer<Socket> action) throws IOException {
			this.socket = new ServerSocket();
			this.socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
			this.thread = new Thread(() -> {
				try (Socket accepted = this.socket.accept()) {
					accepted.setSoTimeout(5000);
					readHead(accepted.getInputStream());
					action.accept(accepted);
				}
				catch (IOException ex) {
					// closed by the test
				}
			}, "raw-server");
			this.thread.setDaemon(true);
			this.thread.start();
		}

		String baseUri() {
			return "http://127.0.0.1:" + this.socket.getLocalPort();
		}

		private static void readHead(InputStream in) throws IOException {
			int matched = 0;
			byte[] end = { '\r', '\n', '\r', '\n' };
			while (matched < end.length) {
				int b = in.read();
				if (b < 0) {
					return;
				}
				matched = (b == end[matched]) ? matched + 1 : ((b == '\r') ? 1 : 0);
			}
		}

		@Override
		public void close() throws Exception {
			this.socket.close();
			this.thread.join(5000);
		}

	}

}
