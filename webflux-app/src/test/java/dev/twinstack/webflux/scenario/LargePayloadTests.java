package dev.twinstack.webflux.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static dev.twinstack.mocks.contract.ScenarioExpectations.PAYLOAD_SHA256;
import static dev.twinstack.mocks.contract.ScenarioExpectations.sha256;
import static org.assertj.core.api.Assertions.assertThat;

class LargePayloadTests {

	@Test
	void writesTheFileIntoTheConfiguredFolderAndKeepsIt(@TempDir Path folder) throws IOException {
		Path payloadDir = folder.resolve("not/yet/there");
		LargePayload payload = new LargePayload(new ScenarioProperties(payloadDir));
		assertThat(payload.file()).isEqualTo(payloadDir.toAbsolutePath().resolve("large-payload-102400.bin"));
		assertThat(sha256(Files.readAllBytes(payload.file()))).isEqualTo(PAYLOAD_SHA256);
		assertThat(payload.size()).isEqualTo(102_400);
		LargePayload again = new LargePayload(new ScenarioProperties(payloadDir)); // replaces
																					// it
		payload.destroy();
		again.destroy();
		assertThat(payload.file()).exists();
		try (Stream<Path> files = Files.list(payloadDir)) {
			assertThat(files).containsExactly(payload.file());
		}
	}

	@Test
	void deletesItsTemporaryFolderAtShutdown() throws IOException {
		LargePayload payload = new LargePayload(new ScenarioProperties(null));
		assertThat(sha256(Files.readAllBytes(payload.file()))).isEqualTo(PAYLOAD_SHA256);
		payload.destroy();
		assertThat(payload.file()).doesNotExist();
		assertThat(payload.file().getParent()).doesNotExist();
	}

}
