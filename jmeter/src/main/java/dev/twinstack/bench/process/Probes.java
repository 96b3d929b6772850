package dev.twinstack.bench.process;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Readiness checks used while waiting for a process.
 */
final class Probes {

	private static final Duration TIMEOUT = Duration.ofSeconds(2);

	private static final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

	private Probes() {
	}

	/**
	 * Tells whether a GET of the URI answers 200.
	 * @param uri the URI
	 * @return {@code true} on HTTP 200
	 * @throws IOException when the request fails (not ready yet)
	 * @throws InterruptedException when interrupted
	 */
	static boolean httpOk(URI uri) throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build();
		return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
	}

	/**
	 * Tells whether a TCP connection to the port succeeds.
	 * @param host the host
	 * @param port the port
	 * @return {@code true} when the connection was accepted
	 */
	static boolean tcpOpen(String host, int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(host, port), (int) TIMEOUT.toMillis());
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

}
