package dev.twinstack.bench.measure.storage;

import java.time.Duration;
import java.util.List;

import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The integrity counts against a MongoDB wire-protocol server: per run, stored documents
 * and request ids stored more than once.
 */
class ProfileStoreTests {

	@RegisterExtension
	final InProcessMongo mongo = new InProcessMongo();

	@Test
	void countsTheRunsDocumentsAndTheRequestIdsStoredTwice() {
		this.mongo.profiles()
			.insertMany(List.of(doc("r1-t1-1"), doc("r1-t1-2"), doc("r1-t1-2"), doc("r1-t1-3"), doc("r1-t1-3"),
					doc("r1-t1-3"), doc("r1-t2-1"), doc("r1-t2-1"), doc("other-1")));
		assertThat(this.mongo.store().countRun("r1-t1")).isEqualTo(6);
		assertThat(this.mongo.store().duplicates("r1-t1")).isEqualTo(2);
		assertThat(this.mongo.store().duplicates("r1-t2")).isEqualTo(1);
		assertThat(this.mongo.store().duplicates("other")).isZero();
		assertThat(this.mongo.store().duplicates("absent")).isZero();
	}

	@Test
	void returnsAtOnceWhenTheCountMatchesAndWaitsForAStableCountOtherwise() {
		this.mongo.profiles().insertMany(List.of(doc("r2-1"), doc("r2-2")));
		long start = System.nanoTime();
		assertThat(this.mongo.store().awaitStableCount("r2", 3, Duration.ofSeconds(5))).isEqualTo(2);
		Duration waited = Duration.ofNanos(System.nanoTime() - start);
		// at least one poll interval (500 ms) to see the count stop changing
		assertThat(waited).isGreaterThanOrEqualTo(Duration.ofMillis(500));
		start = System.nanoTime();
		assertThat(this.mongo.store().awaitStableCount("r2", 2, Duration.ofSeconds(5))).isEqualTo(2);
		// one count, no poll interval: faster than the wait above whatever the machine's
		// load
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(waited);
	}

	@Test
	void settlesATrialsStoredCountAgainstWhatItAcknowledged() {
		this.mongo.profiles().insertMany(List.of(doc("r5-1"), doc("r5-2"), doc("r5-2"), doc("r5-3")));
		// 5 sent, 1 failed: 4 acknowledged; 4 stored, one request id twice
		assertThat(this.mongo.store().settle("r5", 5, 1, Duration.ofSeconds(5))).isEqualTo(new Storage(4, 4, 1));
		// a request the client abandoned in flight may be stored: stored > acknowledged
		assertThat(this.mongo.store().settle("r5", 3, 0, Duration.ofSeconds(5))).isEqualTo(new Storage(3, 4, 1));
	}

	@Test
	void deletesOnlyTheRunsDocumentsAndLeavesTheCollection() {
		this.mongo.profiles()
			.insertMany(List.of(doc("r3-t1-1"), doc("r3-t1-2"), doc("r3-warmup-1"), doc("r30-1"), doc("other-1")));
		assertThat(this.mongo.store().deleteRun("r3")).isEqualTo(3);
		assertThat(this.mongo.store().countRun("r3")).isZero();
		assertThat(this.mongo.profiles().countDocuments()).isEqualTo(2);
	}

	@Test
	void readsTheDatabaseTheConnectionStringNames() {
		this.mongo.profiles("elsewhere").insertOne(doc("r4-1"));
		try (ProfileStore elsewhere = new ProfileStore(this.mongo.uri("elsewhere"))) {
			assertThat(elsewhere.countRun("r4")).isEqualTo(1);
		}
		assertThat(this.mongo.store().countRun("r4")).isZero();
	}

	@Test
	void dropsTheCollectionInItsOwnDatabaseButOnlyItsRunsDocumentsInAnother() {
		this.mongo.profiles("perf").insertMany(List.of(doc("b1-t1-1"), doc("b1-warm-1"), doc("b10-1"), doc("theirs")));
		this.mongo.profiles("twinstack_bench").insertMany(List.of(doc("b1-t1-1"), doc("theirs")));
		String server = this.mongo.uri("").replaceAll("/$", "");
		try (ProfileStore shared = new ProfileStore(server, "perf", "b1")) {
			shared.drop();
		}
		assertThat(this.mongo.profiles("perf").countDocuments()).as("b10-1 and theirs").isEqualTo(2);
		try (ProfileStore own = new ProfileStore(server, "twinstack_bench", null)) {
			own.drop();
		}
		assertThat(this.mongo.profiles("twinstack_bench").countDocuments()).isZero();
		assertThat(this.mongo.profiles("perf").countDocuments()).isEqualTo(2);
	}

	@Test
	void namesTheServerAndItsWireVersionWithoutCredentials() {
		this.mongo.profiles().insertOne(doc("r1-1"));
		MongoServer embedded = this.mongo.store().describeServer(true);
		assertThat(embedded.server()).isEqualTo(MongoServer.EMBEDDED);
		assertThat(embedded.wireVersion()).isEqualTo(8);
		assertThat(embedded.version()).isNotBlank();
		assertThat(embedded.describe())
			.startsWith("mongo-java-server (embedded in mock-services) reporting version " + embedded.version()
					+ " (wire version 8) at mongodb://127.0.0.1:")
			.endsWith("/twinstack, database twinstack");
		try (ProfileStore external = new ProfileStore(this.mongo.uri(""), "perf", "b1")) {
			MongoServer server = external.describeServer(false);
			assertThat(server.server())
				.isEqualTo("a MongoDB-compatible server (its buildInfo has no gitVersion: no mongod)");
			assertThat(server.describe())
				.endsWith(", database perf (named by the user: the bench deleted only its own documents)");
		}
		// mongo-java-server has no users: the login fails, and says so without them
		String withUser = this.mongo.uri("").replace("mongodb://", "mongodb://bob:s3cret@") + "?authSource=admin";
		try (ProfileStore external = new ProfileStore(withUser, "perf", "b1")) {
			MongoServer server = external.describeServer(false);
			assertThat(server.version()).isNull();
			assertThat(server.describe()).startsWith("MongoDB (buildInfo failed: ")
				.contains("at mongodb://***@127.0.0.1:")
				.doesNotContain("s3cret", "bob");
		}
	}

	@Test
	void rejectsARunIdThatIsNotPlain() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.mongo.store().duplicates("r1.*"))
			.withMessage("run id must hold letters, digits and dashes only, got 'r1.*'");
	}

	private static Document doc(String requestId) {
		return new Document("requestId", requestId);
	}

}
