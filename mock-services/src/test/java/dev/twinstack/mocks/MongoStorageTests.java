package dev.twinstack.mocks;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class MongoStorageTests {

	@Test
	void parsesMemoryDiskAndDiskWithAFile() {
		assertThat(MongoStorage.parse("memory")).isEqualTo(MongoStorage.MEMORY);
		assertThat(MongoStorage.parse(" DISK ")).isEqualTo(MongoStorage.DISK);
		assertThat(MongoStorage.DISK.file()).as("a temporary file").isNull();
		MongoStorage file = MongoStorage.parse("disk:/var/tmp/Mocks.mv.db");
		assertThat(file.kind()).isEqualTo(MongoStorage.Kind.DISK);
		assertThat(file.file()).as("the file name keeps its case").isEqualTo(Path.of("/var/tmp/Mocks.mv.db"));
		assertThat(file).hasToString("disk:/var/tmp/Mocks.mv.db");
	}

	@Test
	void rejectsAnythingElseNamingTheAcceptedForms() {
		for (String bad : new String[] { "tape", "", "disk:", "memory:/tmp/x", "h2", "none:/tmp/x" }) {
			assertThatIllegalArgumentException().isThrownBy(() -> MongoStorage.parse(bad))
				.withMessage("MongoDB storage must be memory, disk (a temporary file, deleted at exit), disk:<file> "
						+ "(e.g. disk:/var/tmp/mocks.mv.db, kept and reopened) or none (no MongoDB), got '" + bad
						+ "'");
		}
		assertThatIllegalArgumentException().isThrownBy(() -> MongoStorage.parse(null))
			.withMessageEndingWith("got 'null'");
	}

	@Test
	void noneStartsNoMongoDbAndTheStubsStillAnswer() throws Exception {
		assertThat(MongoStorage.parse("none")).isEqualTo(MongoStorage.NONE).hasToString("none");
		try (MockServices mocks = MockServices
			.start(MockServicesOptions.forTests().withMongoStorage(MongoStorage.NONE, 75))) {
			assertThat(mocks.isMongoRunning()).isFalse();
			assertThat(MockServicesApplication.readyLine(mocks)).endsWith(" mongodb=none");
			java.net.http.HttpResponse<String> customer = java.net.http.HttpClient.newHttpClient()
				.send(java.net.http.HttpRequest
					.newBuilder(java.net.URI.create(mocks.baseUrl(Downstream.CUSTOMERS) + "/customers/1"))
					.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
			assertThat(customer.statusCode()).isEqualTo(200);
		}
	}

	@Test
	void memoryHasNoFile() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new MongoStorage(MongoStorage.Kind.MEMORY, Path.of("/tmp/x.mv.db")))
			.withMessage("memory storage has no file, got /tmp/x.mv.db");
	}

}
