package dev.twinstack.bench.plans;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpServer;

/**
 * An HTTP server on 127.0.0.1 that answers like the apps' endpoints (201 to a POST, 200
 * to a GET, at once) and records each request with the client port it came from.
 */
final class PlanStub implements AutoCloseable {

	/**
	 * One answered request.
	 *
	 * @param method the HTTP method
	 * @param uri the path and query
	 * @param requestId the {@code X-Request-Id} header
	 * @param clientPort the client's port: one per TCP connection
	 * @param arrivedNanos when it arrived ({@link System#nanoTime()})
	 */
	record Request(String method, String uri, String requestId, int clientPort, long arrivedNanos) {
	}

	private final HttpServer server;

	private final ExecutorService executor = Executors.newFixedThreadPool(8);

	private final Queue<Request> requests = new ConcurrentLinkedQueue<>();

	PlanStub() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 100);
		this.server.setExecutor(this.executor);
		this.server.createContext("/", (exchange) -> {
			try (exchange) {
				long arrived = System.nanoTime();
				exchange.getRequestBody().readAllBytes();
				byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
				exchange.getResponseHeaders().add("Content-Type", "application/json");
				exchange.sendResponseHeaders("POST".equals(exchange.getRequestMethod()) ? 201 : 200, body.length);
				exchange.getResponseBody().write(body);
				this.requests.add(new Request(exchange.getRequestMethod(), exchange.getRequestURI().toString(),
						exchange.getRequestHeaders().getFirst("X-Request-Id"), exchange.getRemoteAddress().getPort(),
						arrived));
			}
		});
		this.server.start();
	}

	int port() {
		return this.server.getAddress().getPort();
	}

	List<Request> requests() {
		return List.copyOf(this.requests);
	}

	@Override
	public void close() {
		this.server.stop(0);
		this.executor.shutdownNow();
	}

}
