package dev.twinstack.webflux;

import dev.twinstack.mocks.contract.HttpProtocolContract;
import dev.twinstack.mocks.contract.HttpServer;
import dev.twinstack.webflux.config.StackProperties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

/**
 * The protocol edge of the contract (RFC 9110, RFC 9112) on webflux-app's webflux-vt
 * stack ({@code app.stack=webflux-vt}, virtual threads on). Runs on a JDK 21+ (the
 * {@code virtual-threads} Surefire execution).
 */
@Tag(VirtualThreadProbe.TAG)
@Import(VirtualThreadProbe.class)
@TestPropertySource(properties = { StackProperties.PROPERTY + "=" + StackProperties.WEBFLUX_VT,
		"spring.threads.virtual.enabled=true" })
class BlockingHttpProtocolTests extends HttpProtocolContract {

	@Override
	protected HttpServer server() {
		return HttpServer.REACTOR_NETTY;
	}

	@Test
	void handlersRunOnVirtualThreads(@LocalServerPort int port) {
		VirtualThreadProbe.assertHandlersRunOnVirtualThreads(port);
	}

}
