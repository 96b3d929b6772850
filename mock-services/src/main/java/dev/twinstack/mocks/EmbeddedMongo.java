package dev.twinstack.mocks;

import java.net.InetSocketAddress;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

/**
 * An in-memory MongoDB (mongo-java-server) that can be stopped and started again on the
 * same port, to simulate a database outage. Data does not survive a stop.
 */
final class EmbeddedMongo {

	private final String bindAddress;

	private int port;

	private MongoServer server;

	EmbeddedMongo(String bindAddress, int port) {
		this.bindAddress = bindAddress;
		this.port = port;
	}

	synchronized void start() {
		if (this.server != null) {
			return;
		}
		MongoServer started = new MongoServer(new MemoryBackend());
		try {
			started.bind(this.bindAddress, this.port);
		}
		catch (RuntimeException ex) {
			started.shutdownNow();
			throw new IllegalStateException("MongoDB could not listen on " + this.bindAddress + ":" + this.port + ": "
					+ MockServices.rootMessage(ex), ex);
		}
		InetSocketAddress address = started.getLocalAddress();
		this.port = address.getPort();
		this.server = started;
	}

	synchronized void stop() {
		if (this.server != null) {
			this.server.shutdownNow();
			this.server = null;
		}
	}

	synchronized boolean isRunning() {
		return this.server != null;
	}

	synchronized int port() {
		return this.port;
	}

}
