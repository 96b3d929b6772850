package dev.twinstack.mvc.profile;

import dev.twinstack.mocks.contract.DatabaseOutageContract;
import dev.twinstack.mvc.VirtualThreadProbe;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

/**
 * The database outage contract on mvc-app's mvc-vt stack.
 */
@Tag(VirtualThreadProbe.TAG)
@Import(VirtualThreadProbe.class)
@TestPropertySource(properties = "spring.threads.virtual.enabled=true")
class VirtualThreadDatabaseOutageTests extends DatabaseOutageContract {

	@Test
	void handlersRunOnVirtualThreads(@LocalServerPort int port) {
		VirtualThreadProbe.assertHandlersRunOnVirtualThreads(port);
	}

}
