package dev.twinstack.webflux.config;

import dev.twinstack.webflux.WebfluxApplication;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code app.stack=webflux-vt} starts only on virtual threads: on JDK 17, or without
 * {@code spring.threads.virtual.enabled=true}, WebFlux would run its blocking handlers on
 * the event loops, so the start stops, naming the property and the reason.
 */
@ExtendWith(OutputCaptureExtension.class)
class BlockingExecutionConfigurationTests {

	@Test
	void refusesAJdkBefore21() {
		MockEnvironment environment = new MockEnvironment().withProperty("spring.threads.virtual.enabled", "true");
		assertThatThrownBy(() -> BlockingExecutionConfiguration.requireVirtualThreads(environment, 17))
			.isInstanceOf(InvalidConfigurationPropertyValueException.class)
			.hasMessageContaining("app.stack")
			.hasMessageContaining("need JDK 21 or later; this is JDK 17");
	}

	@Test
	void refusesVirtualThreadsOff() {
		assertThatThrownBy(() -> BlockingExecutionConfiguration.requireVirtualThreads(new MockEnvironment(), 25))
			.isInstanceOf(InvalidConfigurationPropertyValueException.class)
			.hasMessageContaining("--spring.threads.virtual.enabled=true");
	}

	@Test
	@EnabledForJreRange(max = JRE.JAVA_20)
	void theAppDoesNotStartOnThisJdk(CapturedOutput output) {
		assertThatThrownBy(() -> new SpringApplicationBuilder(WebfluxApplication.class).run("--app.stack=webflux-vt",
				"--spring.threads.virtual.enabled=true", "--server.port=0",
				"--spring.mongodb.uri=mongodb://127.0.0.1:1/twinstack"))
			.hasStackTraceContaining("app.stack");
		assertThat(output).contains("APPLICATION FAILED TO START").contains("need JDK 21 or later");
	}

}
