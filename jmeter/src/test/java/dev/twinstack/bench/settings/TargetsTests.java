package dev.twinstack.bench.settings;

import java.net.URI;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.settings.jdk.JdkSelector;
import dev.twinstack.bench.settings.remote.Targets;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@code bench.targets} and {@code bench.mongoUri}: apps and mocks started by hand
 * elsewhere, and the settings that mode refuses.
 */
class TargetsTests {

	private static final String MONGO = "mongodb://127.0.0.3:27018/twinstack";

	@TempDir
	Path dir;

	private Function<String, JdkSelector> jdk17;

	@BeforeEach
	void fakeJdk() {
		this.jdk17 = FakeJdks.jdk17(this.dir);
	}

	@Test
	void withoutTargetsTheBenchStartsItsOwnApps() {
		assertThat(settings(Map.of()).targets()).isEqualTo(Targets.LOCAL);
		assertThat(settings(Map.of("bench.targets", "none")).targets().remote()).isFalse();
	}

	@Test
	void readsEachStacksTargetAndDerivesTheActuatorFromTheBaseUnlessGiven() {
		Targets targets = settings(Map.of("bench.targets",
				"webflux=http://127.0.0.2:8081/ ; management=http://127.0.0.2:9081, mvc=http://127.0.0.2:8080",
				"bench.mongoUri", MONGO))
			.targets();
		assertThat(targets.apps().keySet()).containsExactlyInAnyOrder(Stack.WEBFLUX, Stack.MVC);
		assertThat(targets.of(Stack.MVC).base()).isEqualTo(URI.create("http://127.0.0.2:8080"));
		assertThat(targets.of(Stack.MVC).actuatorUri()).isEqualTo(URI.create("http://127.0.0.2:8080/actuator/"));
		assertThat(targets.of(Stack.WEBFLUX).base()).isEqualTo(URI.create("http://127.0.0.2:8081"));
		assertThat(targets.of(Stack.WEBFLUX).actuatorUri()).isEqualTo(URI.create("http://127.0.0.2:9081/actuator/"));
		assertThat(targets.mongoUri()).isEqualTo(MONGO);
		assertThat(targets.describe())
			.containsEntry("webflux", "http://127.0.0.2:8081 (Actuator on http://127.0.0.2:9081)")
			.containsEntry("mvc", "http://127.0.0.2:8080")
			.containsEntry("mongodb", MONGO);
	}

