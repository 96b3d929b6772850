package dev.twinstack.bench.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.ToIntFunction;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * An HTTP server on 127.0.0.1 (the JDK's) that answers every request after a fixed delay,
 * with a status chosen from the request, and records each request it answered.
 */
final class RecordingStub implements AutoCloseable {

	private final HttpServer server;

	private final ExecutorService executor = Executors.newCachedThreadPool();

	private final Queue<Answered> answered = new ConcurrentLinkedQueue<>();

	/**
	 * Starts the stub on a free port.
	 * @param delay how long each request waits for its answer
	 * @param status the status of the answer to a request, from its method and URI
	 * @throws IOException when the server cannot bind
	 */
	RecordingStub(Duration delay, ToIntFunction<HttpExchange> status) throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 1000);
		this.server.setExecutor(this.executor);
		this.server.createContext("/", (exchange) -> {
			try {
				exchange.getRequestBody().readAllBytes();
				Thread.sleep(delay.toMillis());
				int code = status.applyAsInt(exchange);
				byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
				exchange.getResponseHeaders().add("Content-Type", "application/json");
				exchange.sendResponseHeaders(code, body.length);
				exchange.getResponseBody().write(body);
				this.answered.add(new Answered(exchange.getRequestMethod(), exchange.getRequestURI().toString(),
						exchange.getRequestHeaders().getFirst("X-Request-Id"), code));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			finally {
				exchange.close();
			}
		});
		this.server.start();
	}

	/**
	 * Returns the stub's base URI.
	 * @return {@code http://127.0.0.1:<port>}
	 */
	String baseUri() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort();
	}

	/**
	 * Returns the requests answered so far.
	 * @return the requests, in the order of their answers
	 */
	List<Answered> answered() {
		return List.copyOf(this.answered);
	}

	@Override
	public void close() {
		this.server.stop(0);
		this.executor.shutdownNow();
	}

	/**
	 * A request the stub answered.
	 *
	 * @param method the HTTP method
	 * @param uri the path and query
	 * @param requestId the {@code X-Request-Id} header, {@code null} without one
	 * @param status the status of the answer
	 */
	record Answered(String method, String uri, String requestId, int status) {

		boolean success() {
			return this.status >= 200 && this.status < 300;
		}

	}

}
