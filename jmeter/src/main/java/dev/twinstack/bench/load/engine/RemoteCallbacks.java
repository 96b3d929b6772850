package dev.twinstack.bench.load.engine;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.rmi.server.RMISocketFactory;

import dev.twinstack.bench.process.BenchException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The RMI addresses of this JVM, for JMeter's remote testing: the address remote parties
 * call back ({@code java.rmi.server.hostname}: where the bench receives the engines'
 * samples, where an agent's engine listens), and, for plain RMI, server sockets bound to
 * that address only (JMeter passes RMI no socket factory then, and RMI's default listens
 * on every interface; with TLS, JMeter's factory binds to the address itself).
 */
final class RemoteCallbacks {

	private static final Logger logger = LoggerFactory.getLogger(RemoteCallbacks.class);

	private static final String HOSTNAME = "java.rmi.server.hostname";

	private RemoteCallbacks() {
	}

	/**
	 * Prepares the bench's side of a remote run, once per JVM: the callback address,
	 * unless {@code java.rmi.server.hostname} is given, is this machine's address on the
	 * route to the engine (loopback for an engine on a loopback address).
	 * @param engine an engine's {@code host:port}
	 * @param transport TLS or plain RMI
	 * @throws BenchException when the engine's host cannot be resolved
	 */
	static synchronized void prepare(String engine, RmiTransport transport) {
		if (System.getProperty(HOSTNAME) == null) {
			InetAddress local = routeTo(engine);
			System.setProperty(HOSTNAME, local.getHostAddress());
			logger.info("The load engines call the bench back at {} ({} unset)", local.getHostAddress(), HOSTNAME);
		}
		if (!transport.secure()) {
			bindPlainRmi(address(System.getProperty(HOSTNAME)));
		}
	}

	/**
	 * Sets the address this JVM's RMI objects announce and listen on (a load agent's).
	 * @param address the address
	 * @param transport TLS or plain RMI
	 * @throws BenchException when plain RMI cannot be bound to the address
	 */
	static synchronized void bindTo(InetAddress address, RmiTransport transport) {
		System.setProperty(HOSTNAME, address.getHostAddress());
		if (!transport.secure()) {
			bindPlainRmi(address);
		}
	}

	private static void bindPlainRmi(InetAddress address) {
		if (RMISocketFactory.getSocketFactory() instanceof BoundSocketFactory) {
			return;
		}
		try {
			RMISocketFactory.setSocketFactory(new BoundSocketFactory(address));
		}
		catch (IOException ex) {
			throw new BenchException("Could not bind plain RMI to " + address.getHostAddress() + ": " + ex.getMessage(),
					ex);
		}
	}

	private static InetAddress routeTo(String engine) {
		String host = engine.substring(0, engine.lastIndexOf(':'));
		int port = Integer.parseInt(engine.substring(engine.lastIndexOf(':') + 1));
		InetAddress remote = address(host);
		if (remote.isLoopbackAddress()) {
			return InetAddress.getLoopbackAddress();
		}
		// a connected datagram socket sends nothing: it only asks the kernel's routing
		// table which local address reaches the engine
		try (DatagramSocket socket = new DatagramSocket()) {
			socket.connect(new InetSocketAddress(remote, port));
			return socket.getLocalAddress();
		}
		catch (SocketException ex) {
			throw new BenchException("No route to the load engine " + engine + ": " + ex.getMessage(), ex);
		}
	}

	private static InetAddress address(String host) {
		try {
			return InetAddress.getByName(host);
		}
		catch (IOException ex) {
			throw new BenchException("Unknown host '" + host + "': " + ex.getMessage(), ex);
		}
	}

	/**
	 * Plain RMI's sockets, listening on one address only.
	 */
	private static final class BoundSocketFactory extends RMISocketFactory {

		private final InetAddress address;

		BoundSocketFactory(InetAddress address) {
			this.address = address;
		}

		@Override
		public Socket createSocket(String host, int port) throws IOException {
			return new Socket(host, port);
		}

		@Override
		public ServerSocket createServerSocket(int port) throws IOException {
			return new ServerSocket(port, 50, this.address);
		}

	}

}
