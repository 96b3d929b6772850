package dev.twinstack.mvc.scenario;

import dev.twinstack.mvc.VirtualThreadProbe;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

/**
 * The scenario contract on mvc-app's mvc-vt stack, with the same {@link TransferProbe}
 * evidence as {@link ScenarioEndpointTests}.
 */
@Tag(VirtualThreadProbe.TAG)
@Import(VirtualThreadProbe.class)
@TestPropertySource(properties = "spring.threads.virtual.enabled=true")
class VirtualThreadScenarioEndpointTests extends ScenarioEndpointTests {

	@Test
	void handlersRunOnVirtualThreads(@LocalServerPort int port) {
		VirtualThreadProbe.assertHandlersRunOnVirtualThreads(port);
	}

}
