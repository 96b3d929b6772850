package dev.twinstack.mvc.profile;

import dev.twinstack.mocks.contract.ProfileEndpointContract;
import dev.twinstack.mvc.MvcApplication;
import dev.twinstack.mvc.VirtualThreadProbe;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

/**
 * The endpoint contract on mvc-app's mvc-vt stack (virtual threads on). Runs on a JDK 21+
 * (the {@code virtual-threads} Surefire execution).
 */
@Tag(VirtualThreadProbe.TAG)
@Import(VirtualThreadProbe.class)
@TestPropertySource(properties = "spring.threads.virtual.enabled=true")
class VirtualThreadProfileEndpointTests extends ProfileEndpointContract {

	@Override
	protected Class<?> application() {
		return MvcApplication.class;
	}

	@Test
	void handlersRunOnVirtualThreads(@LocalServerPort int port) {
		VirtualThreadProbe.assertHandlersRunOnVirtualThreads(port);
	}

}
