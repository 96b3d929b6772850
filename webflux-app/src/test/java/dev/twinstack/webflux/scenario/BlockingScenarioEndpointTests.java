package dev.twinstack.webflux.scenario;

import dev.twinstack.webflux.VirtualThreadProbe;
import dev.twinstack.webflux.config.StackProperties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scenario contract on webflux-app's webflux-vt stack, with the same
 * {@link TransferProbe} evidence as {@link ScenarioEndpointTests}.
 */
@Tag(VirtualThreadProbe.TAG)
@Import(VirtualThreadProbe.class)
@TestPropertySource(properties = { StackProperties.PROPERTY + "=" + StackProperties.WEBFLUX_VT,
		"spring.threads.virtual.enabled=true" })
class BlockingScenarioEndpointTests extends ScenarioEndpointTests {

	@Test
	void handlersRunOnVirtualThreads(@LocalServerPort int port) {
		VirtualThreadProbe.assertHandlersRunOnVirtualThreads(port);
	}

	@Test
	void blockingControllerServesTheScenarios(ApplicationContext context) {
		assertThat(context.getBeanNamesForType(BlockingScenarioController.class)).hasSize(1);
		assertThat(context.getBeanNamesForType(ScenarioController.class)).isEmpty();
	}

}
