package dev.twinstack.bench.measure.storage;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Accumulators;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import com.mongodb.connection.ServerDescription;
import dev.twinstack.bench.process.MockServicesProcess;
import dev.twinstack.bench.settings.remote.Targets;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * The {@code profiles} collection the apps write to: counts what a run stored and empties
 * it between cells (mongo-java-server keeps about 20 KB of heap per document). In a
 * database the bench does not own it deletes only the documents of its own run.
 */
public final class ProfileStore implements AutoCloseable {

	static final String COLLECTION = "profiles";

	private static final Duration POLL_INTERVAL = Duration.ofMillis(500);

	private final MongoClient client;

	private final MongoCollection<Document> profiles;

	private final String mongoUri;

	private final String sharedPrefix;

	/**
	 * Connects to the MongoDB the apps store into, in a database the bench owns.
	 * @param mongoUri its connection string; the database is the one it names, else
	 * {@code twinstack}
	 */
	public ProfileStore(String mongoUri) {
		this(mongoUri, databaseOf(mongoUri), null);
	}

	/**
	 * Connects to the MongoDB the apps store into.
	 * @param mongoUri its connection string
	 * @param database the database the apps store into
	 * @param sharedPrefix {@code null} when the database is the bench's own
	 * ({@link #drop()} drops the collection), else the bench run's prefix of the request
	 * ids ({@link #drop()} deletes only the documents whose request id starts with it)
	 */
	public ProfileStore(String mongoUri, String database, String sharedPrefix) {
		if (sharedPrefix != null) {
			requireRunId(sharedPrefix);
		}
		this.mongoUri = mongoUri;
		this.sharedPrefix = sharedPrefix;
		ConnectionString connection = new ConnectionString(mongoUri);
		MongoClientSettings settings = MongoClientSettings.builder()
			.applyConnectionString(connection)
			.applyToClusterSettings((cluster) -> cluster.serverSelectionTimeout(10, TimeUnit.SECONDS))
			.applyToSocketSettings((socket) -> socket.readTimeout(60, TimeUnit.SECONDS))
			.build();
		this.client = MongoClients.create(settings);
		this.profiles = this.client.getDatabase(database).getCollection(COLLECTION);
	}

	private static String databaseOf(String mongoUri) {
		String named = new ConnectionString(mongoUri).getDatabase();
		return (named != null) ? named : MockServicesProcess.DATABASE;
	}

	/**
	 * Counts the documents whose {@code requestId} starts with {@code <runId>-}.
	 * @param runId the run id (letters, digits and dashes)
	 * @return the number of stored documents of that run
	 */
	public long countRun(String runId) {
		requireRunId(runId);
		return this.profiles.countDocuments(Filters.regex("requestId", "^" + runId + "-"));
	}

	/**
	 * Counts the run's documents that lack a part of the composed profile (customer,
	 * orders, recommendations or composedAt): a partial write.
	 * @param runId the run id (letters, digits and dashes)
	 * @return the number of incomplete documents of that run
	 */
	public long countIncomplete(String runId) {
		countRun(runId); // validates the id
		return this.profiles.countDocuments(Filters.and(Filters.regex("requestId", "^" + runId + "-"),
				Filters.or(Filters.exists("customer", false), Filters.exists("orders", false),
						Filters.exists("recommendations", false), Filters.exists("composedAt", false))));
	}

	/**
	 * Waits until the run's count stops changing (requests still in flight when the load
	 * stopped may complete afterwards), then returns it.
	 * @param runId the run id
	 * @param timeout the longest wait; the last count is returned when it runs out
	 * @return the stored count
	 */
	public long awaitStableCount(String runId, Duration timeout) {
		return awaitStableCount(runId, -1, timeout);
	}

	/**
	 * Returns the run's count at once when it already equals {@code expected} and no
	 * request failed (nothing can still be in flight), else waits until it stops
	 * changing.
	 * @param runId the run id
	 * @param expected the count that ends the wait at once, or {@code -1}
	 * @param timeout the longest wait; the last count is returned when it runs out
	 * @return the stored count
	 */
	public long awaitStableCount(String runId, long expected, Duration timeout) {
		AtomicLong previous = new AtomicLong(countRun(runId));
		if (previous.get() == expected) {
			return expected;
		}
		AtomicLong current = new AtomicLong(previous.get());
		try {
			Awaitility.await("stored count of " + runId + " stable")
				.atMost(timeout)
				.pollDelay(POLL_INTERVAL)
				.pollInterval(POLL_INTERVAL)
				.until(() -> {
					current.set(countRun(runId));
					return current.get() == previous.getAndSet(current.get());
				});
		}
		catch (ConditionTimeoutException ex) {
			// still changing after the timeout: report what is there
		}
		return current.get();
	}

