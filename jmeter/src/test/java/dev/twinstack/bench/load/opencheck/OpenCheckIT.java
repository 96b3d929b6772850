package dev.twinstack.bench.load.opencheck;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpServer;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.process.ProcessRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the real Gatling JVM (module open-check, built before this one) through
 * {@link OpenCheck} against a stub on 127.0.0.1 that answers every request after 20 ms.
 */
class OpenCheckIT {

	/** The module's folder, from this module's (Failsafe's working folder). */
	private static final Path MODULE = Path.of("open-check");

	private static final Duration DELAY = Duration.ofMillis(20);

	private static final int RATE = 50;

	private static final int SECONDS = 6;

	private static final int SKIP_SECONDS = 1;

	private static final int WARM_UP_SECONDS = 5;

	record Received(String method, String uri, String requestId, String contentLength) {
	}

	@Test
	void sendsTheWorkloadsRequestsAtTheRateAndMeasuresThemFromTheirArrival(@TempDir Path output) throws IOException {
		Queue<Received> received = new ConcurrentLinkedQueue<>();
		ExecutorService executor = Executors.newCachedThreadPool();
		HttpServer stub = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 1000);
		stub.setExecutor(executor);
		stub.createContext("/", (exchange) -> {
			try {
				exchange.getRequestBody().readAllBytes();
				Thread.sleep(DELAY.toMillis());
				received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().toString(),
						exchange.getRequestHeaders().getFirst("X-Request-Id"),
						exchange.getRequestHeaders().getFirst("Content-Length")));
				exchange.sendResponseHeaders(201, 2);
				exchange.getResponseBody().write("{}".getBytes());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			finally {
				exchange.close();
			}
		});
		stub.start();
		Instant started = Instant.now();
		try {
			OpenCheckPlan plan = OpenCheckPlan.of(Workload.COMPOSITE_SEQUENTIAL,
					"http://127.0.0.1:" + stub.getAddress().getPort(), "oc1-g",
					new OpenCheckPlan.Step(RATE, WARM_UP_SECONDS), List.of(new OpenCheckPlan.Step(RATE, SECONDS)),
					SKIP_SECONDS);

			OpenCheckResult result = OpenCheck.run(MODULE, List.of(), plan, output);

			OpenCheckStep step = result.steps().get(0);
			System.out.printf(
					"OpenCheckIT: %.0f s; Gatling at %d req/s against a %d ms stub: sent %d (+%d skipped), "
							+ "ok %d, ko %d, p50 %.1f ms, p99 %.1f ms, max %.1f ms; warm-up p50 %.1f ms, p99 %.1f ms%n",
					Duration.between(started, Instant.now()).toMillis() / 1000.0, RATE, DELAY.toMillis(), step.sent(),
					step.skipped(), step.ok(), step.ko(), step.p50Ms(), step.p99Ms(), step.maxMs(),
					result.warmUp().p50Ms(), result.warmUp().p99Ms());
			// evenly spaced arrivals: rate × seconds in all, the first second's left out
			assertThat(step.sent() + step.skipped()).isEqualTo((long) RATE * SECONDS);
			assertThat(step.sent()).isBetween(Math.round(RATE * (SECONDS - SKIP_SECONDS) * 0.9),
					Math.round(RATE * (SECONDS - SKIP_SECONDS) * 1.1));
			assertThat(step.ok()).isEqualTo(step.sent());
			assertThat(step.ko()).isZero();
			// no answer before the stub's delay; on a busy 2-core machine a few ms more
			assertThat(step.p50Ms()).isBetween((double) DELAY.toMillis(), 120.0);
			assertThat(step.p99Ms()).isGreaterThanOrEqualTo(step.p50Ms());
			assertThat(step.maxMs()).isGreaterThanOrEqualTo(step.p99Ms());
			assertThat(result.warmUp().sent()).isEqualTo((long) RATE * WARM_UP_SECONDS);

			// every request sent reached the stub: the workload's, with a request id of
			// its own
			List<Received> requests = List.copyOf(received);
			assertThat(result.requests()).isEqualTo((long) RATE * (WARM_UP_SECONDS + SECONDS));
			assertThat(requests).hasSize((int) result.requests());
			assertThat(result.acknowledged()).isEqualTo(result.requests());
			assertThat(requests).allSatisfy((request) -> {
				assertThat(request.method()).isEqualTo("POST");
				assertThat(request.uri()).matches("/profiles/[1-9][0-9]*\\?fanout=sequential");
				assertThat(request.requestId()).matches("oc1-g-[1-9][0-9]*");
			});
			assertThat(requests.stream().map(Received::requestId)).doesNotHaveDuplicates();
			assertThat(requests).as("an empty POST, as JMeter's")
				.allSatisfy((request) -> assertThat(request.contentLength()).isIn("0", null));
			assertThat(output.resolve(OpenCheck.LOG)).isRegularFile();
		}
		finally {
			stub.stop(0);
			executor.shutdownNow();
		}
		assertThat(ProcessRegistry.running()).isEmpty();
	}

}
