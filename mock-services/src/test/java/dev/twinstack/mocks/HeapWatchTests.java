package dev.twinstack.mocks;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

class HeapWatchTests {

	private static final long MB = 1024 * 1024;

	private final ListAppender<ILoggingEvent> log = new ListAppender<>();

	private final Logger logger = (Logger) LoggerFactory.getLogger(HeapWatch.class);

	@BeforeEach
	void captureLog() {
		this.log.start();
		this.logger.addAppender(this.log);
	}

	@AfterEach
	void releaseLog() {
		this.logger.detachAppender(this.log);
	}

	@Test
	void warnsOnceWhenTheHeapCrossesTheThresholdAndSaysWhenItIsBackBelow() {
		AtomicLong documents = new AtomicLong(91_000);
		HeapWatch watch = new HeapWatch(75, MongoStorage.MEMORY, documents::get);
		watch.afterCollection(1400 * MB, 2048 * MB);
		assertThat(watch.warning()).isEmpty();
		assertThat(watch.usedPercent()).isEqualTo(68);
		watch.afterCollection(1600 * MB, 2048 * MB);
		watch.afterCollection(1700 * MB, 2048 * MB);
		assertThat(watch.usedPercent()).isEqualTo(83);
		assertThat(watch.warning()).as("the first reading above the threshold").hasValue(memoryWarning(1600, 91000));
		documents.set(0);
		watch.afterCollection(100 * MB, 2048 * MB);
		assertThat(watch.warning()).isEmpty();
		assertThat(this.log.list).extracting(ILoggingEvent::getLevel, ILoggingEvent::getFormattedMessage)
			.containsExactly(tuple(Level.WARN, memoryWarning(1600, 91000)),
					tuple(Level.INFO, "mock-services heap back to 4% after GC (0 profiles in MongoDB)"));
	}

	@Test
	void onDiskStorageTheAdviceIsAboutTheHeapNotTheDocuments() {
		HeapWatch watch = new HeapWatch(50, MongoStorage.DISK, () -> 5);
		watch.afterCollection(600 * MB, 1000 * MB);
		assertThat(watch.warning()).get()
			.asString()
			.startsWith("mock-services heap 60% full after GC (600 of 1000 MB) with 5 profiles in MongoDB (warning "
					+ "from 50%)")
			.contains("MongoDB keeps them on disk, but a query over the whole collection")
			.doesNotContain("--mongo-storage disk");
	}

	@Test
	void aRunningMockServicesWarnsInTheLogAndOnTheAdminApiAtASmallThreshold() throws Exception {
		try (MockServices mocks = MockServices
			.start(MockServicesOptions.forTests().withMongoStorage(MongoStorage.MEMORY, 1))) {
			try (MongoClient client = MongoClients.create(MongoClientSettings.builder()
				.applyConnectionString(new ConnectionString(mocks.mongoUri()))
				.applyToClusterSettings((cluster) -> cluster.serverSelectionTimeout(5, TimeUnit.SECONDS))
				.build())) {
				client.getDatabase(MockServices.DATABASE)
					.getCollection("profiles")
					.insertMany(List.of(new Document("requestId", "w-1"), new Document("requestId", "w-2")));
			}
			assertThat(mocks.countStoredDocuments(MockServices.PROFILES)).isEqualTo(2);
			// 2 % of the heap held, whatever -Xmx the test JVM has, so that the heap
			// after GC is above the 1 % threshold
			List<byte[]> ballast = new ArrayList<>();
			for (long held = 0; held < Runtime.getRuntime().maxMemory() / 50; held += MB) {
				ballast.add(new byte[(int) MB]);
			}
			await().atMost(Duration.ofSeconds(20)).until(() -> {
				System.gc(); // the watch reads the heap after each collection
				return mocks.heapWarning().isPresent();
			});
			assertThat(ballast).isNotEmpty();
			assertThat(mocks.heapWarning()).get().asString().contains("with 2 profiles in MongoDB (warning from 1%)");
			assertThat(this.log.list).anySatisfy((event) -> {
				assertThat(event.getLevel()).isEqualTo(Level.WARN);
				assertThat(event.getFormattedMessage()).startsWith("mock-services heap ");
			});
			String state = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(mocks.baseUrl(Downstream.CUSTOMERS).resolve("/__admin/ext/mongo")).build(),
						BodyHandlers.ofString())
				.body();
			assertThat(state).containsPattern("\"running\"\\s*:\\s*true")
				.containsPattern("\"storage\"\\s*:\\s*\"memory\"")
				.containsPattern("\"profiles\"\\s*:\\s*2\\b")
				.containsPattern("\"warning\"\\s*:\\s*\"mock-services heap \\d+% full after GC");
		}
	}

	private static String memoryWarning(long usedMb, long documents) {
		return "mock-services heap 78% full after GC (" + usedMb + " of 2048 MB) with " + documents
				+ " profiles in MongoDB (warning from 75%). MongoDB keeps them in memory (about 16 KB of heap each): "
				+ "requests that store documents will slow down, then fail. Drop the collection (db.profiles.drop()) "
				+ "or restart mock-services, or run it with --mongo-storage disk.";
	}

}
