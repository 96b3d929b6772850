package dev.twinstack.bench.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds free TCP ports on the loopback interface.
 */
final class FreePorts {

	private FreePorts() {
	}

	/**
	 * Returns distinct ports that were free a moment ago: all sockets are held open
	 * together, so the ports cannot repeat, then closed for the caller's processes to
	 * bind.
	 * @param count how many ports
	 * @return the ports
	 */
	static List<Integer> allocate(int count) {
		List<ServerSocket> sockets = new ArrayList<>();
		try {
			for (int i = 0; i < count; i++) {
				ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
				socket.setReuseAddress(true);
				sockets.add(socket);
			}
			return sockets.stream().map(ServerSocket::getLocalPort).toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("No free TCP port", ex);
		}
		finally {
			for (ServerSocket socket : sockets) {
				try {
					socket.close();
				}
				catch (IOException ex) {
					// closing a listening socket that never accepted does not fail in
					// practice
				}
			}
		}
	}

}
