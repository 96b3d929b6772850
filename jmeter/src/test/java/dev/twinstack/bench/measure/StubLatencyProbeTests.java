package dev.twinstack.bench.measure;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpServer;
import dev.twinstack.bench.analysis.Validity;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StubLatencyProbeTests {

	@Test
	void measuresTheStubsLatencyAndItsDriftFromTheConfiguredValue() throws IOException {
		HttpServer stub = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 10);
		stub.setExecutor(Executors.newFixedThreadPool(4));
		stub.createContext("/customers/", (exchange) -> {
			try {
				Thread.sleep(60);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			exchange.sendResponseHeaders(200, -1);
			exchange.close();
		});
		stub.start();
		try (StubLatencyProbe probe = new StubLatencyProbe(
				"http://127.0.0.1:" + stub.getAddress().getPort() + "/customers/", Duration.ofMillis(20))) {
			Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> probe.summary(50).samples() >= 5);
			StubLatencyProbe.Summary summary = probe.summary(50);
			assertThat(summary.failures()).isZero();
			assertThat(summary.medianMs()).isBetween(60.0, 200.0);
			// answering in 60+ ms where 50 ms are configured is at least 20 % slower
			assertThat(summary.drift()).isGreaterThanOrEqualTo(0.2);
			assertThat(Validity.assess(2, null, null, null, summary.drift()).valid()).isFalse();
		}
		finally {
			stub.stop(0);
		}
	}

	@Test
	void countsFailuresWhenTheStubIsDown() {
		try (StubLatencyProbe probe = new StubLatencyProbe("http://127.0.0.1:1/customers/", Duration.ofMillis(20))) {
			Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> probe.summary(100).failures() >= 2);
			assertThat(probe.summary(100).medianMs()).isNull();
			assertThat(probe.summary(100).drift()).isNull();
		}
	}

}
