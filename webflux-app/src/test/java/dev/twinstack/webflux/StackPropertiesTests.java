package dev.twinstack.webflux;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code app.stack} chooses the handlers at start-up; a value it does not know stops the
 * start instead of leaving the app without endpoints.
 */
@ExtendWith(OutputCaptureExtension.class)
class StackPropertiesTests {

	@Test
	void unknownStackFailsTheStartNamingTheAcceptedValues(CapturedOutput output) {
		assertThatThrownBy(() -> new SpringApplicationBuilder(WebfluxApplication.class).run("--app.stack=reactor",
				"--server.port=0", "--spring.mongodb.uri=mongodb://127.0.0.1:1/twinstack"))
			.hasStackTraceContaining("app.stack");
		assertThat(output).contains("reactor").contains("COROUTINES").contains("WEBFLUX");
	}

}