	@Test
	void theStacksAreTheTargetsUnlessBenchStacksPicksSomeOfThem() {
		Map<String, String> properties = new HashMap<>(Map.of("bench.targets",
				"mvc-vt=http://127.0.0.2:8082,webflux=http://127.0.0.2:8081", "bench.mongoUri", MONGO));
		// mvc-vt needs JDK 21, but it runs elsewhere: this JDK 17 does not skip it
		BenchSettings settings = BenchSettings.from(properties, this.jdk17);
		assertThat(settings.stacks()).containsExactly(Stack.WEBFLUX);
		assertThat(settings.skipped()).isEmpty();
		properties.put("bench.stacks", "mvc-vt");
		assertThat(BenchSettings.from(properties, this.jdk17).cells()).extracting(Cell::stack)
			.containsOnly(Stack.MVC_VT);
		properties.put("bench.stacks", "mvc,webflux");
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> BenchSettings.from(properties, this.jdk17))
			.withMessage("bench.stacks names [mvc] but bench.targets has no target for it (targets: "
					+ "mvc-vt,webflux): add it to bench.targets or remove it from bench.stacks");
	}

	@Test
	void targetsStartNothingSoNoMemoryMeasurementAndNoPinnedCoresButWrkStillCrossChecks() {
		BenchSettings settings = settings(Map.of("bench.profile", "standard", "bench.targets",
				"mvc=http://127.0.0.2:8080,webflux=http://127.0.0.2:8081", "bench.mongoUri", MONGO));
		assertThat(settings.memoryRequests()).isZero();
		// wrk runs on this machine against the target's URL
		assertThat(settings.crossChecksWithWrk()).isTrue();
		assertThat(settings(Map.of("bench.profile", "standard", "bench.targets", "mvc=http://127.0.0.2:8080",
				"bench.mongoUri", MONGO, "bench.crosscheck", "none"))
			.crossChecksWithWrk()).isFalse();
		assertThat(settings.cells()).extracting(Cell::appCpus).containsOnly(AppCpus.ALL);
		assertThat(settings.cells()).extracting(Cell::heap).containsOnly(Heap.DEFAULT);
		assertThat(settings.stacks()).containsExactly(Stack.MVC, Stack.WEBFLUX);
	}

	@Test
	void rejectsAMalformedTargetNamingItAndTheAcceptedForm() {
		assertRejected("webflux:http://127.0.0.2:8081",
				"'webflux:http://127.0.0.2:8081' does not start with a stack and '='");
		assertRejected("spring=http://127.0.0.2:8081",
				"'spring=http://127.0.0.2:8081' does not start with a stack " + "and '='");
		assertRejected("webflux=127.0.0.2:8081",
				"'127.0.0.2:8081' in 'webflux=127.0.0.2:8081' is not http:// or https:// with a host");
		assertRejected("webflux=http://127.0.0.2:8081/profiles", "'http://127.0.0.2:8081/profiles' in "
				+ "'webflux=http://127.0.0.2:8081/profiles' must be scheme://host:port only, without a path, query "
				+ "or credentials");
		assertRejected("webflux=http://127.0.0.2:8081,webflux=http://127.0.0.2:8082", "webflux is named twice");
		assertRejected("webflux=http://127.0.0.2:8081;admin=http://127.0.0.2:9081",
				"'webflux=http://127.0.0.2:8081;admin=http://127.0.0.2:9081' has more than one ';', or something "
						+ "else than management= after it");
	}

	@Test
	void targetsNeedTheMongoUri() {
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> settings(Map.of("bench.targets", "webflux=http://127.0.0.2:8081")))
			.withMessageStartingWith("bench.targets needs bench.mongoUri, the MongoDB the targets store into")
			.withMessageContaining(Targets.MONGO_FORM);
	}

	@Test
	void targetsStoreIntoTheDatabaseTheUriNamesOrTwinstackAndNeverTakeBenchMongoDatabase() {
		assertThat(settings(Map.of("bench.targets", "webflux=http://127.0.0.2:8081", "bench.mongoUri", MONGO)).targets()
			.mongoDatabase()).isEqualTo("twinstack");
		Targets unnamed = settings(Map.of("bench.targets", "webflux=http://127.0.0.2:8081", "bench.mongoUri",
				"mongodb://127.0.0.3:27018/shop"))
			.targets();
		assertThat(unnamed.mongoDatabase()).isEqualTo("shop");
		assertThat(unnamed.ownsDatabase()).as("a remote target's database is never the bench's to drop").isFalse();
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> settings(Map.of("bench.targets", "webflux=http://127.0.0.2:8081", "bench.mongoUri", MONGO,
					"bench.mongoDatabase", "twinstack")))
			.withMessageStartingWith("bench.mongoDatabase is only read without bench.targets");
	}

	@Test
	void rejectsAMongoUriTheDriverCannotParseWithoutEchoingItsPassword() {
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> settings(Map.of("bench.targets", "webflux=http://127.0.0.2:8081", "bench.mongoUri",
					"mongo://bench:secret@127.0.0.3:27018")))
			.withMessageStartingWith("bench.mongoUri: ")
			.withMessageContaining("bench.mongoUri must be " + Targets.MONGO_FORM)
			.withMessageContaining("got 'mongo://bench:secret@127.0.0.3:27018'".replace("bench:secret@", "***@"))
			.withMessageNotContaining("secret");
		assertThat(Targets.withoutCredentials("mongodb://bench:secret@db.internal:27017/twinstack"))
			.isEqualTo("mongodb://***@db.internal:27017/twinstack");
	}

	@Test
	void readsTheStubsToProbeOnlyWithTargets() {
		Targets targets = settings(Map.of("bench.targets", "webflux=http://127.0.0.2:8081", "bench.mongoUri", MONGO,
				"bench.stubs", "customers=http://127.0.0.3:9081/, slow=http://127.0.0.3:9084"))
			.targets();
		assertThat(targets.stubs()).containsEntry("customers", URI.create("http://127.0.0.3:9081"))
			.containsEntry("slow", URI.create("http://127.0.0.3:9084"));
		assertThat(targets.describe()).containsEntry("stubs",
				"customers=http://127.0.0.3:9081,slow=http://127.0.0.3:9084");
		assertThat(settings(Map.of("bench.targets", "webflux=http://127.0.0.2:8081", "bench.mongoUri", MONGO)).targets()
			.stubs()).isEmpty();
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> settings(Map.of("bench.targets", "webflux=http://127.0.0.2:8081", "bench.mongoUri", MONGO,
					"bench.stubs", "orders=http://127.0.0.3:9082")))
			.withMessage("bench.stubs: 'orders=http://127.0.0.3:9082' does not start with customers= or slow= "
					+ "(each at most once); bench.stubs must be " + Targets.STUBS_FORM
					+ ", got 'orders=http://127.0.0.3:9082'");
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> settings(Map.of("bench.targets", "webflux=http://127.0.0.2:8081", "bench.mongoUri", MONGO,
					"bench.stubs", "customers=127.0.0.3:9081")))
			.withMessage("bench.stubs: '127.0.0.3:9081' in 'customers=127.0.0.3:9081' is not http://host:port; "
					+ "bench.stubs must be " + Targets.STUBS_FORM + ", got 'customers=127.0.0.3:9081'");
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> settings(Map.of("bench.stubs", "customers=http://127.0.0.3:9081")))
			.withMessageStartingWith("bench.stubs is only read with bench.targets");
	}

	@Test
	void refusesEverySettingThatNeedsALocalRestartInOneMessage() {
		Map<String, String> properties = new HashMap<>(
				Map.of("bench.targets", "mvc=http://127.0.0.2:8080", "bench.mongoUri", MONGO, "bench.heaps",
						"default,64m", "bench.appCpus", "1", "bench.appJvmArgs", "-Xmx1g", "bench.javaHome",
						"/usr/lib/jvm/x", "bench.memoryRequests", "1000", "bench.crosscheck", "wrk"));
		// everything but bench.crosscheck=wrk, which a target allows
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> BenchSettings.from(properties, FakeJdks.jdk25(this.dir)))
			.withMessage("bench.targets: the apps and mock-services run elsewhere, started by hand, so the bench "
					+ "cannot apply bench.heaps=default,64m (heaps 64m: an app start per heap); bench.appCpus=1 "
					+ "(pins the app's process to cores); bench.javaHome (the JDK of the apps and mocks); "
					+ "bench.appJvmArgs (the apps' JVM options, heaps included); bench.memoryRequests=1000 (reads "
					+ "the app's RSS and forces a GC with jcmd on this machine). Remove these settings, or remove "
					+ "bench.targets to let the bench start the apps itself");
	}

	@Test
	void namesTheProfileWhenItIsTheProfileThatNeedsARestart() {
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> settings(Map.of("bench.profile", "full", "bench.targets",
					"mvc=http://127.0.0.2:8080,webflux=http://127.0.0.2:8081", "bench.mongoUri", MONGO)))
			.withMessageStartingWith("bench.targets: the apps and mock-services run elsewhere, started by hand, so "
					+ "the bench cannot apply bench.profile=full (its bench.heaps) (heaps ")
			.withMessageEndingWith(
					"Remove this setting, or remove bench.targets to let the bench start the apps " + "itself");
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> settings(Map.of("bench.scenarios", "composite,faults", "bench.targets",
					"webflux=http://127.0.0.2:8081", "bench.mongoUri", MONGO)))
			.withMessageContaining("bench.scenarios=composite,faults with faults (restarts apps, stops MongoDB, "
					+ "injects faults into the mocks)");
	}

	private BenchSettings settings(Map<String, String> properties) {
		return BenchSettings.from(properties, FakeJdks.jdk25(this.dir));
	}

	private void assertRejected(String value, String problem) {
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> settings(Map.of("bench.targets", value, "bench.mongoUri", MONGO)))
			.withMessage(
					"bench.targets: " + problem + "; bench.targets must be " + Targets.FORM + ", got '" + value + "'");
	}

}