	/**
	 * Counts what one trial stored against what it acknowledged: the run's documents once
	 * their count is stable (at once when it equals the acknowledged count and no request
	 * failed: nothing can still be in flight), and its request ids stored more than once.
	 * @param runId the trial's request id prefix
	 * @param requests the requests the load generator sent
	 * @param errors those that did not get a 2xx answer
	 * @param timeout the longest wait for a stable count
	 * @return acknowledged, stored and duplicated
	 */
	public Storage settle(String runId, long requests, long errors, Duration timeout) {
		long acknowledged = requests - errors;
		long stored = awaitStableCount(runId, (errors == 0) ? acknowledged : -1, timeout);
		return new Storage(acknowledged, stored, duplicates(runId));
	}

	/**
	 * Counts the request ids of a run stored more than once.
	 * @param runId the run id (letters, digits and dashes)
	 * @return the number of duplicated request ids
	 */
	public long duplicates(String runId) {
		requireRunId(runId);
		List<Bson> pipeline = List.of(Aggregates.match(Filters.regex("requestId", "^" + runId + "-")),
				Aggregates.group("$requestId", Accumulators.sum("copies", 1)),
				Aggregates.match(Filters.gt("copies", 1)));
		long duplicated = 0;
		for (Document ignored : this.profiles.aggregate(pipeline)) {
			duplicated++;
		}
		return duplicated;
	}

	/**
	 * Deletes the documents of one run, and only them: for a database the bench shares
	 * with others (remote targets), where dropping the collection is not its to do.
	 * @param runId the run id (letters, digits and dashes)
	 * @return the number of documents deleted
	 */
	public long deleteRun(String runId) {
		requireRunId(runId);
		return this.profiles.deleteMany(Filters.regex("requestId", "^" + runId + "-")).getDeletedCount();
	}

	/**
	 * Empties what the bench stored: drops the collection in a database the bench owns
	 * (freeing the mocks' heap), else deletes only the documents of the bench's run.
	 */
	public void drop() {
		if (this.sharedPrefix == null) {
			this.profiles.drop();
		}
		else {
			deleteRun(this.sharedPrefix);
		}
	}

	/**
	 * Asks the server what it is ({@code buildInfo}) and which wire version it speaks.
	 * @param embedded whether it is mock-services' embedded mongo-java-server
	 * @return the server, its version {@code null} when {@code buildInfo} failed
	 */
	public MongoServer describeServer(boolean embedded) {
		String server = embedded ? MongoServer.EMBEDDED : "MongoDB";
		String version = null;
		try {
			Document info = this.client.getDatabase("admin").runCommand(new Document("buildInfo", 1));
			version = info.getString("version");
			if (!embedded && !info.containsKey("gitVersion")) {
				server = "a MongoDB-compatible server (its buildInfo has no gitVersion: no mongod)";
			}
		}
		catch (RuntimeException ex) {
			// the driver's message names the user: never print it
			server += " (buildInfo failed: "
					+ String.valueOf(ex.getMessage()).replaceAll("userName='[^']*'", "userName='***'") + ")";
		}
		Integer wireVersion = this.client.getClusterDescription()
			.getServerDescriptions()
			.stream()
			.filter(ServerDescription::isOk)
			.map(ServerDescription::getMaxWireVersion)
			.max(Integer::compare)
			.orElse(null);
		return new MongoServer(server, version, wireVersion, Targets.withoutCredentials(this.mongoUri),
				this.profiles.getNamespace().getDatabaseName(), this.sharedPrefix == null);
	}

	private static void requireRunId(String runId) {
		if (!runId.matches("[A-Za-z0-9-]+")) {
			throw new IllegalArgumentException("run id must hold letters, digits and dashes only, got '" + runId + "'");
		}
	}

	@Override
	public void close() {
		this.client.close();
	}

}
