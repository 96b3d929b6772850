package dev.twinstack.bench.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;

/**
 * An HTTP server on 127.0.0.1 (the JDK's) that answers every request after 10 ms, and
 * stalls once, as an app under SIGSTOP does: when its n-th request arrives, no request is
 * answered for a while, those already in it included. The stall is tied to the requests,
 * not to the wall clock, so it falls at the same arrival however busy the machine is.
 */
final class StallingStub implements AutoCloseable {

	/** How long a request takes outside the stall (ms). */
	static final long SERVICE_MS = 10;

	private final HttpServer server;

	private final ExecutorService executor = Executors.newCachedThreadPool();

	private final AtomicInteger arrived = new AtomicInteger();

	private final long stallMs;

	/** When the stall began (ms since the epoch), 0 before. */
	private volatile long stalledAt;

	/**
	 * Starts the stub on a free port.
	 * @param stallAt the request (from 1) whose arrival starts the stall
	 * @param stall how long no request is answered
	 * @param status the status of every answer
	 * @throws IOException when the server cannot bind
	 */
	StallingStub(int stallAt, Duration stall, int status) throws IOException {
		this.stallMs = stall.toMillis();
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 1000);
		this.server.setExecutor(this.executor);
		this.server.createContext("/", (exchange) -> {
			try {
				exchange.getRequestBody().readAllBytes();
				if (this.arrived.incrementAndGet() == stallAt) {
					this.stalledAt = System.currentTimeMillis();
				}
				Thread.sleep(SERVICE_MS);
				long stalled = this.stalledAt;
				long wait = (stalled > 0) ? stalled + this.stallMs - System.currentTimeMillis() : 0;
				if (wait > 0) {
					Thread.sleep(wait);
				}
				byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
				exchange.sendResponseHeaders(status, body.length);
				exchange.getResponseBody().write(body);
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
	 * Returns when the stall began.
	 * @return ms since the epoch, 0 when it has not
	 */
	long stalledAt() {
		return this.stalledAt;
	}

	/**
	 * Returns the requests that arrived.
	 * @return the count
	 */
	int arrived() {
		return this.arrived.get();
	}

	@Override
	public void close() {
		this.server.stop(0);
		this.executor.shutdownNow();
	}

}
