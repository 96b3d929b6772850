package dev.twinstack.mocks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/** The disk storage: H2 MVStore files, temporary or the user's. */
class EmbeddedMongoDiskTests {

	private static final int THREADS = 8;

	private static final int INSERTS_PER_THREAD = 250;

	@Test
	void concurrentInsertsAreAllStoredAndCountedExactly() throws Exception {
		EmbeddedMongo mongo = new EmbeddedMongo("127.0.0.1", 0, MongoStorage.DISK, 75);
		mongo.start();
		try (MongoClient client = client(mongo)) {
			MongoCollection<Document> profiles = profiles(client);
			ExecutorService pool = Executors.newFixedThreadPool(THREADS);
			List<Future<?>> inserts = new ArrayList<>();
			for (int thread = 0; thread < THREADS; thread++) {
				int t = thread;
				inserts.add(pool.submit(() -> {
					for (int i = 0; i < INSERTS_PER_THREAD; i++) {
						profiles.insertOne(profile("disk-" + t + "-" + i));
					}
				}));
			}
			for (Future<?> insert : inserts) {
				insert.get(60, TimeUnit.SECONDS);
			}
			pool.shutdown();
			int expected = THREADS * INSERTS_PER_THREAD;
			assertThat(profiles.countDocuments(new Document("requestId", new Document("$regex", "^disk-"))))
				.isEqualTo(expected);
			assertThat(mongo.countDocuments(MockServices.DATABASE, MockServices.PROFILES)).isEqualTo(expected);
			List<?> stored = mongo.documents(MockServices.DATABASE, "profiles");
			assertThat(stored).hasSize(expected).doesNotHaveDuplicates();
			assertThat(mongo.deleteDocuments(MockServices.DATABASE, "profiles")).isEqualTo(expected);
			assertThat(mongo.countDocuments(MockServices.DATABASE, MockServices.PROFILES)).isZero();
		}
		finally {
			mongo.close();
		}
	}

	@Test
	void theTemporaryFileIsDeletedWhenMongoStopsAndAStartBeginsEmpty() {
		EmbeddedMongo mongo = new EmbeddedMongo("127.0.0.1", 0, MongoStorage.DISK, 75);
		mongo.start();
		try {
			Path file = mongo.storageFile();
			assertThat(file).isNotNull().exists();
			assertThat(mongo.describeStorage()).isEqualTo("on disk (H2 MVStore " + file + ", deleted at stop)");
			insert(mongo, "temporary-1");
			mongo.stop();
			assertThat(file).doesNotExist();
			assertThat(file.getParent()).doesNotExist();
			mongo.start();
			assertThat(mongo.countDocuments(MockServices.DATABASE, MockServices.PROFILES)).isZero();
		}
		finally {
			mongo.close();
		}
		assertThat(mongo.storageFile()).isNull();
	}

	@Test
	void aFileOfTheUsersKeepsTheDocumentsAcrossARestart(@TempDir Path folder) {
		Path file = folder.resolve("nested/mocks.mv.db");
		MongoStorage storage = MongoStorage.parse("disk:" + file);
		EmbeddedMongo first = new EmbeddedMongo("127.0.0.1", 0, storage, 75);
		first.start();
		try {
			insert(first, "kept-1");
			insert(first, "kept-2");
		}
		finally {
			first.close();
		}
		assertThat(file).exists();
		EmbeddedMongo second = new EmbeddedMongo("127.0.0.1", 0, storage, 75);
		second.start();
		try {
			assertThat(second.describeStorage()).endsWith(", kept)");
			assertThat(second.documents(MockServices.DATABASE, "profiles")).extracting((d) -> d.get("requestId"))
				.containsExactlyInAnyOrder("kept-1", "kept-2");
		}
		finally {
			second.close();
		}
		assertThat(file).exists();
	}

	@Test
	void aFileThatCannotBeCreatedIsNamedInTheError(@TempDir Path folder) throws Exception {
		Path notAFolder = Files.writeString(folder.resolve("plain-file"), "x");
		EmbeddedMongo mongo = new EmbeddedMongo("127.0.0.1", 0,
				MongoStorage.parse("disk:" + notAFolder.resolve("mocks.mv.db")), 75);
		assertThatIllegalStateException().isThrownBy(mongo::start)
			.withMessageStartingWith("MongoDB storage file " + notAFolder.resolve("mocks.mv.db") + " could not be");
		assertThat(mongo.isRunning()).isFalse();
	}

	private static void insert(EmbeddedMongo mongo, String requestId) {
		try (MongoClient client = client(mongo)) {
			profiles(client).insertOne(profile(requestId));
		}
	}

	private static Document profile(String requestId) {
		return new Document("requestId", requestId).append("customer", new Document("id", 42L).append("tier", "gold"))
			.append("orders", List.of(new Document("id", "o-1").append("total", 12.5)));
	}

	private static MongoClient client(EmbeddedMongo mongo) {
		return MongoClients.create(MongoClientSettings.builder()
			.applyConnectionString(new ConnectionString("mongodb://127.0.0.1:" + mongo.port()))
			.applyToClusterSettings((cluster) -> cluster.serverSelectionTimeout(5, TimeUnit.SECONDS))
			.build());
	}

	private static MongoCollection<Document> profiles(MongoClient client) {
		return client.getDatabase(MockServices.DATABASE).getCollection("profiles");
	}

}
