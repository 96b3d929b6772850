package dev.twinstack.mocks;

import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Decimal128;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.ObjectId;

/**
 * An in-memory MongoDB (mongo-java-server) that can be stopped and started again on the
 * same port, to simulate a database outage. Data does not survive a stop.
 */
final class EmbeddedMongo {

	private final String bindAddress;

	private int port;

	private MongoServer server;

	private MemoryBackend backend;

	EmbeddedMongo(String bindAddress, int port) {
		this.bindAddress = bindAddress;
		this.port = port;
	}

	synchronized void start() {
		if (this.server != null) {
			return;
		}
		MemoryBackend startedBackend = new MemoryBackend();
		MongoServer started = new MongoServer(startedBackend);
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
		this.backend = startedBackend;
	}

	synchronized void stop() {
		if (this.server != null) {
			this.server.shutdownNow();
			this.server = null;
			this.backend = null;
		}
	}

	synchronized boolean isRunning() {
		return this.server != null;
	}

	synchronized int port() {
		return this.port;
	}

	synchronized List<Map<String, Object>> documents(String database, String collection) {
		MongoCollection<?> stored = collection(database, collection);
		List<Map<String, Object>> documents = new ArrayList<>();
		if (stored != null) {
			stored.queryAll().forEach((document) -> documents.add(plain(document)));
		}
		return documents;
	}

	synchronized int deleteDocuments(String database, String collection) {
		MongoCollection<?> stored = collection(database, collection);
		return (stored != null) ? stored.deleteDocuments(new Document(), 0) : 0;
	}

	private MongoCollection<?> collection(String database, String collection) {
		if (this.backend == null) {
			throw new IllegalStateException("MongoDB is stopped");
		}
		return this.backend.resolveDatabase(database).resolveCollection(collection, false);
	}

	/**
	 * A stored value as the plain Java value a JSON answer compares with: documents as
	 * maps (field order kept), ObjectIds as 24 hex characters, Decimal128 as
	 * {@link BigDecimal}, dates as {@link java.time.Instant}.
	 */
	private static Map<String, Object> plain(Document document) {
		Map<String, Object> plain = new LinkedHashMap<>();
		document.forEach((name, value) -> plain.put(name, plain(value)));
		return plain;
	}

	private static Object plain(Object value) {
		if (value instanceof Document document) {
			return plain(document);
		}
		if (value instanceof List<?> list) {
			return list.stream().map(EmbeddedMongo::plain).toList();
		}
		if (value instanceof ObjectId id) {
			return id.getHexData();
		}
		if (value instanceof Decimal128 decimal) {
			return decimal.toBigDecimal();
		}
		if (value instanceof Date date) {
			return date.toInstant();
		}
		return value;
	}

}
