package dev.twinstack.bench.measure.storage;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import dev.twinstack.bench.process.MockServicesProcess;
import org.bson.Document;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A MongoDB wire-protocol server in this JVM for each test (mongo-java-server's memory
 * backend, the server mock-services runs, on a free port), with the bench's
 * {@link ProfileStore} on mock-services' database and a plain driver client to put
 * documents in and count them. Register it with {@code @RegisterExtension}: it starts
 * before each test and stops after it.
 */
public final class InProcessMongo implements BeforeEachCallback, AfterEachCallback {

	private MongoServer server;

	private MongoClient client;

	private ProfileStore store;

	@Override
	public void beforeEach(ExtensionContext context) {
		this.server = new MongoServer(new MemoryBackend());
		this.server.bind();
		this.client = MongoClients.create(uri(MockServicesProcess.DATABASE));
		this.store = new ProfileStore(uri(MockServicesProcess.DATABASE));
	}

	@Override
	public void afterEach(ExtensionContext context) {
		try {
			this.store.close();
			this.client.close();
		}
		finally {
			this.server.shutdownNow();
		}
	}

	/**
	 * The connection string of a database on this server.
	 * @param database the database's name
	 * @return {@code mongodb://127.0.0.1:<port>/<database>}
	 */
	public String uri(String database) {
		return "mongodb://127.0.0.1:" + this.server.getLocalAddress().getPort() + "/" + database;
	}

	/**
	 * The bench's store of the profiles in mock-services' database.
	 * @return the store, closed after the test
	 */
	public ProfileStore store() {
		return this.store;
	}

	/**
	 * The profiles collection of a database, read and written by a plain client.
	 * @param database the database's name
	 * @return the collection the apps store their profiles in
	 */
	public MongoCollection<Document> profiles(String database) {
		return this.client.getDatabase(database).getCollection(ProfileStore.COLLECTION);
	}

	/**
	 * The profiles collection of mock-services' database, which {@link #store()} reads.
	 * @return the collection
	 */
	public MongoCollection<Document> profiles() {
		return profiles(MockServicesProcess.DATABASE);
	}

}
