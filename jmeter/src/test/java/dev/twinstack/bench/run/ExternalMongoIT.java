package dev.twinstack.bench.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import dev.twinstack.bench.measure.storage.Storage;
import dev.twinstack.bench.process.ProcessRegistry;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.settings.BenchSettings;
import io.netty.channel.Channel;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code bench.mongoUri} without {@code bench.targets}, end to end: a MongoDB-compatible
 * server started here, apart from the bench (mongo-java-server on a port of its own,
 * holding another team's data), and one short cell of the bench's own webflux-app stored
 * into it. The server records every insert and every drop or delete it is sent, so the
 * test counts the trial's documents in that server itself, not through the bench.
 * mock-services starts without its embedded MongoDB. One 3 s trial after at most 10 s of
 * warm-up: without a warm-up, on a busy 2-core machine, every request of a cold app timed
 * out downstream (nothing acknowledged, nothing to count).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExternalMongoIT {

	private static final Path OUT = Path.of("target", "external-mongo-it");

	private final RecordingBackend backend = new RecordingBackend();

	private MongoServer server;

	private MongoClient client;

	private BenchResults results;

	@BeforeAll
	void runTheBenchAgainstAServerOfItsOwn() {
		this.server = new MongoServer(this.backend);
		String address = "mongodb://127.0.0.1:" + this.server.bind().getPort();
		this.client = MongoClients.create(address);
		this.client.getDatabase("shop").getCollection("orders").insertOne(new Document("sentinel", "another team's"));
		this.client.getDatabase("twinstack").getCollection("profiles").insertOne(new Document("requestId", "app-1"));
		this.client.getDatabase("twinstack_bench").getCollection("notes").insertOne(new Document("sentinel", "kept"));
		Map<String, String> properties = new HashMap<>();
		System.getProperties().stringPropertyNames().forEach((name) -> properties.put(name, System.getProperty(name)));
		properties.putAll(Map.of("bench.profile", "smoke", "bench.stacks", "webflux", "bench.transfers", "zero-copy",
				"bench.duration", "3s", "bench.warmup", "10s", "bench.baseline", "0s", "bench.memoryRequests", "0",
				"bench.crosscheck", "none", "bench.outputDir", OUT.toString()));
		properties.put("bench.latency", "10ms");
		properties.put("bench.mongoUri", address);
		Instant start = Instant.now();
		this.results = BenchRunner.run(BenchSettings.from(properties));
		System.out.printf("one cell into a MongoDB of bench.mongoUri: %d s%n",
				Duration.between(start, Instant.now()).toSeconds());
	}

	@AfterAll
	void stopEverything() {
		ProcessRegistry.stopAll();
		if (this.client != null) {
			this.client.close();
		}
		if (this.server != null) {
			this.server.shutdownNow();
		}
	}

	@Test
	void storedEqualsAcknowledgedCountedInThatServer() {
		assertThat(this.results.complete()).as(this.results.incompleteReason()).isTrue();
		assertThat(this.results.trials()).isNotEmpty();
		for (CellResult trial : this.results.trials()) {
			Storage storage = trial.storage();
			assertThat(storage.acknowledged()).as(trial.runId()).isPositive();
			assertThat(storage.stored()).as(trial.runId()).isEqualTo(storage.acknowledged());
			assertThat(storage.verified()).isTrue();
			assertThat(this.backend.inserted("twinstack_bench.profiles", trial.runId()))
				.as("documents of %s the server itself received", trial.runId())
				.isEqualTo(storage.stored());
		}
	}

	@Test
	void nothingButTheBenchsOwnCollectionWasDroppedOrDeleted() {
		assertThat(this.backend.drops).as("drops and deletes the server received")
			.isNotEmpty()
			.allMatch((command) -> command.endsWith(" twinstack_bench.profiles"));
		assertThat(this.client.getDatabase("shop").getCollection("orders").countDocuments()).isEqualTo(1);
		assertThat(this.client.getDatabase("twinstack").getCollection("profiles").countDocuments()).isEqualTo(1);
		assertThat(this.client.getDatabase("twinstack_bench").getCollection("notes").countDocuments()).isEqualTo(1);
		assertThat(this.backend.inserted("twinstack.profiles")).as("documents in another database: the sentinel only")
			.isEqualTo(1);
	}

	@Test
	void theReportNamesTheServer() throws Exception {
		var database = this.results.settings().database();
		assertThat(database.server()).startsWith("a MongoDB-compatible server (its buildInfo has no gitVersion");
		assertThat(database.version()).isNotBlank();
		assertThat(database.wireVersion()).isEqualTo(8);
		assertThat(database.database()).isEqualTo("twinstack_bench");
		assertThat(Files.readString(OUT.resolve("report.md"))).contains("| MongoDB | " + database.describe());
		assertThat(Files.readString(OUT.resolve("results.json"))).contains("\"database\" : {",
				"\"database\" : \"twinstack_bench\"");
		assertThat(this.results.processes()).extracting(BenchResults.ProcessInfo::role)
			.containsExactly("mock-services", "webflux-app");
	}

	/**
	 * mongo-java-server's memory backend that records the inserts into each collection by
	 * request id, and every drop or delete, as {@code drop db.collection}.
	 */
	static final class RecordingBackend extends MemoryBackend {

		private final Map<String, List<String>> requestIds = new ConcurrentHashMap<>();

		final List<String> drops = new CopyOnWriteArrayList<>();

		@Override
		public de.bwaldvogel.mongo.bson.Document handleCommand(Channel channel, String database, String command,
				de.bwaldvogel.mongo.bson.Document query) {
			String name = command.toLowerCase(java.util.Locale.ROOT);
			if (name.equals("insert")) {
				List<?> documents = (List<?>) query.get("documents");
				List<String> ids = this.requestIds.computeIfAbsent(database + "." + query.get("insert"),
						(key) -> new CopyOnWriteArrayList<>());
				documents.forEach((document) -> ids
					.add(String.valueOf(((de.bwaldvogel.mongo.bson.Document) document).get("requestId"))));
			}
			else if (List.of("drop", "delete", "dropdatabase").contains(name)) {
				this.drops.add(name + " " + database + "." + query.get(command));
			}
			return super.handleCommand(channel, database, command, query);
		}

		long inserted(String namespace, String runId) {
			return this.requestIds.getOrDefault(namespace, List.of())
				.stream()
				.filter((id) -> id.startsWith(runId + "-"))
				.count();
		}

		long inserted(String namespace) {
			return this.requestIds.getOrDefault(namespace, List.of()).size();
		}

	}

}
