package dev.twinstack.bench.measure;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;

/**
 * Measures this machine's loopback TCP round trip before any load: 64 bytes sent and
 * echoed back over one connection, {@value #ROUND_TRIPS} times; the median and the mean
 * kept (a mean far above the median is a long tail: e.g. a virtual CPU slow to wake).
 * Every request of a cell crosses loopback about ten times (client, app, three stubs,
 * MongoDB), so a slow network stack (a nested virtual machine, a packet filter) raises
 * every process's CPU per request and lowers every stack's throughput alike; the report
 * quotes the figure so results from different machines can be told apart. A bare-metal
 * Linux answers in the order of 10–30 µs.
 */
public final class LoopbackProbe {

	/** Round trips measured (after as many to warm up). */
	static final int ROUND_TRIPS = 2000;

	private static final int BYTES = 64;

	private LoopbackProbe() {
	}

	/**
	 * Measures the round trips.
	 * @return µs: the median, then the mean; {@code null} when the probe could not run
	 */
	public static double[] micros() {
		try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			Thread echo = new Thread(() -> echo(server), "loopback-probe-echo");
			echo.setDaemon(true);
			echo.start();
			try (Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort())) {
				client.setTcpNoDelay(true);
				client.setSoTimeout(5000);
				InputStream in = client.getInputStream();
				OutputStream out = client.getOutputStream();
				byte[] buffer = new byte[BYTES];
				long[] nanos = new long[ROUND_TRIPS];
				for (int i = -ROUND_TRIPS; i < ROUND_TRIPS; i++) {
					long start = System.nanoTime();
					out.write(buffer);
					for (int read = 0; read < BYTES;) {
						int n = in.read(buffer, read, BYTES - read);
						if (n < 0) {
							return null;
						}
						read += n;
					}
					if (i >= 0) {
						nanos[i] = System.nanoTime() - start;
					}
				}
				Arrays.sort(nanos);
				return new double[] { nanos[ROUND_TRIPS / 2] / 1000.0,
						Arrays.stream(nanos).average().orElse(0) / 1000.0 };
			}
		}
		catch (IOException ex) {
			return null;
		}
	}

	private static void echo(ServerSocket server) {
		try (Socket socket = server.accept()) {
			socket.setTcpNoDelay(true);
			InputStream in = socket.getInputStream();
			OutputStream out = socket.getOutputStream();
			byte[] buffer = new byte[BYTES];
			for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
				out.write(buffer, 0, n);
			}
		}
		catch (IOException ex) {
			// the client closed: the probe is over
		}
	}

}
