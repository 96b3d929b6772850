package dev.twinstack.mocks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Decimal128;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.ObjectId;
import org.h2.mvstore.MVStore;

/**
 * A MongoDB (mongo-java-server) in memory or on an H2 MVStore file ({@link MongoStorage})
 * that can be stopped and started again on the same port, to simulate a database outage.
 * Data does not survive a stop, except on a file of the user's ({@code disk:<file>}),
 * which is reopened.
 */
final class EmbeddedMongo {

	/** MVStore page cache (MB): what the disk storage keeps on the heap at most. */
	private static final int DISK_CACHE_MB = 16;

	private final String bindAddress;

	private final MongoStorage storage;

	private int port;

	private MongoServer server;

	private MongoBackend backend;

	private final HeapWatch heapWatch;

	private final WriteMeter writes = new WriteMeter();

	private Path temporaryFolder;

	EmbeddedMongo(String bindAddress, int port, MongoStorage storage, int heapWarningPercent) {
		this.bindAddress = bindAddress;
		this.port = port;
		this.storage = storage;
		this.heapWatch = new HeapWatch(heapWarningPercent, storage,
				() -> countDocuments(MockServices.DATABASE, MockServices.PROFILES));
	}

	synchronized void start() {
		if (this.server != null || this.storage.kind() == MongoStorage.Kind.NONE) {
			return;
		}
		this.heapWatch.start();
		MongoBackend startedBackend = openBackend();
		MongoServer started = new MongoServer(this.writes.meter(startedBackend));
		try {
			started.bind(this.bindAddress, this.port);
		}
		catch (RuntimeException ex) {
			started.shutdownNow();
			closeBackend(startedBackend);
			throw new IllegalStateException("MongoDB could not listen on " + this.bindAddress + ":" + this.port + ": "
					+ MockServices.rootMessage(ex), ex);
		}
		InetSocketAddress address = started.getLocalAddress();
		this.port = address.getPort();
		this.server = started;
		this.backend = startedBackend;
	}

	private MongoBackend openBackend() {
		if (this.storage.kind() == MongoStorage.Kind.MEMORY) {
			return new MemoryBackend();
		}
		Path file = this.storage.file();
		try {
			if (file == null) {
				this.temporaryFolder = Files.createTempDirectory("mock-services-mongo-");
				file = this.temporaryFolder.resolve("twinstack.mv.db");
			}
			else if (file.toAbsolutePath().getParent() != null) {
				Files.createDirectories(file.toAbsolutePath().getParent());
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException("MongoDB storage file " + file + " could not be created: " + ex, ex);
		}
		try {
			// compressed (LZF): a stored profile takes about a third of its serialized
			// size on disk; the cache bounds the heap
			MVStore store = new MVStore.Builder().fileName(file.toString()).compress().cacheSize(DISK_CACHE_MB).open();
			return new H2Backend(store);
		}
		catch (RuntimeException ex) {
			deleteTemporaryFolder();
			throw new IllegalStateException("MongoDB storage file " + file + " could not be opened: "
					+ MockServices.rootMessage(ex) + " (another mock-services using it?)", ex);
		}
	}

	synchronized void stop() {
		if (this.server != null) {
			this.server.shutdownNow();
			closeBackend(this.backend);
			this.server = null;
			this.backend = null;
		}
	}

	/** Stops MongoDB for good: the heap watch too. */
	synchronized void close() {
		stop();
		this.heapWatch.close();
	}

	private void closeBackend(MongoBackend closed) {
		try {
			if (closed instanceof H2Backend) {
				closed.close();
			}
		}
		finally {
			deleteTemporaryFolder();
		}
	}

	private void deleteTemporaryFolder() {
		Path folder = this.temporaryFolder;
		this.temporaryFolder = null;
		if (folder == null) {
			return;
		}
		try (var files = Files.list(folder)) {
			for (Path file : files.toList()) {
				Files.deleteIfExists(file);
			}
			Files.deleteIfExists(folder);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("MongoDB's temporary folder " + folder + " could not be deleted", ex);
		}
	}

	/**
	 * Returns the MVStore file of the disk storage while MongoDB runs.
	 * @return the file, {@code null} in memory or while stopped
	 */
	synchronized Path storageFile() {
		if (this.backend instanceof H2Backend h2 && h2.getMvStore().getFileStore() != null) {
			return Path.of(h2.getMvStore().getFileStore().getFileName());
		}
		return null;
	}

	/**
	 * Returns where the documents are kept, for the log.
	 * @return e.g. {@code in memory} or
	 * {@code on disk (/tmp/…/twinstack.mv.db, deleted at
	 * stop)}
	 */
	synchronized String describeStorage() {
		if (this.storage.kind() == MongoStorage.Kind.MEMORY) {
			return "in memory";
		}
		if (this.storage.kind() == MongoStorage.Kind.NONE) {
			return "not started";
		}
		Path file = storageFile();
		return (file != null)
				? "on disk (H2 MVStore " + file + ((this.temporaryFolder != null) ? ", deleted at stop)" : ", kept)")
				: "on disk";
	}

	MongoStorage storage() {
		return this.storage;
	}

	HeapWatch heapWatch() {
		return this.heapWatch;
	}

	/**
	 * @return the meter of the insert commands, over every start
	 */
	WriteMeter writes() {
		return this.writes;
	}

	/**
	 * Counts the documents of a collection.
	 * @param database the database
	 * @param collection the collection
	 * @return the number of documents, 0 when the collection does not exist or MongoDB is
	 * stopped
	 */
	synchronized long countDocuments(String database, String collection) {
		if (this.backend == null) {
			return 0;
		}
		MongoCollection<?> stored = collection(database, collection);
		return (stored != null) ? stored.count() : 0;
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
