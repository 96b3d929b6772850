package dev.twinstack.mocks;

import java.util.List;
import java.util.concurrent.TimeUnit;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The insert meter: a busy period counts once however many inserts overlap in it, and a
 * driver's insert commands, and only those, are counted through a real server.
 */
class WriteMeterTests {

	@Test
	void overlappingInsertsMakeOneBusyPeriod() {
		WriteMeter meter = new WriteMeter();
		meter.started(0);
		meter.started(1_000_000);
		meter.ended(3_000_000);
		// one still in progress: busy so far
		assertThat(meter.busyMs(4_000_000)).isCloseTo(4.0, within(1e-9));
		meter.ended(5_000_000);
		// idle from 5 to 10 ms, then 2 ms alone
		meter.started(10_000_000);
		meter.ended(12_000_000);
		assertThat(meter.inserts()).isEqualTo(3);
		assertThat(meter.busyMs(20_000_000)).isCloseTo(7.0, within(1e-9));
	}

	@Test
	void countsTheInsertCommandsOfADriverAndNothingElse() {
		EmbeddedMongo mongo = new EmbeddedMongo("127.0.0.1", 0, MongoStorage.MEMORY, 75);
		mongo.start();
		try (MongoClient client = MongoClients.create(MongoClientSettings.builder()
			.applyConnectionString(new ConnectionString("mongodb://127.0.0.1:" + mongo.port() + "/twinstack"))
			.applyToClusterSettings((cluster) -> cluster.serverSelectionTimeout(2, TimeUnit.SECONDS))
			.build())) {
			MongoCollection<Document> profiles = client.getDatabase("twinstack").getCollection("profiles");
			profiles.insertOne(new Document("customerId", 1));
			profiles.insertOne(new Document("customerId", 2));
			// one command for the three documents
			profiles.insertMany(List.of(new Document("customerId", 3), new Document("customerId", 4),
					new Document("customerId", 5)));
			assertThat(profiles.countDocuments()).isEqualTo(5);
			profiles.find().first();
			assertThat(mongo.writes().inserts()).isEqualTo(3);
			assertThat(mongo.writes().busyMs(System.nanoTime())).isGreaterThan(0);
		}
		finally {
			mongo.close();
		}
	}

}
