package dev.twinstack.mocks;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import org.bson.Document;
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
