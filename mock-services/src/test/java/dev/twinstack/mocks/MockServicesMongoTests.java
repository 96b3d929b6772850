package dev.twinstack.mocks;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import org.bson.Document;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

class MockServicesMongoTests {

	static MockServices mocks;

	@BeforeAll
	static void startMocks() {
		mocks = MockServices.start(MockServicesOptions.forTests());
	}

	@AfterAll
	static void stopMocks() {
		mocks.close();
	}

	@Test
	void aDriverInsertsAndCountsThroughTheMongoUri() {
		try (MongoClient client = client()) {
			MongoCollection<Document> profiles = profiles(client);
			profiles.insertOne(new Document("customerId", 42).append("requestId", "insert-test"));
			profiles.insertOne(new Document("customerId", 43).append("requestId", "insert-test"));
			assertThat(profiles.countDocuments(new Document("requestId", "insert-test"))).isEqualTo(2);
		}
	}

	@Test
	void storedDocumentsShowsWhatADriverStoredAsPlainValuesAndDeleteStoredDocumentsEmptiesTheCollection() {
		String collection = "stored-documents-test";
		assertThat(mocks.storedDocuments(collection)).isEmpty();
		ObjectId id = new ObjectId();
		Instant composedAt = Instant.parse("2026-11-21T13:50:00.123Z");
		try (MongoClient client = client()) {
			client.getDatabase(MockServices.DATABASE)
				.getCollection(collection)
				.insertOne(new Document("_id", id).append("requestId", "r-1")
					.append("customer", new Document("id", 42L).append("tier", "gold"))
					.append("orders", List.of(new Document("total", new Decimal128(new BigDecimal("142.90")))))
					.append("composedAt", Date.from(composedAt)));
		}
		assertThat(mocks.storedDocuments(collection)).containsExactly(
				Map.of("_id", id.toHexString(), "requestId", "r-1", "customer", Map.of("id", 42L, "tier", "gold"),
						"orders", List.of(Map.of("total", new BigDecimal("142.90"))), "composedAt", composedAt));
		assertThat(mocks.deleteStoredDocuments(collection)).isOne();
		assertThat(mocks.storedDocuments(collection)).isEmpty();
	}

	@Test
	void stopMongoMakesOperationsFailAndStartMongoBringsItBackOnTheSamePort() {
		String uri = mocks.mongoUri();
		try (MongoClient client = client()) {
			MongoCollection<Document> profiles = profiles(client);
			profiles.insertOne(new Document("customerId", 1));

			mocks.stopMongo();
			assertThat(mocks.isMongoRunning()).isFalse();
			assertThatExceptionOfType(MongoException.class)
				.isThrownBy(() -> profiles.insertOne(new Document("customerId", 2)));

			mocks.startMongo();
			assertThat(mocks.isMongoRunning()).isTrue();
			assertThat(mocks.mongoUri()).isEqualTo(uri);
			await().atMost(Duration.ofSeconds(15))
				.ignoreExceptionsInstanceOf(MongoException.class)
				.untilAsserted(() -> profiles.insertOne(new Document("customerId", 3)));
			assertThat(profiles.countDocuments(new Document("customerId", 3))).isEqualTo(1);
		}
		finally {
			if (!mocks.isMongoRunning()) {
				mocks.startMongo();
			}
		}
	}

	private static MongoCollection<Document> profiles(MongoClient client) {
		return client.getDatabase(new ConnectionString(mocks.mongoUri()).getDatabase()).getCollection("profiles");
	}

	private static MongoClient client() {
		return MongoClients.create(MongoClientSettings.builder()
			.applyConnectionString(new ConnectionString(mocks.mongoUri()))
			.applyToClusterSettings((cluster) -> cluster.serverSelectionTimeout(2, TimeUnit.SECONDS))
			.applyToSocketSettings(
					(socket) -> socket.connectTimeout(1, TimeUnit.SECONDS).readTimeout(2, TimeUnit.SECONDS))
			.build());
	}

}
