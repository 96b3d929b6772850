package dev.twinstack.mvc;

import dev.twinstack.mocks.contract.HttpProtocolContract;
import dev.twinstack.mocks.contract.HttpServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

/**
 * The protocol edge of the contract (RFC 9110, RFC 9112) on mvc-app's mvc-vt stack
 * (virtual threads on). Runs on a JDK 21+ (the {@code virtual-threads} Surefire
 * execution).
 */
@Tag(VirtualThreadProbe.TAG)
@Import(VirtualThreadProbe.class)
@TestPropertySource(properties = "spring.threads.virtual.enabled=true")
class VirtualThreadHttpProtocolTests extends HttpProtocolContract {

	@Override
	protected HttpServer server() {
		return HttpServer.TOMCAT;
	}

	@Test
	void handlersRunOnVirtualThreads(@LocalServerPort int port) {
		VirtualThreadProbe.assertHandlersRunOnVirtualThreads(port);
	}

}
