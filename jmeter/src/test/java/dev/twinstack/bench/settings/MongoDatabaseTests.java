package dev.twinstack.bench.settings;

import java.nio.file.Path;
import java.util.Map;

import dev.twinstack.bench.matrix.Scenario;
import dev.twinstack.bench.settings.remote.Targets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@code bench.mongoUri} without {@code bench.targets}: the bench's own apps store into a
 * MongoDB of the user's, in a database of the bench's own unless told otherwise.
 */
class MongoDatabaseTests {

	@TempDir
	Path dir;

	@Test
	void withoutAMongoUriTheAppsUseTheEmbeddedMongoDb() {
		Targets targets = settings(Map.of()).targets();
		assertThat(targets.externalMongo()).isFalse();
		assertThat(targets.ownsDatabase()).isTrue();
	}

	@Test
	void aMongoUriAloneKeepsTheBenchsOwnAppsAndWritesToTheBenchsDatabase() {
		BenchSettings settings = settings(Map.of("bench.mongoUri", "mongodb://127.0.0.1:27017"));
		assertThat(settings.targets().remote()).as("the bench starts its apps").isFalse();
		assertThat(settings.targets().externalMongo()).isTrue();
		assertThat(settings.targets().mongoUri()).isEqualTo("mongodb://127.0.0.1:27017");
		assertThat(settings.targets().mongoDatabase()).isEqualTo("twinstack_bench");
		assertThat(settings.targets().ownsDatabase()).isTrue();
		assertThat(settings.targets().describe()).as("no remote target: the report shows the bench's own apps")
			.isEmpty();
		assertThat(settings.cells()).as("the same cells, CPU placement included").isEqualTo(settings(Map.of()).cells());
		assertThat(
				settings(Map.of("bench.mongoUri", "mongodb://127.0.0.1:27017/twinstack_bench?maxPoolSize=50")).targets()
					.mongoDatabase())
			.isEqualTo("twinstack_bench");
	}

	@Test
	void refusesAUriNamingAnotherDatabaseNamingTheWayOutWithoutThePassword() {
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> settings(Map.of("bench.mongoUri", "mongodb://bob:s3cret@127.0.0.1:27017/shop")))
			.withMessage("bench.mongoUri names the database 'shop', but the bench's apps write only to a database "
					+ "of the bench's own, twinstack_bench (it drops its profiles collection between cells): remove "
					+ "/shop from bench.mongoUri (keep it as ?authSource=shop if your user is defined there), or set "
					+ "bench.mongoDatabase=shop to let the bench write there (it then deletes only the documents it "
					+ "stored, never the collection); got 'mongodb://***@127.0.0.1:27017/shop'");
	}

	@Test
	void writesToAnotherDatabaseOnlyWhenToldAndThenDropsNothing() {
		Targets named = settings(
				Map.of("bench.mongoUri", "mongodb://127.0.0.1:27017/shop", "bench.mongoDatabase", "shop"))
			.targets();
		assertThat(named.mongoDatabase()).isEqualTo("shop");
		assertThat(named.ownsDatabase()).isFalse();
		Targets chosen = settings(
				Map.of("bench.mongoUri", "mongodb://127.0.0.1:27017/?authSource=admin", "bench.mongoDatabase", "perf"))
			.targets();
		assertThat(chosen.mongoDatabase()).isEqualTo("perf");
		assertThat(chosen.ownsDatabase()).isFalse();
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> settings(
					Map.of("bench.mongoUri", "mongodb://127.0.0.1:27017/shop", "bench.mongoDatabase", "perf")))
			.withMessageStartingWith("bench.mongoUri names the database 'shop' but bench.mongoDatabase is 'perf': "
					+ "name the database once");
	}

	@Test
	void refusesADatabaseNameMongoDbWouldRefuseOrOwns() {
		for (String name : new String[] { "admin", "local", "config", "a.b", "a b", "a/b", "x".repeat(64) }) {
			assertThatExceptionOfType(BenchConfigException.class).as(name)
				.isThrownBy(() -> settings(
						Map.of("bench.mongoUri", "mongodb://127.0.0.1:27017", "bench.mongoDatabase", name)))
				.withMessageStartingWith("bench.mongoDatabase")
				.withMessageContaining(Targets.DATABASE_FORM);
		}
	}

	@Test
	void theDatabaseNeedsTheUri() {
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> settings(Map.of("bench.mongoDatabase", "perf")))
			.withMessageStartingWith("bench.mongoDatabase is only read with bench.mongoUri");
	}

	@Test
	void theFaultsScenarioLeavesTheDatabaseOutageOutUnlessAskedForThenRefuses() {
		Map<String, String> faults = Map.of("bench.scenarios", Scenario.FAULTS.id(), "bench.stacks", "webflux",
				"bench.mongoUri", "mongodb://127.0.0.1:27017");
		assertThat(settings(faults).faults().databaseOutage()).isFalse();
		assertThat(settings(Map.of("bench.scenarios", Scenario.FAULTS.id(), "bench.stacks", "webflux")).faults()
			.databaseOutage()).as("the embedded MongoDB is stopped as before").isTrue();
		Map<String, String> asked = new java.util.HashMap<>(faults);
		asked.put("bench.faultDatabaseOutage", "true");
		assertThatExceptionOfType(BenchConfigException.class).isThrownBy(() -> settings(asked))
			.withMessageStartingWith("bench.faultDatabaseOutage=true stops mock-services' embedded MongoDB under "
					+ "load, but the apps store into the MongoDB of bench.mongoUri, which the bench cannot stop");
	}

	private BenchSettings settings(Map<String, String> properties) {
		return BenchSettings.from(properties, FakeJdks.jdk25(this.dir));
	}

}
