package dev.twinstack.webflux.profile;

import dev.twinstack.mocks.contract.DatabaseOutageContract;
import dev.twinstack.webflux.VirtualThreadProbe;
import dev.twinstack.webflux.config.StackProperties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

/**
 * The database outage contract on webflux-app's webflux-vt stack (the synchronous
 * driver).
 */
@Tag(VirtualThreadProbe.TAG)
@Import(VirtualThreadProbe.class)
@TestPropertySource(properties = { StackProperties.PROPERTY + "=" + StackProperties.WEBFLUX_VT,
		"spring.threads.virtual.enabled=true" })
class BlockingDatabaseOutageTests extends DatabaseOutageContract {

	@Test
	void handlersRunOnVirtualThreads(@LocalServerPort int port) {
		VirtualThreadProbe.assertHandlersRunOnVirtualThreads(port);
	}

}
